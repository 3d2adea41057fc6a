import "server-only";
import { getEnv } from "@/lib/env";
import { createJobQueue, type JobQueue } from "@/lib/jobs";

/** The background jobs; background.ts gives each its handler and schedule. */
export const JOBS = {
  /** One source's sync (sources-sync.ts). */
  sourceSync: "source.sync",
  /** Every minute: a source.sync job for each source that is due. */
  sourcesTick: "sources.tick",
  /** At start: a security rescan of the versions scanned with older rules (or none). */
  versionsRescan: "versions.rescan",
  /** Every hour: blobs no version refers to any more, past their grace period. */
  blobsCollect: "blobs.collect",
  /** Every minute and at start, with an embeddings provider: embed the current versions that have no vector yet (embeddings.ts). */
  versionsEmbed: "versions.embed",
  /** Soon after a notification is written, and every minute: queue its e-mails and webhook deliveries (notifications/dispatch.ts). */
  notificationsDispatch: "notifications.dispatch",
  /** One notification by e-mail. */
  notificationEmail: "notification.email",
  /** One delivery to a team webhook, retried with backoff. */
  webhookDeliver: "webhook.deliver",
} as const;

// One queue per process; dev reloads re-evaluate modules, so it hangs off globalThis.
const state = globalThis as unknown as { skillshelfJobQueue?: JobQueue };

/** This process's queue, made on first use for DATABASE_URL's database. Enqueueing works whether or not this process runs the jobs. */
export function jobQueue(): JobQueue {
  return (state.skillshelfJobQueue ??= createJobQueue(getEnv().database));
}

/** Whether this process has made its queue (the server has; a script such as the seed has not, unless it enqueued). */
export function jobQueueInUse(): boolean {
  return state.skillshelfJobQueue !== undefined;
}

/** Stops this process's queue (see JobQueue.stop) and forgets it, so a later jobQueue() makes a fresh one. */
export async function closeJobQueue(options: { timeoutMs?: number } = {}): Promise<void> {
  const queue = state.skillshelfJobQueue;
  if (!queue) return;
  await queue.stop(options);
  if (state.skillshelfJobQueue === queue) delete state.skillshelfJobQueue;
}
