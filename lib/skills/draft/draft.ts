import { checkEntryPath, collisionKey, skipReason } from "../format/paths";
import { DEFAULT_LIMITS } from "../format/limits";
import { utf8ByteLength } from "../format/text";

// The editor's unsaved work on a skill, as plain data: the full file list the user means to save,
// each file saying where its content comes from. A file left alone points at the stored version
// it came from (so it is never sent back to the server); typed text and uploaded bytes travel
// with the draft. Pure and JSON-serializable, so a draft survives a reload in localStorage and
// the server can rebuild exactly the same bundle from it.

export const SKILL_MD = "SKILL.md";
export const DRAFT_FORMAT = 1;

/** A file of a stored version as the editor receives it; `text` is null for binaries and files too large to edit. */
export interface DraftBaseFile {
  path: string;
  size: number;
  sha256: string;
  mediaType: string;
  text: string | null;
}

export type DraftSource =
  /** The bytes of a file of a stored version (unchanged content, possibly under a new path). */
  | { kind: "stored"; version: number; path: string }
  | { kind: "text"; text: string }
  /** Uploaded bytes, base64 so the draft stays JSON. */
  | { kind: "bytes"; base64: string; size: number };

export interface DraftEntry {
  path: string;
  /** The base file this one descends from (renames keep it), null for a file added in the draft. */
  origin: string | null;
  source: DraftSource;
}

export interface Draft {
  format: typeof DRAFT_FORMAT;
  skillId: string;
  /** The version the edits started from; saving is refused if the skill moved past it. */
  baseVersion: number;
  /** Sorted by path. */
  entries: DraftEntry[];
  /** When the draft last changed (ms), for "restored from ..." notes. */
  updatedAt: number;
}

export type ChangeKind = "added" | "modified" | "renamed" | "deleted";

export interface DraftChange {
  path: string;
  kind: ChangeKind;
  /** For renames: the base path. */
  from?: string;
  /** A renamed file whose content changed too. */
  modified?: boolean;
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export function createDraft(skillId: string, baseVersion: number, base: readonly Pick<DraftBaseFile, "path">[], now = Date.now()): Draft {
  return {
    format: DRAFT_FORMAT,
    skillId,
    baseVersion,
    entries: base
      .map((file): DraftEntry => ({ path: file.path, origin: file.path, source: { kind: "stored", version: baseVersion, path: file.path } }))
      .sort(byPath),
    updatedAt: now,
  };
}

export function findEntry(draft: Draft, path: string): DraftEntry | undefined {
  return draft.entries.find((entry) => entry.path === path);
}

/** True when the entry's content is the base file's content at its origin. */
function contentUnchanged(entry: DraftEntry, draft: Draft, base: ReadonlyMap<string, DraftBaseFile>): boolean {
  if (entry.origin === null) return false;
  const source = entry.source;
  if (source.kind === "stored") return source.version === draft.baseVersion && source.path === entry.origin;
  if (source.kind === "text") return base.get(entry.origin)?.text === source.text;
  return false;
}

const baseMap = (base: readonly DraftBaseFile[]) => new Map(base.map((file) => [file.path, file]));

/** What the draft changes against its base, sorted by path; empty when there is nothing to save. */
export function draftChanges(draft: Draft, base: readonly DraftBaseFile[]): DraftChange[] {
  const files = baseMap(base);
  const changes: DraftChange[] = [];
  const kept = new Set<string>();
  for (const entry of draft.entries) {
    if (entry.origin !== null && files.has(entry.origin)) kept.add(entry.origin);
    const unchanged = contentUnchanged(entry, draft, files);
    if (entry.origin === null || !files.has(entry.origin)) changes.push({ path: entry.path, kind: "added" });
    else if (entry.origin !== entry.path) changes.push({ path: entry.path, kind: "renamed", from: entry.origin, modified: !unchanged });
    else if (!unchanged) changes.push({ path: entry.path, kind: "modified" });
  }
  for (const file of base) if (!kept.has(file.path)) changes.push({ path: file.path, kind: "deleted" });
  return changes.sort(byPath);
}

export function isDraftDirty(draft: Draft, base: readonly DraftBaseFile[]): boolean {
  return draftChanges(draft, base).length > 0;
}

/** The text of a file in the draft, or null when it is binary (or too large to edit). */
export function entryText(draft: Draft, entry: DraftEntry, base: ReadonlyMap<string, DraftBaseFile>): string | null {
  const source = entry.source;
  if (source.kind === "text") return source.text;
  if (source.kind === "bytes" || source.version !== draft.baseVersion) return null;
  return base.get(source.path)?.text ?? null;
}

function touch(draft: Draft, entries: DraftEntry[], now: number): Draft {
  return { ...draft, entries: entries.sort(byPath), updatedAt: now };
}

/**
 * Sets a text file's content. Typing a file back to its stored content makes it unchanged again,
 * so the draft is dirty exactly when something differs.
 */
export function editText(draft: Draft, base: readonly DraftBaseFile[], path: string, text: string, now = Date.now()): Draft {
  const entry = findEntry(draft, path);
  if (!entry) throw new DraftError(`${path} is not a file of this draft`);
  const original = entry.origin !== null ? baseMap(base).get(entry.origin) : undefined;
  const source: DraftSource = original && original.text === text ? { kind: "stored", version: draft.baseVersion, path: original.path } : { kind: "text", text };
  return touch(
    draft,
    draft.entries.map((e) => (e === entry ? { ...e, source } : e)),
    now,
  );
}

export class DraftError extends Error {
  name = "DraftError";
}

/**
 * Why `path` cannot name a file of this draft, or null when it can: the format core's entry rules,
 * no hidden folders (uploads skip them), nothing that would collide with another file or folder
 * on a case-insensitive file system. `except` is the file being renamed.
 */
export function checkDraftPath(draft: Draft, path: string, except?: string): string | null {
  const trimmed = path.trim();
  if (!trimmed) return "Give the file a path, like references/guide.md.";
  if (trimmed.endsWith("/")) return "The path names a folder; add a file name.";
  const checked = checkEntryPath(trimmed, DEFAULT_LIMITS.maxPathBytes);
  if (checked.findings.length) return checked.findings[0].message;
  const normalized = checked.path;
  if (skipReason(normalized, false)) return `${JSON.stringify(normalized)}: hidden files and folders (starting with ".") are left out of skills.`;
  const key = collisionKey(normalized);
  if (key === collisionKey(SKILL_MD) && except !== SKILL_MD) return "SKILL.md is the skill's main file; choose another name.";
  for (const entry of draft.entries) {
    if (entry.path === except) continue;
    const other = collisionKey(entry.path);
    if (other === key)
      return entry.path === normalized
        ? `${normalized} already exists.`
        : `${JSON.stringify(normalized)} collides with ${entry.path} on case-insensitive file systems.`;
    if (other.startsWith(`${key}/`)) return `${normalized} is a folder in this skill.`;
    if (key.startsWith(`${other}/`)) return `${entry.path} is a file, so it cannot also be a folder.`;
  }
  return null;
}

function normalizedPath(draft: Draft, path: string, except?: string): string {
  const problem = checkDraftPath(draft, path, except);
  if (problem) throw new DraftError(problem);
  return checkEntryPath(path.trim(), DEFAULT_LIMITS.maxPathBytes).path;
}

export function addTextFile(draft: Draft, path: string, text = "", now = Date.now()): Draft {
  const target = normalizedPath(draft, path);
  return touch(draft, [...draft.entries, { path: target, origin: null, source: { kind: "text", text } }], now);
}

/** Adds an uploaded file, or replaces the content of an existing one (keeping its history). */
export function putBytes(draft: Draft, path: string, base64: string, size: number, now = Date.now()): Draft {
  const existing = findEntry(draft, path);
  if (existing)
    return touch(
      draft,
      draft.entries.map((e) => (e === existing ? { ...e, source: { kind: "bytes", base64, size } } : e)),
      now,
    );
  const target = normalizedPath(draft, path);
  return touch(draft, [...draft.entries, { path: target, origin: null, source: { kind: "bytes", base64, size } }], now);
}

/** Rename or move (any path change); returns the new draft and the normalized new path. */
export function renameFile(draft: Draft, from: string, to: string, now = Date.now()): { draft: Draft; path: string } {
  if (from === SKILL_MD) throw new DraftError("SKILL.md cannot be renamed or moved: every skill needs it at the top.");
  const entry = findEntry(draft, from);
  if (!entry) throw new DraftError(`${from} is not a file of this draft`);
  const target = normalizedPath(draft, to, from);
  if (target === from) return { draft, path: from };
  return {
    draft: touch(
      draft,
      draft.entries.map((e) => (e === entry ? { ...e, path: target } : e)),
      now,
    ),
    path: target,
  };
}

export function deleteFile(draft: Draft, path: string, now = Date.now()): Draft {
  if (path === SKILL_MD) throw new DraftError("SKILL.md cannot be deleted: every skill needs one.");
  if (!findEntry(draft, path)) throw new DraftError(`${path} is not a file of this draft`);
  return touch(
    draft,
    draft.entries.filter((e) => e.path !== path),
    now,
  );
}

/** Brings a deleted base file back, unchanged, at its old path (if that path is free). */
export function restoreFile(draft: Draft, base: readonly DraftBaseFile[], path: string, now = Date.now()): Draft {
  const file = base.find((f) => f.path === path);
  if (!file) throw new DraftError(`${path} is not a file of version ${draft.baseVersion}`);
  if (draft.entries.some((e) => e.origin === path)) throw new DraftError(`${path} is still in the draft`);
  const problem = checkDraftPath(draft, path);
  if (problem) throw new DraftError(problem);
  return touch(draft, [...draft.entries, { path, origin: path, source: { kind: "stored", version: draft.baseVersion, path } }], now);
}

/**
 * Moves the draft onto a newer version `theirs` (after someone else saved), keeping every change
 * of this draft: files it edited, added or uploaded keep its content; files it deleted stay
 * deleted; files it renamed move with their new content if they only changed there. Everything
 * this draft left alone becomes their version of it.
 */
export function rebaseDraft(draft: Draft, mine: readonly DraftBaseFile[], theirs: readonly DraftBaseFile[], theirVersion: number, now = Date.now()): Draft {
  const oldBase = baseMap(mine);
  const newBase = baseMap(theirs);
  const changes = draftChanges(draft, mine);
  const deleted = new Set(changes.filter((c) => c.kind === "deleted").map((c) => c.path));
  const result = new Map<string, DraftEntry>();
  for (const file of theirs) {
    if (deleted.has(file.path)) continue;
    result.set(file.path, { path: file.path, origin: file.path, source: { kind: "stored", version: theirVersion, path: file.path } });
  }
  for (const entry of draft.entries) {
    const unchanged = contentUnchanged(entry, draft, oldBase);
    if (unchanged && entry.origin === entry.path) continue; // left alone: theirs decides
    if (entry.origin !== null && entry.origin !== entry.path) result.delete(entry.origin);
    let source = entry.source;
    if (unchanged && entry.origin !== null && newBase.has(entry.origin)) source = { kind: "stored", version: theirVersion, path: entry.origin };
    else if (source.kind === "stored" && source.version !== theirVersion) {
      // The editor only holds the texts of the current base: carry an older text along inline.
      const text = oldBase.get(source.path)?.text;
      if (text !== null && text !== undefined && source.version === draft.baseVersion) source = { kind: "text", text };
    }
    const origin = entry.origin !== null && newBase.has(entry.origin) ? entry.origin : newBase.has(entry.path) ? entry.path : null;
    // text that now equals theirs is no change any more
    if (source.kind === "text" && origin !== null && newBase.get(origin)?.text === source.text)
      source = { kind: "stored", version: theirVersion, path: origin };
    result.set(entry.path, { path: entry.path, origin, source });
  }
  return { ...draft, baseVersion: theirVersion, entries: [...result.values()].sort(byPath), updatedAt: now };
}

/**
 * What the server needs to rebuild the bundle: stored files by reference, text inline, bytes by
 * upload index. `origin` (the base file an edited file was renamed from) lets it keep that file's
 * executable bit across the rename.
 */
export type ManifestEntry =
  | { path: string; stored: { version: number; path: string } }
  | { path: string; text: string; origin?: string }
  | { path: string; upload: number; origin?: string };

export function draftManifest(draft: Draft): { entries: ManifestEntry[]; uploads: { path: string; base64: string }[] } {
  const uploads: { path: string; base64: string }[] = [];
  const entries = draft.entries.map((entry): ManifestEntry => {
    const source = entry.source;
    if (source.kind === "stored") return { path: entry.path, stored: { version: source.version, path: source.path } };
    // only for a rename: the server falls back to the file's own path
    const origin = entry.origin === null || entry.origin === entry.path ? {} : { origin: entry.origin };
    if (source.kind === "text") return { path: entry.path, text: source.text, ...origin };
    uploads.push({ path: entry.path, base64: source.base64 });
    return { path: entry.path, upload: uploads.length - 1, ...origin };
  });
  return { entries, uploads };
}

/** Size of a file in the draft (text as UTF-8), for the tree and the meter. */
export function entrySize(entry: DraftEntry, base: ReadonlyMap<string, DraftBaseFile>): number {
  const source = entry.source;
  if (source.kind === "text") return utf8ByteLength(source.text);
  if (source.kind === "bytes") return source.size;
  return base.get(source.path)?.size ?? 0;
}

/** Reads a stored draft back, or null when it is not one (old format, another skill, damaged). */
export function parseStoredDraft(raw: string | null, skillId: string): Draft | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const draft = value as Partial<Draft>;
  if (draft.format !== DRAFT_FORMAT || draft.skillId !== skillId || !Number.isInteger(draft.baseVersion) || !Array.isArray(draft.entries)) return null;
  for (const entry of draft.entries as unknown[]) {
    if (!isEntry(entry)) return null;
  }
  if (!draft.entries.some((e) => e.path === SKILL_MD)) return null;
  return {
    format: DRAFT_FORMAT,
    skillId,
    baseVersion: draft.baseVersion!,
    entries: [...draft.entries].sort(byPath),
    updatedAt: typeof draft.updatedAt === "number" ? draft.updatedAt : 0,
  };
}

function isEntry(value: unknown): value is DraftEntry {
  if (!value || typeof value !== "object") return false;
  const entry = value as Record<string, unknown>;
  if (typeof entry.path !== "string" || (entry.origin !== null && typeof entry.origin !== "string")) return false;
  const source = entry.source as Record<string, unknown> | null;
  if (!source || typeof source !== "object") return false;
  if (source.kind === "stored") return Number.isInteger(source.version) && typeof source.path === "string";
  if (source.kind === "text") return typeof source.text === "string";
  if (source.kind === "bytes") return typeof source.base64 === "string" && typeof source.size === "number";
  return false;
}
