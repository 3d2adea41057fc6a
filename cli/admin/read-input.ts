import { lstat, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_LIMITS, type BundleLimits } from "../../lib/skills/format/limits";
import { detectBundleKind, type BundleInput, type FileInput } from "../../lib/skills/archive/bundle";
import type { Finding } from "../../lib/skills/format/findings";

// File-system reading lives here, not in lib/skills: the library only ever sees bytes.

export type InputResult = { ok: true; input: BundleInput } | { ok: false; finding: Finding };

/** Turns a path given on the command line into a bundle input: a folder, SKILL.md, ZIP or tarball. */
export async function readInputPath(inputPath: string, cwd: string, limits: BundleLimits = DEFAULT_LIMITS): Promise<InputResult> {
  const absolute = path.resolve(cwd, inputPath);
  let stats;
  try {
    // the user named this path, so a link to it is followed, like any command-line tool does
    stats = await stat(absolute);
  } catch {
    return { ok: false, finding: { severity: "error", code: "input-not-found", message: `${inputPath}: path does not exist`, path: inputPath } };
  }
  if (stats.isDirectory()) {
    const files = await readFolder(absolute, limits);
    return { ok: true, input: { kind: "files", files } };
  }
  if (!stats.isFile()) {
    return {
      ok: false,
      finding: { severity: "error", code: "input-unsupported", message: `${inputPath}: not a folder, SKILL.md, ZIP or tarball`, path: inputPath },
    };
  }
  const bytes = new Uint8Array(await readFile(absolute));
  const kind = detectBundleKind(path.basename(absolute), bytes);
  if (kind === null) {
    return {
      ok: false,
      finding: {
        severity: "error",
        code: "input-unsupported",
        message: `${inputPath}: not a folder, SKILL.md, ZIP (.zip, .skill) or tarball (.tar.gz, .tgz)`,
        path: inputPath,
      },
    };
  }
  if (kind === "skill-md") return { ok: true, input: { kind, bytes, folderName: path.basename(path.dirname(absolute)) } };
  return { ok: true, input: { kind, bytes } };
}

/**
 * Reads a folder as the browser would upload it: paths start with the folder's own name. Links
 * and special files are passed on (to be rejected by name), hidden folders are not descended
 * into, and nothing past the limits is read into memory.
 */
export async function readFolder(folder: string, limits: BundleLimits = DEFAULT_LIMITS): Promise<FileInput[]> {
  const files: FileInput[] = [];
  const top = path.basename(folder);
  const empty = new Uint8Array(0);
  let total = 0;
  const walk = async (dir: string, rel: string): Promise<void> => {
    const names = (await readdir(dir)).sort();
    for (const name of names) {
      // one past the limit is enough for the reader to say "too many"
      if (files.length > limits.maxEntries) return;
      const full = path.join(dir, name);
      const relPath = `${rel}/${name}`;
      const stats = await lstat(full);
      if (stats.isSymbolicLink()) files.push({ path: relPath, bytes: empty, type: "symlink" });
      else if (stats.isDirectory()) {
        if (name.startsWith(".")) files.push({ path: `${relPath}/`, bytes: empty, type: "directory" });
        else await walk(full, relPath);
      } else if (!stats.isFile()) files.push({ path: relPath, bytes: empty, type: "special" });
      else if (stats.size > limits.maxFileBytes || total + stats.size > limits.maxTotalBytes) {
        // its size alone is enough for the reader to refuse it
        files.push({ path: relPath, bytes: empty, size: stats.size });
      } else {
        total += stats.size;
        // git-like: only the execute bit of the mode is kept
        files.push({ path: relPath, bytes: new Uint8Array(await readFile(full)), executable: (stats.mode & 0o111) !== 0 });
      }
    }
  };
  await walk(folder, top);
  return files;
}
