// The files a run leaves in its workspace come out of the sandbox as one tar archive: the
// workspace is a size-limited tmpfs inside the sandbox (the disk bound), and when the command ends
// the sandbox's own shell archives it into a host file that the next run unpacks again. The host
// never unpacks it: collect() reads the archive as data, so a symlink, a FIFO or a name like
// "../x" that a script left is only an entry to skip, never a path the host resolves.
import { open, type FileHandle } from "node:fs/promises";
import type { CollectLimits, CollectResult, CollectedFile } from "./executor";
import { globBase, globMatcher } from "./glob";
import { formatSize } from "./output-cap";
import { relativePathProblem } from "./workspace-fs";

/** How many entries one collect() looks at before it stops (a script can make millions). */
export const MAX_WALK_ENTRIES = 20_000;

const BLOCK = 512;
const CHUNK = 1024 * 1024;
/** A GNU long name or a pax header longer than this is not something tar writes for a workspace. */
const MAX_META_BYTES = 64 * 1024;

export type EntryKind = "file" | "directory" | "symlink" | "hardlink" | "other";

export interface ArchiveEntry {
  /** Relative to the workspace root, without "./" (e.g. "out/report.md"). */
  path: string;
  kind: EntryKind;
  size: number;
  /** Where the entry's bytes start in the archive. */
  offset: number;
  /** A hard link's target (an earlier entry's path). */
  linkTarget: string;
}

const KINDS: Record<string, EntryKind> = { "0": "file", "\0": "file", "7": "file", "5": "directory", "2": "symlink", "1": "hardlink" };

/** Reads an archive in 1 MiB chunks: a header is 512 bytes, and a syscall per header is slow. */
class ChunkReader {
  private start = 0;
  private buffer = Buffer.alloc(0);
  constructor(private readonly handle: FileHandle) {}

  async read(position: number, length: number): Promise<Buffer> {
    if (position < this.start || position + length > this.start + this.buffer.length) {
      const size = Math.max(CHUNK, length);
      const chunk = Buffer.alloc(size);
      const { bytesRead } = await this.handle.read(chunk, 0, size, position);
      this.start = position;
      this.buffer = chunk.subarray(0, bytesRead);
    }
    return this.buffer.subarray(position - this.start, position - this.start + length);
  }
}

const text = (bytes: Buffer) => {
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end === -1 ? bytes.length : end).toString("utf8");
};

function number(field: Buffer): number {
  // Base-256 for values octal cannot hold (GNU tar): the high bit of the first byte is set.
  if (field[0] & 0x80) return field.subarray(1).reduce((value, byte) => value * 256 + byte, field[0] & 0x7f);
  const digits = text(field).trim();
  return /^[0-7]+$/.test(digits) ? parseInt(digits, 8) : NaN;
}

function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return number(header.subarray(148, 156)) === sum;
}

/** The "path" and "linkpath" of a pax extended header ("<length> <key>=<value>\n" records). */
function paxFields(bytes: Buffer): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const length = Number(bytes.subarray(at, space).toString());
    if (space === -1 || !Number.isSafeInteger(length) || length <= 0) break;
    const record = bytes.subarray(space + 1, at + length - 1).toString("utf8");
    const equals = record.indexOf("=");
    if (equals > 0) fields.set(record.slice(0, equals), record.slice(equals + 1));
    at += length;
  }
  return fields;
}

const clean = (name: string) => (name === "." ? "" : name.replace(/^(?:\.\/)+/, "").replace(/\/+$/, ""));

/**
 * Every entry of the archive, in its order. Throws, naming the problem, on a header that is not
 * tar's (a script may have written over the archive) or an entry that runs past the file's end.
 */
export async function* archiveEntries(archive: string): AsyncGenerator<ArchiveEntry> {
  const handle = await open(archive, "r");
  try {
    const { size: fileSize } = await handle.stat();
    const reader = new ChunkReader(handle);
    let position = 0;
    let longName: string | null = null;
    let longLink: string | null = null;
    while (position + BLOCK <= fileSize) {
      const header = Buffer.from(await reader.read(position, BLOCK));
      if (header.every((byte) => byte === 0)) return;
      if (!checksumOk(header)) throw new Error(`not a tar header at byte ${position}`);
      const size = number(header.subarray(124, 136));
      const type = String.fromCharCode(header[156]);
      const offset = position + BLOCK;
      if (!Number.isSafeInteger(size) || offset + size > fileSize) throw new Error(`an entry at byte ${position} runs past the end of the archive`);
      position = offset + Math.ceil(size / BLOCK) * BLOCK;
      if (type === "L" || type === "K" || type === "x" || type === "g") {
        if (size > MAX_META_BYTES) throw new Error(`a ${size}-byte name or extended header at byte ${offset - BLOCK}`);
        const bytes = Buffer.from(await reader.read(offset, size));
        if (type === "L") longName = text(bytes);
        else if (type === "K") longLink = text(bytes);
        else if (type === "x") {
          const fields = paxFields(bytes);
          longName = fields.get("path") ?? longName;
          longLink = fields.get("linkpath") ?? longLink;
        }
        continue;
      }
      // POSIX ustar keeps a name prefix at 345; GNU's format ("ustar  ") uses that space for other fields.
      const prefix = header.subarray(257, 263).toString("latin1") === "ustar\u000000" ? text(header.subarray(345, 500)) : "";
      const name = longName ?? (prefix ? `${prefix}/${text(header.subarray(0, 100))}` : text(header.subarray(0, 100)));
      const link = longLink ?? text(header.subarray(157, 257));
      longName = longLink = null;
      yield { path: clean(name), kind: KINDS[type] ?? "other", size: KINDS[type] === "file" ? size : 0, offset, linkTarget: clean(link) };
    }
  } finally {
    await handle.close();
  }
}

/** Whether `path` lies under one of the folders the globs start from. */
const underAny = (bases: readonly string[], path: string) => bases.some((base) => base === "" || path === base || path.startsWith(`${base}/`));

/**
 * Regular files of the archive matching any glob, within `limits`: collectFiles' answer for a
 * workspace kept as an archive. Symlinks are reported, never followed; a hard link is the file it
 * links to; anything else (a FIFO) is "not a regular file".
 */
export async function collectFromArchive(
  archive: string,
  globs: readonly string[],
  limits: CollectLimits,
  maxEntries = MAX_WALK_ENTRIES,
): Promise<CollectResult> {
  const matches = globMatcher(globs);
  const bases = [...new Set(globs.map(globBase))];
  const skipped = new Set<string>();
  const regular = new Map<string, ArchiveEntry>();
  const candidates = new Map<string, ArchiveEntry>();
  let seen = 0;
  try {
    for await (const entry of archiveEntries(archive)) {
      if (entry.kind === "file") regular.set(entry.path, entry);
      // A base folder that is a symlink (out -> /) is named even though no glob matches "out" itself.
      const isBaseOrAbove = bases.some((base) => base === entry.path || base.startsWith(`${entry.path}/`));
      if (entry.kind === "symlink" && entry.path && isBaseOrAbove) skipped.add(`${entry.path}: a symbolic link, not followed`);
      if (!entry.path || !underAny(bases, entry.path) || entry.kind === "directory") continue;
      if (++seen > maxEntries) {
        skipped.add(`stopped looking after ${maxEntries} entries`);
        break;
      }
      if (!matches(entry.path)) continue;
      // tar never writes "../" or an absolute name; an archive a script forged might.
      if (relativePathProblem(entry.path)) skipped.add(`${entry.path}: not a plain relative path`);
      else if (entry.kind === "symlink") skipped.add(`${entry.path}: a symbolic link, not followed`);
      else if (entry.kind === "file") candidates.set(entry.path, entry);
      else if (entry.kind === "hardlink" && regular.has(entry.linkTarget)) candidates.set(entry.path, regular.get(entry.linkTarget)!);
      else skipped.add(`${entry.path}: not a regular file`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") skipped.add(`the workspace's files could not be read: ${(error as Error).message}`);
  }

  const files: CollectedFile[] = [];
  let total = 0;
  const handle = candidates.size ? await open(archive, "r") : null;
  try {
    for (const [path, entry] of [...candidates].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (entry.size > limits.maxFileBytes) skipped.add(`${path}: ${formatSize(entry.size)}, over the ${formatSize(limits.maxFileBytes)} limit per file`);
      else if (files.length >= limits.maxFiles) skipped.add(`${path}: over the limit of ${limits.maxFiles} files`);
      else if (total + entry.size > limits.maxTotalBytes) skipped.add(`${path}: would pass the ${formatSize(limits.maxTotalBytes)} limit in all`);
      else {
        const bytes = new Uint8Array(entry.size);
        await handle!.read(bytes, 0, entry.size, entry.offset);
        total += bytes.length;
        files.push({ path, bytes, size: bytes.length });
      }
    }
  } finally {
    await handle?.close();
  }
  return { files, skipped: [...skipped].sort() };
}
