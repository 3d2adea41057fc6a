import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

// The usage writer: batches that insert events and their rollup together, installs counted once
// per client and version, attribution off, retention, and a kill -9 in the middle of a burst.

const { db, databasePath, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const usage = await import("./usage");
const { writeInstanceSetting } = await import("../admin/settings");
const { getTeamInsights } = await import("./read");
const { parseAnalyticsQuery } = await import("@/lib/skills/usage/analytics-query");
afterAll(cleanup);
const { ada, grace, team } = await createCast(db);
const notes = await skills.createSkill(ada, { skill: makeSkill("team-notes"), destination: { scope: "TEAM", teamId: team.id } });

async function rollupMatchesRaw() {
  const raw = await db.usageEvent.groupBy({ by: ["day", "skillId", "version", "channel"], _count: { _all: true } });
  const rollup = await db.usageDaily.findMany();
  expect(rollup.map((r) => `${r.day} ${r.skillId} ${r.version} ${r.channel} ${r.count}`).sort()).toEqual(
    raw.map((r) => `${r.day} ${r.skillId} ${r.version} ${r.channel} ${r._count._all}`).sort(),
  );
}

describe("writing usage", () => {
  it("adds a batch's events to the rollup in the same write, with the skill's team", async () => {
    const at = new Date("2026-11-30T12:00:00Z");
    const written = await usage.writeUsageBatch(db, [
      { skillId: notes.skillId, version: 1, channel: "load", actorId: "ada", at },
      { skillId: notes.skillId, version: 1, channel: "load", actorId: "grace", at },
      { skillId: notes.skillId, version: 1, channel: "read", actorId: "ada", path: "references/a.md", at },
      { skillId: "deleted-skill", version: 1, channel: "load", actorId: "ada", at },
    ]);
    expect(written).toBe(3);
    expect(
      await db.usageDaily.findUnique({ where: { day_skillId_version_channel: { day: "2026-11-30", skillId: notes.skillId, version: 1, channel: "load" } } }),
    ).toMatchObject({
      count: 2,
      teamId: team.id,
    });
    await rollupMatchesRaw();
  });

  it("counts an install once per client, skill and version, within a batch and across batches", async () => {
    const install = (dedupe: string, version = 1) => ({ skillId: notes.skillId, version, channel: "sync" as const, actorId: "ada", dedupe });
    expect(await usage.writeUsageBatch(db, [install("laptop"), install("laptop"), install("desktop")])).toBe(2);
    expect(await usage.writeUsageBatch(db, [install("laptop"), install("laptop", 2)])).toBe(1);
    expect(await db.usageEvent.count({ where: { channel: "sync" } })).toBe(3);
    await rollupMatchesRaw();
  });

  it("keeps no actor or token when the instance turns per-person attribution off", async () => {
    await writeInstanceSetting(ada, "usageAttribution", "off");
    await usage.writeUsageBatch(db, [{ skillId: notes.skillId, version: 1, channel: "mcp-load", actorId: "grace", tokenId: "tok" }]);
    expect(await db.usageEvent.findFirst({ where: { channel: "mcp-load" } })).toMatchObject({ actorId: null, tokenId: null });
    await writeInstanceSetting(ada, "usageAttribution", "on");
  });

  it("drops raw events past USAGE_RETENTION_DAYS and keeps their daily counts", async () => {
    const old = new Date(Date.now() - 200 * 86_400_000);
    await usage.writeUsageBatch(db, [{ skillId: notes.skillId, version: 1, channel: "download", actorId: "ada", at: old }]);
    expect(await usage.pruneUsageEvents(db)).toBe(1);
    expect(await db.usageDaily.findFirst({ where: { channel: "download" } })).toMatchObject({ count: 1 });
  });

  it("noteUsage only buffers; flushUsage writes what was noted", async () => {
    const before = await db.usageEvent.count();
    for (let i = 0; i < 10; i++) usage.noteUsage({ skillId: notes.skillId, version: 1, channel: "catalog", actorId: "grace" });
    expect(usage.pendingUsage()).toBe(10);
    expect(await db.usageEvent.count()).toBe(before);
    await usage.flushUsage();
    expect(usage.pendingUsage()).toBe(0);
    expect(await db.usageEvent.count()).toBe(before + 10);
  });

  it("keeps the newest events when writes fail for long, and says how many it dropped", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      // Events of a skill that no longer exists stand for the backlog (the write drops them at once).
      for (let i = 0; i < 120_000; i++) usage.noteUsage({ skillId: "deleted-skill", version: 1, channel: "catalog", actorId: "grace" });
      usage.noteUsage({ skillId: notes.skillId, version: 1, channel: "read", actorId: "grace", path: "newest.md" });
      const pending = usage.pendingUsage();
      expect(pending).toBeLessThanOrEqual(100_000);
      expect(pending).toBeGreaterThan(98_000);
      await usage.flushUsage();
      expect(await db.usageEvent.findFirst({ where: { path: "newest.md" } })).not.toBeNull();
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
        "Usage: 100000 events wait to be written; the oldest are dropped until a write succeeds",
        `Usage: ${120_001 - pending} event(s) were dropped while writes failed (the buffer holds 100000)`,
      ]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("team insights", () => {
  it("ranks loads, lists stale skills older than 30 days, and installs behind current", async () => {
    const stale = await skills.createSkill(ada, { skill: makeSkill("old-habits"), destination: { scope: "TEAM", teamId: team.id } });
    await db.skill.update({ where: { id: stale.skillId }, data: { createdAt: new Date(Date.now() - 60 * 86_400_000) } });
    await skills.addSkillVersion(ada, notes.skillId, { skill: makeSkill("team-notes", { body: "# v2\n" }), message: "v2" });
    await usage.writeUsageBatch(db, [
      { skillId: notes.skillId, version: 1, channel: "feed", actorId: "ada", dedupe: "old-link" },
      { skillId: notes.skillId, version: 2, channel: "load", actorId: "ada" },
    ]);
    const insights = await getTeamInsights(grace, team.id);
    expect(insights?.ranked[0]).toMatchObject({ skillId: notes.skillId, name: "team-notes" });
    expect(insights?.stale).toEqual([{ skillId: stale.skillId, name: "old-habits", lastUsed: null, idleDays: 90 }]);
    // v1's installs: the old delivery link, and any sync clients written above.
    const installs = await db.usageEvent.count({ where: { skillId: notes.skillId, version: 1, channel: { in: ["sync", "feed"] } } });
    expect(insights?.behind).toEqual([{ skillId: notes.skillId, name: "team-notes", version: 1, currentVersion: 2, installs }]);
    // A member may look, but only owners and admins may archive from here.
    expect(insights?.canArchive).toBe(false);
    expect((await getTeamInsights(ada, team.id))?.canArchive).toBe(true);
  });
});

describe("the analytics query string", () => {
  it("names every bad parameter", () => {
    const bad = parseAnalyticsQuery(new URLSearchParams("from=2026-13-01&to=yesterday&groupBy=week&limit=0&cursor=x&team=a%20b"));
    expect(bad).toEqual({
      ok: false,
      problems: {
        from: "from must be a date, YYYY-MM-DD.",
        to: "to must be a date, YYYY-MM-DD.",
        groupBy: "groupBy must be day, version or channel.",
        limit: "limit must be a whole number from 1 to 1000.",
        cursor: "cursor must be the nextCursor of a previous page.",
        team: "team must be a team id.",
      },
    });
    const ok = parseAnalyticsQuery(new URLSearchParams("groupBy=version"), new Date("2026-12-02T10:00:00Z"));
    expect(ok).toMatchObject({ ok: true, query: { from: "2026-11-03", to: "2026-12-02", groupBy: "version", limit: 100, offset: 0 } });
  });
});

describe("a kill -9 during a burst", () => {
  it("loses at most the events of the last flush window, and never leaves a batch half written or the rollup off", async () => {
    await db.usageEvent.deleteMany();
    await db.usageDaily.deleteMany();
    const root = path.resolve(import.meta.dirname, "../../..");
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions", "react-server", "lib/test/usage-burst.ts", notes.skillId], {
      cwd: root,
      // The test's own database: a SQLite file, or on CI's PostgreSQL pass its URL.
      env: {
        ...process.env,
        DATABASE_URL: /^postgres(ql)?:/.test(databasePath) ? databasePath : `file:${databasePath}`,
        USAGE_FLUSH_MS: "200",
        NODE_ENV: "test",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let noted = 0;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      const last = chunk
        .toString()
        .trim()
        .split("\n")
        .at(-1)
        ?.match(/noted (\d+)/);
      if (last) noted = Number(last[1]);
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // Past a few flushes, then kill it while it keeps noting (and, likely, while a flush runs).
    const deadline = Date.now() + 60_000;
    while ((await db.usageEvent.count()) < 2_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const notedAtKill = noted;
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(stderr).toBe("");

    const rows = await db.usageEvent.findMany({ select: { path: true } });
    const written = rows.map((r) => Number(r.path)).sort((a, b) => a - b);
    // Batches are written in order and whole: what is there is exactly events 0..k-1.
    expect(written.length).toBeGreaterThan(0);
    expect(written.at(-1)).toBe(written.length - 1);
    await rollupMatchesRaw();
    // 50 events every 5 ms is 2,000 noted per 200 ms window; allow the window, one flush in flight and the event loop's lag.
    const lost = notedAtKill - written.length;
    console.log(`kill -9: noted ${notedAtKill}, written ${written.length}, lost ${lost}`);
    expect(lost).toBeLessThan(3 * 2_000);
  }, 90_000);
});
