import { getEnv } from "@/lib/env";
import { configureSqlite, createPrismaClient } from "@/lib/db/client";
import { seedDemoData } from "@/prisma/seed";
import { ensureDataDirectory } from "./data-dir";
import { applyMigrations } from "./migrator";

/** Everything a database needs before the app serves it: folder, migrations, demo data. */
export async function prepareDatabase(databasePath = getEnv().databasePath, log: (line: string) => void = console.log): Promise<void> {
  await ensureDataDirectory(databasePath);
  const applied = await applyMigrations(databasePath);
  if (applied.length) log(`Applied ${applied.length} migration(s) to ${databasePath}`);
  const db = createPrismaClient(databasePath);
  try {
    await configureSqlite(db);
    const { seeded } = await seedDemoData(db);
    if (seeded) log("Seeded demo accounts: ada@example.com and grace@example.com (password: skillshelf-demo)");
  } finally {
    await db.$disconnect();
  }
}
