import "server-only";
import { getEnv } from "@/lib/env";
import type { BlobStore } from "@/lib/storage/blob-store";
import { databaseBlobStore } from "@/lib/storage/database-store";
import { createUploadthingBlobStore } from "@/lib/storage/uploadthing-store";

let store: BlobStore | undefined;

/** The database by default; uploadthing only when a token is configured. */
export function getBlobStore(): BlobStore {
  const token = getEnv().UPLOADTHING_TOKEN;
  store ??= token ? createUploadthingBlobStore(token) : databaseBlobStore;
  return store;
}
