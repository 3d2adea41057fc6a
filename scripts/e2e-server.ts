// The browser tests' server: a throwaway database, migrated and seeded, behind the production
// server `npm start` runs (server/serve.mjs: Next.js with admission and the health fast path).
import "../server/load-env";
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getEnv } from "@/lib/env";
import { prepareDatabase } from "../server/db/prepare";
import { runScript } from "../server/db/run";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

await runScript(async () => {
  const env = getEnv();
  const file = env.databasePath;
  if (file) await Promise.all(["", "-wal", "-shm", "-journal"].map((suffix) => rm(file + suffix, { force: true })));
  await prepareDatabase();
  // Loopback only: a test server with a seeded demo password must not be reachable from the network.
  const server = spawn(
    process.execPath,
    [
      path.join(root, "server", "serve.mjs"),
      "--port",
      String(env.PORT),
      "--hostname",
      process.env.E2E_HOST ?? "127.0.0.1",
      "--database",
      env.databasePath ?? "",
    ],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
});
