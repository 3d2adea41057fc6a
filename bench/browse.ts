// Browse benchmark (`npm run bench:browse`), over HTTP against the production server:
//   1. seed a temporary database with 10,000 skills (every scope, 60 users, 24 teams, one to three
//      versions each with SKILL.md bodies and resource files): the built-ins through the data
//      layer, the bulk as raw SQL in one transaction. The search index fills itself through the
//      migration's triggers, as it does for every write.
//   2. start `next start` on a free port against it (building first when there is no build),
//      sign in over HTTP as a member of two teams, and time full responses of the skill list, list
//      searches and skill pages: warm-up requests, then RUNS timed requests each.
//   3. report the gzipped first-load JavaScript of the list and skill pages (every script chunk
//      their HTML references, fetched from the server and gzipped), and how much of it is the
//      signed-in shell every page shares.
// --before=<checkout> starts a second server from another checkout (built: `npm run build` there) on
// a copy of the same seeded database and measures both in the same run: each timed request goes to
// both servers, which of them first alternating, so that the machine's load falls on both alike;
// every figure then prints twice, "(before)" and "(after)", and a table sets them side by side.
// The copy is the current schema: an older checkout reads it as long as the migrations since only
// added tables and columns.
// Each figure prints on its own line as "<figure>: <number> <unit>". Targets: p95 under 200 ms per
// page, under 200 KB of gzipped first-load JavaScript per page.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import { hashPassword } from "better-auth/crypto";
import { spaceOf } from "../lib/skills/permissions/space";
import type { Scope } from "../lib/skills/permissions/permissions";
import { loadBuiltinSkills } from "../prisma/seed";
import { isBuildCurrent } from "../server/build-if-needed";
import { applyMigrations } from "../server/db/migrator";
import { figure, freePort, percentile, seededRandom, signIn, sized } from "./bench-kit";
import { DOMAINS, NOUNS, OBJECTS, QUALIFIERS, TOPICS } from "./words";

const SKILLS = sized(10_000, 200);
const USERS = 60;
const TEAMS = 24;
const WARMUP = sized(10, 1);
const RUNS = sized(120, 2);
const TARGET_P95_MS = 200;
const TARGET_JS_KB = 200;
const PASSWORD = "bench-password-not-secret";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const flags = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split(/=(.*)/s, 2) as [string, string | undefined]));
const BEFORE = flags.get("before") ? path.resolve(flags.get("before")!) : undefined;

// ---------- Deterministic content ----------

const { random, pick, between } = seededRandom(0xb0a75e);

const VERBS = [
  "Review",
  "Draft",
  "Summarize",
  "Audit",
  "Generate",
  "Refactor",
  "Explain",
  "Plan",
  "Triage",
  "Convert",
  "Validate",
  "Migrate",
  "Document",
  "Profile",
  "Test",
  "Deploy",
];

const describe = () =>
  `${pick(VERBS)} ${pick(OBJECTS)} for ${pick(DOMAINS)} teams. Use when the user asks about ${pick(TOPICS)} or ${pick(TOPICS)}, or mentions ${pick(OBJECTS)}.`;
const sentence = () => `${pick(VERBS)} the ${pick(OBJECTS)} with attention to ${pick(TOPICS)} for ${pick(DOMAINS)}.`;
const paragraph = () => Array.from({ length: between(2, 6) }, sentence).join(" ");
/** A SKILL.md body of roughly 150 to 1,200 words: headings, prose, numbered steps, a code block. */
function body(name: string): string {
  const sections = Array.from(
    { length: between(1, 6) },
    (_, i) =>
      `## ${pick(["Steps", "Checks", "Output", "Pitfalls", "Examples", "Scope"])} ${i + 1}\n\n${paragraph()}\n\n${Array.from({ length: between(2, 6) }, (_, n) => `${n + 1}. ${sentence()}`).join("\n")}`,
  );
  return `# ${name}\n\n${paragraph()}\n\n${sections.join("\n\n")}\n\n\`\`\`sh\n${pick(NOUNS)}-cli --check ${pick(NOUNS)}\n\`\`\`\n`;
}
const cuid = () => `c${Date.now().toString(36)}${randomBytes(9).toString("hex")}`.slice(0, 25);
const tokensOf = (text: string) => Math.ceil(text.length / 4);
const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

// ---------- Seeding ----------

async function seedDatabase(databasePath: string): Promise<{ viewerEmail: string; sampleIds: string[] }> {
  await applyMigrations(databasePath);
  // The built-ins go through the data layer, which opens DATABASE_URL's database on first use.
  process.env.DATABASE_URL = `file:${databasePath}`;
  const { db } = await import("../lib/db/server");
  const { syncBuiltinSkills } = await import("../lib/data/skills/builtin");
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  const builtins = await loadBuiltinSkills();
  await syncBuiltinSkills(builtins);
  await db.$disconnect();

  const raw = new Database(databasePath);
  raw.pragma("foreign_keys = ON");
  const now = Date.now();
  const YEAR = 365 * 24 * 3600 * 1000;
  const passwordHash = await hashPassword(PASSWORD);
  const userIds = ["admin", "viewer", ...Array.from({ length: USERS - 2 }, (_, i) => `user-${String(i).padStart(2, "0")}`)];
  const names = ["Ada", "Grace", "Linus", "Barbara", "Ken", "Margaret", "Dennis", "Frances", "Edsger", "Radia", "Tim", "Hedy"];
  const teamIds = Array.from({ length: TEAMS }, () => cuid());
  const sampleIds: string[] = [];

  const insert = {
    user: raw.prepare(`INSERT INTO "user" ("id", "name", "email", "emailVerified", "role", "createdAt", "updatedAt") VALUES (?, ?, ?, 1, ?, ?, ?)`),
    account: raw.prepare(
      `INSERT INTO "account" ("id", "accountId", "providerId", "userId", "password", "createdAt", "updatedAt") VALUES (?, ?, 'credential', ?, ?, ?, ?)`,
    ),
    team: raw.prepare(`INSERT INTO "Team" ("id", "name", "createdAt", "updatedAt") VALUES (?, ?, ?, ?)`),
    member: raw.prepare(`INSERT OR IGNORE INTO "Membership" ("teamId", "userId", "role", "createdAt") VALUES (?, ?, ?, ?)`),
    blob: raw.prepare(`INSERT OR IGNORE INTO "Blob" ("sha256", "size", "storage", "data", "key", "createdAt") VALUES (?, ?, 'database', ?, NULL, ?)`),
    skill: raw.prepare(
      `INSERT INTO "Skill" ("id", "name", "scope", "ownerId", "teamId", "space", "currentVersionId", "versionCount", "archived", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
    ),
    version: raw.prepare(
      `INSERT INTO "SkillVersion" ("id", "skillId", "number", "name", "description", "frontmatter", "body", "catalogTokens", "bodyTokens", "resourceTokens", "totalBytes", "fileCount", "digest", "findings", "errorCount", "warningCount", "authorId", "message", "createdAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
    ),
    file: raw.prepare(`INSERT INTO "SkillFile" ("id", "versionId", "path", "size", "mediaType", "sha256", "tokens") VALUES (?, ?, ?, ?, ?, ?, ?)`),
    current: raw.prepare(`UPDATE "Skill" SET "currentVersionId" = ? WHERE "id" = ?`),
  };
  const encoder = new TextEncoder();
  const storeFile = (text: string, at: string) => {
    const bytes = encoder.encode(text);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    insert.blob.run(sha256, bytes.length, Buffer.from(bytes), at);
    return { size: bytes.length, sha256, tokens: tokensOf(text) };
  };

  raw.transaction(() => {
    const at = iso(now - YEAR);
    userIds.forEach((id, i) => {
      const name = id === "viewer" ? "Vera Viewer" : id === "admin" ? "Ada Admin" : `${names[i % names.length]} ${String.fromCharCode(65 + (i % 26))}.`;
      insert.user.run(id, name, `${id}@example.com`, id === "admin" ? "ADMIN" : "USER", at, at);
      insert.account.run(`${id}-credential`, id, id, passwordHash, at, at);
    });
    teamIds.forEach((teamId, t) => {
      insert.team.run(teamId, `Team ${String(t).padStart(2, "0")}`, at, at);
      insert.member.run(teamId, userIds[2 + (t % (USERS - 2))], "OWNER", at);
      for (let m = 0; m < between(4, 10); m++) insert.member.run(teamId, pick(userIds.slice(2)), random() < 0.2 ? "ADMIN" : "MEMBER", at);
    });
    insert.member.run(teamIds[0], "viewer", "MEMBER", at);
    insert.member.run(teamIds[1], "viewer", "ADMIN", at);

    const taken = new Set<string>();
    const bulk = SKILLS - builtins.length; // the shipped built-ins are already in
    for (let i = 0; i < bulk; i++) {
      const scope: Scope = i < 1_600 ? "PUBLIC" : i < 1_600 + 3_600 ? "TEAM" : "PERSONAL";
      const ownerId =
        scope === "PERSONAL" ? (random() < 0.02 ? "viewer" : pick(userIds)) : scope === "PUBLIC" ? pick(["admin", ...userIds.slice(2, 12)]) : null;
      const teamId = scope === "TEAM" ? (random() < 0.04 ? teamIds[i % 2] : pick(teamIds)) : null;
      const space = spaceOf(scope, { ownerId, teamId });
      let name = `${pick(NOUNS)}-${pick(QUALIFIERS)}`;
      if (taken.has(`${space}/${name}`)) name = `${name}-${i.toString(36)}`;
      taken.add(`${space}/${name}`);
      const skillId = cuid();
      const versions = between(1, 3);
      const created = now - random() * YEAR;
      const updated = created + random() * (now - created);
      insert.skill.run(skillId, name, scope, ownerId, teamId, space, versions, random() < 0.02 ? 1 : 0, iso(created), iso(updated));
      const resources = Array.from({ length: between(0, 3) }, (_, r) => ({
        path: `${pick(["references", "examples", "scripts"])}/${pick(NOUNS)}-${r}.md`,
        text: `# ${pick(OBJECTS)}\n\n${paragraph()}\n\n${paragraph()}\n`,
      }));
      let versionId = "";
      for (let number = 1; number <= versions; number++) {
        const stamp = iso(created + ((updated - created) * (number - 1)) / Math.max(1, versions - 1));
        const description = describe();
        const text = number === versions ? body(name) : `# ${name}\n\n${paragraph()}\n`;
        const skillMd = `---\nname: ${name}\ndescription: ${description}\n---\n\n${text}`;
        const files = [
          { path: "SKILL.md", mediaType: "text/markdown", ...storeFile(skillMd, stamp), tokens: tokensOf(text) },
          ...resources.map((r) => ({ path: r.path, mediaType: "text/markdown", ...storeFile(r.text, stamp) })),
        ];
        versionId = cuid();
        const warnings = random() < 0.1 ? between(1, 2) : 0;
        const findings = Array.from({ length: warnings }, () => ({
          code: "description-vague",
          severity: "warning",
          message: "The description could say more about when to use the skill.",
          file: "SKILL.md",
          line: 3,
        }));
        const authorId = scope === "TEAM" ? pick(userIds) : ownerId;
        const digest = createHash("sha256")
          .update(files.map((f) => `${f.path}\0${f.sha256}\n`).join(""))
          .digest("hex");
        insert.version.run(
          versionId,
          skillId,
          number,
          name,
          description,
          JSON.stringify({ name, description }),
          text,
          tokensOf(`${name} ${description}`) + 12,
          tokensOf(text),
          files.slice(1).reduce((sum, f) => sum + f.tokens, 0),
          files.reduce((sum, f) => sum + f.size, 0),
          files.length,
          digest,
          JSON.stringify(findings),
          warnings,
          authorId,
          number === 1 ? "Initial version" : "New version",
          stamp,
        );
        for (const file of files) insert.file.run(cuid(), versionId, file.path, file.size, file.mediaType, file.sha256, file.tokens);
      }
      insert.current.run(versionId, skillId);
      const visibleToViewer =
        scope === "PUBLIC" || (scope === "PERSONAL" && ownerId === "viewer") || (scope === "TEAM" && (teamId === teamIds[0] || teamId === teamIds[1]));
      if (visibleToViewer && sampleIds.length < 200 && random() < 0.2) sampleIds.push(skillId);
    }
  })();
  raw.exec("ANALYZE");
  raw.pragma("wal_checkpoint(TRUNCATE)");
  raw.close();
  return { viewerEmail: "viewer@example.com", sampleIds };
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

/** A running server to measure: its name ("after" alone, or "before" and "after"). */
type Target = { name: string; baseUrl: string; cookie: string };

const results: { name: string; p95: number[] }[] = [];
const tag = (targets: Target[], target: Target) => (targets.length > 1 ? ` (${target.name})` : "");

async function measure(name: string, targets: Target[], url: (i: number) => string, expect: (html: string) => boolean): Promise<void> {
  const get = async (target: Target, i: number) => {
    const response = await fetch(`${target.baseUrl}${url(i)}`, { headers: { cookie: target.cookie }, redirect: "manual" });
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${target.name}: ${url(i)} answered ${response.status}`);
    if (!expect(html)) throw new Error(`${target.name}: ${url(i)} did not render what was expected`);
  };
  for (let i = 0; i < WARMUP; i++) for (const target of targets) await get(target, i);
  const samples: number[][] = targets.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    // Each server goes first on every other request.
    const order = [...targets.keys()];
    if (i % 2 === 1) order.reverse();
    for (const t of order) {
      const started = performance.now();
      await get(targets[t], i);
      samples[t].push(performance.now() - started);
    }
  }
  for (const [t, target] of targets.entries()) {
    figure(`${name} p50${tag(targets, target)}`, percentile(samples[t], 50), "ms");
    figure(`${name} p95${tag(targets, target)}`, percentile(samples[t], 95), "ms");
  }
  results.push({ name, p95: samples.map((s) => percentile(s, 95)) });
}

/**
 * The page's first-load JavaScript: every script chunk its HTML loads, from <script src> tags and
 * from the flight data that names the chunks of client components; gzipped one by one. Chunks
 * loaded after hydration (dialogs held back, the toaster) are not in it: e2e/js-budget.spec.ts
 * counts those too, in a browser, and holds each page to its budget.
 */
async function firstLoad(baseUrl: string, cookie: string, url: string): Promise<{ chunks: Map<string, number>; htmlKb: number }> {
  const html = await (await fetch(`${baseUrl}${url}`, { headers: { cookie } })).text();
  const sources = new Set<string>();
  // nomodule scripts (polyfills for browsers without ES modules) are never fetched by a current browser.
  const skipped = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"[^>]*>/g))
    (/\snomodule[\s=>]/i.test(match[0]) ? skipped : sources).add(new URL(match[1].replace(/&amp;/g, "&"), baseUrl).pathname);
  for (const match of html.matchAll(/\/_next\/static\/chunks\/[\w.-]+\.js/g)) if (!skipped.has(match[0])) sources.add(match[0]);
  const chunks = new Map<string, number>();
  for (const src of sources) {
    const response = await fetch(new URL(src, baseUrl), { headers: { cookie } });
    if (!response.ok) throw new Error(`${src} answered ${response.status}`);
    chunks.set(src, gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length);
  }
  return { chunks, htmlKb: gzipSync(html, { level: 9 }).length / 1024 };
}

const kb = (chunks: Map<string, number>, except?: Map<string, number>) =>
  [...chunks].filter(([src]) => !except?.has(src)).reduce((sum, [, bytes]) => sum + bytes, 0) / 1024;

// ---------- Main ----------

const dir = await mkdtemp(path.join(os.tmpdir(), "skillshelf-browse-"));
const databasePath = path.join(dir, "browse.db");
const servers: ChildProcess[] = [];
const stopServers = () => {
  for (const server of servers) {
    if (server.exitCode !== null || !server.pid) continue;
    try {
      process.kill(-server.pid, "SIGTERM"); // next start spawns a worker: end the whole group
    } catch {
      server.kill("SIGTERM");
    }
  }
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopServers();
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

  console.log(`browse benchmark: node ${process.version}, ${SKILLS} skills, ${RUNS} timed requests after ${WARMUP} warm-up requests each`);
  const seedStart = performance.now();
  const { viewerEmail, sampleIds } = await seedDatabase(databasePath);
  const seedMs = performance.now() - seedStart;
  const check = new Database(databasePath, { readonly: true });
  const counts = check
    .prepare(
      `SELECT (SELECT count(*) FROM "Skill") AS skills, (SELECT count(*) FROM "SkillVersion") AS versions, (SELECT count(*) FROM "SkillSearchEntry") AS indexed`,
    )
    .get() as { skills: number; versions: number; indexed: number };
  check.close();
  if (counts.skills !== SKILLS) throw new Error(`seeded ${counts.skills} skills, expected ${SKILLS}`);

  console.log("\n(1) seed");
  figure("seed time", seedMs / 1000, "s", 2);
  figure("skills", counts.skills, "rows", 0);
  figure("versions", counts.versions, "rows", 0);
  figure("skills in the search index", counts.indexed, "rows", 0);
  figure("database size", (await stat(databasePath)).size / 1e6, "MB");

  if (BEFORE && !existsSync(path.join(BEFORE, ".next", "BUILD_ID"))) throw new Error(`--before: ${BEFORE} has no build (run npm run build there)`);
  const checkouts: [string, string][] = [...(BEFORE ? [["before", BEFORE] as [string, string]] : []), ["after", root]];
  const targets: Target[] = [];
  // Whatever the seed left in the write-ahead log goes into the file before it is copied.
  const seeded = new Database(databasePath);
  seeded.pragma("wal_checkpoint(TRUNCATE)");
  seeded.close();
  for (const [name, checkout] of checkouts) {
    // Each server its own copy of the database, so neither sees the other's sessions or caches.
    let database = databasePath;
    if (checkouts.length > 1) {
      database = path.join(dir, `browse-${name}.db`);
      await copyFile(databasePath, database);
    }
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const server = spawn(path.join(checkout, "node_modules", ".bin", "next"), ["start", "-p", String(port)], {
      cwd: checkout,
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
        DATABASE_URL: `file:${database}`,
        BETTER_AUTH_URL: baseUrl,
        BETTER_AUTH_SECRET: "bench-only-secret-not-for-production-0123456789",
      },
    });
    servers.push(server);
    await waitForHealth(baseUrl, server);
    targets.push({ name, baseUrl, cookie: await signIn(baseUrl, viewerEmail, PASSWORD) });
  }

  const where = targets.map((t) => `${t.name} on ${new URL(t.baseUrl).port}`).join(", ");
  console.log(`\n(2) HTTP, full responses, signed in as a member of two teams (next start: ${where})`);
  const isList = (html: string) => html.includes('aria-label="Scopes"');
  const hasResults = (html: string) => isList(html) && (html.includes('aria-label="Skills"') || html.includes("No skills match"));
  await measure(
    "GET /skills",
    targets,
    () => "/skills",
    (html) => html.includes('aria-label="Skills"'),
  );
  await measure(
    "GET /skills?scope=public&sort=name&view=rows&page=5",
    targets,
    () => "/skills?scope=public&sort=name&view=rows&page=5",
    (html) => html.includes('aria-label="Skills"'),
  );
  for (const q of ["review", "kubernetes", "pdf-tools", "quarterly forecast", "deplo", "no-such-skill-anywhere"]) {
    await measure(`GET /skills?q=${q}`, targets, () => `/skills?q=${encodeURIComponent(q)}`, hasResults);
  }
  await measure("GET /skills?q=sql&warnings=with&sort=tokens", targets, () => "/skills?q=sql&warnings=with&sort=tokens", hasResults);
  await measure(
    "GET /skills/<id> (rotating over visible skills)",
    targets,
    (i) => `/skills/${sampleIds[i % sampleIds.length]}`,
    (html) => html.includes("<h1"),
  );

  console.log("\n(3) first-load JavaScript, gzipped (every script chunk the page's HTML loads)");
  const loads: { listKb: number; pageKb: number; htmlListKb: number; htmlPageKb: number }[] = [];
  for (const target of targets) {
    const list = await firstLoad(target.baseUrl, target.cookie, "/skills");
    const page = await firstLoad(target.baseUrl, target.cookie, `/skills/${sampleIds[0]}`);
    // What every signed-in page loads (framework, root and app layouts): the chunks these share with /teams.
    const teams = await firstLoad(target.baseUrl, target.cookie, "/teams");
    const shell = new Map([...list.chunks].filter(([src]) => page.chunks.has(src) && teams.chunks.has(src)));
    const [listKb, pageKb] = [kb(list.chunks), kb(page.chunks)];
    const t = tag(targets, target);
    figure(`first-load JS /skills${t}`, listKb, "KB");
    figure(`first-load JS /skills/<id>${t}`, pageKb, "KB");
    figure(`of which shared by every signed-in page${t}`, kb(shell), "KB");
    figure(`JS only /skills loads${t}`, kb(list.chunks, shell), "KB");
    figure(`JS only /skills/<id> loads${t}`, kb(page.chunks, shell), "KB");
    figure(`HTML /skills (gzipped)${t}`, list.htmlKb, "KB");
    figure(`HTML /skills/<id> (gzipped)${t}`, page.htmlKb, "KB");
    loads.push({ listKb, pageKb, htmlListKb: list.htmlKb, htmlPageKb: page.htmlKb });
  }

  if (targets.length > 1) {
    console.log("\n| page | p95 ms before | p95 ms after |\n|---|---|---|");
    for (const r of results) console.log(`| ${r.name} | ${r.p95.map((v) => v.toFixed(1)).join(" | ")} |`);
    const [b, a] = loads;
    console.log(`| first-load JS /skills, KB gzipped | ${b.listKb.toFixed(1)} | ${a.listKb.toFixed(1)} |`);
    console.log(`| first-load JS /skills/<id>, KB gzipped | ${b.pageKb.toFixed(1)} | ${a.pageKb.toFixed(1)} |`);
    console.log(`| HTML /skills, KB gzipped | ${b.htmlListKb.toFixed(1)} | ${a.htmlListKb.toFixed(1)} |`);
    console.log(`| HTML /skills/<id>, KB gzipped | ${b.htmlPageKb.toFixed(1)} | ${a.htmlPageKb.toFixed(1)} |`);
  }

  // The targets hold for the last server measured: this checkout.
  const last = targets.length - 1;
  const slowest = results.reduce((x, y) => (y.p95[last] > x.p95[last] ? y : x));
  console.log("");
  figure(`slowest p95 (${slowest.name})`, slowest.p95[last], "ms");
  const slow = results.filter((r) => r.p95[last] >= TARGET_P95_MS).map((r) => r.name);
  const { listKb, pageKb } = loads[last];
  const heavy = [listKb >= TARGET_JS_KB ? "/skills" : "", pageKb >= TARGET_JS_KB ? "/skills/<id>" : ""].filter(Boolean);
  console.log(`target: p95 under ${TARGET_P95_MS} ms for each page: ${slow.length ? `NOT met (${slow.join(", ")})` : "met"}`);
  console.log(`target: first-load JS under ${TARGET_JS_KB} KB gzipped: ${heavy.length ? `NOT met (${heavy.join(", ")})` : "met"}`);
} finally {
  stopServers();
  await Promise.all(servers.map((server) => (server.exitCode === null ? new Promise((resolve) => server.once("exit", resolve)) : null)));
  await rm(dir, { recursive: true, force: true });
}
