import "server-only";
import { getEnv, type Env } from "@/lib/env";
import { lazyBlobStore, type BlobStore } from "@/lib/storage/blob-store";
import { databaseBlobStore } from "@/lib/storage/database-store";
import { createUploadthingBlobStore } from "@/lib/storage/uploadthing-store";

let store: BlobStore | undefined;

function configuredStore(env: Env): BlobStore {
  if (env.S3_BUCKET) {
    const config = {
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    };
    return lazyBlobStore("s3", () => import("@/lib/storage/s3-store").then(({ createS3BlobStore }) => createS3BlobStore(config)));
  }
  if (env.UPLOADTHING_TOKEN) return createUploadthingBlobStore(env.UPLOADTHING_TOKEN);
  return databaseBlobStore;
}

/** Where new bytes go: an S3 bucket when S3_BUCKET is set, else uploadthing with UPLOADTHING_TOKEN, else the database. */
export function getBlobStore(): BlobStore {
  store ??= configuredStore(getEnv());
  return store;
}

/**
 * The store that holds a blob stored as `kind`: rows written before the configuration changed
 * keep being read from where they are (bytes in the database stay readable after S3 is set up).
 */
export function blobStoreFor(kind: string): BlobStore | null {
  if (kind === "database") return databaseBlobStore;
  const current = getBlobStore();
  return current.name === kind ? current : null;
}

/** Downloads go to a presigned URL of the store instead of through the app (S3_PRESIGNED_DOWNLOADS). */
export const presignedDownloads = (): boolean => getEnv().S3_PRESIGNED_DOWNLOADS;
