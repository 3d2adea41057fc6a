import { parseSkillMd, type FrontmatterValue } from "../format/skill-md";
import {
  DIFF_DEFAULTS,
  diffText,
  splitLines,
  wordMarks,
  type DiffInputFile,
  type DiffOptions,
  type DiffStats,
  type FileDiff,
  type FileMode,
  type FileSide,
  type FileStatus,
  type FrontmatterChange,
  type SkillDiff,
  type SkillMdDiff,
} from "./diff";

// A skill version is a set of files: this pairs them up (by path, or by digest for a move) and
// diffs each pair with diff.ts. Isomorphic like diff.ts, for the same two callers.

/** Compares two versions of a skill's files: what was added, removed, renamed and changed, and how. */
export function diffSkillFiles(before: readonly DiffInputFile[], after: readonly DiffInputFile[], options: DiffOptions = {}): SkillDiff {
  const opts = { ...DIFF_DEFAULTS, ...options };
  const oldByPath = new Map(before.map((f) => [f.path, f]));
  const newByPath = new Map(after.map((f) => [f.path, f]));
  const files: FileDiff[] = [];

  const removed = before.filter((f) => !newByPath.has(f.path));
  const added = after.filter((f) => !oldByPath.has(f.path));

  // A file that moved without changing keeps its digest: pair them one to one, in path order.
  const removedByDigest = new Map<string, DiffInputFile[]>();
  for (const f of removed) removedByDigest.set(f.sha256, [...(removedByDigest.get(f.sha256) ?? []), f]);
  const renamedFrom = new Map<string, DiffInputFile>();
  for (const f of added) {
    const candidates = removedByDigest.get(f.sha256);
    if (candidates?.length) renamedFrom.set(f.path, candidates.shift()!);
  }
  const renamedOld = new Set([...renamedFrom.values()].map((f) => f.path));

  for (const next of after) {
    const prev = oldByPath.get(next.path);
    const source = renamedFrom.get(next.path);
    if (source) {
      files.push(
        withMode({ path: next.path, status: "renamed", before: side(source), after: side(next), content: null, skillMd: null, linesAdded: 0, linesRemoved: 0 }),
      );
    } else if (!prev) {
      files.push(fileDiff(next.path, "added", null, next, opts));
    } else if (prev.sha256 === next.sha256) {
      // Same bytes with another execute bit is a change (git shows it as "mode change" only).
      const status = mode(prev) === mode(next) ? "unchanged" : "changed";
      files.push(withMode({ path: next.path, status, before: side(prev), after: side(next), content: null, skillMd: null, linesAdded: 0, linesRemoved: 0 }));
    } else {
      files.push(withMode(fileDiff(next.path, "changed", prev, next, opts)));
    }
  }
  for (const prev of removed) if (!renamedOld.has(prev.path)) files.push(fileDiff(prev.path, "removed", prev, null, opts));

  files.sort((a, b) => (a.path === "SKILL.md" ? -1 : b.path === "SKILL.md" ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  const stats: DiffStats = { filesAdded: 0, filesRemoved: 0, filesChanged: 0, filesRenamed: 0, filesUnchanged: 0, linesAdded: 0, linesRemoved: 0 };
  for (const f of files) {
    if (f.status === "added") stats.filesAdded++;
    else if (f.status === "removed") stats.filesRemoved++;
    else if (f.status === "changed") stats.filesChanged++;
    else if (f.status === "renamed") stats.filesRenamed++;
    else stats.filesUnchanged++;
    stats.linesAdded += f.linesAdded;
    stats.linesRemoved += f.linesRemoved;
  }
  return { files, stats, identical: stats.filesUnchanged === files.length };
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0).replace(/\.0$/, "")} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}

function side(f: DiffInputFile): FileSide {
  return { path: f.path, size: f.size, sha256: f.sha256, mediaType: f.mediaType, binary: f.binary ?? f.text === null, executable: f.executable === true };
}

const mode = (f: { executable?: boolean }): FileMode => (f.executable ? "755" : "644");

function withMode(diff: FileDiff): FileDiff {
  if (!diff.before || !diff.after || diff.before.executable === diff.after.executable) return diff;
  return { ...diff, modeChange: { from: mode(diff.before), to: mode(diff.after) } };
}

/**
 * Which files' text a diff needs: a file whose path holds the same digest on the other side is
 * unchanged and compared by digest alone, so a big skill's untouched files are never read or
 * decoded. Returns the paths to read on each side.
 */
export function filesToRead(
  before: readonly Pick<DiffInputFile, "path" | "sha256">[],
  after: readonly Pick<DiffInputFile, "path" | "sha256">[],
): { before: Set<string>; after: Set<string> } {
  const oldDigest = new Map(before.map((f) => [f.path, f.sha256]));
  const newDigest = new Map(after.map((f) => [f.path, f.sha256]));
  return {
    before: new Set(before.filter((f) => newDigest.get(f.path) !== f.sha256).map((f) => f.path)),
    after: new Set(after.filter((f) => oldDigest.get(f.path) !== f.sha256).map((f) => f.path)),
  };
}

function fileDiff(path: string, status: FileStatus, prev: DiffInputFile | null, next: DiffInputFile | null, opts: Required<DiffOptions>): FileDiff {
  const result: FileDiff = {
    path,
    status,
    before: prev && side(prev),
    after: next && side(next),
    content: null,
    skillMd: null,
    linesAdded: 0,
    linesRemoved: 0,
  };
  // An added or removed file diffs against nothing; a file that turned binary (or back) shows as binary.
  if ((prev && prev.text === null) || (next && next.text === null)) {
    result.content = { kind: "binary" };
    return result;
  }
  const biggest = Math.max(prev?.size ?? 0, next?.size ?? 0);
  if (biggest > opts.maxBytes) {
    result.content = { kind: "too-large", reason: `the file is ${formatSize(biggest)}; line diffs are shown up to ${formatSize(opts.maxBytes)}` };
    return result;
  }
  const oldText = prev?.text ?? null;
  const newText = next?.text ?? null;
  result.content = diffText(oldText ?? "", newText ?? "", opts, { oldAbsent: prev === null, newAbsent: next === null });
  if (result.content.kind === "text") {
    result.linesAdded = result.content.linesAdded;
    result.linesRemoved = result.content.linesRemoved;
  }
  if (path === "SKILL.md" && oldText !== null && newText !== null) result.skillMd = diffSkillMd(oldText, newText, opts);
  return result;
}

/** Frontmatter field by field, the YAML text and the body, each on its own; null when either side's frontmatter does not parse. */
export function diffSkillMd(oldText: string, newText: string, options: DiffOptions = {}): SkillMdDiff | null {
  const opts = { ...DIFF_DEFAULTS, ...options };
  const a = parseSkillMd(oldText);
  const b = parseSkillMd(newText);
  if (!a.frontmatter || !b.frontmatter) return null;

  const fields: FrontmatterChange[] = [];
  const oldFields = new Map(a.fields.map((f) => [f.key, f.value]));
  const newKeys = new Set(b.fields.map((f) => f.key));
  for (const { key, value } of b.fields) {
    if (!oldFields.has(key)) {
      fields.push({ key, status: "added", after: value });
    } else {
      const previous = oldFields.get(key)!;
      if (!sameValue(previous, value)) {
        const change: FrontmatterChange = { key, status: "changed", before: previous, after: value };
        if (typeof previous === "string" && typeof value === "string") {
          const marks = wordMarks(previous, value, Number.POSITIVE_INFINITY);
          if (marks) change.marks = marks;
        }
        fields.push(change);
      }
    }
  }
  for (const { key, value } of a.fields) if (!newKeys.has(key)) fields.push({ key, status: "removed", before: value });

  const yamlOf = (text: string, bodyStartLine: number) =>
    splitLines(text)
      .lines.slice(1, Math.max(1, bodyStartLine - 2))
      .join("\n");
  const yaml = diffText(yamlOf(a.text, a.bodyStartLine), yamlOf(b.text, b.bodyStartLine), opts, { oldOffset: 1, newOffset: 1 });
  const body = diffText(a.body, b.body, opts, { oldOffset: a.bodyStartLine - 1, newOffset: b.bodyStartLine - 1 });
  return { fields, yaml, body };
}

function sameValue(a: FrontmatterValue, b: FrontmatterValue): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ak = Object.keys(a as object);
  const bk = Object.keys(b as object);
  const ao = a as Record<string, FrontmatterValue>;
  const bo = b as Record<string, FrontmatterValue>;
  // Key order matters in YAML as written, so a reordered map counts as a change.
  return ak.length === bk.length && ak.every((k, i) => k === bk[i] && sameValue(ao[k], bo[k]));
}
