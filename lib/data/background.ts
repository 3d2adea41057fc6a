import "server-only";
import { getEnv } from "@/lib/env";
import type { JobHandler, JobQueue } from "@/lib/jobs";
import { collectUnreferencedBlobs } from "./blob-collector";
import { closeJobQueue, jobQueue, JOBS } from "./job-queue";
import { countStaleVersions, rescanStoredVersions } from "./review";
import { enqueueDueSyncs, runSyncJob, type SourceSyncJob } from "./sources-sync";

// Background work as jobs (lib/jobs): in memory beside SQLite, in pg-boss on PostgreSQL, where
// each job runs once on whichever instance takes it and each schedule fires once across them.
// The server process works the queue (instrumentation.ts → startBackgroundWork); any process
// may enqueue.

/** The hourly collection of unreferenced blobs (lib/data/blob-collector.ts), logged when it removed any. */
const collectBlobs: JobHandler = async () => {
  const { deleted, objectsDeleted } = await collectUnreferencedBlobs();
  if (deleted) console.log(`Blob collection: removed ${deleted} unreferenced blob(s), ${objectsDeleted} stored object(s)`);
};

/** What a stopping process gives its running jobs: inside serve.mjs's 10 s for the requests in flight. */
const STOP_TIMEOUT_MS = 8_000;

/** Where the server (scripts/server/serve.mjs, which cannot import this module) finds stopJobs to await before it exits. */
export const STOP_JOBS = Symbol.for("skillshelf.stopJobs");

const state = globalThis as unknown as { skillshelfJobsStarted?: Promise<void>; skillshelfJobsStopping?: Promise<void>; skillshelfJobsSignals?: true };

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
  if (options.recurring) {
    await queue.schedule(JOBS.sourcesTick, "* * * * *");
    await queue.schedule(JOBS.blobsCollect, "0 * * * *");
  }
}

async function begin(recurring: boolean): Promise<void> {
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

/** Stop taking jobs and wait (up to 8 s) for the running ones; the same promise to every caller. */
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
 * The server's start (instrumentation.ts; never under test): work the queue, and stop it on
 * SIGTERM or SIGINT. The server's own handler ends the process; it can await stopJobs through
 * `globalThis[Symbol.for("skillshelf.stopJobs")]` first. A process with no other handler is
 * ended here once the jobs have stopped, as the signal would have.
 */
export async function startBackgroundWork(): Promise<void> {
  if (getEnv().NODE_ENV === "test") return;
  (globalThis as Record<symbol, unknown>)[STOP_JOBS] = stopJobs;
  if (!state.skillshelfJobsSignals) {
    state.skillshelfJobsSignals = true;
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.once(signal, () => {
        void stopJobs().finally(() => {
          if (!process.listenerCount(signal)) process.kill(process.pid, signal);
        });
      });
    }
  }
  try {
    await startJobs();
  } catch (error) {
    console.error(`Background jobs could not start: ${error instanceof Error ? error.message : error}`);
  }
}
