/**
 * Where file bytes live. Rows in `Blob` always exist (content-addressed by sha256); a store
 * decides whether the bytes sit in the row itself or somewhere else that the row points to.
 */
/** Where a blob's bytes are kept (the Blob row's storage column). */
export type BlobStorageKind = "database" | "uploadthing";

export interface StoredBlob {
  storage: BlobStorageKind;
  /** Bytes kept in the database row, when the store keeps them there. */
  data: Uint8Array | null;
  /** Where the bytes are kept otherwise. */
  key: string | null;
}

export interface BlobStore {
  readonly name: string;
  /**
   * Make the bytes durable and say how to find them again. Called before the database
   * transaction that references them; must be idempotent for the same sha256 (content
   * addressing makes a repeated or abandoned put harmless).
   */
  put(sha256: string, bytes: Uint8Array): Promise<StoredBlob>;
  get(blob: { sha256: string; storage: string; data: Uint8Array | null; key: string | null }): Promise<Uint8Array>;
  /**
   * Rejects when the store cannot take or give bytes right now (unreachable, wrong credentials, no
   * bucket). Readiness (/api/ready) calls it so that a load balancer sends no traffic to an
   * instance that cannot serve files. A store without one (the database store) is as ready as the
   * database, which readiness checks anyway.
   */
  check?(): Promise<void>;
}

export class BlobMissingError extends Error {
  name = "BlobMissingError";
}
