import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import { strToU8, unzipSync, zipSync } from "fflate";
// No page here: the base test, so no browser starts for a spec that only runs a CLI and HTTP.
import { BASE_URL, DEMO_PASSWORD } from "./fixtures";
import { E2E_DATABASE } from "./instance";

// The ClawHub-compatible registry driven by the real `clawhub` CLI (the npm package, pinned in
// devDependencies), pointed at this server by `--site` (it reads /.well-known/clawhub.json) or by
// CLAWHUB_REGISTRY, with a personal access token: login, whoami, search, inspect, install (the
// files' bytes against the store's), update (a hash check, not a download) and publish, into
// one's own space and into a team whose changes need approval.

const CLI = path.resolve(import.meta.dirname, "../node_modules/clawhub/bin/clawdhub.js");
const RUN = Date.now().toString(36);
const SLUG = `e2e-claw-${RUN}`;
const PUBLISHED = `e2e-claw-pub-${RUN}`;
const PROPOSED = `e2e-claw-team-${RUN}`;
const TEAM = `E2E Claw ${RUN}`;

const skillMd = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: Checks a ClawHub client against the registry. Use when testing clawhub installs.\n---\n\n# ${name}\n\n${body}\n`;
const zipOf = (entries: Record<string, string>) => Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([p, text]) => [p, strToU8(text)]))));

let home: string;
let workdir: string;
let ada: APIRequestContext;
let secret: string;

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI as a user runs it, in a throwaway home and workdir, telemetry off, no proxy. */
function clawhub(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const base = { NODE_ENV: "production" as const, PATH: process.env.PATH ?? "", HOME: home, XDG_CONFIG_HOME: path.join(home, ".config"), NO_COLOR: "1" };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, "--workdir", workdir, "--no-input", ...args],
      { env: { ...base, DISABLE_TELEMETRY: "1", DO_NOT_TRACK: "1", CLAWHUB_DISABLE_TELEMETRY: "1", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

const site = (args: string[]) => clawhub(["--site", BASE_URL, ...args]);

function expectOk(result: CliResult, what: string) {
  expect(result.code, `${what}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(0);
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const clawhubDownloads = (skillId: string) =>
  query<{ n: number }>(
    `SELECT count(*) AS n FROM "AuditEvent" WHERE action = 'skill.download' AND "skillId" = ? AND detail LIKE '%"via":"clawhub"%'`,
    skillId,
  )[0].n;

async function upload(scope: "personal" | "team", files: Record<string, string>, team?: string): Promise<string> {
  const response = await ada.post("/api/v1/skills", {
    headers: { Authorization: `Bearer ${secret}` },
    multipart: { file: { name: "skill.zip", mimeType: "application/zip", buffer: zipOf(files) }, scope, ...(team ? { team } : {}) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).skills[0].skillId as string;
}

// Each CLI run starts a Node process (seconds on a busy machine).
test.describe.configure({ mode: "serial", timeout: 300_000 });

let personalId: string;
let teamSkillId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  home = await mkdtemp(path.join(os.tmpdir(), "clawhub-home-"));
  workdir = await mkdtemp(path.join(os.tmpdir(), "clawhub-work-"));
  ada = await playwrightRequest.newContext({ baseURL: BASE_URL });
  expect((await ada.post("/api/auth/sign-in/email", { data: { email: "ada@example.com", password: DEMO_PASSWORD } })).status()).toBe(200);
  const token = await ada.post("/api/v1/tokens", { data: { name: "clawhub e2e", scope: "publish" } });
  expect(token.status()).toBe(201);
  secret = (await token.json()).secret;

  // The same name in team Platform and in ada's own space: her own hides the team's.
  teamSkillId = await upload("team", { [`${SLUG}/SKILL.md`]: skillMd(SLUG, "The team's copy.") }, "Platform");
  personalId = await upload("personal", {
    [`${SLUG}/SKILL.md`]: skillMd(SLUG, "Ada's own copy."),
    [`${SLUG}/scripts/run.sh`]: "#!/bin/sh\necho run\n",
    [`${SLUG}/references/notes.md`]: "# Notes\n\nBytes that must arrive unchanged: é ✓\n",
  });
});

test.afterAll(async () => {
  await ada?.dispose();
  await Promise.all([home && rm(home, { recursive: true, force: true }), workdir && rm(workdir, { recursive: true, force: true })]);
});

test("discovery, login with a personal access token, whoami", async () => {
  const wellKnown = await (await ada.get("/.well-known/clawhub.json")).json();
  expect(wellKnown).toEqual({ apiBase: `${BASE_URL}/api/clawhub`, authBase: BASE_URL, minCliVersion: "0.23.3" });

  const refused = await site(["login", "--token", "sks_not-a-real-token"]);
  expect(refused.code).not.toBe(0);

  const login = await site(["login", "--token", secret]);
  expectOk(login, "login");
  expect(login.stdout + login.stderr).toContain("Logged in as @ada@example.com");
  const whoami = await site(["whoami"]);
  expectOk(whoami, "whoami");
  expect(whoami.stdout + whoami.stderr).toContain("ada@example.com");

  // CLAWHUB_REGISTRY names the registry itself (the apiBase) instead of the site.
  const byEnv = await clawhub(["whoami"], { CLAWHUB_REGISTRY: `${BASE_URL}/api/clawhub` });
  expectOk(byEnv, "whoami with CLAWHUB_REGISTRY");
  expect(byEnv.stdout + byEnv.stderr).toContain("ada@example.com");
});

test("search and inspect see the name as ada resolves it: her own copy, not the team's", async () => {
  const search = await site(["search", SLUG]);
  expectOk(search, "search");
  expect(search.stdout).toContain(`${SLUG} v1.0.0`);
  expect(search.stdout).toContain("@ada@example.com");
  expect(search.stdout).not.toContain("@platform");

  const inspect = await site(["inspect", SLUG, "--json"]);
  expectOk(inspect, "inspect");
  const shown = JSON.parse(inspect.stdout);
  expect(shown).toMatchObject({
    skill: { slug: SLUG, tags: { latest: "1.0.0" } },
    latestVersion: { version: "1.0.0" },
    owner: { handle: "ada@example.com", displayName: "Personal" },
    moderation: { isSuspicious: false, isMalwareBlocked: false },
  });

  const files = await site(["inspect", SLUG, "--files", "--json"]);
  expectOk(files, "inspect --files");
  expect(JSON.parse(files.stdout).version.files.map((f: { path: string }) => f.path)).toEqual(["SKILL.md", "references/notes.md", "scripts/run.sh"]);

  const team = await site(["inspect", `platform/${SLUG}`, "--json"]);
  expectOk(team, "inspect the team's copy by owner handle");
  expect(JSON.parse(team.stdout).owner).toMatchObject({ handle: "platform", displayName: "Team Platform" });

  const missing = await site(["inspect", "no-such-skill-here", "--json"]);
  expect(missing.code).not.toBe(0);
  expect(missing.stdout + missing.stderr).toContain("Skill not found");
});

test("install writes the store's bytes, records one clawhub download; update is a hash check, not a download", async () => {
  const before = clawhubDownloads(personalId);
  const install = await site(["install", SLUG]);
  expectOk(install, "install");
  expect(clawhubDownloads(personalId)).toBe(before + 1);

  const stored = await ada.get(`/api/v1/skills/${personalId}/download`, { headers: { Authorization: `Bearer ${secret}` } });
  expect(stored.status()).toBe(200);
  const storeFiles = Object.entries(unzipSync(new Uint8Array(await stored.body())))
    .filter(([name]) => !name.endsWith("/"))
    .map(([name, bytes]) => [name.slice(`${SLUG}/`.length), Buffer.from(bytes)] as const);
  const target = path.join(workdir, "skills", SLUG);
  const installed = (await readdir(target, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !path.relative(target, entry.parentPath).startsWith(".clawhub"))
    .map((entry) => path.relative(target, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
  expect(installed).toEqual(storeFiles.map(([name]) => name).sort());
  for (const [name, bytes] of storeFiles) expect((await readFile(path.join(target, name))).equals(bytes), name).toBe(true);

  const update = await site(["update", SLUG]);
  expectOk(update, "update");
  expect(update.stdout + update.stderr).toMatch(/up to date/i);
  expect(clawhubDownloads(personalId)).toBe(before + 1);

  // The owner handle reaches the shadowed team copy.
  const teamInstall = await site(["install", `platform/${SLUG}`]);
  expectOk(teamInstall, "install the team's copy");
  expect(await readFile(path.join(workdir, "skills", "@platform", SLUG, "SKILL.md"), "utf8")).toContain("The team's copy.");
  expect(clawhubDownloads(teamSkillId)).toBe(1);
});

async function skillFolder(name: string, body: string): Promise<string> {
  const folder = path.join(workdir, "src", name);
  await mkdir(path.join(folder, "references"), { recursive: true });
  await writeFile(path.join(folder, "SKILL.md"), skillMd(name, body));
  await writeFile(path.join(folder, "references", "guide.md"), `# Guide for ${name}\n`);
  return folder;
}

test("publish into ada's own space: stored, scanned, a second publish is version 2", async () => {
  const folder = await skillFolder(PUBLISHED, "First cut from the clawhub CLI.");
  const first = await site(["publish", folder, "--changelog", "From the clawhub CLI"]);
  expectOk(first, "publish");
  const rows = query<{ id: string; scope: string; number: number; message: string; scanRuleset: string | null; fileCount: number }>(
    `SELECT s.id, s.scope, v.number, v.message, v."scanRuleset", v."fileCount" FROM "Skill" s JOIN "SkillVersion" v ON v.id = s."currentVersionId" WHERE s.name = ?`,
    PUBLISHED,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ scope: "PERSONAL", number: 1, message: "From the clawhub CLI", fileCount: 2 });
  expect(rows[0].scanRuleset).not.toBeNull();

  const unchanged = await site(["publish", folder]);
  expectOk(unchanged, "publish unchanged");
  expect(unchanged.stdout + unchanged.stderr).toContain("already published");

  await writeFile(path.join(folder, "SKILL.md"), skillMd(PUBLISHED, "Second cut."));
  const second = await site(["publish", folder]);
  expectOk(second, "publish a second version");
  const inspect = await site(["inspect", PUBLISHED, "--json"]);
  expect(JSON.parse(inspect.stdout).latestVersion.version).toBe("2.0.0");

  const wrongSlug = await site(["publish", folder, "--slug", `${PUBLISHED}-other`]);
  expect(wrongSlug.code).not.toBe(0);
  expect(wrongSlug.stdout + wrongSlug.stderr).toContain(`SKILL.md says name: ${PUBLISHED}`);

  const unknownTag = await site(["publish", folder, "--tags", "beta", "--version", "9.0.0"]);
  expect(unknownTag.code).not.toBe(0);
  expect(unknownTag.stdout + unknownTag.stderr).toContain('A publish sets the "latest" tag only');
});

test("publish into a team whose changes need approval opens a review request", async () => {
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  const teamId = `e2eclaw${RUN}`;
  try {
    const user = db.prepare(`SELECT id FROM "user" WHERE email = ?`).get("ada@example.com") as { id: string };
    const now = new Date().toISOString();
    db.prepare(`INSERT INTO "Team" (id, name, description, "reviewPolicy", "allowBoundTools", "createdAt", "updatedAt") VALUES (?, ?, '', ?, 0, ?, ?)`).run(
      teamId,
      TEAM,
      JSON.stringify({ mode: "approval", approvals: 1, approvers: "managers", managersBypass: false }),
      now,
      now,
    );
    db.prepare(`INSERT INTO "Membership" ("teamId", "userId", role, "createdAt") VALUES (?, ?, 'OWNER', ?)`).run(teamId, user.id, now);
  } finally {
    db.close();
  }
  const folder = await skillFolder(PROPOSED, "For the team, once approved.");
  const handle = TEAM.toLowerCase().replace(/\s+/g, "-");
  const published = await site(["publish", folder, "--owner", handle]);
  expectOk(published, "publish to the team");
  expect(published.stdout + published.stderr).toMatch(/pending/i);
  // A new skill for a reviewed team waits in ada's own space, with a request to move it there.
  const requests = query<{ state: string; kind: string; targetScope: string; targetTeamId: string; scope: string }>(
    `SELECT r.state, r.kind, r."targetScope", r."targetTeamId", s.scope FROM "ReviewRequest" r JOIN "Skill" s ON s.id = r."skillId" WHERE s.name = ?`,
    PROPOSED,
  );
  expect(requests).toEqual([{ state: "open", kind: "move", targetScope: "TEAM", targetTeamId: teamId, scope: "PERSONAL" }]);

  const outsider = await site(["publish", folder, "--owner", "no-such-team"]);
  expect(outsider.code).not.toBe(0);
  expect(outsider.stdout + outsider.stderr).toContain("No place is named @no-such-team");

  // Later specs share this database and count ada's teams (the manage dialog's destinations).
  const cleanup = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    cleanup.prepare(`DELETE FROM "Membership" WHERE "teamId" = ?`).run(teamId);
  } finally {
    cleanup.close();
  }
});
