import "server-only";
import { loadActor, type ViewerRef } from "../core/actor";
import { blobSelect, loadFileBytes, storedBytes, type StoredBytes } from "../platform/blobs";
import { db } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { findVisibleSkill, visibleToSql } from "../core/skill-access";

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
  // One statement: the version's visibility, its files asked for and their blobs (a row with no
  // file when none matches), where a relation load would cost one statement each.
  const wanted = paths.length ? Prisma.sql`f."path" IN (${Prisma.join([...new Set(paths)])})` : Prisma.sql`FALSE`;
  const rows = await db.$queryRaw<FileRow[]>`
    SELECT f."path", f."size", f."mediaType", f."sha256", f."executable", b."storage", b."data", b."key"
    FROM "SkillVersion" v
    JOIN "Skill" s ON s."id" = v."skillId"
    LEFT JOIN "SkillFile" f ON f."versionId" = v."id" AND ${wanted}
    LEFT JOIN "Blob" b ON b."sha256" = f."sha256"
    WHERE v."skillId" = ${skillId} AND v."number" = ${number} AND ${visibleToSql(actor)}`;
  if (!rows.length) return null;
  const files = rows.flatMap((row) =>
    row.path !== null && row.sha256 !== null && row.storage !== null
      ? [
          {
            path: row.path,
            size: Number(row.size),
            mediaType: row.mediaType ?? "",
            sha256: row.sha256,
            // SQLite answers booleans as 0/1.
            executable: row.executable === true || Number(row.executable) === 1,
            blob: { sha256: row.sha256, storage: row.storage, data: row.data, key: row.key },
          },
        ]
      : [],
  );
  return new Map((await loadFileBytes(files)).map(({ path, ...file }) => [path, file]));
}

type FileRow = {
  path: string | null;
  size: unknown;
  mediaType: string | null;
  sha256: string | null;
  executable: unknown;
  storage: string | null;
  data: Uint8Array | null;
  key: string | null;
};

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
