import { getEnv } from "@/lib/env";
import { configureSqlite } from "@/lib/db/client";
import { loadBuiltinSkills, seedDemoData } from "@/prisma/seed";
import { ensureDataDirectory } from "./data-dir";
import { applyMigrations } from "./migrator";

/**
 * Everything a database needs before the app serves it: folder, migrations, the built-in skills
 * of this version and demo data on an empty database. (The security rescan of versions scanned
 * with older rules is a job the server enqueues at its start: lib/data/background.ts.) The data
 * layer works on DATABASE_URL's database, so this does too.
 */
export async function prepareDatabase(log: (line: string) => void = console.log): Promise<void> {
  const { database, databasePath } = getEnv();
  if (databasePath) await ensureDataDirectory(databasePath);
  const applied = await applyMigrations(database);
  if (applied.length) log(`Applied ${applied.length} migration(s) to ${databasePath ?? "the PostgreSQL database"}`);
  // Imported only now: the data layer opens DATABASE_URL's database when it loads.
  const { db } = await import("@/lib/db/server");
  try {
    await configureSqlite(db);
    const { syncBuiltinSkills } = await import("@/lib/data/builtin");
    const builtins = await syncBuiltinSkills(await loadBuiltinSkills());
    if (builtins.created.length || builtins.updated.length || builtins.archived.length) {
      log(`Built-in skills: ${builtins.created.length} added, ${builtins.updated.length} updated, ${builtins.archived.length} retired`);
    }
    const { seeded } = await seedDemoData(db);
    if (seeded) log("Seeded demo accounts ada@example.com and grace@example.com (password: skillshelf-demo), the Platform team and 12 example skills");
  } finally {
    await db.$disconnect();
  }
}
