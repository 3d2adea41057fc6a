import { afterAll, describe, expect, it, vi } from "vitest";
import { RULESET_VERSION } from "@/lib/skills/scan";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";

// The app's background jobs on this run's database (in-process beside SQLite, pg-boss on
// PostgreSQL): what the server's start enqueues, and stopping. The syncs the jobs run are
// sources-sync.test.ts's; the queues themselves are lib/jobs's tests'.

const { db, cleanup } = await createTestDatabase();
const background = await import("./");
const { jobQueue, JOBS } = await import("../platform/job-queue");
const { createSkill } = await import("../skills");
afterAll(async () => {
  await background.stopJobs();
  await cleanup();
});

await createUser(db, "ada", { role: "ADMIN" });
await createSkill({ id: "ada" }, { skill: makeSkill("first-skill"), destination: { scope: "PUBLIC" } });
await createSkill({ id: "ada" }, { skill: makeSkill("second-skill"), destination: { scope: "PERSONAL" } });

describe("background jobs", () => {
  it("rescan at start the versions scanned with other rules (or none), once, saying so", async () => {
    const scanned = await db.skillVersion.findMany({ select: { id: true, scanFindings: true, reviewStatus: true }, orderBy: { id: "asc" } });
    await db.skillVersion.updateMany({ data: { scanRuleset: null, scanFindings: "[]", scanComplete: false } });
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await background.startJobs();
      await jobQueue().idle(JOBS.versionsRescan);
      expect(log.mock.calls.map((call) => call.join(" "))).toEqual([`Security scan: rescanned 2 stored version(s) with rule set ${RULESET_VERSION}`]);
    } finally {
      log.mockRestore();
    }
    expect(await db.skillVersion.findMany({ select: { id: true, scanFindings: true, reviewStatus: true }, orderBy: { id: "asc" } })).toEqual(scanned);
    expect(await db.skillVersion.count({ where: { scanRuleset: RULESET_VERSION, scanComplete: true } })).toBe(2);
  });

  it("starts once per process, and stops: later enqueues are refused until it starts again", async () => {
    await background.startJobs();
    expect(await jobQueue().enqueue(JOBS.versionsRescan, {}, { singletonKey: JOBS.versionsRescan })).toBe(true);
    await jobQueue().idle(JOBS.versionsRescan);
    const stopped = jobQueue();
    await Promise.all([background.stopJobs(), background.stopJobs()]);
    expect(await stopped.enqueue(JOBS.versionsRescan, {})).toBe(false);
    await background.startJobs({ recurring: false });
    expect(jobQueue()).not.toBe(stopped);
    expect(await jobQueue().enqueue(JOBS.versionsRescan, {}, { singletonKey: JOBS.versionsRescan })).toBe(true);
    await jobQueue().idle(JOBS.versionsRescan);
  });

  it("collects old unreferenced blobs as the blobs.collect job, saying how many", async () => {
    const old = new Date(Date.now() - 48 * 3600 * 1000);
    await db.blob.create({ data: { sha256: "f".repeat(64), size: 3, storage: "database", data: new Uint8Array([1, 2, 3]), createdAt: old } });
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await background.startJobs({ recurring: false });
      expect(await jobQueue().enqueue(JOBS.blobsCollect, {})).toBe(true);
      await jobQueue().idle(JOBS.blobsCollect);
      expect(log.mock.calls.map((call) => call.join(" "))).toEqual(["Blob collection: removed 1 unreferenced blob(s), 0 stored object(s)"]);
    } finally {
      log.mockRestore();
    }
    expect(await db.blob.findUnique({ where: { sha256: "f".repeat(64) } })).toBeNull();
    // The skills' own blobs are referenced: kept.
    expect(await db.blob.count()).toBeGreaterThan(0);
  });
});
