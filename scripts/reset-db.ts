import "../server/load-env";
import { rm } from "node:fs/promises";
import { getEnv } from "@/lib/env";
import { runScript } from "../server/db/run";

await runScript(async () => {
  const { databasePath } = getEnv();
  if (!databasePath)
    throw new Error("db:reset deletes a SQLite file; DATABASE_URL names a PostgreSQL database (drop and recreate it with your PostgreSQL tools).");
  await Promise.all(["", "-wal", "-shm", "-journal"].map((suffix) => rm(databasePath + suffix, { force: true })));
  console.log(`Deleted ${databasePath}. The next \`npm start\` creates and seeds a fresh one.`);
});
