import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, findPostgresBin, NO_POSTGRES_MESSAGE, startPostgresCluster } from "@/lib/test/postgres-cluster";

// Several instances started at once on one empty PostgreSQL database, each preparing it as
// `npm start` does (scripts/prepare-db.ts runs the same prepareDatabase): the schema, the
// built-ins and the demo must come out exactly once. A cluster of its own on either run.

const root = path.resolve(import.meta.dirname, "..", "..");
if (!findPostgresBin()) console.warn(`[prepare-postgres.test] skipped: ${NO_POSTGRES_MESSAGE}`);

function prepareInChild(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["--conditions", "react-server", path.join(root, "scripts", "prepare-db.ts")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, BETTER_AUTH_SECRET: "prepare-test-only-secret-0123456789abcdef" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe.runIf(findPostgresBin())("prepareDatabase on PostgreSQL", async () => {
  const cluster = await startPostgresCluster();
  afterAll(() => cluster.stop());
  await createDatabase(cluster.url(), "shared");
  const url = cluster.url("shared");

  it("prepares an empty database once when three instances start together", { timeout: 120_000 }, async () => {
    const runs = await Promise.all([1, 2, 3].map(() => prepareInChild(url)));
    for (const run of runs) expect(run, run.output).toMatchObject({ code: 0 });
    expect(runs.filter((run) => run.output.includes("Seeded demo accounts"))).toHaveLength(1);
    expect(runs.filter((run) => /Applied \d+ migration/.test(run.output))).toHaveLength(1);

    const client = new pg.Client(url);
    await client.connect();
    try {
      const migrations = (await readdir(path.join(root, "prisma", "postgres", "migrations"), { withFileTypes: true })).filter((e) => e.isDirectory());
      const applied = await client.query(`SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY 1`);
      expect(applied.rows.map((row) => row.migration_name)).toEqual(migrations.map((e) => e.name).sort());
      const users = await client.query(`SELECT email FROM "user" ORDER BY email`);
      expect(users.rows.map((row) => row.email)).toEqual(["ada@example.com", "grace@example.com"]);
      const skills = await client.query(`SELECT scope, count(*)::int AS n FROM "Skill" GROUP BY scope ORDER BY scope`);
      expect(Object.fromEntries(skills.rows.map((row) => [row.scope, row.n]))).toEqual({ BUILTIN: 4, PERSONAL: 4, PUBLIC: 4, TEAM: 4 });
    } finally {
      await client.end();
    }
  });
});
