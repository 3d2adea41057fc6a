import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createUser } from "@/lib/test/database";
import { createGitRepo, serveGitHttp } from "@/lib/test/git-repos";
import { earlyInAMinute, scheduleChecks } from "@/lib/test/pg-boss";
import { findPostgresBin, NO_POSTGRES_MESSAGE } from "@/lib/test/postgres-cluster";

// A scheduled source sync on PostgreSQL with two instances working the queue: the once-a-minute
// tick and the sync it queues each run once. Always on PostgreSQL (a cluster of this file's own on
// a SQLite run): with SQLite one process serves the instance, and sources-sync.test.ts covers it.

if (!findPostgresBin()) console.warn(`[sources-jobs.test] skipped: ${NO_POSTGRES_MESSAGE}`);

describe.runIf(findPostgresBin())("scheduled syncs through pg-boss", async () => {
  Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", SOURCES_ALLOW_LOCAL: "true" });
  const { db, databasePath: url, cleanup } = await createTestDatabase("postgres");
  const sources = await import("./sources");
  const background = await import("../background");
  const { JOBS } = await import("../platform/job-queue");
  const { createJobQueue } = await import("@/lib/jobs");
  const repo = await createGitRepo();
  const server = await serveGitHttp(repo.bareDir);
  const instances = [0, 1].map(() =>
    createJobQueue({ provider: "postgres", url }, { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 }),
  );
  afterAll(async () => {
    await Promise.all(instances.map((queue) => queue.stop({ timeoutMs: 5_000 })));
    await background.stopJobs();
    await server.close();
    await repo.remove();
    await cleanup();
  });

  await createUser(db, "grace");
  const grace = { id: "grace" };
  await repo.commit(
    { "scheduled/SKILL.md": `---\nname: scheduled\ndescription: Runs on a schedule. Use when testing schedules.\n---\n\n# scheduled\n` },
    "Add",
  );

  it("runs a due source's sync once, on one of two instances", async () => {
    // The source's first sync, by this process's queue; then it is made due.
    await background.startJobs({ recurring: false });
    const { source } = await sources.createSource(grace, { kind: "git", url: server.url, destination: { scope: "PERSONAL" }, intervalMinutes: 15 });
    await sources.waitForSyncs();
    await background.stopJobs();
    await db.skillSource.update({ where: { id: source.id }, data: { nextSyncAt: new Date(Date.now() - 60_000) } });

    await earlyInAMinute(url);
    for (const queue of instances) await background.defineJobs(queue, { recurring: true });
    await Promise.all(instances.map((queue) => queue.start()));
    while (!(await db.sourceSync.count({ where: { sourceId: source.id, trigger: "schedule", status: { not: "running" } } })))
      await new Promise((resolve) => setTimeout(resolve, 100));
    await scheduleChecks(url, 5);
    await Promise.all(instances.map((queue) => Promise.all([queue.idle(JOBS.sourcesTick), queue.idle(JOBS.sourceSync)])));

    const syncs = await db.sourceSync.findMany({ where: { sourceId: source.id }, orderBy: { startedAt: "asc" } });
    expect(syncs.map((sync) => [sync.trigger, sync.status, sync.unchanged])).toEqual([
      ["create", "ok", 0],
      ["schedule", "ok", 1],
    ]);
    const jobs = await db.$queryRawUnsafe<{ name: string; count: bigint }[]>(
      // The tick's jobs, and the sync jobs it queued (the first sync's job has no dueAt).
      `SELECT name, count(*) AS count FROM pgboss.job WHERE (name = $1 AND data->>'dueAt' IS NOT NULL) OR name = $2 GROUP BY name ORDER BY name`,
      JOBS.sourceSync,
      JOBS.sourcesTick,
    );
    expect(jobs.map((row) => [row.name, Number(row.count)])).toEqual([
      [JOBS.sourceSync, 1],
      [JOBS.sourcesTick, 1],
    ]);
  }, 90_000);
});
