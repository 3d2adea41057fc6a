// The production server `npm start` runs (scripts/start.sh becomes it): Next.js behind Node's own
// HTTP server, with two things `next start` cannot do.
//   - Admission (admission.mjs): pages and writes wait for one of a few slots per lane instead of
//     all rendering at once, so each request finishes quickly and in arrival order.
//   - The health check is answered here, before Next.js and outside the lanes: a busy server still
//     says at once whether it is alive and can write (the same check as the app's /api/health).
// Plain JavaScript so it starts without a build step or TypeScript loader.
// Usage: node scripts/server/serve.mjs --port 3000 --hostname 127.0.0.1 --database data/skillshelf.db
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import next from "next";
import { checkHealthWith } from "../../lib/data/health-check.mjs";
import { clientKey, createAdmission, laneFor } from "./admission.mjs";
import { configuredHeaders } from "./configured-headers.mjs";
import { createListener } from "./listener.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const { values } = parseArgs({ options: { port: { type: "string" }, hostname: { type: "string" }, database: { type: "string" } } });
const port = Number(values.port);
const hostname = values.hostname ?? "127.0.0.1";
const databasePath = values.database;
if (!Number.isInteger(port) || !databasePath) {
  console.error("usage: serve.mjs --port <port> --hostname <address> --database <sqlite file>");
  process.exit(2);
}
// The title the start tests and bench:load find the server by, as `next start` names itself.
process.title = "next-server (skillshelf)";

// One render runs on this one thread at a time however many are in flight: 3 pages and 1 write at
// once kept the CPU busy in bench:load (90 clients) while the health check waited 30 ms instead of
// 5 s, and writes wait for one another at the database anyway (lib/db/client.ts).
// Bounds: 1,000 waiting per lane in all, 100 of them from one client (a session, or an address
// when signed out); past either the answer is 503.
const admission = createAdmission({ slots: { read: 3, write: 1 }, maxQueued: 1_000, maxQueuedPerClient: 100, leaseMs: 2_000 });

// A read-only connection of its own for the health check's `SELECT 1`, opened on first use and
// kept open (SQLite keeps the locks of every connection in this process consistent).
let probe;
const selectOne = () => (probe ??= new Database(databasePath, { readonly: true, fileMustExist: true, timeout: 1_000 })).prepare("SELECT 1").get();

// Where the build is: next.config.ts's distDir rule.
const distDir = process.env.NEXT_DIST_DIR || ".next";
// The health check answers with the headers next.config.ts gives it, like every other answer.
const healthHeaders = configuredHeaders(JSON.parse(readFileSync(path.join(root, distDir, "routes-manifest.json"), "utf8")), "/api/health");

async function answerHealth(req, res) {
  const health = await checkHealthWith(selectOne, databasePath);
  res.writeHead(health.ok ? 200 : 503, { ...healthHeaders, "content-type": "application/json", "cache-control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : JSON.stringify(health));
}

// The configuration the build was made with, as the build recorded it, rather than next.config.ts
// again: loading a TypeScript config loads Next's compiler (26 MB of native code) into the server
// to transpile it. Next's own standalone server (output: "standalone") starts the same way, from
// this file and this variable.
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(path.join(root, distDir, "required-server-files.json"), "utf8")).config);

const server = createServer();
const app = next({ dev: false, dir: root, hostname, port, httpServer: server });
const handle = app.getRequestHandler();

server.on("request", createListener({ handle, health: answerHealth, admission, laneFor, clientKey }));

// Next.js installs an uncaughtException handler that only logs: a port in use must end the process.
server.on("error", (error) => {
  console.error(`Failed to start the server: ${error.message}`);
  process.exit(1);
});
await app.prepare();
server.listen(port, hostname, () => console.log(`✓ Ready on http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`));

// SIGTERM or SIGINT: stop taking connections, let the requests in flight finish (10 s at most).
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 10_000).unref();
    server.close(async () => {
      await app.close?.();
      probe?.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  });
}
