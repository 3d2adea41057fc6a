// The production server `npm start` runs (server/start.sh becomes it): Next.js behind Node's own
// HTTP server, with things `next start` cannot do.
//   - Admission (admission.mjs): pages and writes wait for one of a few slots per lane instead of
//     all rendering at once, so each request finishes quickly and in arrival order.
//   - The health check is answered here, before Next.js and outside the lanes: a busy server still
//     says at once whether it is alive and can write (the same check as the app's /api/health).
//   - Readiness (/api/ready) skips the lanes too, and is answered here with 503 once the process
//     is stopping, so a load balancer takes the instance out while it finishes its requests.
//   - The signed-out sign-in page, kept for a minute rather than rendered per request (page-cache.mjs).
//   - Next.js's runtimes with their inlined functions hoisted, as the build prepared them (next-runtime.mjs).
//   - A graceful stop on SIGTERM or SIGINT: no new connections, the requests in flight finish
//     (10 s at most), then the app's shutdown hooks (lib/shutdown.mjs: jobs, the database pool).
// Plain JavaScript so it starts without a build step or TypeScript loader.
// Usage: node server/serve.mjs --port 3000 --hostname 127.0.0.1 [--database data/skillshelf.db]
// Without --database the database is DATABASE_URL's PostgreSQL server, read as the app reads it
// (the environment, then .env.local and .env).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { config as loadEnvFiles } from "dotenv";
import next from "next";
import { proxyEntries } from "../lib/auth/client-address.mjs";
import { checkHealthWith } from "../lib/data/platform/health-check.mjs";
import { beginShutdown, isShuttingDown, runShutdownHooks } from "../lib/shutdown.mjs";
import { clientKey, createAdmission, laneFor } from "./admission.mjs";
import { withCompression } from "./compress.mjs";
import { configuredHeaders } from "./configured-headers.mjs";
import { withPageCache } from "./page-cache.mjs";
import { createListener } from "./listener.mjs";
import { loadIdenticalChunksOnce } from "./identical-chunks.mjs";
import { loadPreparedNextRuntimes } from "./next-runtime.mjs";
import { trimMallocPeriodically } from "./malloc-trim.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { port: { type: "string" }, hostname: { type: "string" }, database: { type: "string" } } });
const port = Number(values.port);
const hostname = values.hostname ?? "127.0.0.1";
const databasePath = values.database || null;
// The same files, in the same order, as load-env.ts reads for the scripts; set variables win.
loadEnvFiles({ path: [path.join(root, ".env.local"), path.join(root, ".env")], quiet: true });
const postgresUrl = databasePath ? null : (process.env.DATABASE_URL ?? "").trim();
if (!Number.isInteger(port) || !(databasePath || /^postgres(?:ql)?:\/\/./.test(postgresUrl ?? ""))) {
  console.error("usage: serve.mjs --port <port> --hostname <address> [--database <sqlite file>] (without --database, DATABASE_URL must be a postgres:// URL)");
  process.exit(2);
}
// The title the start tests and bench:load find the server by, as `next start` names itself.
process.title = "next-server (skillshelf)";

// One render runs on this one thread at a time however many are in flight: 3 pages and 1 write at
// once kept the CPU busy in bench:load (90 clients) while the health check waited 30 ms instead of
// 5 s, and writes wait for one another at the database anyway (lib/db/client.ts).
// Bounds: 1,000 waiting per lane in all, 100 of them from one client (a session or token the app
// has seen work, else an address) and 300 from one address however many clients it has; past any
// of them the answer is 503.
const admission = createAdmission({ slots: { read: 3, write: 1 }, maxQueued: 1_000, maxQueuedPerClient: 100, maxQueuedPerAddress: 300, leaseMs: 2_000 });
// The reverse proxies whose X-Forwarded-For names the client, as the app reads TRUSTED_PROXIES
// (lib/env.ts, which also refuses a malformed list when the app starts).
const trustedProxies = proxyEntries(process.env.TRUSTED_PROXIES ?? "");

/**
 * The health check's own connection, opened on first use and kept open: on SQLite a read-only one
 * (SQLite keeps the locks of every connection in this process consistent); on PostgreSQL a pool
 * of one, apart from the app's pool so that a busy app still gets its answer, and bounded in time
 * so that an unreachable server gives an answer, not a hung probe.
 * @type {Promise<{ query: () => unknown, close: () => unknown }> | undefined}
 */
let probe;
async function openProbe() {
  if (databasePath) {
    const { default: Database } = await import("better-sqlite3");
    const connection = new Database(databasePath, { readonly: true, fileMustExist: true, timeout: 1_000 });
    return { query: () => connection.prepare("SELECT 1").get(), close: () => connection.close() };
  }
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: postgresUrl, max: 1, idleTimeoutMillis: 0, connectionTimeoutMillis: 2_000, query_timeout: 2_000 });
  // A dropped connection (the server restarted) must not end the process: the next check reconnects.
  pool.on("error", () => {});
  return { query: () => pool.query("SELECT 1"), close: () => pool.end() };
}
const selectOne = async () => (await (probe ??= openProbe())).query();

// Where the build is: next.config.ts's distDir rule.
const distDir = process.env.NEXT_DIST_DIR || ".next";
// The health and readiness checks answer with the headers next.config.ts gives them, like every other answer.
const routesManifest = JSON.parse(readFileSync(path.join(root, distDir, "routes-manifest.json"), "utf8"));
const healthHeaders = configuredHeaders(routesManifest, "/api/health");
const readyHeaders = configuredHeaders(routesManifest, "/api/ready");

async function answerHealth(req, res) {
  const health = await checkHealthWith(selectOne, databasePath);
  res.writeHead(health.ok ? 200 : 503, { ...healthHeaders, "content-type": "application/json", "cache-control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : JSON.stringify(health));
}

// Stopping: not ready, said here (the app may already be closing its connections). Otherwise the
// app's /api/ready checks the database and the blob store through the app's own clients.
async function answerReady(req, res) {
  if (!isShuttingDown()) return handle(req, res);
  res.writeHead(503, { ...readyHeaders, "content-type": "application/json", "cache-control": "no-store", connection: "close" });
  res.end(req.method === "HEAD" ? undefined : JSON.stringify({ ok: false, shuttingDown: true }));
}

// The configuration the build was made with, as the build recorded it, rather than next.config.ts
// again: loading a TypeScript config loads Next's compiler (26 MB of native code) into the server
// to transpile it. Next's own standalone server (output: "standalone") starts the same way, from
// this file and this variable.
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(path.join(root, distDir, "required-server-files.json"), "utf8")).config);

// Before Next.js loads a page: the build's byte-identical server chunks are compiled once (identical-chunks.mjs),
// and its runtimes load with their inlined functions hoisted (next-runtime.mjs).
loadIdenticalChunksOnce(path.join(root, distDir, "server", "chunks"));
const { asInstalled } = loadPreparedNextRuntimes(root, path.join(root, distDir));
if (asInstalled.length)
  console.warn(`Next.js's ${asInstalled.join(", ")} will run as installed (slower): no current prepared copy; \`npm run build\` or \`npm start\` makes one.`);

const server = createServer();
const app = next({ dev: false, dir: root, hostname, port, httpServer: server });
// The signed-out sign-in page is rendered once a minute rather than per request (page-cache.mjs).
const handle = withCompression(withPageCache(app.getRequestHandler()));

server.on(
  "request",
  createListener({ handle, health: answerHealth, ready: answerReady, admission, laneFor, clientKey: (req) => clientKey(req, trustedProxies) }),
);

// Next.js installs an uncaughtException handler that only logs: a port in use must end the process.
server.on("error", (error) => {
  console.error(`Failed to start the server: ${error.message}`);
  process.exit(1);
});
await app.prepare();
// Freed memory in the middle of malloc's heap goes back to the system (malloc-trim.mjs; Node 26 on glibc).
await trimMallocPeriodically(2_000);
server.listen(port, hostname, () => console.log(`✓ Ready on http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`));

// SIGTERM or SIGINT: readiness turns 503 and no new connection is taken; the requests in flight
// finish (10 s at most, then their connections are cut); then the app's shutdown hooks run (jobs
// stop, then the database pool closes; 5 s at most) and the process exits 0. A process manager's
// grace period must cover both: docker stop waits 10 s by default (docker-compose.yml gives 20 s).
const DRAIN_MS = 10_000;
const HOOKS_MS = 5_000;
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  beginShutdown();
  // Whatever hangs below, the process still ends.
  setTimeout(() => process.exit(0), DRAIN_MS + HOOKS_MS + 2_000).unref();
  console.log(`${signal}: finishing the requests in flight, then stopping`);
  const drained = new Promise((resolve) => server.close(() => resolve(true)));
  // A kept-alive connection whose request finishes goes idle rather than closing: close those as
  // they go idle, so the drain ends with the last request rather than at the bound.
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const inTime = await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(() => resolve(false), DRAIN_MS)))]);
  clearTimeout(timer);
  clearInterval(sweep);
  if (!inTime) {
    console.error(`Stopping: requests still in flight after ${DRAIN_MS / 1000} s were cut off`);
    server.closeAllConnections();
  }
  await app.close?.();
  await runShutdownHooks({ timeoutMs: HOOKS_MS });
  await probe?.then((open) => open.close()).catch(() => undefined);
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));
