// Review page benchmark (`npm run bench:review`), over HTTP against the production server:
//   1. a throwaway database (migrated) with two accounts and a team whose policy asks for one
//      approval; the production server started on it (`next start`, building first when there is
//      no build; --port=N or BENCH_PORT picks the port, a free one otherwise).
//   2. over HTTP as the app's users do: ada (the team's owner) uploads a 300-file skill, which is
//      published at once (owners bypass review); grace (a member) uploads a version changing 50
//      of its files, which the policy turns into a review request (202 with the request's URL).
//   3. ada, the reviewer, opens the review page (/reviews/<id>) and, as the baseline in the same
//      run, the compare page of the same two versions (/skills/<id>/versions/compare?from=1&to=2):
//      WARMUP requests each, then RUNS timed full responses (every streamed byte), alternating.
// Each figure prints as "<figure>: <number> <unit>". Target: review page p95 under 300 ms.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { hashPassword } from "better-auth/crypto";
import { exportSkillZip } from "../lib/skills/archive/export";
import { isBuildCurrent } from "../server/build-if-needed";
import { applyMigrations } from "../server/db/migrator";
import { figure, freePort, percentile, seededRandom, signIn, SMOKE, sized } from "./bench-kit";
import { DOMAINS, OBJECTS, TOPICS } from "./words";

const FILES = sized(300, 30);
const CHANGED = sized(50, 5);
const WARMUP = sized(10, 1);
const RUNS = sized(100, 2);
const TARGET_P95_MS = 300;
const PASSWORD = "bench-password-not-secret";
const SKILL = "review-bench";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const flags = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split(/=(.*)/s, 2) as [string, string | undefined]));

// ---------- Deterministic content ----------

type Pick = ReturnType<typeof seededRandom>["pick"];
const line = (pick: Pick, i: number) => `${i}. Check the ${pick(OBJECTS)} for ${pick(DOMAINS)} with attention to ${pick(TOPICS)}.`;
/** A reference file of about 40 lines (2 KB), as big skills carry them. */
const reference = (pick: Pick, n: number) => `# Reference ${n}\n\n${Array.from({ length: 40 }, (_, i) => line(pick, i + 1)).join("\n")}\n`;
const skillMd = (note: string) =>
  `---\nname: ${SKILL}\ndescription: A large skill for the review benchmark. Use when reviewing big changes.\n---\n\n# ${SKILL}\n\n${note}\n\nRead the references under references/ as needed.\n`;

function version(changed: number): Uint8Array {
  // The same seed for both editions, so unchanged files are byte for byte the same; edits draw from their own.
  const { pick } = seededRandom(0x5e71e3);
  const edits = seededRandom(0xed17);
  const encoder = new TextEncoder();
  const files = [{ path: "SKILL.md", bytes: encoder.encode(skillMd(changed ? "Second edition: reworded steps." : "First edition.")) }];
  for (let n = 0; n < FILES - 1; n++) {
    let text = reference(pick, n);
    // The proposal edits three lines in each of the first CHANGED - 1 references (SKILL.md is the 50th change).
    if (n < changed - 1) text = text.replace(/^(5|17|30)\. .*$/gm, (_, i) => `${i}. Revised: confirm the ${edits.pick(OBJECTS)} before ${edits.pick(TOPICS)}.`);
    files.push({ path: `references/topic-${String(n).padStart(3, "0")}.md`, bytes: encoder.encode(text) });
  }
  return exportSkillZip({ name: SKILL, files });
}

// ---------- Seeding ----------

async function seedAccounts(databasePath: string): Promise<{ teamId: string }> {
  await applyMigrations(databasePath);
  const raw = new Database(databasePath);
  const at = new Date().toISOString().replace("Z", "+00:00");
  const passwordHash = await hashPassword(PASSWORD);
  for (const [id, name, role] of [
    ["ada", "Ada Reviewer", "ADMIN"],
    ["grace", "Grace Author", "USER"],
  ]) {
    raw
      .prepare(`INSERT INTO "user" ("id", "name", "email", "emailVerified", "role", "createdAt", "updatedAt") VALUES (?, ?, ?, 1, ?, ?, ?)`)
      .run(id, name, `${id}@example.com`, role, at, at);
    raw
      .prepare(
        `INSERT INTO "account" ("id", "accountId", "providerId", "userId", "password", "createdAt", "updatedAt") VALUES (?, ?, 'credential', ?, ?, ?, ?)`,
      )
      .run(`${id}-credential`, id, id, passwordHash, at, at);
  }
  const teamId = "bench-team";
  const policy = JSON.stringify({ mode: "approval", approvals: 1, approvers: "managers", managersBypass: true });
  raw.prepare(`INSERT INTO "Team" ("id", "name", "reviewPolicy", "createdAt", "updatedAt") VALUES (?, 'Bench', ?, ?, ?)`).run(teamId, policy, at, at);
  raw
    .prepare(`INSERT INTO "Membership" ("teamId", "userId", "role", "createdAt") VALUES (?, 'ada', 'OWNER', ?), (?, 'grace', 'MEMBER', ?)`)
    .run(teamId, at, teamId, at);
  raw.close();
  return { teamId };
}

async function upload(
  baseUrl: string,
  cookie: string,
  zip: Uint8Array,
  message?: string,
): Promise<{ status: number; body: { skills: { skillId: string; version: number; review?: { requestId: string } }[] } }> {
  const form = new FormData();
  form.append("file", new Blob([zip as Uint8Array<ArrayBuffer>], { type: "application/zip" }), `${SKILL}.zip`);
  form.append("scope", "team");
  form.append("team", "Bench");
  if (message) form.append("message", message);
  const response = await fetch(`${baseUrl}/api/v1/skills`, { method: "POST", headers: { cookie, origin: baseUrl }, body: form });
  const body = await response.json();
  if (response.status >= 300) throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
  return { status: response.status, body };
}

// ---------- Server ----------

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with code ${server.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer /api/health within 60 s");
}

// ---------- Timing ----------

interface Page {
  name: string;
  url: string;
  /** What the full response must hold (the diff rendered, not a skeleton or an error). */
  expect: (html: string) => boolean;
  samples: number[];
  bytes: number;
}

async function load(baseUrl: string, cookie: string, page: Page): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${page.url}`, { headers: { cookie }, redirect: "manual" });
  const html = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${page.url} answered ${response.status}`);
  if (!page.expect(html)) throw new Error(`${page.url} did not render what was expected`);
  page.bytes = Buffer.byteLength(html);
  return ms;
}

// ---------- Main ----------

const dir = await mkdtemp(path.join(os.tmpdir(), "skillshelf-review-bench-"));
const databasePath = path.join(dir, "review.db");
let server: ChildProcess | undefined;
const stopServer = () => {
  if (server && server.exitCode === null && server.pid) {
    try {
      process.kill(-server.pid, "SIGTERM"); // next start spawns a worker: end the whole group
    } catch {
      server.kill("SIGTERM");
    }
  }
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopServer();
    void rm(dir, { recursive: true, force: true }).finally(() => process.exit(130));
  });
}

try {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    console.log("No production build: running next build first...");
    const build = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error("next build failed");
  } else if (!(await isBuildCurrent(root))) {
    console.log("note: .next was built before the latest source changes (or not by npm start); rebuild for current figures");
  }

  console.log(
    `review benchmark: node ${process.version}, a ${FILES}-file skill, a proposal changing ${CHANGED} files, ${RUNS} timed requests per page after ${WARMUP} warm-up requests`,
  );
  await seedAccounts(databasePath);
  const port = Number(flags.get("port") ?? process.env.BENCH_PORT ?? (await freePort()));
  const baseUrl = `http://localhost:${port}`;
  server = spawn(path.join(root, "node_modules", ".bin", "next"), ["start", "-p", String(port)], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      DATABASE_URL: `file:${databasePath}`,
      BETTER_AUTH_URL: baseUrl,
      BETTER_AUTH_SECRET: "bench-only-secret-not-for-production-0123456789",
    },
  });
  await waitForHealth(baseUrl, server);
  const ada = await signIn(baseUrl, "ada@example.com", PASSWORD);
  const grace = await signIn(baseUrl, "grace@example.com", PASSWORD);

  console.log(`\n(1) the skill and the proposal, uploaded over HTTP (next start on port ${port})`);
  let started = performance.now();
  const first = await upload(baseUrl, ada, version(0));
  figure(`upload v1 (${FILES} files, published)`, performance.now() - started, "ms", 0);
  const skillId = first.body.skills[0].skillId;
  started = performance.now();
  const second = await upload(baseUrl, grace, version(CHANGED), `Reword ${CHANGED} files`);
  figure(`upload v2 (answered ${second.status})`, performance.now() - started, "ms", 0);
  const requestId = second.body.skills[0].review?.requestId;
  if (second.status !== 202 || !requestId)
    throw new Error(`grace's version was not proposed (answered ${second.status}): is the review data layer in this build?`);

  const pages: Page[] = [
    {
      name: "compare page",
      url: `/skills/${skillId}/versions/compare?from=1&to=2`,
      expect: (html) => html.includes("references/topic-000.md") && html.includes("Revised: confirm"),
      samples: [],
      bytes: 0,
    },
    {
      name: "review page",
      url: `/reviews/${requestId}`,
      expect: (html) => html.includes("references/topic-000.md") && html.includes("Revised: confirm"),
      samples: [],
      bytes: 0,
    },
  ];
  for (let i = 0; i < WARMUP; i++) for (const page of pages) await load(baseUrl, ada, page);
  // Alternating, so both pages meet the same server state (caches, GC, a busy machine).
  for (let i = 0; i < RUNS; i++) for (const page of pages) page.samples.push(await load(baseUrl, ada, page));

  console.log("\n(2) HTTP, full responses (every streamed byte), signed in as the reviewer");
  for (const page of pages) {
    figure(`${page.name} p50`, percentile(page.samples, 50), "ms", 0);
    figure(`${page.name} p95`, percentile(page.samples, 95), "ms", 0);
    figure(`${page.name} HTML`, page.bytes / 1024, "KB", 0);
  }
  const [compare, review] = pages.map((page) => percentile(page.samples, 95));
  figure("review page p95 / compare page p95", review / compare, "x", 2);
  console.log(`target: review page p95 under ${TARGET_P95_MS} ms: ${review < TARGET_P95_MS ? "pass" : "MISS"}`);
  if (review >= TARGET_P95_MS && !SMOKE) process.exitCode = 1;
} finally {
  stopServer();
  await rm(dir, { recursive: true, force: true });
}
