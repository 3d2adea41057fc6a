import { formatBytes, formatNumber } from "@/lib/display";
import { SourceFetchError, type FetchedSource, type FetchLimits } from "./types";

// Which folders of a listing are skills, decided from names and sizes alone (a git tree or a
// directory walk), so the limits are checked before a single file is read.

export interface ListedEntry {
  /** Relative to the listed root, "/" separators. */
  path: string;
  kind: "file" | "symlink" | "submodule" | "other";
  size: number;
  executable: boolean;
  /** How to read it: a blob id (git) or an absolute path (folder). */
  ref: string;
  /** Why it cannot be imported although it is a file (a name that is not UTF-8, a folder that could not be read): the skipped reason. */
  problem?: string;
}

export interface SelectedFolder {
  /** Relative to the listed root; "" when the root itself is the skill. */
  path: string;
  /** Regular files, paths relative to the folder, sorted. */
  files: { path: string; entry: ListedEntry }[];
}

export interface Selection {
  folders: SelectedFolder[];
  skipped: { path: string; reason: string }[];
  totalBytes: number;
  totalFiles: number;
}

const SKILL_MD = new Set(["SKILL.md", "skill.md"]);

const parentOf = (path: string): string => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "");
const nameOf = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

/** Code points macOS ignores in names (so ".g\u200cit" is ".git" there), as git's own is_hfs_dotgit lists them. */
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/**
 * A segment no skill file may have: empty, ".", ".." (a hand-made git tree can hold them) or ".git"
 * (a nested repository, whose hooks run when someone uses git inside the installed skill), compared
 * the way Windows and macOS would, as git does before a checkout: case-insensitive, trailing dots
 * and spaces and ignorable code points dropped, and the short name GIT~1.
 */
function unsafeSegment(path: string): string | null {
  for (const segment of path.split("/")) {
    if (segment === "" || segment === "." || segment === "..") return `the path has an empty, "." or ".." segment`;
    const folded = segment
      .replace(HFS_IGNORED, "")
      .replace(/[. ]+$/, "")
      .toLowerCase();
    if (folded === ".git" || folded === "git~1") return `the path has a ".git" segment (a nested repository is never imported)`;
  }
  return null;
}

/** The folders `path` lies in, innermost first, ending with the root "". */
function* ancestors(path: string): Generator<string> {
  let current = path;
  while (current !== "") {
    current = parentOf(current);
    yield current;
  }
}

/**
 * Every folder holding a SKILL.md (or skill.md) is a skill, unless it lies inside another skill: a
 * SKILL.md nested in a skill folder is that skill's file. Files outside skill folders are ignored;
 * symbolic links and submodules anywhere, and unusable names inside skill folders, are reported.
 * Throws "too-large" when the skills, their files or their bytes are over the limits.
 */
export function selectSkillFolders(entries: readonly ListedEntry[], limits: FetchLimits): Selection {
  const problems = new Map<ListedEntry, string>();
  for (const entry of entries) {
    const problem = entry.problem ?? unsafeSegment(entry.path);
    if (problem) problems.set(entry, problem);
  }
  const candidates = new Set(entries.filter((e) => e.kind === "file" && SKILL_MD.has(nameOf(e.path)) && !problems.has(e)).map((e) => parentOf(e.path)));
  const skillOf = (path: string): string | null => {
    let found: string | null = null;
    for (const folder of ancestors(path)) if (candidates.has(folder)) found = folder; // the outermost wins
    return found;
  };

  const folders = new Map<string, SelectedFolder>();
  for (const folder of candidates) if (skillOf(`${folder}/x`) === folder) folders.set(folder, { path: folder, files: [] });
  if (folders.size > limits.maxSkills) {
    throw new SourceFetchError("too-large", `${formatNumber(folders.size)} skill folders were found; the limit is ${formatNumber(limits.maxSkills)}`);
  }

  const skipped: Selection["skipped"] = [];
  let totalBytes = 0;
  let totalFiles = 0;
  for (const entry of entries) {
    const folder = skillOf(entry.path);
    if (entry.kind === "symlink") skipped.push({ path: entry.path, reason: "a symbolic link (links are not imported)" });
    else if (entry.kind === "submodule") skipped.push({ path: entry.path, reason: "a submodule (submodules are not fetched)" });
    else if (folder === null) continue;
    else if (problems.has(entry)) skipped.push({ path: entry.path, reason: problems.get(entry)! });
    else if (entry.kind === "other") skipped.push({ path: entry.path, reason: "not a regular file" });
    else {
      folders.get(folder)!.files.push({ path: folder === "" ? entry.path : entry.path.slice(folder.length + 1), entry });
      totalBytes += entry.size;
      totalFiles++;
    }
  }
  if (totalFiles > limits.maxFiles) {
    throw new SourceFetchError("too-large", `The skill folders hold ${formatNumber(totalFiles)} files; the limit is ${formatNumber(limits.maxFiles)}`);
  }
  if (totalBytes > limits.maxBytes) {
    throw new SourceFetchError(
      "too-large",
      `The skill folders' files add up to ${formatBytes(totalBytes, "prose")}; the limit is ${formatBytes(limits.maxBytes, "prose")}`,
    );
  }
  const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  const sorted = [...folders.values()].sort(byPath);
  for (const folder of sorted) folder.files.sort(byPath);
  return { folders: sorted, skipped: skipped.sort(byPath), totalBytes, totalFiles };
}

/** The selection as the result callers get: folder and skipped paths from the repository root, files with their bytes. */
export function toFetchedSource(revision: string, subdir: string | null, selection: Selection, bytesOf: (entry: ListedEntry) => Uint8Array): FetchedSource {
  const full = (relative: string) => (subdir === null ? relative : relative === "" ? subdir : `${subdir}/${relative}`);
  return {
    revision,
    folders: selection.folders.map((folder) => ({
      path: full(folder.path),
      files: folder.files.map(({ path: filePath, entry }) => ({ path: filePath, bytes: bytesOf(entry), ...(entry.executable ? { executable: true } : {}) })),
    })),
    skipped: selection.skipped.map((item) => ({ path: full(item.path), reason: item.reason })),
  };
}
