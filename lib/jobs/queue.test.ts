import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import { findPostgresBin, NO_POSTGRES_MESSAGE } from "@/lib/test/postgres-cluster";
import { nextFire } from "./cron";
import { InProcessQueue } from "./in-process-queue";
import { PgBossQueue } from "./pg-boss-queue";
import { retryDelayMs, type JobPayload, type JobQueue } from "./types";

// What both queues promise (types.ts), checked on each: the in-process queue of a SQLite instance
// and pg-boss on a real PostgreSQL database (the run's cluster, or one of this file's own).

if (!findPostgresBin()) console.warn(`[queue.test] pg-boss skipped: ${NO_POSTGRES_MESSAGE}`);

const postgres = findPostgresBin() ? await createTestDatabase("postgres") : null;
afterAll(() => postgres?.cleanup());

const kinds: { kind: string; make: () => JobQueue }[] = [{ kind: "in-process", make: () => new InProcessQueue() }];
if (postgres) kinds.push({ kind: "pg-boss", make: () => new PgBossQueue({ url: postgres.databasePath, pollingIntervalSeconds: 0.5 }) });

/** A promise to resolve from outside: a handler waits on it, so the test decides when a job ends. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

let job = 0;
/** A fresh job name per test: pg-boss's queues outlive one queue object. */
const name = () => `test.job-${++job}`;

describe.each(kinds)("the $kind queue", ({ make }) => {
  const queues: JobQueue[] = [];
  const queue = () => {
    const made = make();
    queues.push(made);
    return made;
  };
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(queues.splice(0).map((q) => q.stop({ timeoutMs: 1_000 })));
  });

  it("runs a job once with its payload, as JSON", async () => {
    const q = queue();
    const job = name();
    const seen: JobPayload[] = [];
    q.handle(job, async (payload) => void seen.push(payload));
    await q.start();
    expect(await q.enqueue(job, { source: "a", at: new Date(0).toISOString(), n: [1, 2] })).toBe(true);
    await q.idle(job);
    expect(seen).toEqual([{ source: "a", at: "1970-01-01T00:00:00.000Z", n: [1, 2] }]);
  });

  it("drops an enqueue of a key while its job waits or runs, and takes the key again once it ended", async () => {
    const q = queue();
    const job = name();
    const runs: string[] = [];
    const release = gate();
    const started = gate();
    q.handle<{ key: string }>(job, async ({ key }) => {
      runs.push(key);
      started.open();
      await release.opened;
    });
    const send = (key: string) => q.enqueue(job, { key }, { singletonKey: key });
    // Waiting (the worker has not started): of three at once, one is taken, whichever came first.
    expect((await Promise.all([send("source-1"), send("source-1"), send("source-1")])).filter(Boolean)).toHaveLength(1);
    expect(await send("source-2")).toBe(true);
    await q.start();
    await started.opened;
    // Running (or waiting behind the other).
    expect(await send("source-1")).toBe(false);
    release.open();
    await q.idle(job);
    expect(runs.sort()).toEqual(["source-1", "source-2"]);
    expect(await send("source-1")).toBe(true);
    await q.idle(job);
    expect(runs.sort()).toEqual(["source-1", "source-1", "source-2"]);
  });

  it("retries a failing job, gives up after its retries (saying so), and runs the other jobs meanwhile", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const q = queue();
    const flaky = name();
    const broken = name();
    const fine = name();
    const attempts = { flaky: 0, broken: 0, fine: 0 };
    q.handle(
      flaky,
      async () => {
        if (++attempts.flaky < 3) throw new Error(`flaky attempt ${attempts.flaky}`);
      },
      { retries: 2, retryDelaySeconds: 0 },
    );
    q.handle(
      broken,
      async () => {
        attempts.broken++;
        throw new Error("always broken");
      },
      { retries: 1, retryDelaySeconds: 0 },
    );
    q.handle(fine, async () => void attempts.fine++, { concurrency: 2 });
    await q.start();
    await q.enqueue(broken, {}, { singletonKey: "only" });
    await q.enqueue(flaky, {});
    for (let i = 0; i < 5; i++) await q.enqueue(fine, { i });
    await Promise.all([q.idle(flaky), q.idle(broken), q.idle(fine)]);
    expect(attempts).toEqual({ flaky: 3, broken: 2, fine: 5 });
    expect(errors.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("always broken"))).toHaveLength(2);
    // A job that gave up frees its key.
    expect(await q.enqueue(broken, {}, { singletonKey: "only" })).toBe(true);
    await q.idle(broken);
    expect(attempts.broken).toBe(4);
  });

  it("stops: waits for the running job, then refuses new ones", async () => {
    const q = queue();
    const job = name();
    const events: string[] = [];
    const release = gate();
    const started = gate();
    q.handle(job, async () => {
      started.open();
      await release.opened;
      events.push("job ended");
    });
    await q.start();
    await q.enqueue(job, {});
    await started.opened;
    const stopped = q.stop({ timeoutMs: 20_000 }).then(() => events.push("stopped"));
    // Stopping while the job runs: nothing has ended yet, whatever the order of what follows.
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([]);
    release.open();
    await stopped;
    expect(events).toEqual(["job ended", "stopped"]);
    expect(await q.enqueue(job, {})).toBe(false);
  });

  it("refuses a bad name, a second handler and a bad cron expression", async () => {
    const q = queue();
    expect(() => q.handle("Source Sync", async () => {})).toThrow('Job name "Source Sync" must be lowercase words');
    const job = name();
    q.handle(job, async () => {});
    expect(() => q.handle(job, async () => {})).toThrow(`Job "${job}" already has a handler.`);
    await expect(q.schedule(job, "every minute")).rejects.toThrow('Cron expression "every minute" must have five fields');
    await expect(q.schedule(job, "61 * * * *")).rejects.toThrow();
  });
});

describe("the in-process queue's schedules and retry delays", () => {
  afterEach(() => vi.useRealTimers());

  it("enqueues a scheduled job at each time of its cron expression (UTC), and no more after stop", async () => {
    vi.useFakeTimers({ now: new Date("2030-01-01T10:59:30Z"), toFake: ["setTimeout", "clearTimeout", "Date"] });
    const q = new InProcessQueue();
    const fired: string[] = [];
    q.handle("test.hourly", async () => void fired.push(new Date().toISOString()));
    await q.schedule("test.hourly", "0 * * * *");
    await q.start();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(fired).toEqual(["2030-01-01T11:00:00.000Z", "2030-01-01T12:00:00.000Z"]);
    await q.stop();
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(fired).toHaveLength(2);
  });

  it("doubles the delay at each retry", () => {
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry, { retryDelaySeconds: 10 }))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(nextFire("*/15 * * * *", new Date("2030-01-01T10:16:00Z"))).toBe(Date.parse("2030-01-01T10:30:00Z"));
  });
});
