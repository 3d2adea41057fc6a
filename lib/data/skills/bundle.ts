import "server-only";
import { blobSelect, loadFileBytes } from "../platform/blobs";
import { db } from "@/lib/db/server";

// The one read of skill files that does not authorize: the sandbox stages a version its caller
// has already checked. Everything else reads files through ./files.ts, which takes the viewer.

/** One file of a version as a sandbox stages it (lib/sandbox/executor.ts StagedFile). */
export interface VersionBundleFile {
  path: string;
  bytes: Uint8Array;
  /** Staged 755 when set, else 644. */
  executable: boolean;
}

/**
 * Every file of one skill version, with its bytes and execute bit, sorted by path; an empty list
 * when no such version exists.
 *
 * Takes no viewer and authorizes nothing: it is for a caller that has already decided the version
 * may be used (the playground's skill_run, after resolving the skill through the viewer's
 * visibility and the review policy). Never hand it an id from a request without that check.
 */
export async function readVersionBundle(versionId: string): Promise<VersionBundleFile[]> {
  const files = await db.skillFile.findMany({ where: { versionId }, select: { path: true, executable: true, ...blobSelect }, orderBy: { path: "asc" } });
  return (await loadFileBytes(files)).map(({ path, bytes, executable }) => ({ path, bytes, executable }));
}
