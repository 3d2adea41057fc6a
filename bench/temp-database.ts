import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { configureSqlite } from "../lib/db/client";
import { applyMigrations } from "../server/db/migrator";

/**
 * A migrated SQLite database in a temporary folder, made the process's DATABASE_URL and set up as
 * the server runs it (server/db/prepare.ts: WAL, foreign keys on). Import the data layer after it.
 */
export async function openTempDatabase(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `skillshelf-bench-${prefix}-`));
  const databasePath = path.join(dir, "bench.db");
  await applyMigrations(databasePath);
  process.env.DATABASE_URL = `file:${databasePath}`;
  const { db } = await import("../lib/db/server");
  await configureSqlite(db);
  return { db, remove: () => rm(dir, { recursive: true, force: true }) };
}
