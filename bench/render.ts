// Render benchmark (`npm run bench:render`): what one page costs the server, request by request.
// Starts the built server the way `npm start` does (server/start.sh: a throwaway database,
// migrated and seeded with the demo) and, for each page, sends REQUESTS sequential requests and
// reads the server's CPU time (utime + stime of the process, all its threads, from /proc) before and
// after, and the SQL statements it executed (counted by bench/sql-counter.mjs, preloaded into the
// server, so the count works on any version; on SQLite it includes the reader's `PRAGMA
// data_version` before each read, lib/db/read-cache.ts, so a read answered from the cache still
// counts one). /api/health (answered before Next.js) and a plain
// Next.js page (the 404 page: root layout, no data) are the floors, measured in the same run, and
// so is the anchor for pages Next renders on every request: bench/plain-next, a plain Next.js app
// (a root layout and one small page that reads the request's headers), built once per Next
// version into bench/.tmp and started with `next start` under npm start's heap cap.
// Flags: --requests=400 (per page and server, see REQUESTS), --warm-rounds=100 (see WARM_ROUNDS), --sql (each page's statements), --after=<checkout>
// (default: this one), --after-dist=<dir> (its build in NEXT_DIST_DIR=<dir>, not .next), --before=<checkout> to start a second server from
// another checkout (built: `npm run build` there) and measure both interleaved, block by block (each
// block once both servers are idle: settle), so
// that the machine's load falls on both alike; the table then shows before and after side by side.
// Last, the (after) server is started again, sized(3, 1) times, on the database its first start
// prepared and the same build, as a restart of `npm start` runs: spawn to first healthy
// /api/health, split at the moment start.sh execs the server (its /proc cmdline turns to
// serve.mjs), so the preparation and the server's own start show apart.
// Each figure prints as "<figure>: <number> <unit>"; the targets print as pass/MISS.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, rm, stat } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { listeningPid } from "../e2e/server-process";
import { countFlag, freePort, percentile, signIn, sized } from "./bench-kit";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const flags = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split(/=(.*)/s, 2) as [string, string | undefined]));
// A major collection costs the server about 170-190 ms of CPU, most of it on V8's helper threads
// (the pause itself is 15 ms), and comes about once every 100-130 views of a page: 25 views of the
// skill page measured 250-290 ms without one and 420-450 ms with one (2026-12-06). So 100 requests
// held zero, one or two of them, which moved a page's figure by up to 2 ms from run to run; 400
// requests take in three to four.
const REQUESTS = countFlag(flags, "requests", sized(400, 4), 1);
const BLOCKS = 4; // each page's requests in this many blocks per server, alternating servers
// A server costs its steady figure per page only once V8 has optimized the code every page runs
// (React's and Next's renderers, the data layer), and V8 optimizes a function called once per view
// only after about 400 calls (Maglev) and 3,000 (TurboFan). /skills alone from a fresh start, CPU
// per window of 200 requests: 21.6, 18.6, 19.0, 18.1, 15.3, 15.6 ms (2026-12-05); the 30 requests
// per page that measure() warms with left the first pages measured in the middle of that climb. So
// each server first serves WARM_ROUNDS rounds of every page (and the plain Next app as many
// requests of its page), unmeasured; --warm-rounds=0 measures as before.
const WARM_ROUNDS = countFlag(flags, "warm-rounds", sized(100, 0));
const PASSWORD = "skillshelf-demo";
const TICK_MS = 1000 / 100; // /proc/<pid>/stat counts in clock ticks (USER_HZ, 100 on Linux)

type Page = { label: string; path: (skillId: string) => string; signedIn: boolean; targetMs: number; status?: number };
const PAGES: Page[] = [
  { label: "/api/health (floor, before Next)", path: () => "/api/health", signedIn: false, targetMs: Infinity },
  // The root layout and a static body, no data: what any page of this app costs Next.js itself.
  { label: "plain Next page (404, floor)", path: () => "/bench-no-such-page", signedIn: false, targetMs: Infinity, status: 404 },
  { label: "/sign-in signed out", path: () => "/sign-in", signedIn: false, targetMs: 5 },
  { label: "/skills", path: () => "/skills", signedIn: true, targetMs: 15 },
  { label: "/skills?q=review", path: () => "/skills?q=review", signedIn: true, targetMs: 20 },
  { label: "skill page", path: (id) => `/skills/${id}`, signedIn: true, targetMs: 15 },
  { label: "versions page", path: (id) => `/skills/${id}/versions`, signedIn: true, targetMs: 20 },
  { label: "/playground", path: () => "/playground", signedIn: true, targetMs: 15 },
  { label: "/reviews", path: () => "/reviews", signedIn: true, targetMs: 20 },
  { label: "/teams", path: () => "/teams", signedIn: true, targetMs: 20 },
  { label: "/admin", path: () => "/admin", signedIn: true, targetMs: 20 },
];
const STATEMENT_TARGET = 8;
const RESTART_TARGET_MS = 3_000;

type Server = {
  name: string;
  baseUrl: string;
  pid: number;
  cookie: string;
  skillId: string;
  countFile: string;
  process: ChildProcess;
  tmp: string;
  checkout: string;
  database: string;
  distDir?: string;
  /** From spawning the start script to the first healthy answer (the database is new: migrated and seeded on the way). */
  startMs: number;
};

function cpuTicks(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/stat`, "utf8").then((text) => {
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  });
}

/** Statements since the previous call, written by bench/sql-counter.mjs on SIGUSR2. */
type Counted = { total: number; distinct: number; texts: Record<string, number> };

async function statements(server: Server): Promise<Counted> {
  const before = await stat(server.countFile).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  process.kill(server.pid, "SIGUSR2");
  for (let i = 0; i < 200; i++) {
    const info = await stat(server.countFile).catch(() => null);
    if (info && info.mtimeMs !== before) return JSON.parse(await readFile(server.countFile, "utf8"));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${server.name}: the SQL counter did not answer (is bench/sql-counter.mjs preloaded?)`);
}

async function start(name: string, checkout: string, distDir?: string): Promise<Server> {
  const tmp = path.join(root, "bench", ".tmp", `render-${name}-${process.pid}`);
  await mkdir(tmp, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const countFile = path.join(tmp, "sql-count.json");
  const database = path.join(tmp, "render.db");
  const spawned = performance.now();
  // Checkouts from before server/ existed keep the start script in scripts/.
  const script = [path.join(checkout, "server", "start.sh"), path.join(checkout, "scripts", "start.sh")].find((file) => existsSync(file));
  if (!script) throw new Error(`${name}: ${checkout} has no server/start.sh or scripts/start.sh`);
  const child = spawn("sh", [script], {
    cwd: checkout,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${database}`,
      BETTER_AUTH_URL: baseUrl,
      BETTER_AUTH_SECRET: "bench-only-secret-not-for-production-0123456789",
      API_RATE_LIMIT_PER_MINUTE: "1000000",
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${path.join(root, "bench", "sql-counter.mjs")}`.trim(),
      SKILLSHELF_SQL_COUNT_FILE: countFile,
      ...(distDir ? { NEXT_DIST_DIR: distDir } : {}),
    },
  });
  try {
    const deadline = Date.now() + 600_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name}: the start script exited with code ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`${name}: no /api/health within 600 s`);
      const ok = await fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const startMs = performance.now() - spawned;
    const db = new Database(database, { readonly: true });
    const skill = db.prepare("SELECT id FROM Skill WHERE name = 'deploy-checklist'").get() as { id: string } | undefined;
    db.close();
    if (!skill) throw new Error(`${name}: the demo skill deploy-checklist is missing`);
    const cookie = await signIn(baseUrl, "ada@example.com", PASSWORD);
    return { name, baseUrl, pid: listeningPid(port), cookie, skillId: skill.id, countFile, process: child, tmp, checkout, database, distDir, startMs };
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
}

function halt(child: ChildProcess): Promise<unknown> {
  child.kill("SIGTERM");
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve)));
}

async function stop(server: Server): Promise<void> {
  await halt(server.process);
  await rm(server.tmp, { recursive: true, force: true });
}

/** `npm start` again on a stopped server's database and build, as it is run (no SQL counter): spawn to first healthy answer. */
async function restart(server: Server): Promise<{ totalMs: number; prepareMs: number }> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const spawned = performance.now();
  const child = spawn("sh", [path.join(server.checkout, "server", "start.sh")], {
    cwd: server.checkout,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${server.database}`,
      BETTER_AUTH_URL: baseUrl,
      BETTER_AUTH_SECRET: "bench-only-secret-not-for-production-0123456789",
      ...(server.distDir ? { NEXT_DIST_DIR: server.distDir } : {}),
    },
  });
  let prepareMs = NaN;
  const watch = setInterval(() => {
    if (!Number.isNaN(prepareMs)) return;
    const cmdline = (() => {
      try {
        return readFileSync(`/proc/${child.pid}/cmdline`, "utf8");
      } catch {
        return "";
      }
    })();
    if (cmdline.includes("serve.mjs")) prepareMs = performance.now() - spawned;
  }, 5);
  try {
    const deadline = Date.now() + 600_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${server.name}: the start script exited with code ${child.exitCode} on restart`);
      if (Date.now() > deadline) throw new Error(`${server.name}: no /api/health within 600 s of a restart`);
      const ok = await fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return { totalMs: performance.now() - spawned, prepareMs };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    clearInterval(watch);
    await halt(child);
  }
}

/** bench/plain-next, built if this Next version has not built it yet, started as `next start` would be in production. */
async function startPlainNext(): Promise<{ baseUrl: string; pid: number; process: ChildProcess }> {
  const app = path.join(root, "bench", "plain-next");
  const nextVersion = (JSON.parse(readFileSync(path.join(root, "node_modules", "next", "package.json"), "utf8")) as { version: string }).version;
  const distDir = path.join(root, "bench", ".tmp", `plain-next-${nextVersion}`);
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  // Next takes distDir relative to the app's folder.
  const env = { ...process.env, NEXT_DIST_DIR: path.relative(app, distDir), NEXT_TELEMETRY_DISABLED: "1" };
  if (!existsSync(path.join(distDir, "BUILD_ID"))) {
    const built = spawnSync(process.execPath, [nextBin, "build"], { cwd: app, env, stdio: ["ignore", "ignore", "inherit"] });
    if (built.status !== 0) throw new Error(`plain Next app: next build exited with ${built.status}`);
  }
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, "start", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: app,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...env, NODE_ENV: "production", NODE_OPTIONS: "--max-old-space-size=256" },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`plain Next app: next start exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("plain Next app: no answer within 120 s");
    const ok = await fetch(baseUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, pid: listeningPid(port), process: child };
}

/** CPU per request of the plain app's page, measured as measure() measures the app's pages. */
async function measurePlainNext(plain: { baseUrl: string; pid: number }): Promise<{ cpuMs: number; bytes: number }> {
  const get = async () => {
    const response = await fetch(plain.baseUrl, { headers: { "accept-encoding": "gzip" } });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`plain Next app: ${response.status}`);
    return body.byteLength;
  };
  for (let i = 0; i < WARM_ROUNDS * PAGES.length + sized(30, 1); i++) await get();
  const before = await cpuTicks(plain.pid);
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) bytes = await get();
  return { cpuMs: (((await cpuTicks(plain.pid)) - before) * TICK_MS) / REQUESTS, bytes };
}

async function request(server: Server, page: Page): Promise<number> {
  const response = await fetch(`${server.baseUrl}${page.path(server.skillId)}`, {
    headers: { ...(page.signedIn ? { cookie: server.cookie } : {}), "accept-encoding": "gzip" },
    redirect: "manual",
  });
  const body = await response.arrayBuffer();
  if (response.status !== (page.status ?? 200)) throw new Error(`${server.name} ${page.label}: ${response.status}`);
  return body.byteLength;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until no server is busy (under a tick, 10 ms of CPU, in each of two 100 ms windows; 3 s at
 * most). A server goes on working after its last answer (V8 finishes optimizing compiles of 5-12 ms
 * and GC on its helper threads), and on two cores that work, landing in the other server's block,
 * made the other's pages dearer: /skills measured 19.6 ms beside the before server against 16.0
 * alone, in one sitting.
 */
async function settle(servers: Server[]): Promise<void> {
  const deadline = performance.now() + 3000;
  let quiet = 0;
  let last = await Promise.all(servers.map((server) => cpuTicks(server.pid)));
  while (quiet < 2 && performance.now() < deadline) {
    await sleep(100);
    const now = await Promise.all(servers.map((server) => cpuTicks(server.pid)));
    quiet = now.every((ticks, i) => ticks - last[i] < 1) ? quiet + 1 : 0;
    last = now;
  }
}

type Result = { cpuMs: number; statements: number; distinct: number; bytes: number; texts: Record<string, number> };

async function measure(servers: Server[], page: Page): Promise<Result[]> {
  // Route code loaded, caches warm and the hot functions optimized: after 5 only, a page measured
  // right after the start cost up to twice its steady figure (/sign-in 23.8 against 13 ms).
  for (const server of servers) for (let i = 0; i < sized(30, 1); i++) await request(server, page);
  for (const server of servers) await statements(server); // reset the counter
  const totals = servers.map(() => ({ ticks: 0, blockStatements: [] as number[], distinct: 0, bytes: 0, texts: {} as Record<string, number> }));
  const perBlock = Math.max(1, Math.round(REQUESTS / BLOCKS));
  for (let block = 0; block < BLOCKS; block++) {
    // Each server goes first in half the blocks (ABBA): whichever follows the other's block pays for
    // caches that block left cold, and the after server always following the before server's
    // dearer pages made its figures 1.3-4 ms higher than run alone.
    const order = [...servers.entries()];
    if (block % 2 === 1) order.reverse();
    for (const [i, server] of order) {
      await settle(servers);
      const before = await cpuTicks(server.pid);
      for (let r = 0; r < perBlock; r++) totals[i].bytes = await request(server, page);
      totals[i].ticks += (await cpuTicks(server.pid)) - before;
      const counted = await statements(server);
      totals[i].blockStatements.push(counted.total / perBlock);
      totals[i].distinct = Math.max(totals[i].distinct, counted.distinct);
      for (const [sql, times] of Object.entries(counted.texts)) totals[i].texts[sql] = (totals[i].texts[sql] ?? 0) + times;
    }
  }
  const n = perBlock * BLOCKS;
  return totals.map((t) => ({
    cpuMs: (t.ticks * TICK_MS) / n,
    // The median block: a background job's statements (the schedules run every minute) land in
    // one block and are counted as its page's, which made an 8.0 page print 8.1.
    statements: percentile(t.blockStatements, 50),
    distinct: t.distinct,
    bytes: t.bytes,
    texts: Object.fromEntries(Object.entries(t.texts).map(([sql, times]) => [sql, times / n])),
  }));
}

async function main(): Promise<void> {
  const before = flags.get("before");
  const servers: Server[] = [];
  try {
    if (before) servers.push(await start("before", path.resolve(before)));
    servers.push(await start("after", path.resolve(flags.get("after") ?? root), flags.get("after-dist")));
    for (const server of servers) for (let round = 0; round < WARM_ROUNDS; round++) for (const page of PAGES) await request(server, page);
    const rows: { page: Page; results: Result[] }[] = [];
    for (const page of PAGES) rows.push({ page, results: await measure(servers, page) });
    const plainServer = await startPlainNext();
    const plain = await measurePlainNext(plainServer).finally(() => halt(plainServer.process));

    for (const server of servers) console.log(`start to first health, new database (${server.name}): ${(server.startMs / 1000).toFixed(1)} s`);
    const [load1] = loadavg();
    console.log(
      `\nbench:render, ${REQUESTS} sequential requests per page and server after ${WARM_ROUNDS} warm-up rounds of every page, load average ${load1.toFixed(2)}`,
    );
    const floors = rows[1].results;
    for (const { page, results } of rows) {
      for (const [i, result] of results.entries()) {
        const tag = servers.length > 1 ? ` (${servers[i].name})` : "";
        const verdict =
          i === results.length - 1 && Number.isFinite(page.targetMs) ? ` ${result.cpuMs < page.targetMs ? "pass" : "MISS"} < ${page.targetMs} ms` : "";
        console.log(`cpu ${page.label}${tag}: ${result.cpuMs.toFixed(1)} ms per request (plain Next page ${floors[i].cpuMs.toFixed(1)} ms)${verdict}`);
        console.log(`statements ${page.label}${tag}: ${result.statements.toFixed(1)} per request (${result.distinct} distinct)`);
      }
    }
    if (flags.has("sql"))
      for (const { page, results } of rows) {
        console.log(`\nSQL per request, ${page.label} (${servers.at(-1)!.name}):`);
        for (const [sql, times] of Object.entries(results.at(-1)!.texts).sort((a, b) => b[1] - a[1]))
          console.log(`  ${times.toFixed(2)}  ${sql.slice(0, 220)}`);
      }
    const last = rows.map((row) => row.results.at(-1)!);
    const worst = Math.max(...last.slice(3).map((r) => r.statements));
    console.log(
      `cpu plain Next page rendered per request (bench/plain-next, anchor): ${plain.cpuMs.toFixed(1)} ms per request (${(plain.bytes / 1024).toFixed(1)} KB; /sign-in ${last[2].cpuMs.toFixed(1)} ms)`,
    );
    console.log(`statements, most on one page: ${worst.toFixed(1)} per request ${worst <= STATEMENT_TARGET ? "pass" : "MISS"} <= ${STATEMENT_TARGET}`);

    const head =
      servers.length > 1
        ? "| page | CPU ms before | CPU ms after | statements before | statements after | HTML KB before | HTML KB after |"
        : "| page | CPU ms | statements | HTML KB |";
    console.log(`\n${head}\n${head.replace(/[^|]+/g, "---")}`);
    for (const { page, results } of rows) {
      const cells = [
        results.map((r) => r.cpuMs.toFixed(1)),
        results.map((r) => r.statements.toFixed(1)),
        results.map((r) => (r.bytes / 1024).toFixed(1)),
      ].flat();
      console.log(`| ${page.label} | ${cells.join(" | ")} |`);
    }
    const plainCells = servers
      .map(() => plain.cpuMs.toFixed(1))
      .concat(
        servers.map(() => "0"),
        servers.map(() => (plain.bytes / 1024).toFixed(1)),
      );
    console.log(`| plain Next page rendered per request (anchor, its own app) | ${plainCells.join(" | ")} |`);

    const after = servers.at(-1)!;
    await halt(after.process);
    const restarts: { totalMs: number; prepareMs: number }[] = [];
    for (let i = 0; i < sized(3, 1); i++) {
      restarts.push(await restart(after));
      const { totalMs, prepareMs } = restarts.at(-1)!;
      const [load] = loadavg();
      console.log(
        `  restart ${i + 1} (${after.name}): ${(totalMs / 1000).toFixed(2)} s, preparation ${(prepareMs / 1000).toFixed(2)} s, server ${((totalMs - prepareMs) / 1000).toFixed(2)} s, load average ${load.toFixed(2)}`,
      );
    }
    const median = restarts.map((r) => r.totalMs).sort((a, b) => a - b)[Math.floor(restarts.length / 2)];
    console.log(
      `start to first health, existing build and database (${after.name}, median of ${restarts.length}): ${(median / 1000).toFixed(1)} s ${median < RESTART_TARGET_MS ? "pass" : "MISS"} < ${RESTART_TARGET_MS / 1000} s`,
    );
  } finally {
    await Promise.all(servers.map(stop));
  }
}

await main();
