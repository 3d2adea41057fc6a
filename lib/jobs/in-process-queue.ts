import { nextFire } from "./cron";
import {
  addDefinition,
  checkJobName,
  DEFAULT_STOP_TIMEOUT_MS,
  retryDelayMs,
  type Definition,
  type EnqueueOptions,
  type HandlerOptions,
  type JobHandler,
  type JobPayload,
  type JobQueue,
} from "./types";

// The queue of a SQLite instance: one process serves it, so the queue is a list in memory. Jobs
// of a name run up to its concurrency at once, in the order they came; a failed run is retried
// after a doubling delay and logged when it runs out of retries. Timers never keep the process
// alive. Jobs still waiting when the process stops are gone with it (the work they stand for is
// found again: a source's claim lapses, the start-up rescan is enqueued at every start).

type Entry = { name: string; payload: JobPayload; key: string | null; attempt: number };

/** Longest a timer may wait (setTimeout's limit is about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class InProcessQueue implements JobQueue {
  readonly kind = "in-process" as const;
  #state: "idle" | "started" | "stopping" | "stopped" = "idle";
  #definitions = new Map<string, Definition>();
  #waiting = new Map<string, Entry[]>();
  #running = new Map<string, number>();
  /** `name\0key` of every job that waits, runs or waits for a retry. */
  #keys = new Set<string>();
  /** Jobs per name that wait, run or wait for a retry: idle() waits for 0. */
  #open = new Map<string, number>();
  #active = new Set<Promise<void>>();
  #timers = new Set<NodeJS.Timeout>();
  #schedules: { name: string; cron: string; payload: JobPayload }[] = [];
  #idleWaiters: (() => void)[] = [];

  handle<P extends JobPayload>(name: string, handler: JobHandler<P>, options: HandlerOptions = {}): void {
    addDefinition(this.#definitions, name, handler as JobHandler, options);
  }

  async enqueue(name: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<boolean> {
    checkJobName(name);
    if (this.#state === "stopping" || this.#state === "stopped") return false;
    const key = options.singletonKey === undefined ? null : `${name}\0${options.singletonKey}`;
    if (key !== null) {
      if (this.#keys.has(key)) return false;
      this.#keys.add(key);
    }
    // Through JSON, as pg-boss stores it: a handler sees the same payload on both queues.
    const entry: Entry = { name, payload: JSON.parse(JSON.stringify(payload)) as JobPayload, key, attempt: 1 };
    this.#open.set(name, (this.#open.get(name) ?? 0) + 1);
    this.#push(entry);
    return true;
  }

  async schedule(name: string, cron: string, payload: JobPayload = {}): Promise<void> {
    checkJobName(name);
    nextFire(cron, new Date()); // a bad expression fails here, not at its first fire
    this.#schedules.push({ name, cron, payload });
    if (this.#state === "started") this.#arm(this.#schedules.at(-1)!);
  }

  async start(): Promise<void> {
    if (this.#state !== "idle") return;
    this.#state = "started";
    for (const schedule of this.#schedules) this.#arm(schedule);
    for (const name of this.#waiting.keys()) this.#pump(name);
  }

  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    if (this.#state === "stopped") return;
    this.#state = "stopping";
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    let timeout: NodeJS.Timeout | undefined;
    const expired = new Promise<void>((resolve) => (timeout = setTimeout(resolve, options.timeoutMs ?? DEFAULT_STOP_TIMEOUT_MS)).unref());
    await Promise.race([Promise.allSettled([...this.#active]), expired]);
    clearTimeout(timeout);
    const left = [...this.#waiting.values()].reduce((sum, list) => sum + list.length, 0);
    if (left) console.warn(`Background jobs: ${left} queued job(s) dropped at shutdown.`);
    this.#waiting.clear();
    this.#keys.clear();
    this.#open.clear();
    this.#state = "stopped";
    for (const waiter of [...this.#idleWaiters]) waiter();
  }

  idle(name?: string): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (name === undefined ? [...this.#open.values()].every((n) => n === 0) : !this.#open.get(name));
      if (check()) return resolve();
      const waiter = () => {
        if (!check()) return;
        this.#idleWaiters = this.#idleWaiters.filter((w) => w !== waiter);
        resolve();
      };
      this.#idleWaiters.push(waiter);
    });
  }

  #push(entry: Entry): void {
    const list = this.#waiting.get(entry.name) ?? [];
    list.push(entry);
    this.#waiting.set(entry.name, list);
    this.#pump(entry.name);
  }

  #pump(name: string): void {
    const definition = this.#definitions.get(name);
    const list = this.#waiting.get(name);
    if (this.#state !== "started" || !definition || !list) return;
    while (list.length && (this.#running.get(name) ?? 0) < definition.options.concurrency) {
      const entry = list.shift()!;
      this.#running.set(name, (this.#running.get(name) ?? 0) + 1);
      const run = this.#run(entry, definition).finally(() => {
        this.#active.delete(run);
        this.#running.set(name, this.#running.get(name)! - 1);
        this.#pump(name);
      });
      this.#active.add(run);
    }
  }

  async #run(entry: Entry, definition: Definition): Promise<void> {
    try {
      await definition.handler(entry.payload);
    } catch (error) {
      const { retries } = definition.options;
      const message = error instanceof Error ? error.message : String(error);
      if (entry.attempt <= retries && this.#state === "started") {
        const delay = retryDelayMs(entry.attempt, definition.options);
        console.error(`Background job ${entry.name} failed (attempt ${entry.attempt} of ${retries + 1}; again in ${delay / 1000} s): ${message}`);
        this.#later(delay, () => this.#push({ ...entry, attempt: entry.attempt + 1 }));
        return;
      }
      console.error(`Background job ${entry.name} failed (attempt ${entry.attempt} of ${retries + 1}; giving up): ${message}`);
    }
    this.#close(entry);
  }

  #close(entry: Entry): void {
    if (entry.key !== null) this.#keys.delete(entry.key);
    this.#open.set(entry.name, Math.max(0, (this.#open.get(entry.name) ?? 0) - 1));
    for (const waiter of [...this.#idleWaiters]) waiter();
  }

  #later(ms: number, fire: () => void): void {
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        fire();
      },
      Math.min(ms, MAX_TIMER_MS),
    );
    timer.unref();
    this.#timers.add(timer);
  }

  #arm(schedule: { name: string; cron: string; payload: JobPayload }): void {
    const at = nextFire(schedule.cron, new Date());
    this.#later(at - Date.now(), () => {
      // A long timer may wake early (capped at MAX_TIMER_MS): only the due time enqueues.
      if (Date.now() >= at) void this.enqueue(schedule.name, schedule.payload, { singletonKey: schedule.name });
      if (this.#state === "started") this.#arm(schedule);
    });
  }
}
