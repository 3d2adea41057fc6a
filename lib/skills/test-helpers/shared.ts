import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { FileInput } from "../archive/bundle";

/** The repository root (lib/skills/test-helpers is three levels down). */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

/** Shared team material (corpus, upstream cases); absent outside the team's machines. */
export const SHARED_DIR = path.resolve(REPO_ROOT, "../shared");

export const hasShared = existsSync(SHARED_DIR);

export function noteIfSharedMissing(what: string): void {
  if (!hasShared) console.warn(`[skills tests] skipping ${what}: ${SHARED_DIR} is not present`);
}

/** A folder as the browser uploads it: every path starts with `prefix` (usually the folder name). */
export function readTree(dir: string, prefix: string): FileInput[] {
  const out: FileInput[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(full).isDirectory()) out.push(...readTree(full, rel));
    else out.push({ path: rel, bytes: new Uint8Array(readFileSync(full)) });
  }
  return out;
}
