import type { BlobStore } from "./blob-store";
import { BlobMissingError, BlobStoreError } from "./blob-store";

/**
 * uploadthing, used only when UPLOADTHING_TOKEN is set. Content addressing makes a put
 * idempotent: the file is named by its sha256 and uploading it twice is harmless.
 * This path cannot be exercised on machines without the service; it is kept to the calls the
 * BlobStore contract needs.
 */
export function createUploadthingBlobStore(token: string): BlobStore {
  const api = import("uploadthing/server").then(({ UTApi }) => new UTApi({ token }));
  return {
    name: "uploadthing",
    async put(sha256, bytes) {
      const utapi = await api;
      const file = new File([bytes as BlobPart], sha256, { type: "application/octet-stream" });
      const result = await utapi.uploadFiles(file);
      if (result.error) throw new Error(`uploadthing refused ${sha256}: ${result.error.message}`);
      return { storage: "uploadthing", data: null, key: result.data.key };
    },
    async get(blob) {
      if (!blob.key) throw new BlobMissingError(`Blob ${blob.sha256} has no uploadthing key.`);
      const utapi = await api;
      const { ufsUrl } = await utapi.generateSignedURL(blob.key);
      const response = await fetch(ufsUrl);
      if (!response.ok) throw new BlobMissingError(`uploadthing answered ${response.status} for ${blob.sha256}.`);
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(blob) {
      if (!blob.key) return;
      const utapi = await api;
      const result = await utapi.deleteFiles(blob.key);
      if (!result.success) throw new BlobStoreError(`uploadthing did not delete ${blob.sha256} (key ${blob.key}).`);
    },
    async check() {
      const utapi = await api;
      await utapi.getUsageInfo().catch((error: unknown) => {
        throw new BlobStoreError(`uploadthing did not answer: ${error instanceof Error ? error.message : String(error)}`);
      });
    },
  };
}
