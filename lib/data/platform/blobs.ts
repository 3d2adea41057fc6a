import "server-only";
import type { Tx } from "@/lib/db/client";
import { db } from "@/lib/db/server";
import { timeSlicer } from "@/lib/skills/archive/steps";
import { BlobMissingError, type BlobRef, type BlobStore, type DownloadResponse, type StoredBlob } from "@/lib/storage/blob-store";
import { blobStoreFor, getBlobStore, presignedDownloads } from "./storage";

/** What a file row selects to reach its bytes. */
export const blobSelect = { blob: { select: { sha256: true, storage: true, data: true, key: true } } } as const;

/** Blobs put before a transaction, to be written as rows inside it (writeBlobRows). */
export type PutBlobs = Map<string, { size: number; stored: StoredBlob }>;

// A remote store answers each call over the network: a few at a time keeps a large skill from
// taking one round trip per file, without opening hundreds of requests at once.
const CONCURRENT_CALLS = 8;

/** `run` over every item, a few at a time. */
export async function eachConcurrently<T>(items: readonly T[], run: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      await run(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_CALLS, items.length) }, worker));
}

function storeOf(blob: BlobRef): BlobStore {
  const store = blobStoreFor(blob.storage);
  if (!store) throw new BlobMissingError(`Blob ${blob.sha256} is kept in ${blob.storage}, which this server is not configured for.`);
  return store;
}

/**
 * Store the bytes of these files before the transaction that references them. With a store
 * outside the database, the rows these digests already have are touched first: the collector
 * (blob-collector.ts) only takes rows older than its grace period, and deletes their objects
 * inside the transaction that deletes the row, so a put after the touch either finds the object
 * or stores it again, and the row it is about to reference cannot be collected before the commit.
 */
export async function putBlobs(files: readonly { sha256: string; bytes: Uint8Array }[]): Promise<PutBlobs> {
  const store = getBlobStore();
  const unique = [...new Map(files.map((file) => [file.sha256, file])).values()];
  if (store.name !== "database") {
    for (let start = 0; start < unique.length; start += 500) {
      const sha256 = unique.slice(start, start + 500).map((file) => file.sha256);
      await db.blob.updateMany({ where: { sha256: { in: sha256 } }, data: { createdAt: new Date() } });
    }
  }
  const stored: StoredBlob[] = new Array(unique.length);
  await eachConcurrently(unique, async (file, index) => {
    stored[index] = await store.put(file.sha256, file.bytes);
  });
  return new Map(unique.map((file, index) => [file.sha256, { size: file.bytes.byteLength, stored: stored[index] }]));
}

/**
 * The Blob rows of blobs put before this transaction. An existing row is pointed at what was just
 * put when that is outside the database: the put object certainly exists (an uploadthing key
 * differs per upload), while the one the row named may be gone. Bytes in a row are left alone.
 */
export async function writeBlobRows(tx: Tx, blobs: PutBlobs): Promise<void> {
  // On SQLite each upsert is synchronous work: a skill of many files gives the event loop turns in between.
  const slice = timeSlicer();
  for (const [sha256, { size, stored }] of blobs) {
    await slice();
    await tx.blob.upsert({
      where: { sha256 },
      create: { sha256, size, storage: stored.storage, data: stored.data ? new Uint8Array(stored.data) : null, key: stored.key },
      update: stored.storage === "database" ? {} : { storage: stored.storage, key: stored.key, data: null },
    });
  }
}

/** The bytes of each file's blob, in the order given; the blob reference itself is dropped. */
export async function loadFileBytes<F extends { blob: BlobRef }>(files: readonly F[]): Promise<(Omit<F, "blob"> & { bytes: Uint8Array })[]> {
  const result = new Array<Omit<F, "blob"> & { bytes: Uint8Array }>(files.length);
  await eachConcurrently(files, async ({ blob, ...rest }, index) => {
    result[index] = { ...rest, bytes: await storeOf(blob).get(blob) };
  });
  return result;
}

/**
 * A short-lived URL of the store that answers this blob's bytes with these headers, when
 * S3_PRESIGNED_DOWNLOADS is on and the blob lives in a store that can sign one; else null and the
 * app serves the bytes itself. Authorize before asking: the URL is a capability.
 */
export async function presignedBlobUrl(blob: BlobRef, response: DownloadResponse): Promise<string | null> {
  if (!presignedDownloads()) return null;
  const store = blobStoreFor(blob.storage);
  return store?.presignedUrl ? store.presignedUrl(blob, response) : null;
}

/** A file's bytes, not read yet: read them here, or hand the client a URL of the store (see presignedBlobUrl). */
export interface StoredBytes {
  read(): Promise<Uint8Array>;
  presignedUrl(response: DownloadResponse): Promise<string | null>;
}

export function storedBytes(blob: BlobRef): StoredBytes {
  return { read: () => storeOf(blob).get(blob), presignedUrl: (response) => presignedBlobUrl(blob, response) };
}

/**
 * Deletes the blobs kept in the database that no skill file or playground file references any
 * more (after a delete, a prune, a conversation deleted). Blobs kept in a bucket are left to
 * collectUnreferencedBlobs (blob-collector.ts), which deletes the object with the row.
 */
export async function collectOrphanBlobs(tx: Tx): Promise<number> {
  return tx.blob.deleteMany({ where: { storage: "database", files: { none: {} }, playgroundFiles: { none: {} } } }).then((result) => result.count);
}
