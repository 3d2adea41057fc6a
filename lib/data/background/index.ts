import "server-only";
import { getEnv } from "@/lib/env";
import type { JobHandler, JobQueue } from "@/lib/jobs";
import { embeddingProvider } from "@/lib/embeddings/provider";
import { WEBHOOK_ATTEMPTS } from "@/lib/notifications/webhook";
import { collectUnreferencedBlobs } from "../platform/blob-collector";
import { embedPendingVersions } from "../playground/embeddings";
import { closeJobQueue, jobQueue, JOBS } from "../platform/job-queue";
import { countStaleVersions, rescanStoredVersions } from "../vetting/vetting";
import { sweepInterruptedSyncs } from "../sources/lease";
import { deliverWebhook, dispatchNotifications, sendNotificationEmail, type EmailJob, type WebhookJob } from "../notifications/dispatch";
import { enqueueDueSyncs, runSyncJob, type SourceSyncJob } from "../sources/sync";

// Background work as jobs (lib/jobs): in memory beside SQLite, in pg-boss on PostgreSQL, where
// each job runs once on whichever instance takes it and each schedule fires once across them.
// The server process works the queue (instrumentation.ts → startBackgroundWork, and stopJobs as
// its "stop" shutdown hook); any process may enqueue.

/** The hourly collection of unreferenced blobs (lib/data/platform/blob-collector.ts), logged when it removed any. */
const collectBlobs: JobHandler = async () => {
  const { deleted, objectsDeleted } = await collectUnreferencedBlobs();
  if (deleted) console.log(`Blob collection: removed ${deleted} unreferenced blob(s), ${objectsDeleted} stored object(s)`);
};

/** New versions get their embedding (hybrid routing), when a provider is configured. */
const embedVersions: JobHandler = async () => {
  const provider = embeddingProvider();
  if (!provider) return;
  const embedded = await embedPendingVersions(provider);
  if (embedded) console.log(`Embeddings: embedded ${embedded} version(s) with ${provider.model}`);
};

/**
 * What a stopping process gives its running jobs: inside the 5 s serve.mjs gives each shutdown
 * hook, so that pg-boss still marks the ones left as failed (to be retried elsewhere) before the
 * database pool closes, rather than leaving them active until they expire.
 */
const STOP_TIMEOUT_MS = 4_000;

const state = globalThis as unknown as { skillshelfJobsStarted?: Promise<void>; skillshelfJobsStopping?: Promise<void> };

/** Versions scanned with older rules (or none) get today's; one count query when none are. */
async function rescanStale(): Promise<void> {
  if (!(await countStaleVersions())) return;
  const rescan = await rescanStoredVersions();
  console.log(
    `Security scan: rescanned ${rescan.scanned} stored version(s) with rule set ${rescan.ruleset}${rescan.needsReview ? `; ${rescan.needsReview} now need review` : ""}`,
  );
}

/** The app's jobs on `queue`: handlers, and with `recurring` the schedules. */
export async function defineJobs(queue: JobQueue, options: { recurring: boolean }): Promise<void> {
  // A sync records its own failures; one that throws past that (the database gone) is not run
  // again on top of a run that may still hold the source: its claim lapses and the next one takes it.
  queue.handle<SourceSyncJob>(JOBS.sourceSync, runSyncJob, { concurrency: 2, retries: 0, expireInSeconds: 2 * 60 * 60 });
  queue.handle(JOBS.sourcesTick, async () => void (await enqueueDueSyncs()), { retries: 0, expireInSeconds: 5 * 60 });
  queue.handle(JOBS.versionsRescan, rescanStale, { retryDelaySeconds: 60, expireInSeconds: 60 * 60 });
  queue.handle(JOBS.blobsCollect, collectBlobs, { retries: 1, retryDelaySeconds: 300, expireInSeconds: 60 * 60 });
  queue.handle(JOBS.versionsEmbed, embedVersions, { retries: 1, retryDelaySeconds: 60, expireInSeconds: 60 * 60 });
  queue.handle(JOBS.notificationsDispatch, async () => void (await dispatchNotifications()), { retries: 0, expireInSeconds: 5 * 60 });
  queue.handle<EmailJob>(JOBS.notificationEmail, sendNotificationEmail, { concurrency: 2, retries: 3, retryDelaySeconds: 30, expireInSeconds: 5 * 60 });
  // Five tries over about five minutes (20 s, 40 s, 80 s, 160 s between them): a receiver that is down for a deploy still gets it.
  queue.handle<WebhookJob>(JOBS.webhookDeliver, deliverWebhook, {
    concurrency: 2,
    retries: WEBHOOK_ATTEMPTS - 1,
    retryDelaySeconds: 20,
    expireInSeconds: 5 * 60,
  });
  if (options.recurring) {
    if (embeddingProvider()) await queue.schedule(JOBS.versionsEmbed, "* * * * *");
    await queue.schedule(JOBS.sourcesTick, "* * * * *");
    await queue.schedule(JOBS.notificationsDispatch, "* * * * *");
    await queue.schedule(JOBS.blobsCollect, "0 * * * *");
  }
}

async function begin(recurring: boolean): Promise<void> {
  // Before this process takes any sync: the ones a dead process left "running" end now.
  const swept = await sweepInterruptedSyncs();
  if (swept) console.log(`Source syncs: ${swept} left running by a stopped process marked interrupted`);
  const queue = jobQueue();
  await defineJobs(queue, { recurring });
  await queue.start();
  // Every instance asks at its start; the key keeps it to one rescan at a time.
  if (recurring) await queue.enqueue(JOBS.versionsRescan, {}, { singletonKey: JOBS.versionsRescan });
}

/**
 * Work this process's queue: every job's handler, and (unless `recurring: false`, as tests and
 * benchmarks that only need the handlers ask) the schedules and the start-up rescan. Once per process.
 */
export function startJobs(options: { recurring?: boolean } = {}): Promise<void> {
  state.skillshelfJobsStarted ??= begin(options.recurring ?? true).catch((error: unknown) => {
    delete state.skillshelfJobsStarted;
    throw error;
  });
  return state.skillshelfJobsStarted;
}

/** Stop taking jobs and wait (up to 4 s) for the running ones; the same promise to every caller. */
export function stopJobs(): Promise<void> {
  if (!state.skillshelfJobsStarted) return closeJobQueue({ timeoutMs: STOP_TIMEOUT_MS });
  state.skillshelfJobsStopping ??= state.skillshelfJobsStarted
    .catch(() => undefined)
    .then(() => closeJobQueue({ timeoutMs: STOP_TIMEOUT_MS }))
    .finally(() => {
      delete state.skillshelfJobsStarted;
      delete state.skillshelfJobsStopping;
    });
  return state.skillshelfJobsStopping;
}

/**
 * The server's start (instrumentation.ts; never under test): work the queue. Stopping is the
 * server's shutdown hook (lib/shutdown.mjs), which runs once the requests in flight are done, so
 * a "Sync now" answered during the drain is still queued. A failure to start is logged; the app
 * serves on.
 */
export async function startBackgroundWork(): Promise<void> {
  if (getEnv().NODE_ENV === "test") return;
  try {
    await startJobs();
  } catch (error) {
    console.error(`Background jobs could not start: ${error instanceof Error ? error.message : error}`);
  }
}
