import { InProcessQueue } from "./in-process-queue";
import { PgBossQueue, type PgBossQueueOptions } from "./pg-boss-queue";
import type { JobQueue } from "./types";

export type { EnqueueOptions, HandlerOptions, JobHandler, JobPayload, JobQueue } from "./types";

/** The queue for a database: in memory beside SQLite (one process serves it), pg-boss on PostgreSQL. */
export function createJobQueue(
  database: { provider: "sqlite" } | { provider: "postgres"; url: string },
  options: Omit<PgBossQueueOptions, "url"> = {},
): JobQueue {
  return database.provider === "postgres" ? new PgBossQueue({ ...options, url: database.url }) : new InProcessQueue();
}
