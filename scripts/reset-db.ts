import "./load-env";
import { rm } from "node:fs/promises";
import { getEnv } from "@/lib/env";
import { runScript } from "./db/run";

await runScript(async () => {
  const { databasePath } = getEnv();
  await Promise.all(["", "-wal", "-shm", "-journal"].map((suffix) => rm(databasePath + suffix, { force: true })));
  console.log(`Deleted ${databasePath}. The next \`npm start\` creates and seeds a fresh one.`);
});
