/**
 * Where file bytes live. Rows in `Blob` always exist (content-addressed by sha256); a store
 * decides whether the bytes sit in the row itself or somewhere else that the row points to.
 */
/** Where a blob's bytes are kept (the Blob row's storage column). */
export type BlobStorageKind = "database" | "uploadthing" | "s3";

export interface StoredBlob {
  storage: BlobStorageKind;
  /** Bytes kept in the database row, when the store keeps them there. */
  data: Uint8Array | null;
  /** Where the bytes are kept otherwise. */
  key: string | null;
}

/** What a Blob row says about its bytes. */
export interface BlobRef {
  sha256: string;
  storage: string;
  data: Uint8Array | null;
  key: string | null;
}

/** How the client should treat bytes it fetches straight from the store (a presigned URL's response headers). */
export interface DownloadResponse {
  contentType: string;
  contentDisposition: string;
}

export interface BlobStore {
  /** The storage kind its blobs are written with (a BlobStorageKind for the app's stores). */
  readonly name: string;
  /**
   * Make the bytes durable and say how to find them again. Called before the database
   * transaction that references them; must be idempotent for the same sha256 (content
   * addressing makes a repeated or abandoned put harmless).
   */
  put(sha256: string, bytes: Uint8Array): Promise<StoredBlob>;
  get(blob: BlobRef): Promise<Uint8Array>;
  /** Remove the bytes kept outside the row; a blob already gone is not an error. */
  delete(blob: BlobRef): Promise<void>;
  /** A short-lived URL the client fetches the bytes from itself; only stores that can give one have it. */
  presignedUrl?(blob: BlobRef, response: DownloadResponse): Promise<string>;
  /**
   * Rejects when the store cannot take or give bytes right now (unreachable, wrong credentials, no
   * bucket), with a message naming what failed. Readiness (/api/ready) calls it so that a load
   * balancer sends no traffic to an instance that cannot serve files. A store without one (the
   * database store) is as ready as the database, which readiness checks anyway.
   */
  check?(): Promise<void>;
}

export class BlobMissingError extends Error {
  name = "BlobMissingError";
}

/** A store that failed or did not answer in time; the message names the store, the operation and the object. */
export class BlobStoreError extends Error {
  name = "BlobStoreError";
}

/**
 * A store whose module loads on first use: the AWS SDK costs every server start time and memory,
 * and most installs never configure it.
 */
export function lazyBlobStore(name: BlobStorageKind, load: () => Promise<BlobStore>): BlobStore {
  let loading: Promise<BlobStore> | undefined;
  const store = () => (loading ??= load());
  return {
    name,
    put: async (sha256, bytes) => (await store()).put(sha256, bytes),
    get: async (blob) => (await store()).get(blob),
    delete: async (blob) => (await store()).delete(blob),
    presignedUrl: async (blob, response) => {
      const loaded = await store();
      if (!loaded.presignedUrl) throw new BlobStoreError(`The ${name} store cannot presign downloads.`);
      return loaded.presignedUrl(blob, response);
    },
    check: async () => (await store()).check?.(),
  };
}
