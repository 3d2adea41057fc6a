import PgBoss from "pg-boss";
import { nextFire } from "./cron";
import {
  addDefinition,
  checkJobName,
  DEFAULT_HANDLER_OPTIONS,
  DEFAULT_STOP_TIMEOUT_MS,
  type Definition,
  type EnqueueOptions,
  type HandlerOptions,
  type JobHandler,
  type JobPayload,
  type JobQueue,
} from "./types";

// The queue of a PostgreSQL deployment: pg-boss (10.x, the newest that runs on Node 20) in a
// schema of its own, beside the app's tables. Every instance enqueues and works the same queues;
// a job is taken by one instance (SELECT … FOR UPDATE SKIP LOCKED), a schedule fires once per
// time across all of them, and a job whose instance died is failed when it expires and retried.

export interface PgBossQueueOptions {
  url: string;
  /** pg-boss's schema (default "pgboss"). */
  schema?: string;
  /** How often an idle worker looks for jobs enqueued by another instance (default 2 s; this instance's own enqueues wake it at once). */
  pollingIntervalSeconds?: number;
  /** How often schedules are checked and their jobs sent (defaults 30 s and 5 s; tests make them 1 s). */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
}

/**
 * pg-boss's own singletons are per state (its "stately" policy lets one job wait while another of
 * the key runs), so one key per name among the jobs that wait, run or wait for a retry is this
 * unique index on its job table (partitioned by queue; PostgreSQL adds the index to every
 * partition, now and when a queue is created). pg-boss inserts with ON CONFLICT DO NOTHING, so a
 * second job of the key is dropped and send() answers null. Jobs pg-boss throttles itself (its
 * schedules' "send-it" jobs, keyed by time slot) have singleton_on set and are left out.
 */
const singletonIndex = (schema: string) => `
  ${schemaLock(schema)};
  CREATE UNIQUE INDEX IF NOT EXISTS skillshelf_job_singleton ON ${schema}.job (name, singleton_key)
    WHERE state <= 'active' AND singleton_key IS NOT NULL AND singleton_on IS NULL`;

/**
 * pg-boss's own lock on its schema (plans.js advisoryLock), held to the end of the transaction.
 * Sent as one simple query with what follows (no parameters), the statements are one implicit
 * transaction: an error rolls it all back and leaves the connection clean.
 */
const schemaLock = (schema: string) =>
  `SELECT pg_advisory_xact_lock(('x' || encode(sha224((current_database() || '.pgboss.${schema}')::bytea), 'hex'))::bit(64)::bigint)`;

/**
 * Queues are created under that lock: two instances starting at once and creating queues (each a
 * partition of the job table) at the same time can deadlock otherwise, a known pg-boss 10 problem.
 */
const createQueueLocked = (schema: string, name: string, options: object) =>
  `${schemaLock(schema)}; SELECT ${schema}.create_queue(${literal(name)}, ${literal(JSON.stringify(options))}::json)`;

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** pg-boss's connections: polling, sending and maintenance are short queries. */
const POOL_SIZE = 4;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export class PgBossQueue implements JobQueue {
  readonly kind = "pg-boss" as const;
  #boss: PgBoss;
  #schema: string;
  #pollingIntervalSeconds: number | undefined;
  #state: "idle" | "started" | "stopping" | "stopped" = "idle";
  #connected: Promise<void> | null = null;
  #queues = new Map<string, Promise<void>>();
  #definitions = new Map<string, Definition>();
  #schedules: { name: string; cron: string; payload: JobPayload }[] = [];
  #workers = new Map<string, string[]>();

  constructor(options: PgBossQueueOptions) {
    this.#schema = options.schema ?? "pgboss";
    if (!/^[a-z_][a-z0-9_]*$/.test(this.#schema)) throw new Error(`The job queue's schema "${this.#schema}" must be a lowercase SQL identifier.`);
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds;
    this.#boss = new PgBoss({
      connectionString: options.url,
      schema: this.#schema,
      max: POOL_SIZE,
      application_name: "skillshelf-jobs",
      ...(options.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
      ...(options.cronWorkerIntervalSeconds ? { cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds } : {}),
    });
    // pg-boss reports failed polls and maintenance as "error" events; unheard, one would end the process.
    this.#boss.on("error", (error) => console.error(`Background jobs (pg-boss): ${error.message}`));
  }

  handle<P extends JobPayload>(name: string, handler: JobHandler<P>, options: HandlerOptions = {}): void {
    addDefinition(this.#definitions, name, handler as JobHandler, options);
  }

  async enqueue(name: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<boolean> {
    checkJobName(name);
    if (this.#state === "stopping" || this.#state === "stopped") return false;
    await this.#queue(name);
    const id = await this.#boss.send(name, payload, options.singletonKey === undefined ? {} : { singletonKey: options.singletonKey });
    // Our own workers of the name look at once; the other instances' find it at their next poll.
    if (id) for (const worker of this.#workers.get(name) ?? []) this.#boss.notifyWorker(worker);
    return id !== null;
  }

  async schedule(name: string, cron: string, payload: JobPayload = {}): Promise<void> {
    checkJobName(name);
    nextFire(cron, new Date());
    const schedule = { name, cron, payload };
    this.#schedules.push(schedule);
    if (this.#state === "started") await this.#apply(schedule);
  }

  async start(): Promise<void> {
    if (this.#state !== "idle") return;
    this.#state = "started";
    await this.#connect();
    for (const [name, definition] of this.#definitions) {
      await this.#queue(name);
      // createQueue keeps an existing queue's settings: these are this version's.
      await this.#boss.updateQueue(name, { name, ...queueSettings(definition.options) });
      const workers: string[] = [];
      for (let i = 0; i < definition.options.concurrency; i++) {
        const options = { batchSize: 1, ...(this.#pollingIntervalSeconds ? { pollingIntervalSeconds: this.#pollingIntervalSeconds } : {}) };
        workers.push(await this.#boss.work<JobPayload>(name, options, (jobs) => this.#run(name, definition, jobs)));
      }
      this.#workers.set(name, workers);
    }
    for (const schedule of this.#schedules) await this.#apply(schedule);
  }

  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    if (this.#state === "stopped" || this.#state === "stopping") return;
    const connected = this.#connected;
    this.#state = "stopping";
    // Running jobs get timeoutMs to finish; pg-boss then fails the rest, and they are retried elsewhere.
    if (connected && (await connected.then(() => true).catch(() => false)))
      await this.#boss.stop({ graceful: true, wait: true, timeout: options.timeoutMs ?? DEFAULT_STOP_TIMEOUT_MS });
    this.#state = "stopped";
  }

  async idle(name?: string): Promise<void> {
    await this.#connect();
    const names = name === undefined ? [...this.#queues.keys()] : [name];
    for (;;) {
      let open = 0;
      for (const queue of names) open += (await this.#boss.getQueueSize(queue, { before: "completed" })) ?? 0;
      if (!open) return;
      await delay(50);
    }
  }

  async #run(name: string, definition: Definition, jobs: PgBoss.Job<JobPayload>[]): Promise<void> {
    for (const job of jobs) {
      try {
        await definition.handler(job.data);
      } catch (error) {
        console.error(
          `Background job ${name} failed (pg-boss retries it up to ${definition.options.retries} time(s)): ${error instanceof Error ? error.message : error}`,
        );
        throw error;
      }
      // Recorded before returning: pg-boss completes a returned job without waiting, and a stop
      // right after could close the pool first, leaving the job active until it expires and runs again.
      await this.#boss.complete(name, job.id);
    }
  }

  #connect(): Promise<void> {
    this.#connected ??= (async () => {
      await this.#boss.start();
      await this.#boss.getDb().executeSql(singletonIndex(this.#schema), []);
    })().catch((error: unknown) => {
      this.#connected = null;
      throw error;
    });
    return this.#connected;
  }

  #queue(name: string): Promise<void> {
    let ready = this.#queues.get(name);
    if (!ready) {
      const options = queueSettings(this.#definitions.get(name)?.options ?? DEFAULT_HANDLER_OPTIONS);
      ready = this.#connect().then(async () => void (await this.#boss.getDb().executeSql(createQueueLocked(this.#schema, name, options), [])));
      ready.catch(() => this.#queues.delete(name));
      this.#queues.set(name, ready);
    }
    return ready;
  }

  async #apply(schedule: { name: string; cron: string; payload: JobPayload }): Promise<void> {
    await this.#queue(schedule.name);
    await this.#boss.schedule(schedule.name, schedule.cron, schedule.payload, { tz: "UTC", singletonKey: schedule.name });
  }
}

function queueSettings(options: Required<HandlerOptions>) {
  // pg-boss's backoff needs a delay of at least a second; no delay means retry at once.
  const backoff = options.retryDelaySeconds > 0;
  return {
    policy: "standard" as const,
    retryLimit: options.retries,
    retryDelay: backoff ? Math.max(1, Math.ceil(options.retryDelaySeconds)) : 0,
    retryBackoff: backoff,
    expireInSeconds: options.expireInSeconds,
  };
}
