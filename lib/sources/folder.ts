import { constants } from "node:fs";
import { lstat, open, opendir, stat } from "node:fs/promises";
import path from "node:path";
import { formatNumber } from "@/lib/display";
import { bundleDigest, sha256Hex } from "@/lib/skills/archive/digest";
import { selectSkillFolders, toFetchedSource, type ListedEntry } from "./skill-folders";
import { normalizeSubdir } from "./spec";
import { SourceFetchError, type FetchedSource, type FetchLimits, type SourceSpec } from "./types";

// A server-side folder read like a repository: walked (async, symlinks never followed), selected with
// the same rules and limits from names and sizes, then read.

type FolderSpec = Extract<SourceSpec, { kind: "folder" }>;

/** Entries walked past this stop the walk: a folder that big is the wrong folder (the whole disk, say). */
const maxListed = (limits: FetchLimits) => Math.max(limits.maxFiles * 10, 100_000);

export async function readFolderSource(spec: FolderSpec, limits: FetchLimits, signal: AbortSignal): Promise<FetchedSource> {
  if (!path.isAbsolute(spec.path)) throw new SourceFetchError("bad-url", `The folder "${spec.path}" must be an absolute path on the server`);
  const subdir = normalizeSubdir(spec.subdir);
  const base = path.resolve(spec.path);
  if (!(await isDirectory(base))) throw new SourceFetchError("unreachable", `The folder ${base} does not exist on the server or cannot be read`);
  const root = subdir === null ? base : path.join(base, subdir);
  if (subdir !== null && !(await isDirectory(root))) throw new SourceFetchError("subdir-not-found", `The folder ${base} has no sub-folder "${subdir}"`);

  const entries = await walk(root, maxListed(limits), signal);
  const selection = selectSkillFolders(entries, limits);
  const bytes = new Map<ListedEntry, Uint8Array>();
  let total = 0;
  for (const folder of selection.folders) {
    for (const file of folder.files) {
      signal.throwIfAborted();
      const read = await readRegularFile(file.entry.ref);
      if (read === null) {
        // Gone or replaced by something else since the walk: as if it had never been there.
        selection.skipped.push({ path: path.posix.join(folder.path, file.path), reason: "changed while it was being read" });
        continue;
      }
      total += read.length;
      if (total > limits.maxBytes) throw new SourceFetchError("too-large", "The skill folders' files grew past the size limit while they were being read");
      bytes.set(file.entry, read);
    }
    folder.files = folder.files.filter((file) => bytes.has(file.entry));
  }
  // The execute bit is part of a skill version, so it is part of the revision too.
  const digestLines = selection.folders.flatMap((folder) =>
    folder.files.map((file) => ({
      path: path.posix.join(folder.path, file.path),
      sha256: sha256Hex(bytes.get(file.entry)!) + (file.entry.executable ? "+x" : ""),
    })),
  );
  return toFetchedSource(`tree:${bundleDigest(digestLines)}`, subdir, selection, (entry) => bytes.get(entry)!);
}

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (info) => info.isDirectory(),
    () => false,
  );
}

/** Every entry under `root`, paths relative to it; symlinks are listed, never followed; a `.git` folder is listed, never entered. */
async function walk(root: string, max: number, signal: AbortSignal): Promise<ListedEntry[]> {
  const entries: ListedEntry[] = [];
  const pending = [""];
  while (pending.length > 0) {
    signal.throwIfAborted();
    const relative = pending.pop()!;
    const absolute = path.join(root, relative);
    let dir;
    try {
      dir = await opendir(absolute);
    } catch {
      entries.push({ path: relative, kind: "other", size: 0, executable: false, ref: absolute, problem: "a folder that could not be read" });
      continue;
    }
    for await (const dirent of dir) {
      const childPath = relative === "" ? dirent.name : `${relative}/${dirent.name}`;
      const childAbsolute = path.join(absolute, dirent.name);
      if (entries.length >= max) {
        await dir.close().catch(() => undefined);
        throw new SourceFetchError("too-large", `The folder holds more than ${formatNumber(max)} entries; choose a sub-folder`);
      }
      if (dirent.isDirectory() && dirent.name.toLowerCase() !== ".git") pending.push(childPath);
      else if (dirent.isSymbolicLink()) entries.push({ path: childPath, kind: "symlink", size: 0, executable: false, ref: childAbsolute });
      else if (dirent.isFile()) {
        const info = await lstat(childAbsolute).catch(() => null);
        entries.push({ path: childPath, kind: "file", size: info?.size ?? 0, executable: ((info?.mode ?? 0) & 0o111) !== 0, ref: childAbsolute });
      } else entries.push({ path: childPath, kind: "other", size: 0, executable: false, ref: childAbsolute });
    }
  }
  return entries;
}

/**
 * The bytes of a regular file, or null when it is no longer one. O_NOFOLLOW and O_NONBLOCK keep a
 * file swapped for a symlink or a FIFO since the walk from being followed or blocking a thread.
 */
async function readRegularFile(file: string): Promise<Uint8Array | null> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    if (!(await handle.stat()).isFile()) return null;
    return new Uint8Array(await handle.readFile());
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
