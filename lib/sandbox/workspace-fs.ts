// The host side of a workspace: writing staged files and collecting outputs. A script may leave
// anything behind (a symlink to /etc/shadow or to the project, a FIFO, a read-only directory), and the
// host acts on that tree with its own rights, so nothing here follows a symlink: every path component
// is checked with lstat, files open with O_NOFOLLOW, and new files with O_EXCL.
import { constants, type Dirent } from "node:fs";
import { chmod, lstat, mkdir, open, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { CollectLimits, CollectResult, CollectedFile } from "./executor";
import { formatSize } from "./output-cap";
import { globBase, globMatcher } from "./glob";

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_RDONLY, O_NONBLOCK } = constants;

/** How many directory entries one collect() looks at before it stops (a script can make millions). */
export const MAX_WALK_ENTRIES = 20_000;

/** Why `name` cannot be one path segment (a skill name, an input's name), or null. */
export function segmentProblem(name: string): string | null {
  if (!name) return "a name cannot be empty";
  if (name.includes("\0")) return `"${name}" contains a NUL byte`;
  if (name.includes("/")) return `"${name}" contains a slash`;
  if (name === "." || name === "..") return `"${name}" is not a file name`;
  if (Buffer.byteLength(name) > 255) return `"${name.slice(0, 40)}…" is longer than 255 bytes`;
  return null;
}

/** Why `relative` cannot be a file inside a folder (absolute, "..", NUL, empty segments), or null. */
export function relativePathProblem(relative: string): string | null {
  if (!relative) return "a path cannot be empty";
  if (relative.startsWith("/")) return `"${relative}" is absolute`;
  if (Buffer.byteLength(relative) > 4096) return `"${relative.slice(0, 40)}…" is longer than 4096 bytes`;
  for (const segment of relative.split("/")) {
    const problem = segmentProblem(segment);
    if (problem) return `"${relative}": ${problem}`;
  }
  return null;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Creates root/relative (mkdir -p) without following any symlink on the way; returns its path. */
export async function makeDirectories(root: string, relative: string, mode = 0o755): Promise<string> {
  let current = root;
  for (const segment of relative ? relative.split("/") : []) {
    current = path.join(current, segment);
    try {
      await mkdir(current, { mode });
      await chmod(current, mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const stat = await lstat(current);
      if (!stat.isDirectory()) throw new Error(`${path.relative(root, current)} exists and is not a directory (a symlink is never followed)`);
    }
  }
  return current;
}

/** Writes a new file at root/relative with `mode`, refusing to replace or follow anything. */
export async function writeNewFile(root: string, relative: string, bytes: Uint8Array, mode: number): Promise<void> {
  const problem = relativePathProblem(relative);
  if (problem) throw new Error(problem);
  const parent = await makeDirectories(root, path.posix.dirname(relative) === "." ? "" : path.posix.dirname(relative));
  const target = path.join(parent, path.posix.basename(relative));
  let handle;
  try {
    handle = await open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new Error(`${relative} already exists in the workspace`);
    throw error;
  }
  try {
    await handle.writeFile(bytes);
    await handle.chmod(mode); // the umask must not take the executable bit away
  } finally {
    await handle.close();
  }
}

/** Whether each component of root/relative is a real directory (false when missing or a symlink). */
async function realDirectory(root: string, relative: string, skipped: string[]): Promise<boolean> {
  let current = root;
  for (const segment of relative ? relative.split("/") : []) {
    current = path.join(current, segment);
    const stat = await lstat(current).catch((error) => (isMissing(error) ? null : Promise.reject(error)));
    if (!stat) return false;
    if (stat.isSymbolicLink()) {
      skipped.push(`${path.relative(root, current)}: a symbolic link, not followed`);
      return false;
    }
    if (!stat.isDirectory()) return false;
  }
  return true;
}

/** Regular files under root matching any glob, read without following symlinks, within `limits`. */
export async function collectFiles(root: string, globs: readonly string[], limits: CollectLimits, maxWalkEntries = MAX_WALK_ENTRIES): Promise<CollectResult> {
  const matches = globMatcher(globs);
  const skipped: string[] = [];
  const candidates: string[] = [];
  let seen = 0;
  let stopped = false;

  const walk = async (relative: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === "ENOTDIR") return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (++seen > maxWalkEntries) {
        if (!stopped) skipped.push(`stopped looking after ${maxWalkEntries} entries`);
        stopped = true;
        return;
      }
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) {
        if (matches(child)) skipped.push(`${child}: a symbolic link, not followed`);
      } else if (entry.isDirectory()) {
        await walk(child);
      } else if (!matches(child)) {
        continue;
      } else if (entry.isFile()) {
        candidates.push(child);
      } else {
        skipped.push(`${child}: not a regular file`);
      }
    }
  };

  // Walk each glob's fixed base once; a base inside another base is covered by the outer walk.
  const bases = [...new Set(globs.map(globBase))].sort((a, b) => a.length - b.length);
  const walked: string[] = [];
  for (const base of bases) {
    if (walked.some((outer) => outer === "" || base === outer || base.startsWith(`${outer}/`))) continue;
    walked.push(base);
    if (await realDirectory(root, base, skipped)) await walk(base);
  }

  const files: CollectedFile[] = [];
  let total = 0;
  for (const relative of [...new Set(candidates)].sort()) {
    const handle = await open(path.join(root, relative), O_RDONLY | O_NOFOLLOW | O_NONBLOCK).catch(() => null);
    if (!handle) {
      skipped.push(`${relative}: could not be opened`);
      continue;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) skipped.push(`${relative}: not a regular file`);
      else if (stat.size > limits.maxFileBytes)
        skipped.push(`${relative}: ${formatSize(stat.size)}, over the ${formatSize(limits.maxFileBytes)} limit per file`);
      else if (files.length >= limits.maxFiles) skipped.push(`${relative}: over the limit of ${limits.maxFiles} files`);
      else if (total + stat.size > limits.maxTotalBytes) skipped.push(`${relative}: would pass the ${formatSize(limits.maxTotalBytes)} limit in all`);
      else {
        const bytes = new Uint8Array(await handle.readFile());
        total += bytes.length;
        files.push({ path: relative, bytes, size: bytes.length });
      }
    } finally {
      await handle.close();
    }
  }
  return { files, skipped: skipped.sort() };
}

/** Makes every directory under `dir` writable again (a script may chmod its own to 500), no symlink followed. */
async function unlockTree(dir: string): Promise<void> {
  await chmod(dir, 0o700).catch(() => undefined);
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [] as Dirent[]);
  for (const entry of entries) if (entry.isDirectory()) await unlockTree(path.join(dir, entry.name));
}

/** rm -rf that also removes trees a script made read-only. */
export async function removeTree(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true });
  } catch (error) {
    if (!["EACCES", "EPERM", "ENOTEMPTY"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
    await unlockTree(dir);
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The folder that holds every workspace: created 711 (others may pass through, which a sandbox
 * user other than the server's needs, but not list it). In a shared /tmp another user could have
 * made it first, as a symlink or a folder they control; then nothing is written there.
 */
export async function ensureRunsRoot(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o711 });
  const stat = await lstat(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) {
    throw new Error(`${dir} is not a directory owned by this server's user; remove it or choose another folder for sandbox workspaces`);
  }
  if ((stat.mode & 0o777) !== 0o711) await chmod(dir, 0o711);
}
