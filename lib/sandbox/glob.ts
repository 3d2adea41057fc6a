// Output globs of skill_run ("out/**", "out/*.csv", "**/*.svg"), relative to the workspace root.
// `*` and `?` stay inside one path segment; `**` as a whole segment spans any number of them.
// Nothing else is special: a glob names files by their path, it never reaches outside the workspace.

/** Why a glob is refused, or null when it is usable. */
export function globProblem(glob: string): string | null {
  if (!glob) return "an empty glob matches nothing";
  if (glob.includes("\0")) return `"${glob}" contains a NUL byte`;
  if (glob.startsWith("/")) return `"${glob}" is absolute; globs are relative to the workspace (e.g. out/**)`;
  const segments = glob.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) return `"${glob}" has an empty, "." or ".." segment`;
  if (segments.some((segment) => segment.includes("**") && segment !== "**")) return `"${glob}": ** must be a whole path segment`;
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.+^${}()|[\]\\]/g, "\\$&");

/** The glob as an anchored regular expression over "/"-separated relative paths. */
export function globToRegExp(glob: string): RegExp {
  const problem = globProblem(glob);
  if (problem) throw new Error(problem);
  const segments = glob.split("/");
  let source = "";
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === "**") {
      source += last ? "[^/].*" : "(?:[^/]+/)*";
      return;
    }
    source += escapeRegExp(segment).replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]") + (last ? "" : "/");
  });
  return new RegExp(`^${source}$`);
}

/** The leading segments without wildcards: the only directory a walk for this glob has to enter. */
export function globBase(glob: string): string {
  const segments = glob.split("/");
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?]/.test(segment)) break;
    fixed.push(segment);
  }
  return fixed.join("/");
}

/** A matcher for several globs at once. Throws on the first unusable glob. */
export function globMatcher(globs: readonly string[]): (path: string) => boolean {
  const patterns = globs.map(globToRegExp);
  return (path) => patterns.some((pattern) => pattern.test(path));
}
