import pg from "pg";
import { getEnv, type DatabaseTarget } from "@/lib/env";
import { configureSqlite } from "@/lib/db/client";
import { loadBuiltinSkills, seedDemoData } from "@/prisma/seed";
import { ensureDataDirectory } from "./data-dir";
import { applyMigrations } from "./migrator";
import { recordPrepared, shippedBuiltinsDigest } from "./prepared";

/**
 * Everything a database needs before the app serves it: folder, migrations, the built-in skills
 * of this version and demo data on an empty database. (The security rescan of versions scanned
 * with older rules is a job the server enqueues at its start: lib/data/background/index.ts.) The data
 * layer works on DATABASE_URL's database, so this does too.
 */
export async function prepareDatabase(log: (line: string) => void = console.log): Promise<void> {
  const { database, databasePath } = getEnv();
  if (databasePath) await ensureDataDirectory(databasePath);
  await whilePreparing(database, log, () => prepare(database, databasePath, log));
}

// The advisory lock's name (hashed to PostgreSQL's 64-bit key): any value other instances of this
// app agree on, and apart from the one Prisma's migrations take themselves.
const PREPARE_LOCK = "skillshelf.prepare-database";

/**
 * Several instances started together on one PostgreSQL database would each migrate, sync the
 * built-ins and seed the demo at the same time. The schema engine's own lock covers only the
 * migrations, and gives up after 10 s; the built-ins and the demo would be written twice. So one
 * instance prepares while the others wait on a session lock, then find nothing left to do. The
 * lock lives as long as its connection: a preparation that dies releases it. SQLite needs none:
 * its migrator refuses a database another process holds open.
 */
async function whilePreparing(database: DatabaseTarget, log: (line: string) => void, work: () => Promise<void>): Promise<void> {
  if (database.provider !== "postgres") return work();
  const client = new pg.Client({ connectionString: database.url });
  // A dropped connection ends the lock; the preparation goes on (every step is idempotent).
  client.on("error", () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked", [PREPARE_LOCK]);
    if (!rows[0].locked) {
      log("Another instance is preparing the database; waiting for it to finish...");
      await client.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [PREPARE_LOCK]);
    }
    await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function prepare(database: DatabaseTarget, databasePath: string | null, log: (line: string) => void): Promise<void> {
  // Taken before the built-ins are read: a change made while they sync shows as one next start.
  const shipped = databasePath ? await shippedBuiltinsDigest() : null;
  const applied = await applyMigrations(database);
  if (applied.length) log(`Applied ${applied.length} migration(s) to ${databasePath ?? "the PostgreSQL database"}`);
  // Imported only now: the data layer opens DATABASE_URL's database when it loads.
  const { db } = await import("@/lib/db/server");
  try {
    await configureSqlite(db);
    const { syncBuiltinSkills } = await import("@/lib/data/skills/builtin");
    const builtins = await syncBuiltinSkills(await loadBuiltinSkills());
    if (builtins.created.length || builtins.updated.length || builtins.archived.length) {
      log(`Built-in skills: ${builtins.created.length} added, ${builtins.updated.length} updated, ${builtins.archived.length} retired`);
    }
    const { seeded } = await seedDemoData(db);
    if (seeded) log("Seeded demo accounts ada@example.com and grace@example.com (password: skillshelf-demo), the Platform team and 12 example skills");
  } finally {
    await db.$disconnect();
  }
  // What lets the next `npm start` skip all of the above when nothing changed (server/db/prepared.ts).
  if (databasePath && shipped) recordPrepared(databasePath, shipped);
}
