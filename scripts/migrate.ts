import "../server/load-env";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { ensureDataDirectory } from "../server/db/data-dir";
import { applyMigrations, createMigration } from "../server/db/migrator";
import { runScript } from "../server/db/run";
import { createDatabase, startPostgresCluster } from "@/lib/test/postgres-cluster";

const [command, name] = process.argv.slice(2);

await runScript(async () => {
  if (command === "apply") {
    const env = getEnv();
    if (env.databasePath) await ensureDataDirectory(env.databasePath);
    const applied = await applyMigrations(env.database);
    console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "Database is up to date.");
  } else if (command === "create" && name) {
    // Both databases' migrations from their own schema files (prisma/schema.prisma and
    // prisma/postgres/schema.prisma, kept equal by lib/db/schemas.test.ts). PostgreSQL's diff
    // needs a live database: a throwaway cluster, started and removed here.
    const created = [await createMigration(name, "sqlite")];
    const cluster = await startPostgresCluster();
    try {
      await createDatabase(cluster.url(), "scratch");
      created.push(await createMigration(name, "postgres", cluster.url("scratch")));
    } finally {
      await cluster.stop();
    }
    for (const dir of created) if (dir) console.log(`Created ${path.relative(process.cwd(), dir)}/migration.sql`);
    if (!created.some(Boolean)) console.log("The schemas have no changes to migrate.");
  } else {
    console.error("usage: npm run db:migrate | npm run db:migration -- <name>");
    process.exit(2);
  }
});
