import "./load-env";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { ensureDataDirectory } from "./db/data-dir";
import { applyMigrations, createMigration } from "./db/migrator";
import { runScript } from "./db/run";

const [command, name] = process.argv.slice(2);

await runScript(async () => {
  if (command === "apply") {
    const env = getEnv();
    await ensureDataDirectory(env.databasePath);
    const applied = await applyMigrations(env.databasePath);
    console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "Database is up to date.");
  } else if (command === "create" && name) {
    const dir = await createMigration(name);
    console.log(dir ? `Created ${path.relative(process.cwd(), dir)}/migration.sql` : "The schema has no changes to migrate.");
  } else {
    console.error("usage: npm run db:migrate | npm run db:migration -- <name>");
    process.exit(2);
  }
});
