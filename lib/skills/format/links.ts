import { dirname } from "./paths";
import { TRIGGER_TESTS_PATH } from "./trigger-tests";

// Links and images in a skill's Markdown point at other files of the same version. Resolving them
// here, in one place, lets the page mark broken links, list files nothing links to, and emit only
// URLs it built itself: the renderer never passes an author's URL through unless it is http(s) or
// mailto. Isomorphic and dependency-free.

export type LinkTarget =
  /** A file of this version; `fragment` is the part after "#", decoded. */
  | { kind: "file"; path: string; fragment: string | null }
  /** A folder of this version (some file lives under it). */
  | { kind: "folder"; path: string }
  /** A place in the same document. */
  | { kind: "anchor"; fragment: string }
  /** http(s) or mailto, normalized. */
  | { kind: "external"; href: string }
  /** A relative target that is not in this version (or climbs out of the skill folder). */
  | { kind: "broken"; path: string; fragment: string | null; suggestion: string | null }
  /** Any other scheme (javascript:, data:, vbscript:, file:, ...): never rendered as a link. */
  | { kind: "unsafe"; scheme: string }
  | { kind: "empty" };

const SAFE_SCHEMES = new Set(["http", "https", "mailto"]);
const SCHEME = /^([a-zA-Z][a-zA-Z\d+.-]*):/;

/**
 * Where `url`, written in the Markdown file `fromPath`, points. Relative URLs resolve against that
 * file's folder (a leading "/" against the skill root), the way a model reading the skill from disk
 * would open them.
 */
export function resolveLink(url: string, fromPath: string, files: ReadonlySet<string>): LinkTarget {
  // What a browser would do to the string before parsing it: drop tab/CR/LF anywhere, trim C0 and
  // spaces at the ends, read "\" as "/". Checking the scheme after that closes "java\tscript:".
  let s = url.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (!s) return { kind: "empty" };
  s = s.replace(/\\/g, "/");

  const scheme = SCHEME.exec(s)?.[1].toLowerCase();
  if (scheme !== undefined) {
    if (!SAFE_SCHEMES.has(scheme)) return { kind: "unsafe", scheme };
    if (scheme === "mailto") return /^mailto:[^\s<>"]+$/i.test(s) ? { kind: "external", href: s } : { kind: "unsafe", scheme };
    return externalHref(s);
  }
  // "//host/path" is a network path: it leaves the app like any absolute URL.
  if (s.startsWith("//")) return externalHref(`https:${s}`);

  const hash = s.indexOf("#");
  const fragment = hash === -1 ? null : (safeDecode(s.slice(hash + 1)) ?? s.slice(hash + 1));
  let pathPart = hash === -1 ? s : s.slice(0, hash);
  const query = pathPart.indexOf("?");
  if (query !== -1) pathPart = pathPart.slice(0, query);
  if (!pathPart) return { kind: "anchor", fragment: fragment ?? "" };

  const decoded = safeDecode(pathPart);
  if (decoded === null) return { kind: "broken", path: pathPart, fragment, suggestion: null };
  const path = joinPath(decoded.startsWith("/") ? "" : dirname(fromPath), decoded);
  if (path === null) return { kind: "broken", path: decoded, fragment, suggestion: null };
  if (path === "") return { kind: "folder", path };
  if (files.has(path)) return { kind: "file", path, fragment };
  const prefix = `${path}/`;
  for (const file of files) if (file.startsWith(prefix)) return { kind: "folder", path };
  return { kind: "broken", path, fragment, suggestion: suggest(path, files) };
}

function externalHref(s: string): LinkTarget {
  try {
    const url = new URL(s);
    if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname) return { kind: "external", href: url.href };
  } catch {
    // not a URL a browser could open
  }
  return { kind: "unsafe", scheme: "invalid" };
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** `relative` resolved under `base`, or null when ".." climbs out of the skill folder. */
export function joinPath(base: string, relative: string): string | null {
  const out = base ? base.split("/") : [];
  for (const segment of relative.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (!out.length) return null;
      out.pop();
    } else out.push(segment);
  }
  return out.join("/");
}

// Case is the usual mistake (Rollback.md for rollback.md): it works on a Mac and breaks on Linux.
function suggest(path: string, files: ReadonlySet<string>): string | null {
  const lower = path.toLowerCase();
  for (const file of files) if (file.toLowerCase() === lower) return file;
  return null;
}

/** An mdast-shaped node: enough structure to find links without depending on the mdast types. */
export interface MarkdownNode {
  type: string;
  url?: string;
  children?: MarkdownNode[];
}

export interface MarkdownLink {
  url: string;
  image: boolean;
}

/** Every link, image and link definition URL of a parsed Markdown document, in document order. */
export function collectMarkdownLinks(tree: MarkdownNode): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  const stack: MarkdownNode[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    if ((node.type === "link" || node.type === "definition" || node.type === "image") && typeof node.url === "string") {
      links.push({ url: node.url, image: node.type === "image" });
    }
    if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return links;
}

/**
 * Files of the version that no Markdown document links to (as a link or an image), SKILL.md
 * excepted: it is the entry point. A document linking to itself does not count.
 */
/**
 * File names a Markdown text mentions outside links: in inline code, code blocks and prose
 * (`python3 scripts/lag_report.py`, "See `root-cause-tracing.md`"). A model reading the skill opens
 * those files as surely as linked ones. Tokens that look like a relative path with an extension;
 * findUnreferenced decides which of them are files of the skill.
 */
export function mentionedPaths(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) found.add(match[0].replace(/^\.\//, ""));
  // The spec lets `license:` name a file of the skill, often one without an extension (LICENSE).
  const license = frontmatterLicense(text);
  if (license) found.add(license.replace(/^\.\//, ""));
  return [...found];
}

/** The `license:` value of a leading frontmatter when it could be a path (one token, no spaces). */
function frontmatterLicense(text: string): string | null {
  const open = /^\uFEFF?---\r?\n/.exec(text);
  if (!open) return null;
  const close = /^---\r?$/m.exec(text.slice(open[0].length));
  const yaml = text.slice(open[0].length, close ? open[0].length + close.index : text.length);
  return /^license:[ \t]*(["']?)([\w./-]+)\1[ \t]*\r?$/m.exec(yaml)?.[2] ?? null;
}

/**
 * Link and image targets of a Markdown text found without parsing it (inline `](url)` and
 * `[label]: url` definitions): for the browser editor, which marks unreferenced files as the page
 * does without loading the page's Markdown parser. Code spans are not excluded; a link written in
 * code still names the file, which mentionedPaths would count anyway.
 */
export function linkTargetsInText(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/\]\(\s*(?:<([^>\n]+)>|([^)\s]+))/g)) out.push(match[1] ?? match[2]);
  for (const match of text.matchAll(/^[ ]{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) out.push(match[1]);
  return out;
}

// A path segment starts with a word character, "." or ".." segments may lead; the last segment
// has an extension. Not preceded or followed by characters that would make it part of a longer
// word, URL or path ("https://x.io/a.md" is not a mention of a.md: the "/" before it is excluded).
const MENTION = /(?<![\w./@:%-])(?:\.{1,2}\/)*(?:[\w][\w.-]*\/)*[\w][\w-]*(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,7}(?![\w/-])/g;

/**
 * Files of the skill that no document links to or mentions (mentionedPaths), never SKILL.md nor
 * the trigger tests (evals/triggers.json is read by the Triggers tab, not by the agent). A
 * reference counts when it resolves against the document's folder or the skill root; a bare file
 * name also counts when exactly one file of the skill has that name. The skill page's badges and
 * the editor's both come from here.
 */
export function findUnreferenced(
  files: readonly string[],
  documents: readonly { path: string; urls: readonly string[]; mentions?: readonly string[] }[],
): string[] {
  const all = new Set(files);
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = file.slice(file.lastIndexOf("/") + 1);
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  const referenced = new Set<string>();
  for (const doc of documents) {
    const mark = (path: string | null) => {
      if (path !== null && path !== doc.path && all.has(path)) referenced.add(path);
    };
    for (const url of doc.urls) {
      const target = resolveLink(url, doc.path, all);
      if (target.kind === "file") mark(target.path);
    }
    for (const mention of doc.mentions ?? []) {
      mark(joinPath(dirname(doc.path), mention));
      mark(joinPath("", mention));
      const named = mention.includes("/") ? undefined : byName.get(mention);
      if (named?.length === 1) mark(named[0]);
    }
  }
  return files.filter((file) => file !== "SKILL.md" && file !== TRIGGER_TESTS_PATH && !referenced.has(file));
}
