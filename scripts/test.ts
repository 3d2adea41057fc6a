/**
 * `npm test`: typecheck, lint (ESLint and Prettier's check), unit tests, the database's tests once
 * more on PostgreSQL, one production build, browser tests, and every benchmark once at smoke sizes
 * (bench/smoke.ts: proof that each still runs to completion; its figures are not read). Every stage
 * runs even when an earlier one fails, so one run reports everything; the last line sums the unit,
 * PostgreSQL and browser results as "N passed, N failed". `npm test -- --only unit,postgres` runs
 * just those stages, and further arguments pick browser specs (`--only e2e e2e/start.spec.ts`).
 * CI's further Node versions run `--only native` (see STAGES), since the checks, the build and the
 * pure code do not depend on it.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdir, readFile, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NO_CHROMIUM_MESSAGE, findChromium } from "../e2e/chromium";
import { NO_POSTGRES_MESSAGE, findPostgresBin } from "../lib/test/postgres-cluster";
import { isBuildCurrent, prepareRuntimes, recordBuild } from "../server/build-if-needed";
import { ensureAuthSecret } from "../server/db/local-env";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const reports = path.join(root, "test-results");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(title: string, cmd: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
  const ok = result.status === 0;
  console.log(`${ok ? "✔" : "✘"} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

/**
 * Runs independent checks at the same time (each is single-threaded; the machine has at least two
 * cores), printing each one's output in one piece when it ends, so the log reads as if run in turn.
 */
async function runTogether(stages: { title: string; cmd: string; args: string[] }[]): Promise<boolean[]> {
  const started = Date.now();
  return Promise.all(
    stages.map(
      ({ title, cmd, args }) =>
        new Promise<boolean>((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env });
          const output: Buffer[] = [];
          child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
          child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
          child.on("close", (code) => {
            const ok = code === 0;
            console.log(`\n▶ ${title}`);
            process.stdout.write(Buffer.concat(output));
            console.log(`${ok ? "✔" : "✘"} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s, alongside the other checks)`);
            resolve(ok);
          });
        }),
    ),
  );
}

// The test files that get a database (lib/test/database.ts, directly or through support.ts and
// matrix-cast.ts): the data layer, the HTTP routes, MCP, the CLI's server side. They run on SQLite
// in the unit pass and again on PostgreSQL; the rest never touch a database.
const DATABASE_TEST = /from "@\/lib\/test\/(database|support|matrix-cast)"/;

async function databaseTestFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const top of ["lib", "app", "scripts", "server", "cli", "components"]) {
    for (const entry of await readdir(path.join(root, top), { recursive: true })) {
      const file = path.join(top, entry);
      if (file.endsWith(".test.ts") && DATABASE_TEST.test(await readFile(path.join(root, file), "utf8"))) files.push(file);
    }
  }
  return files.sort();
}

const PROCESS_DIRECTORY = /^(scripts|server|cli|lib\/sandbox)\//;
const STARTS_PROCESSES = /from "node:child_process"/;
// The native pass's database tests: the driver's own (lib/db) and one sweep of the whole data layer
// through every role. The other database tests run on each Node line's driver in the same way and
// would add ten minutes a line to CI without reaching another part of the driver.
const DRIVER_TEST = /^(lib\/db\/|lib\/data\/permissions-matrix\.test\.ts$|lib\/data\/concurrency\.test\.ts$)/;

async function nativeTestFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const top of ["lib", "scripts", "server", "cli", "app", "components"])
    for (const entry of await readdir(path.join(root, top), { recursive: true })) {
      const file = path.join(top, entry);
      if (!file.endsWith(".test.ts")) continue;
      if (PROCESS_DIRECTORY.test(file) || DRIVER_TEST.test(file) || STARTS_PROCESSES.test(await readFile(path.join(root, file), "utf8"))) files.push(file);
    }
  return files.sort();
}

async function readJson<T>(file: string): Promise<T | null> {
  return JSON.parse(await readFile(file, "utf8").catch(() => "null")) as T | null;
}

// "native" is for CI's further Node lines: the SQLite driver's tests (the one native module, the
// part that differs by Node) and the tests that start Node processes (the CLIs, the launcher, the
// sandbox, the real clients), not the pure code, which the unit pass on the main line already proves.
const STAGES = ["checks", "unit", "native", "postgres", "e2e", "bench"] as const;
type Stage = (typeof STAGES)[number];

/** `--only a,b` picks stages (all by default); other arguments are browser specs to run. */
function parseArguments(argv: string[]): { stages: Set<Stage>; specs: string[] } {
  const at = argv.indexOf("--only");
  if (at === -1) return { stages: new Set(STAGES), specs: argv };
  const names = (argv[at + 1] ?? "").split(",").filter(Boolean);
  const unknown = names.filter((name) => !(STAGES as readonly string[]).includes(name));
  if (!names.length || unknown.length) {
    console.error(`npm test -- --only takes a comma-separated list of ${STAGES.join(", ")}${unknown.length ? `; not a stage: ${unknown.join(", ")}` : ""}`);
    process.exit(2);
  }
  return { stages: new Set(names as Stage[]), specs: argv.filter((_, i) => i !== at && i !== at + 1) };
}

const { stages, specs } = parseArguments(process.argv.slice(2));
console.log(`Node ${process.versions.node}; stages: ${[...stages].join(", ")}`);

const chromium = stages.has("e2e") ? findChromium() : "not needed";
if (!chromium) {
  console.error(NO_CHROMIUM_MESSAGE);
  process.exit(1);
}

await rm(reports, { recursive: true, force: true });
await mkdir(reports, { recursive: true });
await ensureAuthSecret(root);

const failedStages: string[] = [];
if (stages.has("checks")) {
  // Lint includes the formatter's check: a file Prettier would change fails it (npm run format fixes).
  const [typed, linted, formatted] = await runTogether([
    { title: "typecheck", cmd: bin("tsc"), args: ["--noEmit"] },
    { title: "lint", cmd: bin("eslint"), args: ["--max-warnings", "0", "."] },
    { title: "format check (Prettier)", cmd: bin("prettier"), args: ["--check", "--log-level", "warn", "."] },
  ]);
  if (!typed) failedStages.push("typecheck");
  if (!linted || !formatted) failedStages.push("lint");
}

const vitestReport = path.join(reports, "vitest.json");
if (stages.has("unit") && !run("unit tests (Vitest)", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]))
  failedStages.push("unit");
if (
  stages.has("native") &&
  !stages.has("unit") &&
  !run("SQLite driver and process tests (Vitest)", bin("vitest"), [
    "run",
    "--reporter=dot",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
    ...(await nativeTestFiles()),
  ])
)
  failedStages.push("native");

// Each test file gets its own database copied from one migrated template in a throwaway cluster
// (lib/test/postgres-setup.ts). Two workers on two cores: the server does half of the work.
const postgresReport = path.join(reports, "vitest-postgres.json");
async function runOnPostgres(): Promise<boolean> {
  if (!findPostgresBin()) {
    console.log("\n▶ data-layer and HTTP tests on PostgreSQL");
    console.error(NO_POSTGRES_MESSAGE);
    console.log("✘ data-layer and HTTP tests on PostgreSQL");
    return false;
  }
  return run(
    "data-layer and HTTP tests on PostgreSQL",
    bin("vitest"),
    ["run", "--maxWorkers=2", "--reporter=dot", "--reporter=json", `--outputFile.json=${postgresReport}`, ...(await databaseTestFiles())],
    { SKILLSHELF_TEST_DATABASE: "postgres" },
  );
}
if (stages.has("postgres") && !(await runOnPostgres())) failedStages.push("postgres");

// The browser tests and the benchmarks that serve over HTTP run on the production build.
const needsBuild = stages.has("e2e") || stages.has("bench");
let built = needsBuild && (await isBuildCurrent(root));
if (needsBuild && !built) {
  built = run("production build", bin("next"), ["build"], { NODE_ENV: "production" });
  if (built) await recordBuild(root);
  else failedStages.push("build");
}
if (built) await prepareRuntimes(root);

const playwrightReport = path.join(reports, "playwright.json");
if (built && stages.has("e2e")) {
  if (
    !run("browser tests (Playwright + Chromium)", bin("playwright"), ["test", "--reporter=list,json", ...specs], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    })
  )
    failedStages.push("e2e");
}

if (built && stages.has("bench") && !run("benchmarks at smoke sizes", bin("tsx"), ["bench/smoke.ts"])) failedStages.push("bench");

type VitestJson = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { name: string; assertionResults?: { fullName: string; status: string }[] }[];
};
type PlaywrightSuite = { title: string; file?: string; specs?: { title: string; ok: boolean }[]; suites?: PlaywrightSuite[] };
type PlaywrightJson = { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites?: PlaywrightSuite[] };

// The failed tests by name, repeated at the end so a CI log's tail says which ones they were.
function vitestFailures(report: VitestJson | null, pass: string): string[] {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).filter((test) => test.status === "failed").map((test) => `${pass}: ${path.relative(root, file.name)} > ${test.fullName}`),
  );
}
function playwrightFailures(suites: PlaywrightSuite[] = [], file = ""): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => `e2e: ${suite.file ?? file} > ${spec.title}`),
    ...playwrightFailures(suite.suites, suite.file ?? file),
  ]);
}
const unit = await readJson<VitestJson>(vitestReport);
const postgres = await readJson<VitestJson>(postgresReport);
const e2e = await readJson<PlaywrightJson>(playwrightReport);

const vitestRuns = [unit, postgres].filter((report) => report !== null);
const passed = vitestRuns.reduce((sum, r) => sum + r.numPassedTests, 0) + (e2e ? e2e.stats.expected + e2e.stats.flaky : 0);
const failed = vitestRuns.reduce((sum, r) => sum + r.numFailedTests, 0) + (e2e?.stats.unexpected ?? 0);
const skipped = vitestRuns.reduce((sum, r) => sum + r.numPendingTests + r.numTodoTests, 0) + (e2e?.stats.skipped ?? 0);
const counts = (report: VitestJson | null, missing: string) => (report ? `${report.numPassedTests} passed, ${report.numFailedTests} failed` : missing);

console.log("");
console.log(
  `unit: ${counts(unit, "no report")}; PostgreSQL: ${counts(postgres, "not run")}; e2e: ${e2e ? `${e2e.stats.expected + e2e.stats.flaky} passed, ${e2e.stats.unexpected} failed` : "not run"}`,
);
const failures = [...vitestFailures(unit, "unit"), ...vitestFailures(postgres, "PostgreSQL"), ...playwrightFailures(e2e?.suites)];
for (const failure of failures) console.log(`failed: ${failure}`);
if (failedStages.length) console.log(`failed stages: ${failedStages.join(", ")}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failedStages.length || failed ? 1 : 0);
