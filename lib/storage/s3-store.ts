import { createHash } from "node:crypto";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type HeadObjectCommandOutput,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { BlobStore } from "./blob-store";
import { BlobMissingError, BlobStoreError } from "./blob-store";

export interface S3StoreConfig {
  bucket: string;
  /** Anything but AWS itself: https://<account>.r2.cloudflarestorage.com, http://minio:9000 … */
  endpoint?: string;
  region: string;
  /** Both or neither; neither uses the SDK's own chain (environment, instance role …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** http://host/bucket/key instead of http://bucket.host/key (MinIO and most self-hosted services). */
  forcePathStyle: boolean;
  /** How long one operation may take, retries included, before it fails (a stalled service must not hang a request). */
  timeoutMs?: number;
  /** How long a presigned download URL is valid. */
  presignSeconds?: number;
}

/** Where a blob lives in the bucket: by its digest, fanned out by the first two hex digits. */
export const s3ObjectKey = (sha256: string) => `blobs/${sha256.slice(0, 2)}/${sha256}`;

const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// A missing object; a missing bucket is a configuration error and is reported as one.
const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && error.name !== "NoSuchBucket" && (error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey");

/**
 * Blobs in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO …), one object per digest. A put
 * asks first whether the object is there with the same digest, so a repeated put uploads nothing
 * and a put after a collector deleted the object stores it again. Every read checks the digest.
 */
export function createS3BlobStore(config: S3StoreConfig): BlobStore {
  const timeoutMs = config.timeoutMs ?? 30_000;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: newer default checksum headers are refused by some
    // S3-compatible services, and every read here verifies the sha256 itself.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: { connectionTimeout: Math.min(5_000, timeoutMs), requestTimeout: timeoutMs },
  });
  const where = (key: string | null) => (key ? `s3://${config.bucket}/${key}` : `bucket ${config.bucket}`);

  async function call<T>(operation: string, key: string | null, run: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const abortSignal = AbortSignal.timeout(timeoutMs);
    try {
      return await run(abortSignal);
    } catch (error) {
      if (error instanceof BlobMissingError || (isNotFound(error) && operation !== "HeadBucket")) throw error;
      const reason = abortSignal.aborted
        ? `no answer within ${timeoutMs / 1000} s`
        : error instanceof S3ServiceException
          ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? "?"})${error.message && error.message !== error.name ? `: ${error.message}` : ""}`
          : error instanceof Error
            ? error.message || error.name
            : String(error);
      throw new BlobStoreError(`S3 ${operation} of ${where(key)}${config.endpoint ? ` at ${config.endpoint}` : ""} failed: ${reason}`, { cause: error });
    }
  }

  async function head(key: string): Promise<HeadObjectCommandOutput | null> {
    try {
      return await call("HeadObject", key, (abortSignal) => client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }), { abortSignal }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    name: "s3",
    async put(sha256, bytes) {
      const actual = sha256Hex(bytes);
      if (actual !== sha256) throw new Error(`Refusing to store blob ${sha256}: its bytes hash to ${actual}.`);
      const key = s3ObjectKey(sha256);
      const existing = await head(key);
      if (existing?.Metadata?.sha256 !== sha256 || existing.ContentLength !== bytes.byteLength) {
        await call("PutObject", key, (abortSignal) =>
          client.send(
            new PutObjectCommand({
              Bucket: config.bucket,
              Key: key,
              Body: bytes,
              ContentLength: bytes.byteLength,
              ContentType: "application/octet-stream",
              // The service refuses a body that arrived different from what was sent.
              ContentMD5: createHash("md5").update(bytes).digest("base64"),
              Metadata: { sha256 },
            }),
            { abortSignal },
          ),
        );
      }
      return { storage: "s3", data: null, key };
    },
    async get(blob) {
      const key = blob.key ?? s3ObjectKey(blob.sha256);
      const bytes = await call("GetObject", key, async (abortSignal) => {
        const response = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }), { abortSignal });
        if (!response.Body) throw new BlobMissingError(`Blob ${blob.sha256} came back empty from ${where(key)}.`);
        return response.Body.transformToByteArray();
      }).catch((error: unknown) => {
        throw isNotFound(error) ? new BlobMissingError(`Blob ${blob.sha256} is missing from ${where(key)}.`, { cause: error }) : error;
      });
      const actual = sha256Hex(bytes);
      if (actual !== blob.sha256) throw new BlobStoreError(`${where(key)} holds bytes that hash to ${actual}, not the blob's ${blob.sha256}.`);
      return bytes;
    },
    async delete(blob) {
      const key = blob.key ?? s3ObjectKey(blob.sha256);
      await call("DeleteObject", key, (abortSignal) => client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }), { abortSignal })).catch(
        (error: unknown) => {
          if (!isNotFound(error)) throw error;
        },
      );
    },
    async presignedUrl(blob, response) {
      const key = blob.key ?? s3ObjectKey(blob.sha256);
      const command = new GetObjectCommand({
        Bucket: config.bucket,
        Key: key,
        ResponseContentType: response.contentType,
        ResponseContentDisposition: response.contentDisposition,
        ResponseCacheControl: "private, no-store",
      });
      return call("presign GetObject", key, () => getSignedUrl(client, command, { expiresIn: config.presignSeconds ?? 300 }));
    },
    async check() {
      await call("HeadBucket", null, (abortSignal) => client.send(new HeadBucketCommand({ Bucket: config.bucket }), { abortSignal }));
    },
  };
}
