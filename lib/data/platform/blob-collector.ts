import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import { db } from "@/lib/db/server";
import { getEnv } from "@/lib/env";
import { eachConcurrently } from "./blobs";
import { blobStoreFor } from "./storage";

// Unreferenced blobs, collected after a grace period. Not a viewer operation: the job queue runs it.
//
// Why it cannot lose a blob something references: an upload puts its bytes before the transaction
// that references them, and touches the rows it will reuse first (putBlobs in blobs.ts), so a row
// it depends on is younger than the grace period until it commits. Here each batch locks its rows
// (PostgreSQL: FOR UPDATE, skipping rows a writer holds; SQLite: the one writer), checks again
// under the lock that they are old and unreferenced, and deletes the stored objects and then the
// rows inside that transaction. A touch or a commit that references a row waits for the lock; a put
// after the lock is released finds the object gone and stores it again. If deleting an object
// fails, the transaction rolls back and the rows stay for the next run (a later put restores any
// object already deleted).

export interface BlobCollection {
  /** Blob rows deleted. */
  deleted: number;
  /** Of those, the ones whose bytes were in a bucket (S3 or uploadthing) and were deleted there. */
  objectsDeleted: number;
  /** Unreferenced old rows left because they live in a store this server is not configured for. */
  skipped: number;
}

const BATCH = 100;

/**
 * Delete blobs no skill file or playground file references and no upload has put for `graceMs`
 * (BLOB_GRACE_HOURS by default), their stored objects first. Looks at `limit` blobs at most
 * (default 1,000); run it again for more.
 */
export async function collectUnreferencedBlobs(options: { graceMs?: number; limit?: number } = {}): Promise<BlobCollection> {
  const graceMs = options.graceMs ?? getEnv().BLOB_GRACE_HOURS * 3_600_000;
  const limit = options.limit ?? 1_000;
  if (!(graceMs >= 0) || !Number.isSafeInteger(limit) || limit < 1)
    throw new Error("collectUnreferencedBlobs needs graceMs >= 0 and a positive integer limit.");
  const cutoff = new Date(Date.now() - graceMs);
  const result: BlobCollection = { deleted: 0, objectsDeleted: 0, skipped: 0 };
  let after = "";
  for (let examined = 0; examined < limit;) {
    const candidates = await db.blob.findMany({
      where: { sha256: { gt: after }, ...unreferencedBefore(cutoff) },
      select: { sha256: true },
      orderBy: { sha256: "asc" },
      take: Math.min(BATCH, limit - examined),
    });
    if (!candidates.length) break;
    examined += candidates.length;
    after = candidates[candidates.length - 1].sha256;
    const batch = await db.$transaction(
      (tx) =>
        collectBatch(
          tx,
          candidates.map((c) => c.sha256),
          cutoff,
        ),
      // The objects are deleted inside the transaction; the store's own timeouts bound each call.
      { timeout: 120_000, maxWait: 30_000 },
    );
    result.deleted += batch.deleted;
    result.objectsDeleted += batch.objectsDeleted;
    result.skipped += batch.skipped;
  }
  return result;
}

const unreferencedBefore = (cutoff: Date) => ({ createdAt: { lt: cutoff }, files: { none: {} }, playgroundFiles: { none: {} } });

async function collectBatch(tx: Tx, candidates: string[], cutoff: Date): Promise<BlobCollection> {
  let locked = candidates;
  if (db.$dialect === "postgres") {
    const rows = await tx.$queryRaw<{ sha256: string }[]>`SELECT "sha256" FROM "Blob" WHERE "sha256" IN (${Prisma.join(candidates)}) FOR UPDATE SKIP LOCKED`;
    locked = rows.map((row) => row.sha256);
    if (!locked.length) return { deleted: 0, objectsDeleted: 0, skipped: 0 };
  }
  // A new statement, so it sees what committed while the candidates were read.
  const doomed = await tx.blob.findMany({
    where: { sha256: { in: locked }, ...unreferencedBefore(cutoff) },
    select: { sha256: true, storage: true, key: true },
  });
  const collectable = doomed.flatMap((blob) => {
    const store = blobStoreFor(blob.storage);
    return store ? [{ blob: { ...blob, data: null }, store }] : [];
  });
  await eachConcurrently(collectable, ({ blob, store }) => store.delete(blob));
  const { count } = await tx.blob.deleteMany({ where: { sha256: { in: collectable.map(({ blob }) => blob.sha256) } } });
  return {
    deleted: count,
    objectsDeleted: collectable.filter(({ blob }) => blob.storage !== "database").length,
    skipped: doomed.length - collectable.length,
  };
}
