import "server-only";
import { getEnv } from "@/lib/env";
import type { BlobStore } from "@/lib/storage/blob-store";
import { db } from "@/lib/db/server";
import { isShuttingDown } from "@/lib/shutdown.mjs";
import { checkHealthWith, reasonOf, type Health } from "./health-check.mjs";
import { getBlobStore } from "./storage";

export type { Health };
export { checkStorageFor } from "./health-check.mjs";

/**
 * Whether a load balancer should send this instance traffic: liveness's checks plus the blob
 * store, and never while the process is stopping (it is finishing its last requests).
 */
export type Readiness =
  | { ok: false; shuttingDown: true }
  | (Health & {
      shuttingDown: false;
      /** Whether file bytes can be stored and read (S3: the bucket answers; the database store: the database does). */
      blobs: "ok" | "unreachable";
    });

// A check that hangs (a firewall dropping packets, a stuck pool) must still end in an answer:
// load balancers give up on a probe after a few seconds and would see a timeout, not the reason.
const CHECK_TIMEOUT_MS = 3_000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The app's own health check (the route; `npm start`'s server answers it before the app, the same way). */
export function checkHealth(): Promise<Health> {
  return checkHealthWith(() => withTimeout(db.$queryRawUnsafe("SELECT 1"), "the database"), getEnv().databasePath ?? null);
}

/** The readiness check (/api/ready): the database, its files on SQLite, and the blob store (the configured one by default). */
export async function checkReadiness(store: BlobStore = getBlobStore()): Promise<Readiness> {
  if (isShuttingDown()) return { ok: false, shuttingDown: true };
  const [health, blobs] = await Promise.all([checkHealth(), store.check ? Promise.allSettled([withTimeout(store.check(), "the blob store")]) : null]);
  const failure = blobs?.[0].status === "rejected" ? blobs[0].reason : null;
  const blobsOk = blobs ? !failure : health.database === "ok";
  const readiness: Readiness = { ...health, ok: health.ok && blobsOk, shuttingDown: false, blobs: blobsOk ? "ok" : "unreachable" };
  if (failure) readiness.error ??= `the blob store is unreachable (${reasonOf(failure)})`;
  return readiness;
}
