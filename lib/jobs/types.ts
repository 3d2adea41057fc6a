// Background work as named jobs with a JSON payload. Two implementations behind this one shape
// (index.ts picks by DATABASE_URL): an in-process queue for SQLite, where one process serves the
// instance, and pg-boss on PostgreSQL, where several instances share the queue and each job runs
// once on whichever instance takes it. The queue knows nothing of the app: lib/data/background/index.ts
// names the jobs and gives them their handlers.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JobPayload = { [key: string]: JsonValue };

export type JobHandler<P extends JobPayload = JobPayload> = (payload: P) => Promise<void>;

export interface HandlerOptions {
  /** Jobs of this name run at once in this process (default 1). */
  concurrency?: number;
  /** Runs after the first that fails (default 2). */
  retries?: number;
  /** Wait before the first retry; each next one waits twice as long (default 10 s). */
  retryDelaySeconds?: number;
  /** On PostgreSQL: a job still running after this long counts as failed, so that one whose instance died is run again (default 15 min). */
  expireInSeconds?: number;
}

export interface EnqueueOptions {
  /**
   * While a job of this name with this key waits, runs or waits for a retry, another enqueue of
   * it is dropped (enqueue resolves false). Once it ends, the key is free again.
   */
  singletonKey?: string;
}

export interface JobQueue {
  readonly kind: "in-process" | "pg-boss";
  /** The handler for jobs of `name`; before start(). */
  handle<P extends JobPayload>(name: string, handler: JobHandler<P>, options?: HandlerOptions): void;
  /** Queue a job (it runs once, on this instance or another); false when dropped (singleton, or the queue stopped). */
  enqueue(name: string, payload: JobPayload, options?: EnqueueOptions): Promise<boolean>;
  /**
   * Enqueue `name` on a cron schedule (five fields, UTC), once per time across instances, with
   * the job's name as its singleton key: a run still waiting or going makes the next one drop.
   */
  schedule(name: string, cron: string, payload?: JobPayload): Promise<void>;
  /** Run handlers and schedules. */
  start(): Promise<void>;
  /** Stop taking jobs and firing schedules, wait (up to timeoutMs, default 30 s) for the running ones, then let go of everything. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Resolves once no job of `name` (or none at all) waits, runs or waits for a retry: tests and benchmarks. */
  idle(name?: string): Promise<void>;
}

export const DEFAULT_HANDLER_OPTIONS: Required<HandlerOptions> = { concurrency: 1, retries: 2, retryDelaySeconds: 10, expireInSeconds: 15 * 60 };

export const DEFAULT_STOP_TIMEOUT_MS = 30_000;

/** How long retry number `retry` (1 for the first) waits: the delay doubling each time, as pg-boss's backoff does (without its jitter). */
export function retryDelayMs(retry: number, options: Pick<Required<HandlerOptions>, "retryDelaySeconds">): number {
  return options.retryDelaySeconds * 1000 * 2 ** Math.min(16, retry - 1);
}

/** A job name's handler and its options, defaults filled in. */
export type Definition = { handler: JobHandler; options: Required<HandlerOptions> };

/** JobQueue.handle for both queues: a bad name or a second handler for a name is refused. */
export function addDefinition(definitions: Map<string, Definition>, name: string, handler: JobHandler, options: HandlerOptions): void {
  checkJobName(name);
  if (definitions.has(name)) throw new Error(`Job "${name}" already has a handler.`);
  definitions.set(name, { handler, options: { ...DEFAULT_HANDLER_OPTIONS, ...options } });
}

const NAME = /^[a-z][a-z0-9]*([.-][a-z0-9]+)*$/;

export function checkJobName(name: string): void {
  if (!NAME.test(name)) throw new Error(`Job name "${name}" must be lowercase words joined by "." or "-" (like "source.sync").`);
}
