// Scale benchmark (`npm run bench:scale`):
//   (1) the data layer at 100,000 skills (300,000 versions) on SQLite and on PostgreSQL, side by
//       side: list, list by name in one scope, full-text search and one skill's page, p50/p95 as
//       a member of two teams. Each database runs in a child process of its own (the data layer
//       opens one database per process). Target: each p95 under 50 ms.
//   (2) load through a round-robin proxy in front of 1 and then 3 production servers on one
//       PostgreSQL database (see bench/scale-load.ts): requests/s, p95 and errors for a minute of
//       mixed reads and uploads. Target: zero errors; on 2 cores a speed-up is reported, not expected.
// Figures print as "<figure>: <number> <unit>". SCALE_SKILLS=<n> seeds fewer for a quick look.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startPostgresCluster, createDatabase } from "../lib/test/postgres-cluster";
import { applyMigrations } from "../server/db/migrator";
import { figure, percentile, sized } from "./bench-kit";
import { seedCatalog } from "./scale-seed";

const SKILLS = Number(process.env.SCALE_SKILLS ?? sized(100_000, 300));
const WARMUP = sized(20, 1);
const RUNS = sized(300, 2);
const TARGET_P95_MS = 50;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { phase: { type: "string" }, dialect: { type: "string" } } });

/** One dialect's data-layer figures, in this (child) process. */
async function dataPhase(dialect: "sqlite" | "postgres"): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "skillshelf-scale-"));
  const cluster = dialect === "postgres" ? await startPostgresCluster() : undefined;
  try {
    let target: { provider: "sqlite"; path: string } | { provider: "postgres"; url: string };
    if (cluster) {
      await createDatabase(cluster.url(), "scale");
      target = { provider: "postgres", url: cluster.url("scale") };
      process.env.DATABASE_URL = target.url;
    } else {
      target = { provider: "sqlite", path: path.join(dir, "scale.db") };
      process.env.DATABASE_URL = `file:${target.path}`;
    }
    await applyMigrations(target.provider === "sqlite" ? target.path : target.url);
    const seedStarted = performance.now();
    const catalog = await seedCatalog(target, SKILLS);
    figure(`${dialect} seed time`, (performance.now() - seedStarted) / 1000, "s");

    const { db } = await import("../lib/db/server");
    const { listSkills, getSkill } = await import("../lib/data/skills");
    const [skills, versions] = await Promise.all([db.skill.count(), db.skillVersion.count()]);
    figure(`${dialect} skills`, skills, "rows", 0);
    figure(`${dialect} versions`, versions, "rows", 0);
    const viewer = { id: catalog.viewerId };
    const operations: { name: string; run: (i: number) => Promise<unknown> }[] = [
      { name: "list (updated, page 1-20)", run: (i) => listSkills(viewer, { page: 1 + (i % 20) }) },
      { name: "list public by name (page 1-20)", run: (i) => listSkills(viewer, { scope: "public", sort: "name", page: 1 + (i % 20) }) },
      { name: "search", run: (i) => listSkills(viewer, { q: catalog.queries[i % catalog.queries.length] }) },
      {
        name: "get skill",
        run: async (i) => {
          if (!(await getSkill(viewer, catalog.sampleIds[i % catalog.sampleIds.length]))) throw new Error("a visible skill was not found");
        },
      },
    ];
    const first = await listSkills(viewer, {});
    if (first.total < SKILLS / 10) throw new Error(`the viewer sees only ${first.total} skills`);
    for (const operation of operations) {
      for (let i = 0; i < WARMUP; i++) await operation.run(i);
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await operation.run(i);
        samples.push(performance.now() - started);
      }
      figure(`${dialect} ${operation.name} p50`, percentile(samples, 50), "ms");
      figure(`${dialect} ${operation.name} p95`, percentile(samples, 95), "ms");
    }
    await db.$disconnect();
  } finally {
    await cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

function runChild(args: string[]): { ok: boolean; figures: Map<string, number> } {
  const result = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), ["--conditions", "react-server", fileURLToPath(import.meta.url), ...args], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  process.stdout.write(result.stdout);
  const figures = new Map<string, number>();
  for (const match of result.stdout.matchAll(/^(.+): ([\d.]+) \S+$/gm)) figures.set(match[1], Number(match[2]));
  return { ok: result.status === 0, figures };
}

if (values.phase === "load") {
  const { loadPhase } = await import("./scale-load");
  await loadPhase();
} else if (values.phase === "data") {
  await dataPhase(values.dialect === "postgres" ? "postgres" : "sqlite");
} else {
  console.log(
    `scale benchmark: node ${process.version}, ${SKILLS.toLocaleString("en")} skills × 3 versions, ${RUNS} timed calls after ${WARMUP} warm-up calls each`,
  );
  console.log("\n(1) the data layer, SQLite then PostgreSQL");
  const sqlite = runChild(["--phase", "data", "--dialect", "sqlite"]);
  const postgres = runChild(["--phase", "data", "--dialect", "postgres"]);
  if (!sqlite.ok || !postgres.ok) process.exit(1);
  console.log("\n(2) load through a round-robin proxy, 1 then 3 instances on one PostgreSQL database");
  const load = runChild(["--phase", "load"]);
  if (!load.ok) process.exit(1);
  const errors = (load.figures.get("1 instance errors") ?? 0) + (load.figures.get("3 instances errors") ?? 0);
  console.log(`target: zero errors under load: ${errors ? `NOT met (${errors} errors)` : "met"}`);
  const slow = [...sqlite.figures, ...postgres.figures].filter(([name, value]) => name.endsWith(" p95") && value >= TARGET_P95_MS).map(([name]) => name);
  console.log(`target: every data-layer p95 under ${TARGET_P95_MS} ms: ${slow.length ? `NOT met (${slow.join(", ")})` : "met"}`);
}
