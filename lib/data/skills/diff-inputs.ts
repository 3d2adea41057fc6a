import "server-only";
import type { DiffInputFile } from "@/lib/skills/diff/diff";
import { filesToRead } from "@/lib/skills/diff/skill-diff";
import { isTextMediaType } from "@/lib/skills/format/media-type";
import { decodeUtf8 } from "@/lib/skills/format/text";
import { blobSelect, loadFileBytes } from "../platform/blobs";
import { db } from "@/lib/db/server";

// Two versions' files as diffSkillFiles takes them, for the compare and review pages. A proposal
// usually touches a few files of many: the rest keep their digest, so only the files that differ
// are read from the blob store and decoded (a 300-file skill with 50 edits reads 100 files, not 600).

const metaSelect = { id: true, path: true, size: true, mediaType: true, sha256: true, executable: true } as const;

type Meta = { id: string; path: string; size: number; mediaType: string; sha256: string; executable: boolean };

async function metaOf(versionId: string | null): Promise<Meta[]> {
  return versionId ? db.skillFile.findMany({ where: { versionId }, select: metaSelect, orderBy: { path: "asc" } }) : [];
}

async function withText(files: readonly Meta[], read: ReadonlySet<string>): Promise<DiffInputFile[]> {
  const wanted = files.filter((f) => read.has(f.path));
  const rows = wanted.length ? await db.skillFile.findMany({ where: { id: { in: wanted.map((f) => f.id) } }, select: { id: true, ...blobSelect } }) : [];
  const bytes = new Map((await loadFileBytes(rows)).map((row) => [row.id, row.bytes]));
  return files.map((f) => {
    const base = { path: f.path, size: f.size, sha256: f.sha256, mediaType: f.mediaType, executable: f.executable };
    const loaded = bytes.get(f.id);
    // Stored media types were detected from the bytes at upload; invalid UTF-8 still counts as binary.
    if (loaded) return { ...base, text: isTextMediaType(f.mediaType) ? decodeUtf8(loaded) : null };
    return { ...base, text: null, binary: !isTextMediaType(f.mediaType) };
  });
}

/**
 * Both sides' files (an absent side is an empty list), with text only for files that differ.
 * `paths` narrows both sides to those paths (a page loading the bodies it left out).
 */
export async function readDiffInputs(
  beforeVersionId: string | null,
  afterVersionId: string | null,
  paths?: ReadonlySet<string>,
): Promise<{ before: DiffInputFile[]; after: DiffInputFile[] }> {
  const narrow = (files: Meta[]) => (paths ? files.filter((f) => paths.has(f.path)) : files);
  const [beforeMeta, afterMeta] = await Promise.all([metaOf(beforeVersionId).then(narrow), metaOf(afterVersionId).then(narrow)]);
  const read = filesToRead(beforeMeta, afterMeta);
  const [before, after] = await Promise.all([withText(beforeMeta, read.before), withText(afterMeta, read.after)]);
  return { before, after };
}
