// Usage benchmark (`npm run bench:usage`), on SQLite and then PostgreSQL (a child process each):
//   seed: bench:scale's catalog at 10,000 skills (bench/scale-seed.ts) and 1,000,000 usage events
//         over the last 90 days (skills drawn with a long tail, channels weighted as a busy
//         instance would see them), with their daily rollup built from them.
//   reads: the Usage tab (getSkillUsage, 30 and 90 days), team insights (getTeamInsights) and
//         the analytics API's query, p50/p95 as a member of two teams. Target: p95 < 100 ms.
//   recording: one request (getSkill, what a skill page or API call does) with and without
//         noting a usage event, interleaved in the same run, the recorder's flush timer running;
//         median and p95 of each and the p95 difference. Target: < 1 ms added at p95.
// Figures print as "<figure>: <number> <unit>". USAGE_EVENTS=<n> seeds fewer for a quick look.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createDatabase, startPostgresCluster } from "../lib/test/postgres-cluster";
import { applyMigrations } from "../server/db/migrator";
import { figure, percentile, seededRandom, sized } from "./bench-kit";
import { seedCatalog } from "./scale-seed";

const SKILLS = sized(10_000, 300);
const EVENTS = Number(process.env.USAGE_EVENTS ?? sized(1_000_000, 2_000));
const WARMUP = sized(10, 1);
const RUNS = sized(200, 2);
const TARGET_P95_MS = 100;
const TARGET_ADDED_MS = 1;
const CHANNELS = [
  ["catalog", 40],
  ["load", 12],
  ["mcp-load", 10],
  ["read", 6],
  ["mcp-read", 6],
  ["sync", 8],
  ["discovery", 3],
  ["feed", 4],
  ["clawhub", 2],
  ["download", 4],
  ["run", 3],
  ["eval", 2],
] as const;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { dialect: { type: "string" } } });

async function timed(name: string, run: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  figure(`${name} p50`, percentile(samples, 50), "ms", 2);
  figure(`${name} p95`, percentile(samples, 95), "ms", 2);
  return percentile(samples, 95);
}

async function dataPhase(dialect: "sqlite" | "postgres"): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "skillshelf-usage-"));
  const cluster = dialect === "postgres" ? await startPostgresCluster() : undefined;
  try {
    let target: { provider: "sqlite"; path: string } | { provider: "postgres"; url: string };
    if (cluster) {
      await createDatabase(cluster.url(), "usage");
      target = { provider: "postgres", url: cluster.url("usage") };
      process.env.DATABASE_URL = target.url;
    } else {
      target = { provider: "sqlite", path: path.join(dir, "usage.db") };
      process.env.DATABASE_URL = `file:${target.path}`;
    }
    await applyMigrations(target.provider === "sqlite" ? target.path : target.url);
    const seedStarted = performance.now();
    const catalog = await seedCatalog(target, SKILLS);
    const { db } = await import("../lib/db/server");
    const skillRows = await db.skill.findMany({ select: { id: true, teamId: true } });
    const users = (await db.user.findMany({ select: { id: true } })).map((u) => u.id);
    const { random } = seededRandom(0x05a9e);
    const now = Date.now();
    const weights = CHANNELS.reduce((n, [, w]) => n + w, 0);
    const pickChannel = () => {
      let r = random() * weights;
      for (const [channel, w] of CHANNELS) if ((r -= w) < 0) return channel;
      return "load";
    };
    for (let written = 0; written < EVENTS; written += 5_000) {
      const batch = Array.from({ length: Math.min(5_000, EVENTS - written) }, () => {
        // A long tail: a few skills get most of the use, as on a real shelf.
        const skill = skillRows[Math.floor(skillRows.length * random() ** 2.5)];
        const at = new Date(now - Math.floor(random() * 90 * 86_400_000));
        const channel = pickChannel();
        return {
          id: randomUUID(),
          createdAt: at,
          day: at.toISOString().slice(0, 10),
          skillId: skill.id,
          version: 1 + Math.floor(random() * 3),
          channel,
          actorId: users[Math.floor(random() * users.length)],
          tokenId: random() < 0.5 ? `token-${Math.floor(random() * 400)}` : null,
          teamId: skill.teamId,
          path: channel === "read" || channel === "mcp-read" ? `references/file-${Math.floor(random() * 12)}.md` : null,
        };
      });
      await db.usageEvent.createMany({ data: batch });
    }
    await db.$executeRawUnsafe(
      `INSERT INTO "UsageDaily" ("day", "skillId", "version", "channel", "teamId", "count") SELECT "day", "skillId", "version", "channel", MIN("teamId"), COUNT(*) FROM "UsageEvent" GROUP BY "day", "skillId", "version", "channel"`,
    );
    if (dialect === "postgres") await db.$executeRawUnsafe(`ANALYZE`);
    else await db.$executeRawUnsafe(`ANALYZE`);
    figure(`${dialect} seed time`, (performance.now() - seedStarted) / 1000, "s");
    figure(`${dialect} usage events`, await db.usageEvent.count(), "rows", 0);
    figure(`${dialect} rollup rows`, await db.usageDaily.count(), "rows", 0);

    const { getSkillUsage, getTeamInsights } = await import("../lib/data/usage/read");
    const { queryUsageAnalytics } = await import("../lib/data/usage/analytics");
    const { getSkill } = await import("../lib/data/skills");
    const { noteDownload } = await import("../lib/data/usage/notes");
    const { flushUsage } = await import("../lib/data/usage/usage");
    const viewer = { id: catalog.viewerId };
    const teams = (await db.membership.findMany({ where: { userId: viewer.id }, select: { teamId: true } })).map((m) => m.teamId);
    // The busiest visible skills too: the head of the long tail is where a tab reads the most rows.
    const sample = catalog.sampleIds;
    const from = new Date(now - 30 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(now).toISOString().slice(0, 10);
    const p95s: [string, number][] = [];
    const read = async (name: string, run: (i: number) => Promise<unknown>) => p95s.push([`${dialect} ${name}`, await timed(`${dialect} ${name}`, run)]);
    await read("usage tab 30 days", (i) => getSkillUsage(viewer, sample[i % sample.length], 30));
    await read("usage tab 90 days", (i) => getSkillUsage(viewer, sample[i % sample.length], 90));
    await read("team insights 30 days", (i) => getTeamInsights(viewer, teams[i % teams.length], 30));
    await read("team insights 90 days", (i) => getTeamInsights(viewer, teams[i % teams.length], 90));
    await read("analytics by day (team, 30 days)", (i) =>
      queryUsageAnalytics(viewer, { from, to, team: teams[i % teams.length], skill: null, groupBy: "day", limit: 100, offset: 0, format: "json" }),
    );

    // Recording on the request path: the same request with and without noteUsage, alternated.
    const plain: number[] = [];
    const recorded: number[] = [];
    const noteCost: number[] = [];
    for (let i = 0; i < WARMUP + RUNS * 10; i++) {
      const id = sample[i % sample.length];
      const withEvent = i % 2 === 1;
      const started = performance.now();
      const skill = await getSkill(viewer, id);
      const noteStarted = performance.now();
      if (withEvent && skill) noteDownload(viewer, id, skill.version);
      if (withEvent) noteCost.push(performance.now() - noteStarted);
      const elapsed = performance.now() - started;
      if (i >= WARMUP) (withEvent ? recorded : plain).push(elapsed);
    }
    await flushUsage();
    figure(`${dialect} request without recording p50`, percentile(plain, 50), "ms", 3);
    figure(`${dialect} request without recording p95`, percentile(plain, 95), "ms", 3);
    figure(`${dialect} request with recording p50`, percentile(recorded, 50), "ms", 3);
    figure(`${dialect} request with recording p95`, percentile(recorded, 95), "ms", 3);
    figure(`${dialect} noteUsage call itself p50`, percentile(noteCost, 50), "ms", 4);
    figure(`${dialect} noteUsage call itself p95`, percentile(noteCost, 95), "ms", 4);
    const added = percentile(recorded, 95) - percentile(plain, 95);
    figure(`${dialect} recording added at p95`, added, "ms", 3);
    await db.$disconnect();
    const slow = p95s.filter(([, p95]) => p95 >= TARGET_P95_MS).map(([name]) => name);
    console.log(`${dialect} target: Usage tab and insights p95 under ${TARGET_P95_MS} ms: ${slow.length ? `NOT met (${slow.join(", ")})` : "met"}`);
    console.log(`${dialect} target: recording adds under ${TARGET_ADDED_MS} ms at p95: ${added < TARGET_ADDED_MS ? "met" : "NOT met"}`);
  } finally {
    await cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (values.dialect) {
  await dataPhase(values.dialect === "postgres" ? "postgres" : "sqlite");
} else {
  console.log(
    `usage benchmark: node ${process.version}, ${SKILLS.toLocaleString("en")} skills, ${EVENTS.toLocaleString("en")} events, ${RUNS} timed calls each`,
  );
  let ok = true;
  for (const dialect of ["sqlite", "postgres"]) {
    const result = spawnSync(
      path.join(root, "node_modules", ".bin", "tsx"),
      ["--conditions", "react-server", fileURLToPath(import.meta.url), "--dialect", dialect],
      {
        cwd: root,
        stdio: "inherit",
        env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      },
    );
    ok &&= result.status === 0;
  }
  if (!ok) process.exit(1);
}
