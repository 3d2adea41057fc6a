import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3TestServer {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT (path-style only: s3rver has no virtual hosts here). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* settings that point the app at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 and a free port, its objects in a temp folder,
 * with one empty bucket. s3rver accepts only its built-in key pair, and ignores If-None-Match.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? "skillshelf-test";
  const directory = await mkdtemp(path.join(os.tmpdir(), "skillshelf-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  let address: AddressInfo;
  try {
    address = (await server.run()) as AddressInfo;
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    bucket,
    ...credentials,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    stop: async () => {
      await server.close().catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
