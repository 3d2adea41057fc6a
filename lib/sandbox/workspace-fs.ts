// The host side of a workspace: staging the skill and the inputs, removing it all afterwards. The
// host acts on that tree with its own rights, so nothing here follows a symlink: every path
// component is checked with lstat, files open with O_NOFOLLOW, and new files with O_EXCL. (What a
// script leaves comes back as an archive the host only reads: workspace-archive.ts.)
import { constants, type Dirent } from "node:fs";
import { chmod, lstat, mkdir, open, readdir, rm } from "node:fs/promises";
import path from "node:path";

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;

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
