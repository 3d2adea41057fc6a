import "server-only";
import { loadActor, type ViewerRef } from "../core/actor";
import { blobSelect, loadFileBytes, storedBytes, type StoredBytes } from "../platform/blobs";
import { db } from "@/lib/db/server";
import { findVisibleSkill, findVisibleVersion } from "../core/skill-access";

// The bytes of a visible skill's files: one, several, or a whole version. Every read answers null
// for what the viewer may not see, as if it did not exist.

const fileSelect = { path: true, size: true, mediaType: true, sha256: true, executable: true, ...blobSelect } as const;

export interface SkillFileBytes {
  path: string;
  bytes: Uint8Array;
  size: number;
  mediaType: string;
  sha256: string;
  /** Git-like mode: exported and staged as 755, else 644. */
  executable: boolean;
}

/** The bytes of one file of a version (current when `number` is omitted), or null. */
export async function readSkillFile(
  viewer: ViewerRef,
  skillId: string,
  path: string,
  number?: number,
): Promise<(Omit<SkillFileBytes, "path"> & { version: number }) | null> {
  const file = await openSkillFile(viewer, skillId, path, number);
  if (!file) return null;
  const { content, ...rest } = file;
  return { ...rest, bytes: await content.read() };
}

/**
 * One file of a version (current when `number` is omitted) with its bytes still in the store, for
 * a download that may send the client to the store itself; null when not visible.
 */
export async function openSkillFile(
  viewer: ViewerRef,
  skillId: string,
  path: string,
  number?: number,
): Promise<(Omit<SkillFileBytes, "path" | "bytes"> & { version: number; content: StoredBytes }) | null> {
  const actor = await loadActor(db, viewer);
  const skill = await findVisibleSkill(db, actor, skillId, { currentVersion: { select: { number: true } } });
  const versionNumber = number ?? skill?.currentVersion?.number;
  if (!skill || !versionNumber) return null;
  const file = await db.skillFile.findFirst({ where: { path, version: { skillId, number: versionNumber } }, select: fileSelect });
  if (!file) return null;
  const { path: _path, blob, ...meta } = file;
  return { ...meta, version: versionNumber, content: storedBytes(blob) };
}

/**
 * The bytes of several files of one version at once (the skill page reads every Markdown file to
 * resolve links), or null when the skill or version is not visible. Paths not in the version are
 * left out of the map.
 */
export async function readSkillFiles(
  viewer: ViewerRef,
  skillId: string,
  number: number,
  paths: readonly string[],
): Promise<Map<string, Omit<SkillFileBytes, "path">> | null> {
  const actor = await loadActor(db, viewer);
  const version = await findVisibleVersion(db, actor, skillId, number, { id: true });
  if (!version) return null;
  if (!paths.length) return new Map();
  const files = await db.skillFile.findMany({ where: { versionId: version.id, path: { in: [...new Set(paths)] } }, select: fileSelect });
  return new Map((await loadFileBytes(files)).map(({ path, ...file }) => [path, file]));
}

/**
 * Every file of one version with its bytes (the current version when `number` is omitted), for
 * downloads and comparisons; null when the skill or the version is not visible.
 */
export async function readSkillVersionFiles(
  viewer: ViewerRef,
  skillId: string,
  number?: number,
): Promise<{ skillId: string; name: string; version: number; digest: string; files: SkillFileBytes[] } | null> {
  const actor = await loadActor(db, viewer);
  const skill = await findVisibleSkill(db, actor, skillId, { currentVersion: { select: { number: true } } });
  const versionNumber = number ?? skill?.currentVersion?.number;
  if (!skill || !versionNumber) return null;
  const version = await db.skillVersion.findUnique({
    where: { skillId_number: { skillId, number: versionNumber } },
    select: { name: true, digest: true, files: { select: fileSelect, orderBy: { path: "asc" } } },
  });
  if (!version) return null;
  return { skillId, name: version.name, version: versionNumber, digest: version.digest, files: await loadFileBytes(version.files) };
}
