import { createHash } from "node:crypto";

/** sha256 over the sorted "path NUL sha256 LF" lines: equal exactly when the bundles are. */
export function bundleDigest(files: readonly { path: string; sha256: string }[]): string {
  const lines = files.map((file) => `${file.path}\0${file.sha256}\n`).sort();
  return createHash("sha256").update(lines.join("")).digest("hex");
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
