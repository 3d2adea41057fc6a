import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import { exportSkillZip } from "../lib/skills/archive/export";
import { centralDirectory } from "../lib/test/rfc-discovery-client";
import { runSkillsCli } from "../lib/test/skills-cli";
import { BASE_URL, DEMO_PASSWORD, expect, signInAs, test, uniqueEmail } from "./fixtures";
import { openManage, shootBoth } from "./upload-helpers";
import { E2E_DATABASE } from "./instance";

// Delivery links driven by the real `skills` CLI (the npm package, pinned in devDependencies):
// `skills add <link>` installs every skill of an agent profile, `skills update` picks up a new
// version, and a revoked link is refused. The CLI runs with a throwaway HOME and working folder
// and no telemetry; it reaches the server on the loopback address the e2e server listens on.

interface SkillFiles {
  name: string;
  files: { path: string; text: string; executable?: boolean }[];
}

const skillMd = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: Delivered through a link in the e2e tests. Use when testing feeds.\n---\n\n# ${name}\n\n${body}\n`;
const suffix = `${Date.now() % 1_000_000}`;
const TOOLS: SkillFiles = {
  name: `feed-tools-${suffix}`,
  files: [
    { path: "SKILL.md", text: skillMd(`feed-tools-${suffix}`, "Run scripts/run.sh.") },
    { path: "scripts/run.sh", text: "#!/bin/sh\necho v1\n", executable: true },
    { path: "references/notes.md", text: "# Notes\n" },
  ],
};
const SINGLE: SkillFiles = { name: `feed-single-${suffix}`, files: [{ path: "SKILL.md", text: skillMd(`feed-single-${suffix}`, "Only SKILL.md.") }] };
const DOCS: SkillFiles = {
  name: `feed-docs-${suffix}`,
  files: [
    { path: "SKILL.md", text: skillMd(`feed-docs-${suffix}`, "Read the guide.") },
    { path: "guide/intro.md", text: "# Intro\n" },
  ],
};
const OUTSIDE: SkillFiles = { name: `feed-outside-${suffix}`, files: [{ path: "SKILL.md", text: skillMd(`feed-outside-${suffix}`, "Not in the profile.") }] };
const PROFILE = `feed profile ${suffix}`;

const zipOf = (skill: SkillFiles) =>
  Buffer.from(
    exportSkillZip({ name: skill.name, files: skill.files.map((f) => ({ path: f.path, bytes: Buffer.from(f.text), executable: f.executable === true })) }),
  );

/** The real CLI, as a person runs it, in `cwd` with its own HOME; no telemetry. */
const skills = (args: string[], cwd: string, home: string) => runSkillsCli(args, { cwd, home });

function database() {
  return new Database(E2E_DATABASE, { fileMustExist: true, timeout: 10_000 });
}

/** Feed deliveries in the audit trail: [skill name, version] per skill.download with via feed. */
function feedDownloads(feedId: string): [string, number][] {
  const db = database();
  try {
    const rows = db
      .prepare(`SELECT skillName, version, detail FROM AuditEvent WHERE action = 'skill.download' AND detail LIKE ? ORDER BY skillName, version`)
      .all(`%${feedId}%`) as { skillName: string; version: number; detail: string }[];
    for (const row of rows) expect(JSON.parse(row.detail)).toEqual({ via: "feed", feedId });
    return rows.map((r) => [r.skillName, r.version]);
  } finally {
    db.close();
  }
}

test.describe.configure({ mode: "serial" });

const email = uniqueEmail("feeds");
let api: APIRequestContext;
let anonymous: APIRequestContext;
let bearer: Record<string, string>;
let work: string;
let home: string;
let feed: { id: string; url: string };
const skillIds = new Map<string, string>();

async function publish(skill: SkillFiles, message?: string) {
  const response = await anonymous.post("/api/v1/skills", {
    headers: bearer,
    multipart: { file: { name: `${skill.name}.zip`, mimeType: "application/zip", buffer: zipOf(skill) }, ...(message ? { message } : {}) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  skillIds.set(skill.name, body.skills[0].skillId);
  return body.skills[0] as { skillId: string; version: number };
}

async function expectInstalled(skill: SkillFiles) {
  for (const file of skill.files) {
    const installed = path.join(work, ".claude", "skills", skill.name, file.path);
    expect(await readFile(installed, "utf8"), `${skill.name}/${file.path}`).toBe(file.text);
    const mode = (await stat(installed)).mode & 0o777;
    if (file.executable) {
      // The `skills` CLI (1.7.4) writes every file of a well-known skill from memory with the
      // default mode, whatever the archive says (zip and tar alike): the executable bit is lost on
      // the client's side (vercel-labs/skills#1140 is the report of mode bits dropped on install).
      // Our archive carries 0755 (checked below); when the client keeps modes, this fails: flip it.
      expect(mode & 0o111, `${file.path} lost its executable bit in the client`).toBe(0);
    } else {
      expect(mode & 0o111, `${file.path} is not executable`).toBe(0);
    }
  }
}

test.beforeAll(async () => {
  api = await playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  expect((await api.post("/api/auth/sign-up/email", { data: { name: "Feed Person", email, password: DEMO_PASSWORD } })).status()).toBe(200);
  expect((await api.post("/api/auth/sign-in/email", { data: { email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const publishToken = await (await api.post("/api/v1/tokens", { data: { name: "feeds publish", scope: "publish" } })).json();
  anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL });
  bearer = { Authorization: `Bearer ${publishToken.secret}` };
  for (const skill of [TOOLS, SINGLE, DOCS, OUTSIDE]) await publish(skill);
  // The profile, as the playground's profile dialog saves it: three of the four skills, following their current versions.
  const db = database();
  try {
    const owner = db.prepare(`SELECT id FROM "user" WHERE email = ?`).get(email) as { id: string };
    const profileId = `feedprofile${suffix}`;
    const now = Date.now();
    db.prepare(`INSERT INTO AgentProfile (id, ownerId, name, instructions, createdAt, updatedAt) VALUES (?, ?, ?, '', ?, ?)`).run(
      profileId,
      owner.id,
      PROFILE,
      now,
      now,
    );
    for (const skill of [TOOLS, SINGLE, DOCS])
      db.prepare(`INSERT INTO AgentProfileSkill (profileId, skillId, pinnedVersion) VALUES (?, ?, NULL)`).run(profileId, skillIds.get(skill.name));
  } finally {
    db.close();
  }
  work = await mkdtemp(path.join(os.tmpdir(), "skillshelf-feeds-work-"));
  home = await mkdtemp(path.join(os.tmpdir(), "skillshelf-feeds-home-"));
});

test.afterAll(async () => {
  await Promise.all([api?.dispose(), anonymous?.dispose()]);
  await Promise.all([work, home].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })));
});

test("a read token makes a link for one agent profile; the API lists it without its secret", async () => {
  const readToken = await (await api.post("/api/v1/tokens", { data: { name: "feeds read", scope: "read" } })).json();
  const read = { Authorization: `Bearer ${readToken.secret}` };
  const created = await anonymous.post("/api/v1/feeds", { headers: read, data: { name: "laptop", profile: PROFILE } });
  expect(created.status(), await created.text()).toBe(201);
  const body = await created.json();
  expect(body.url).toMatch(new RegExp(`^${BASE_URL}/feeds/sksf_[0-9A-Za-z]{40}$`));
  expect(body.feed).toMatchObject({ name: "laptop", kind: "profile", profile: { name: PROFILE }, team: null, revokedAt: null });
  feed = { id: body.feed.id, url: body.url };
  const listed = await (await anonymous.get("/api/v1/feeds", { headers: read })).json();
  expect(listed.feeds.map((f: { id: string }) => f.id)).toContain(feed.id);
  expect(JSON.stringify(listed)).not.toContain(body.url.slice(-30));
  // Someone else's profile is as missing as one that never was; no link is made.
  expect((await anonymous.post("/api/v1/feeds", { headers: read, data: { name: "x", profile: "no such profile" } })).status()).toBe(404);
  expect((await anonymous.post("/api/v1/feeds", { data: { name: "x" } })).status()).toBe(401);
});

test("skills add <link> installs every skill of the profile, byte for byte, and records one download each", async () => {
  test.setTimeout(120_000);
  const run = await skills(["add", feed.url, "--skill", "*", "--agent", "claude-code", "-y"], work, home);
  expect(run.code, run.output).toBe(0);
  for (const skill of [TOOLS, SINGLE, DOCS]) await expectInstalled(skill);
  await expect(stat(path.join(work, ".claude", "skills", OUTSIDE.name))).rejects.toThrow();
  // What the account page warns of: the link, secret and all, is in the client's lockfile.
  const lock = await readFile(path.join(work, "skills-lock.json"), "utf8");
  expect(lock).toContain(feed.url);
  // The archive itself carries the executable bit (unix mode in the zip's external attributes).
  const index = await (await anonymous.get(`${feed.url}/.well-known/agent-skills/index.json`)).json();
  const tools = index.skills.find((s: { name: string }) => s.name === TOOLS.name);
  expect(tools).toMatchObject({ type: "archive", url: `${TOOLS.name}.zip`, files: ["SKILL.md", "references/notes.md", "scripts/run.sh"] });
  const archive = Buffer.from(await (await anonymous.get(`${feed.url}/.well-known/agent-skills/${tools.url}`)).body());
  const modes = new Map(centralDirectory(archive).map((e) => [e.name, e.mode]));
  expect(modes.get("scripts/run.sh")).toBe(0o100755);
  expect(modes.get("SKILL.md")).toBe(0o100644);
  expect(feedDownloads(feed.id)).toEqual([
    [DOCS.name, 1],
    [SINGLE.name, 1],
    [TOOLS.name, 1],
  ]);
});

test("skills update picks up a new version through the link; nothing is counted twice", async () => {
  test.setTimeout(120_000);
  const unchanged = await skills(["update", "-p", "-y"], work, home);
  expect(unchanged.code, unchanged.output).toBe(0);
  expect(unchanged.output).not.toContain("Failed to check");
  const v2: SkillFiles = {
    name: TOOLS.name,
    files: [
      { path: "SKILL.md", text: skillMd(TOOLS.name, "Run scripts/run.sh, now v2.") },
      { path: "scripts/run.sh", text: "#!/bin/sh\necho v2\n", executable: true },
      { path: "references/notes.md", text: "# Notes, v2\n" },
    ],
  };
  expect(await publish(v2, "v2 for the feed")).toMatchObject({ version: 2 });
  const run = await skills(["update", "-p", "-y"], work, home);
  expect(run.code, run.output).toBe(0);
  expect(run.output).toContain(`Updated ${TOOLS.name}`);
  await expectInstalled(v2);
  for (const skill of [SINGLE, DOCS]) await expectInstalled(skill);
  // The client fetched every artifact again to update one skill; each version counts once.
  expect(feedDownloads(feed.id)).toEqual([
    [DOCS.name, 1],
    [SINGLE.name, 1],
    [TOOLS.name, 1],
    [TOOLS.name, 2],
  ]);
});

test("a revoked link is refused: 410 with why, and the CLI installs nothing", async () => {
  test.setTimeout(120_000);
  const revoked = await api.delete(`/api/v1/feeds/${feed.id}`);
  expect(revoked.status()).toBe(200);
  expect((await revoked.json()).feed.revokedAt).not.toBeNull();
  const index = await anonymous.get(`${feed.url}/.well-known/agent-skills/index.json`);
  expect(index.status()).toBe(410);
  expect((await index.json()).error.message).toMatch(/^This delivery link was revoked on \d{4}-\d{2}-\d{2}\. Ask its owner for a new link/);
  const elsewhere = await mkdtemp(path.join(os.tmpdir(), "skillshelf-feeds-revoked-"));
  try {
    const run = await skills(["add", feed.url, "--skill", "*", "--agent", "claude-code", "-y"], elsewhere, home);
    expect(run.code, run.output).not.toBe(0);
    expect(run.output).toContain("HTTP 410");
    await expect(stat(path.join(elsewhere, ".claude", "skills"))).rejects.toThrow();
  } finally {
    await rm(elsewhere, { recursive: true, force: true });
  }
  const update = await skills(["update", "-p", "-y"], work, home);
  expect(update.output).toContain("Failed to check");
});

test("the account page, the profile panel and the Download tab make a link shown once with its commands", async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  await signInAs(page, email, { home: false });
  await page.goto("/account");
  const links = page.getByRole("region", { name: "Delivery links" });
  // The revoked link of the tests above is gone from the list.
  await expect(links.getByText("No delivery links yet.")).toBeVisible();
  await links.getByRole("button", { name: "New delivery link" }).click();
  const dialog = page.getByRole("dialog", { name: "New delivery link" });
  await dialog.getByLabel("Name").fill("work laptop");
  await dialog.getByLabel("Delivers").selectOption({ label: `Agent profile: ${PROFILE}` });
  await dialog.getByRole("button", { name: "Create link" }).click();
  const shown = page.getByRole("dialog", { name: "Your delivery link" });
  const url = await shown.getByLabel("Delivery link").inputValue();
  expect(url).toMatch(new RegExp(`^${BASE_URL}/feeds/sksf_[0-9A-Za-z]{40}$`));
  await expect(shown.getByText(`npx skills add '${url}' --skill '*' --agent claude-code -g -y`)).toBeVisible();
  await expect(shown.getByText(`npx skills add '${url}' --skill '*' --agent codex -g -y`)).toBeVisible();
  await expect(shown.getByText(/writes it into its lockfile \(skills-lock\.json/)).toBeVisible();
  await shootBoth(page, "feeds-account-created");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screenshots/feeds-account-created-390.png" });
  await page.setViewportSize({ width: 1280, height: 800 });
  // The link it showed works, and the index lists the profile's skills.
  const index = await (await anonymous.get(`${url}/.well-known/agent-skills/index.json`)).json();
  expect(index.skills.map((s: { name: string }) => s.name).sort()).toEqual([DOCS.name, SINGLE.name, TOOLS.name].sort());
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(links.getByRole("listitem").filter({ hasText: "work laptop" })).toContainText(`Profile ${PROFILE}`);
  await shootBoth(page, "feeds-account");

  // The playground's profile panel: a link for the profile in view.
  await page.goto("/playground");
  await page.getByRole("radiogroup", { name: "Catalog source" }).getByRole("radio", { name: "Profile" }).click();
  await page.getByRole("button", { name: "Delivery link" }).click();
  const fromProfile = page.getByRole("dialog", { name: "New delivery link" });
  await expect(fromProfile.getByLabel("Name")).toHaveValue(PROFILE);
  await expect(fromProfile).toContainText(`Delivers: Agent profile ${PROFILE}`);
  await shootBoth(page, "feeds-profile");

  // The Download tab: a link whose commands install this one skill.
  const manage = await openManage(page, { id: skillIds.get(DOCS.name)!, name: DOCS.name });
  await manage.getByRole("tab", { name: "Download" }).click();
  await manage.getByRole("button", { name: "Make a delivery link" }).click();
  await page.getByRole("dialog", { name: "New delivery link" }).getByRole("button", { name: "Create link" }).click();
  const forSkill = page.getByRole("dialog", { name: "Your delivery link" });
  const skillUrl = await forSkill.getByLabel("Delivery link").inputValue();
  await expect(forSkill.getByText(`npx skills add '${skillUrl}' --skill '${DOCS.name}' --agent claude-code -g -y`)).toBeVisible();
  await shootBoth(page, "feeds-download-tab");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screenshots/feeds-download-tab-390.png" });
  expect(consoleErrors).toEqual([]);
});
