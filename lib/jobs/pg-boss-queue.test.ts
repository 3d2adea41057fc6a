import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import { earlyInAMinute, scheduleChecks } from "@/lib/test/pg-boss";
import { findPostgresBin, NO_POSTGRES_MESSAGE } from "@/lib/test/postgres-cluster";
import { PgBossQueue } from "./pg-boss-queue";

// Two queues on one database, as two app instances have: a job runs on one of them, once. The
// runs are counted in a table of the database both share.

if (!findPostgresBin()) console.warn(`[pg-boss-queue.test] skipped: ${NO_POSTGRES_MESSAGE}`);

describe.runIf(findPostgresBin())("pg-boss across two instances", async () => {
  const { databasePath: url, cleanup } = await createTestDatabase("postgres");
  const client = new pg.Client(url);
  await client.connect();
  await client.query(`CREATE TABLE job_runs (job text NOT NULL, instance text NOT NULL, payload jsonb NOT NULL)`);
  afterAll(async () => {
    await client.end();
    await cleanup();
  });

  const queues: PgBossQueue[] = [];
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop({ timeoutMs: 1_000 })));
  });

  /** An instance whose handler for `job` records each run, after `before` (a gate the test opens). */
  function instance(id: string, job: string, options: { before?: Promise<void>; cron?: boolean } = {}) {
    const queue = new PgBossQueue({
      url,
      pollingIntervalSeconds: 0.5,
      ...(options.cron ? { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } : {}),
    });
    queue.handle(
      job,
      async (payload) => {
        await client.query(`INSERT INTO job_runs VALUES ($1, $2, $3)`, [job, id, JSON.stringify(payload)]);
        await options.before;
      },
      { concurrency: 2, retryDelaySeconds: 0 },
    );
    queues.push(queue);
    return queue;
  }
  const runsOf = async (job: string) =>
    (await client.query<{ instance: string; payload: unknown }>(`SELECT instance, payload FROM job_runs WHERE job = $1`, [job])).rows;

  it("runs a job enqueued ten times with one key, from both instances, once", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const a = instance("a", "test.once", { before: held });
    const b = instance("b", "test.once", { before: held });
    await Promise.all([a.start(), b.start()]);
    const sent = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).enqueue("test.once", { i }, { singletonKey: "the-key" })));
    expect(sent.filter(Boolean)).toHaveLength(1);
    // Once it runs (held there), ten more from both are dropped too.
    while ((await runsOf("test.once")).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const more = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).enqueue("test.once", { i: 10 + i }, { singletonKey: "the-key" })));
    expect(more.filter(Boolean)).toHaveLength(0);
    release();
    await Promise.all([a.idle("test.once"), b.idle("test.once")]);
    const runs = await runsOf("test.once");
    expect(runs).toHaveLength(1);
    expect(runs[0].payload).toEqual({ i: sent.indexOf(true) });
  });

  it("fires a schedule on both instances once per time", async () => {
    // A daily expression for the database clock's current minute: pg-boss sends it during that
    // minute only, so more than one run means two sends. Started early in a minute, the
    // instances check the schedule many times (every second) before it ends.
    const now = await earlyInAMinute(url);
    const cron = `${now.getUTCMinutes()} ${now.getUTCHours()} * * *`;
    const a = instance("a", "test.daily", { cron: true });
    const b = instance("b", "test.daily", { cron: true });
    await a.schedule("test.daily", cron, { from: "schedule" });
    await b.schedule("test.daily", cron, { from: "schedule" });
    await Promise.all([a.start(), b.start()]);
    while ((await runsOf("test.daily")).length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    await scheduleChecks(url, 5);
    await Promise.all([a.idle("test.daily"), b.idle("test.daily")]);
    expect((await runsOf("test.daily")).map((run) => run.payload)).toEqual([{ from: "schedule" }]);
  }, 90_000);

  it("runs a job enqueued by an instance that stopped before running it on the other", async () => {
    // Instance a enqueues as a web request does, then stops; its worker never started.
    const a = instance("a", "test.handover");
    expect(await a.enqueue("test.handover", { from: "a" })).toBe(true);
    await a.stop();
    const b = instance("b", "test.handover");
    await b.start();
    await b.idle("test.handover");
    expect(await runsOf("test.handover")).toEqual([{ instance: "b", payload: { from: "a" } }]);
  });

  it("retries on the other instance a job whose instance stopped while it ran", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const a = instance("a", "test.interrupted", { before: held });
    await a.start();
    await a.enqueue("test.interrupted", { from: "a" });
    while ((await runsOf("test.interrupted")).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    // a gives its running job a second, then pg-boss fails it; b takes the retry.
    await a.stop({ timeoutMs: 1_000 });
    release();
    const b = instance("b", "test.interrupted");
    await b.start();
    await b.idle("test.interrupted");
    expect((await runsOf("test.interrupted")).map((run) => run.instance)).toEqual(["a", "b"]);
  });
});
