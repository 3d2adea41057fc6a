import { createHash } from "node:crypto";
import { createServer, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { startS3Server } from "@/lib/test/s3-server";
import { BlobMissingError, BlobStoreError } from "./blob-store";
import { createS3BlobStore, s3ObjectKey } from "./s3-store";

const s3 = await startS3Server();
afterAll(() => s3.stop());

const config = {
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: "us-east-1",
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
};
const store = createS3BlobStore(config);
const raw = new S3Client({
  region: "us-east-1",
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
});

const blob = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
};
const ref = (sha256: string, key: string | null = s3ObjectKey(sha256)) => ({ sha256, storage: "s3", data: null, key });

describe("the S3 blob store", () => {
  it("keys a blob by its digest, keeps no bytes in the row, and reads it back", async () => {
    const { bytes, sha256 } = blob("# Hello\n");
    const stored = await store.put(sha256, bytes);
    expect(stored).toEqual({ storage: "s3", data: null, key: `blobs/${sha256.slice(0, 2)}/${sha256}` });
    expect(new TextDecoder().decode(await store.get(ref(sha256, stored.key)))).toBe("# Hello\n");
    const head = await raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: stored.key! }));
    expect(head.Metadata?.sha256).toBe(sha256);
    expect(head.ContentLength).toBe(bytes.byteLength);
  });

  it("uploads nothing for a blob already there with the same digest, and repairs one that is not", async () => {
    const { bytes, sha256 } = blob("same bytes twice\n");
    const key = s3ObjectKey(sha256);
    await store.put(sha256, bytes);
    // Corrupt the object but leave the digest in its metadata: a put that uploaded again would heal it.
    const corrupt = new TextEncoder().encode("SAME BYTES TWICE\n");
    await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: corrupt, Metadata: { sha256 } }));
    await store.put(sha256, bytes);
    const error = await store.get(ref(sha256)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlobStoreError);
    expect((error as Error).message).toContain(`s3://${s3.bucket}/${key} holds bytes that hash to`);

    // An object with no digest recorded (written by something else) is replaced.
    await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: corrupt }));
    await store.put(sha256, bytes);
    expect(new TextDecoder().decode(await store.get(ref(sha256)))).toBe("same bytes twice\n");
  });

  it("refuses bytes that do not match the digest it is asked to store them under", async () => {
    const { sha256 } = blob("one");
    await expect(store.put(sha256, new TextEncoder().encode("two"))).rejects.toThrow(`Refusing to store blob ${sha256}`);
    await expect(raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: s3ObjectKey(sha256) }))).rejects.toMatchObject({ name: "NotFound" });
  });

  it("deletes a blob (twice is fine), then a put of the same digest stores it again", async () => {
    const { bytes, sha256 } = blob("short-lived\n");
    await store.put(sha256, bytes);
    await store.delete(ref(sha256));
    await store.delete(ref(sha256));
    await expect(store.get(ref(sha256))).rejects.toThrow(BlobMissingError);
    await expect(store.get(ref(sha256))).rejects.toThrow(`is missing from s3://${s3.bucket}/${s3ObjectKey(sha256)}`);
    await store.put(sha256, bytes);
    expect(new TextDecoder().decode(await store.get(ref(sha256)))).toBe("short-lived\n");
  });

  it("presigns a short-lived GET that answers the bytes with the headers asked for", async () => {
    const { bytes, sha256 } = blob("%PDF-1.7 not really\n");
    await store.put(sha256, bytes);
    const url = await store.presignedUrl!(ref(sha256), { contentType: "application/pdf", contentDisposition: 'attachment; filename="report.pdf"' });
    expect(url).toContain("X-Amz-Expires=300");
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="report.pdf"');
  });

  it("checks the bucket, and names the bucket and operation when it is missing", async () => {
    await expect(store.check!()).resolves.toBeUndefined();
    const missing = createS3BlobStore({ ...config, bucket: "no-such-bucket" });
    await expect(missing.check!()).rejects.toThrow(`S3 HeadBucket of bucket no-such-bucket at ${s3.endpoint} failed: NotFound (HTTP 404)`);
    const { bytes, sha256 } = blob("nowhere to go\n");
    await expect(missing.put(sha256, bytes)).rejects.toThrow(`S3 PutObject of s3://no-such-bucket/${s3ObjectKey(sha256)}`);
  });

  it("fails with the operation and object named, instead of hanging, when the service accepts connections and never answers", async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const stalled = createS3BlobStore({ ...config, endpoint: `http://127.0.0.1:${port}`, timeoutMs: 300 });
      const { sha256 } = blob("never answered\n");
      const error = await stalled.get(ref(sha256)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BlobStoreError);
      expect((error as Error).message).toBe(
        `S3 GetObject of s3://${s3.bucket}/${s3ObjectKey(sha256)} at http://127.0.0.1:${port} failed: no answer within 0.3 s`,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("says so when nothing listens at the endpoint", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = createS3BlobStore({ ...config, endpoint: `http://127.0.0.1:${port}` });
    await expect(refused.check!()).rejects.toThrow(new RegExp(`^S3 HeadBucket of bucket ${s3.bucket} at http://127.0.0.1:${port} failed: .*ECONNREFUSED`));
  });
});

// Keep the SDK import honest: the raw client reads what the store wrote.
it("writes objects any S3 client can read", async () => {
  const { bytes, sha256 } = blob("plain object\n");
  await store.put(sha256, bytes);
  const response = await raw.send(new GetObjectCommand({ Bucket: s3.bucket, Key: s3ObjectKey(sha256) }));
  expect(await response.Body!.transformToString()).toBe("plain object\n");
});
