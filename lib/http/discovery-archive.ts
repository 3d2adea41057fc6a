import { exportSkillZip } from "@/lib/skills/archive/export";
import { executablePaths, sha256Hex } from "@/lib/skills/archive/digest";
import type { DeliveredSkill } from "@/lib/data/distribution";

// The archives of the discovery index (lib/http/discovery.ts): a skill with more than SKILL.md is
// one root-level ZIP, and the index must name the sha256 of that ZIP's bytes. Building one means
// reading every file of the version, so the digests are kept in this process, keyed by what
// decides the bytes: the bundle digest (the files' paths and contents), the execute bits and the
// name. exportSkillZip is deterministic, so a key always names the same bytes.

/** A version's files as an archive is built from them. */
export interface ArchiveFile {
  path: string;
  bytes: Uint8Array;
  executable: boolean;
}

/** The discovery archive of a skill version: its files at the root, stored, fixed timestamps. */
export function buildDiscoveryArchive(name: string, files: readonly ArchiveFile[]): Uint8Array {
  return exportSkillZip({ name, files: files.map((f) => ({ path: f.path, bytes: f.bytes, executable: f.executable })) }, { root: true });
}

/** What decides an archive's bytes. */
export function archiveKey(skill: Pick<DeliveredSkill, "name" | "bundleDigest" | "files">): string {
  return [skill.bundleDigest, skill.name, ...executablePaths(skill.files)].join("\0");
}

// Bounded: an entry is ~200 bytes, so this is a few MB at most; the oldest entry goes first.
const MAX_ENTRIES = 20_000;
const digests = new Map<string, string>();

function remember(key: string, digest: string): void {
  digests.delete(key);
  digests.set(key, digest);
  if (digests.size > MAX_ENTRIES) digests.delete(digests.keys().next().value!);
}

/** The archive's sha256 if this process has built it before. */
export function knownArchiveDigest(skill: Pick<DeliveredSkill, "name" | "bundleDigest" | "files">): string | null {
  return digests.get(archiveKey(skill)) ?? null;
}

/** Build an archive and remember its digest; the bytes go to whoever asked for them. */
export function buildAndRemember(
  skill: Pick<DeliveredSkill, "name" | "bundleDigest" | "files">,
  files: readonly ArchiveFile[],
): { bytes: Uint8Array; digest: string } {
  const bytes = buildDiscoveryArchive(skill.name, files);
  const digest = sha256Hex(bytes);
  remember(archiveKey(skill), digest);
  return { bytes, digest };
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The archive digest of every skill, from memory where known; the rest are built one at a time
 * with a turn of the event loop between them, so a first index of many skills never holds the
 * server for the whole computation. `load` reads one version's files (authorized by the caller).
 * Skills whose files are no longer there (deleted meanwhile) are left out of the answer.
 */
export async function archiveDigests<S extends Pick<DeliveredSkill, "skillId" | "name" | "bundleDigest" | "files">>(
  skills: readonly S[],
  load: (skill: S) => Promise<readonly ArchiveFile[] | null>,
): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const skill of skills) {
    const known = knownArchiveDigest(skill);
    if (known) {
      result.set(skill.skillId, known);
      continue;
    }
    const files = await load(skill);
    if (files) result.set(skill.skillId, buildAndRemember(skill, files).digest);
    await yieldToOthers();
  }
  return result;
}

/** For tests: forget every digest, so the next index builds its archives again. */
export function forgetArchiveDigests(): void {
  digests.clear();
}
