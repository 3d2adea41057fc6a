// Load benchmark (`npm run bench:load`): the production server under mixed load, started the way
// `npm start` starts it (package.json's start script: preparation, a build when needed, then the
// server in place of the script).
//   1. a throwaway database (migrated and seeded with the demo accounts by the start path) on a
//      free loopback port; sign in over HTTP as the two demo accounts (real session cookies).
//   2. for DURATION seconds: UPLOADERS clients importing new skills, WRITERS clients adding
//      versions to one shared skill, READERS clients loading pages (list, search, a skill page,
//      the playground), and a health poller. Prints requests/s, p50/p95 and errors per kind.
//   3. SEQUENTIAL page requests one after another (list, search, playground), then the resident
//      memory of next-server, of whatever else the start command keeps alive beside it (a
//      supervisor, in versions that had one) and of the whole process tree.
// Flags: --duration=60 --uploaders=20 --writers=20 --readers=50 --sequential=1000, --short (a
// short run: 8 s, 2/2/5 clients, 100 sequential; BENCH_SMOKE=1, bench-kit.ts, runs shorter still),
// --start="<command>" to measure another start command (a previous version's, for a before/after
// comparison), --cwd=<dir> the directory it runs in (that version's checkout; default this one).
// Each figure prints as "<figure>: <number> <unit>"; the targets print as pass/MISS.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findNextServer, processTree } from "../e2e/process-tree";
import { figure, freePort, percentile, signIn, SMOKE } from "./bench-kit";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const flags = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split(/=(.*)/s, 2) as [string, string | undefined]));
const short = flags.has("short");
/** A flag's value, else the full run's, --short's or BENCH_SMOKE's (bench-kit.ts) default. */
const numberFlag = (name: string, full: number, shortRun: number, smokeRun: number) => Number(flags.get(name) ?? (SMOKE ? smokeRun : short ? shortRun : full));
const DURATION_S = numberFlag("duration", 60, 8, 2);
const UPLOADERS = numberFlag("uploaders", 20, 2, 1);
const WRITERS = numberFlag("writers", 20, 2, 1);
const READERS = numberFlag("readers", 50, 5, 2);
const SEQUENTIAL = numberFlag("sequential", 1000, 100, 6);
const PASSWORD = "skillshelf-demo";

const TARGETS = { pageP95Ms: 1000, healthP95Ms: 100, treeMb: 400, supervisorMb: 60 };

// ---------- Server ----------

/** package.json's start script (or --start), run without npm or a shell in between. */
async function startCommand(): Promise<string[]> {
  const script = flags.get("start") ?? (JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  const [command, ...args] = script.split(/\s+/);
  if (command === "node") return [process.execPath, ...args];
  return [command === "sh" ? command : path.join(root, "node_modules", ".bin", command), ...args];
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000; // the start path may build first
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the start script exited with code ${server.exitCode}`);
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer /api/health within 300 s");
}

// ---------- Load ----------

type Kind = "upload" | "version" | "page" | "health";
const samples: Record<Kind, number[]> = { upload: [], version: [], page: [], health: [] };
const errors: Record<Kind, number> = { upload: 0, version: 0, page: 0, health: 0 };
const firstErrors: string[] = [];
const p95 = (kind: Kind) => (samples[kind].length ? percentile(samples[kind], 95) : NaN);

async function timed(kind: Kind, request: () => Promise<Response>, ok: (status: number) => boolean = (status) => status < 300): Promise<void> {
  const started = performance.now();
  try {
    const response = await request();
    await response.arrayBuffer();
    if (!ok(response.status)) throw new Error(`${kind} answered ${response.status}`);
    samples[kind].push(performance.now() - started);
  } catch (error) {
    errors[kind]++;
    if (firstErrors.length < 5) firstErrors.push(error instanceof Error ? error.message : String(error));
  }
}

const skillMd = (name: string, note: string) =>
  `---\nname: ${name}\ndescription: Load test skill ${name}. Use when the user asks about load tests.\n---\n\n# ${name}\n\n${note}\n\n1. Read the request.\n2. Answer it.\n`;

// The shared skill lives in the demo team, so both demo accounts can read its page.
const SHARED = { name: "load-shared", team: "Platform" };

function upload(baseUrl: string, cookie: string, name: string, note: string, message?: string): Promise<Response> {
  const form = new FormData();
  form.append("file", new Blob([skillMd(name, note)], { type: "text/markdown" }), "SKILL.md");
  form.append("scope", name === SHARED.name ? "team" : "personal");
  if (name === SHARED.name) form.append("team", SHARED.team);
  if (message) form.append("message", message);
  return fetch(`${baseUrl}/api/v1/skills`, { method: "POST", headers: { cookie, origin: baseUrl }, body: form });
}

async function main(): Promise<void> {
  const tmp = path.join(root, "bench", ".tmp", `load-${process.pid}`);
  await mkdir(tmp, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const [command, ...args] = await startCommand();
  const server = spawn(command, args, {
    cwd: path.resolve(flags.get("cwd") ?? root),
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${path.join(tmp, "load.db")}`,
      BETTER_AUTH_URL: baseUrl,
      BETTER_AUTH_SECRET: "bench-only-secret-not-for-production-0123456789",
      // This measures capacity: 40 clients uploading as two users would pass the API's default 600 a minute each.
      API_RATE_LIMIT_PER_MINUTE: "1000000",
    },
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null || server.signalCode !== null ? resolve(null) : server.once("exit", resolve)));
    await rm(tmp, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server);
    const [ada, grace] = [await signIn(baseUrl, "ada@example.com", PASSWORD), await signIn(baseUrl, "grace@example.com", PASSWORD)];
    const shared = await (await upload(baseUrl, grace, SHARED.name, "first")).json();
    const sharedId: string = shared.skills[0].skillId;
    const pages = ["/skills", "/skills?q=review", `/skills/${sharedId}`, "/playground"];

    // A fresh server loads each route's code on its first request: not what the load measures.
    for (const page of pages) await (await fetch(`${baseUrl}${page}`, { headers: { cookie: ada } })).arrayBuffer();
    await (await upload(baseUrl, ada, "load-warm-up", "warm-up")).arrayBuffer();

    const until = Date.now() + DURATION_S * 1000;
    const loop = async (work: (i: number) => Promise<void>) => {
      for (let i = 0; Date.now() < until; i++) await work(i);
    };
    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: UPLOADERS }, (_, c) => loop((i) => timed("upload", () => upload(baseUrl, ada, `load-u${c}-${i}`, `upload ${c}/${i}`)))),
      ...Array.from({ length: WRITERS }, (_, c) =>
        loop((i) => timed("version", () => upload(baseUrl, grace, SHARED.name, `version ${c}/${i}`, `version ${c}/${i}`))),
      ),
      ...Array.from({ length: READERS }, (_, c) =>
        loop((i) =>
          timed(
            "page",
            () => fetch(`${baseUrl}${pages[(c + i) % pages.length]}`, { headers: { cookie: c % 2 ? ada : grace }, redirect: "manual" }),
            (status) => status === 200,
          ),
        ),
      ),
      loop(async () => {
        await timed("health", () => fetch(`${baseUrl}/api/health`));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }),
    ]);
    const elapsedS = (performance.now() - started) / 1000;
    const total = (Object.keys(samples) as Kind[]).reduce((sum, kind) => sum + samples[kind].length + errors[kind], 0);
    figure("clients", UPLOADERS + WRITERS + READERS, "clients", 0);
    figure("duration", elapsedS, "s");
    figure("requests per second", total / elapsedS, "req/s");
    for (const kind of Object.keys(samples) as Kind[]) {
      figure(`${kind} requests`, samples[kind].length, "requests", 0);
      figure(`${kind} p50`, samples[kind].length ? percentile(samples[kind], 50) : NaN, "ms");
      figure(`${kind} p95`, p95(kind), "ms");
      figure(`${kind} errors`, errors[kind], "errors", 0);
    }
    for (const message of firstErrors) console.log(`# error: ${message}`);

    const memory = () => {
      const tree = processTree(server.pid!);
      const next = findNextServer(server.pid!);
      const treeKb = tree.reduce((sum, proc) => sum + proc.rssKb, 0);
      return { treeMb: treeKb / 1024, nextMb: (next?.rssKb ?? 0) / 1024, supervisorMb: (treeKb - (next?.rssKb ?? 0)) / 1024 };
    };
    const afterLoad = memory();
    figure("next-server RSS after load", afterLoad.nextMb, "MB");
    const sequential = ["/skills", "/skills?q=review", "/playground"];
    let sequentialErrors = 0;
    for (let i = 0; i < SEQUENTIAL; i++) {
      const response = await fetch(`${baseUrl}${sequential[i % sequential.length]}`, { headers: { cookie: ada }, redirect: "manual" }).catch(() => null);
      await response?.arrayBuffer();
      if (response?.status !== 200) sequentialErrors++;
    }
    const after = memory();
    figure(`sequential page requests`, SEQUENTIAL, "requests", 0);
    figure(`sequential errors`, sequentialErrors, "errors", 0);
    figure(`supervisor (processes beside the server) RSS after ${SEQUENTIAL} requests`, after.supervisorMb, "MB");
    figure(`next-server RSS after ${SEQUENTIAL} requests`, after.nextMb, "MB");
    figure(`process tree RSS after ${SEQUENTIAL} requests`, after.treeMb, "MB");

    const allErrors = Object.values(errors).reduce((a, b) => a + b, 0) + sequentialErrors;
    const verdict = (pass: boolean) => (pass ? "pass" : "MISS");

    console.log(`target zero errors: ${allErrors} errors ${verdict(allErrors === 0)}`);
    console.log(`target page p95 under ${TARGETS.pageP95Ms} ms: ${p95("page").toFixed(1)} ms ${verdict(p95("page") < TARGETS.pageP95Ms)}`);
    console.log(`target health p95 under ${TARGETS.healthP95Ms} ms: ${p95("health").toFixed(1)} ms ${verdict(p95("health") < TARGETS.healthP95Ms)}`);
    console.log(`target tree under ${TARGETS.treeMb} MB: ${after.treeMb.toFixed(1)} MB ${verdict(after.treeMb < TARGETS.treeMb)}`);
    console.log(
      `target supervisor under ${TARGETS.supervisorMb} MB: ${after.supervisorMb.toFixed(1)} MB ${verdict(after.supervisorMb < TARGETS.supervisorMb)}`,
    );
  } finally {
    await stop();
  }
}

await main();
