import { createHash } from "node:crypto";

/** sha256 over the sorted "path NUL sha256 LF" lines: equal exactly when the bundles are. */
export function bundleDigest(files: readonly { path: string; sha256: string }[]): string {
  const lines = files.map((file) => `${file.path}\0${file.sha256}\n`).sort();
  return createHash("sha256").update(lines.join("")).digest("hex");
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The executable files' paths, sorted. The execute bit stays out of bundleDigest (the discovery
 * index keys on that digest), so a version is the same as a bundle when both the digest and these
 * paths match.
 */
export function executablePaths(files: readonly { path: string; executable?: boolean }[]): string[] {
  return files
    .filter((file) => file.executable)
    .map((file) => file.path)
    .sort();
}

/** Whether `files` are exactly a stored version: the same bytes at the same paths, the same execute bits. */
export function sameVersionContent(
  version: { digest: string | null; executables: readonly string[] },
  files: readonly { path: string; sha256: string; executable?: boolean }[],
): boolean {
  if (version.digest !== bundleDigest(files)) return false;
  const mine = executablePaths(files);
  const theirs = [...version.executables].sort();
  return mine.length === theirs.length && mine.every((path, i) => path === theirs[i]);
}
