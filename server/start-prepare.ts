// `npm start`'s first step, run by server/start.sh in a child process that exits before the
// server starts: the auth secret, the database (migrations, built-ins, demo data) and a build when
// the sources changed. It hands the validated listen address and database file (none on
// PostgreSQL) back through the file start.sh names, so the server that replaces start.sh never
// loads TypeScript, zod or tsx.
import "./load-env";
import { spawnSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getEnv } from "@/lib/env";
import { isBuildCurrent, recordBuild } from "./build-if-needed";
import { ensureAuthSecret } from "./db/local-env";
import { prepareDatabase } from "./db/prepare";
import { runScript } from "./db/run";
import { startPlan } from "./start-plan";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

await runScript(async () => {
  const secret = await ensureAuthSecret(root);
  const env = getEnv();
  if (secret === "generated") console.log("Generated BETTER_AUTH_SECRET into .env.local");
  // A PostgreSQL database is usually shared by several instances, and a session signed with one
  // machine's generated secret is refused by the others.
  if (secret === "generated" && env.database.provider === "postgres")
    console.warn("Several instances on one database must share one BETTER_AUTH_SECRET: set the same value on each (docs/guides/deployment.md).");
  await prepareDatabase();

  if (!(await isBuildCurrent(root))) {
    console.log("Building the app (first start or changed sources)...");
    for (const [cmd, args] of [
      [bin("prisma"), ["generate"]],
      [bin("next"), ["build"]],
    ] as const) {
      const result = spawnSync(cmd, args, {
        cwd: root,
        stdio: "inherit",
        env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1" },
      });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
    await recordBuild(root);
  }

  const planFile = process.env.SKILLSHELF_START_PLAN;
  if (planFile) await writeFile(planFile, startPlan({ port: env.PORT, hostname: env.HOSTNAME, database: env.databasePath ?? "" }));
});
