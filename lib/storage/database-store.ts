import type { BlobStore } from "./blob-store";
import { BlobMissingError } from "./blob-store";

/**
 * The default: bytes in the Blob row, written in the same transaction as the version. No `check`:
 * its bytes are as reachable as the database, which readiness checks itself.
 */
export const databaseBlobStore: BlobStore = {
  name: "database",
  async put(_sha256, bytes) {
    return { storage: "database", data: bytes, key: null };
  },
  async get(blob) {
    if (!blob.data) throw new BlobMissingError(`Blob ${blob.sha256} has no bytes in the database (storage: ${blob.storage}).`);
    return blob.data;
  },
  // The bytes go with the row.
  async delete() {},
};
