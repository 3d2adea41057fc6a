// `npm start`'s first step, run by server/start.sh in a child process that exits before the
// server starts: the auth secret, the database (migrations, built-ins, demo data) and a build when
// the sources changed. It hands the validated listen address and database file (none on
// PostgreSQL) back through the file start.sh names, so the server that replaces start.sh never
// loads TypeScript, zod or tsx. A SQLite database that needs nothing (server/db/prepared.ts) skips
// the preparation and its imports (Prisma, the data layer, the tokenizer): they load only when
// there is work.
import "./load-env";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getEnv } from "@/lib/env";
import { buildIfNeeded, prepareRuntimes } from "./build-if-needed";
import { ensureDataDirectory } from "./db/data-dir";
import { ensureAuthSecret } from "./db/local-env";
import { isPrepared } from "./db/prepared";
import { runScript } from "./db/run";
import { startPlan } from "./start-plan";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

await runScript(async () => {
  const secret = await ensureAuthSecret(root);
  const env = getEnv();
  if (secret === "generated") console.log("Generated BETTER_AUTH_SECRET into .env.local");
  // A PostgreSQL database is usually shared by several instances, and a session signed with one
  // machine's generated secret is refused by the others.
  if (secret === "generated" && env.database.provider === "postgres")
    console.warn("Several instances on one database must share one BETTER_AUTH_SECRET: set the same value on each (docs/guides/deployment.md).");
  if (env.databasePath) await ensureDataDirectory(env.databasePath);
  if (!(env.databasePath && (await isPrepared(env.databasePath)))) {
    const { prepareDatabase } = await import("./db/prepare");
    await prepareDatabase();
  }

  await buildIfNeeded(root);
  await prepareRuntimes(root);

  const planFile = process.env.SKILLSHELF_START_PLAN;
  if (planFile) await writeFile(planFile, startPlan({ port: env.PORT, hostname: env.HOSTNAME, database: env.databasePath ?? "" }));
});
