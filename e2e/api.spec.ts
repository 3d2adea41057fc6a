import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { strToU8, unzipSync, zipSync } from "fflate";
import { installCommand } from "../lib/skills/archive/install";
import { DEMO_PASSWORD, expect, signInAs, test, BASE_URL } from "./fixtures";

// The HTTP API for scripts and CI, driven the way curl would: a token from a signed-in session,
// then publish, read, download and install with nothing but that token.

const SKILL = "e2e-api-skill";
const skillMd = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: Publishes from CI in the e2e tests. Use when testing the HTTP API.\n---\n\n# ${name}\n\n${body}\n`;
const files = (body: string) => ({
  [`${SKILL}/SKILL.md`]: skillMd(SKILL, body),
  [`${SKILL}/scripts/run.sh`]: "#!/bin/sh\necho run\n",
  [`${SKILL}/references/notes.md`]: "# Notes\n",
});
const zipOf = (entries: Record<string, string>) => Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([p, text]) => [p, strToU8(text)]))));

async function signedIn(email: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const response = await context.post("/api/auth/sign-in/email", { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

async function createToken(session: APIRequestContext, name: string, scope: "read" | "publish") {
  const response = await session.post("/api/v1/tokens", { data: { name, scope } });
  expect(response.status()).toBe(201);
  const body = await response.json();
  expect(body.secret).toMatch(/^sks_[0-9A-Za-z]{40}$/);
  expect(body.token).toMatchObject({ name, scope, prefix: body.secret.slice(0, 12), lastUsedAt: null });
  return body as { secret: string; token: { id: string } };
}

const auth = (secret: string) => ({ Authorization: `Bearer ${secret}` });

test.describe.configure({ mode: "serial" });

let ada: APIRequestContext;
let grace: APIRequestContext;
let anonymous: APIRequestContext;
let adaPublish: { secret: string; token: { id: string } };
let graceRead: { secret: string; token: { id: string } };
let skillId: string;

test.beforeAll(async () => {
  ada = await signedIn("ada@example.com");
  grace = await signedIn("grace@example.com");
  anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL });
  adaPublish = await createToken(ada, "e2e publish", "publish");
  graceRead = await createToken(grace, "e2e read", "read");
});

test.afterAll(async () => {
  await Promise.all([ada?.dispose(), grace?.dispose(), anonymous?.dispose()]);
});

test("tokens: only from a session, listed without their secrets", async () => {
  expect((await anonymous.post("/api/v1/tokens", { data: { name: "x", scope: "read" } })).status()).toBe(401);
  expect((await anonymous.post("/api/v1/tokens", { data: { name: "x", scope: "read" }, headers: auth(adaPublish.secret) })).status()).toBe(403);
  const invalid = await ada.post("/api/v1/tokens", { data: { name: "", scope: "admin" } });
  expect(invalid.status()).toBe(400);
  const listed = await (await ada.get("/api/v1/tokens")).json();
  expect(listed.tokens.map((t: { name: string }) => t.name)).toContain("e2e publish");
  expect(JSON.stringify(listed)).not.toContain(adaPublish.secret.slice(12));
  // a cross-site page cannot mint tokens with the cookie
  expect((await ada.post("/api/v1/tokens", { data: { name: "csrf", scope: "publish" }, headers: { Origin: "https://evil.example" } })).status()).toBe(403);
});

test("publish: dry run stores nothing, then 201, 409 on re-publish, and a new version with a message", async () => {
  const dry = await anonymous.post("/api/v1/skills", {
    headers: auth(adaPublish.secret),
    multipart: { file: { name: `${SKILL}.zip`, mimeType: "application/zip", buffer: zipOf(files("First.")) }, dryRun: "true" },
  });
  expect(dry.status()).toBe(200);
  const preview = await dry.json();
  expect(preview).toMatchObject({ dryRun: true, ok: true, wouldAnswer: 201, plan: [{ name: SKILL, action: "create" }] });
  expect(preview.skills[0].files.map((f: { path: string }) => f.path)).toEqual(["SKILL.md", "references/notes.md", "scripts/run.sh"]);
  expect(preview.skills[0].tokens.total).toBeGreaterThan(0);
  const none = await (await anonymous.get(`/api/v1/skills?q=${SKILL}`, { headers: auth(adaPublish.secret) })).json();
  expect(none.total).toBe(0);

  const created = await anonymous.post("/api/v1/skills", {
    headers: auth(adaPublish.secret),
    multipart: { file: { name: `${SKILL}.zip`, mimeType: "application/zip", buffer: zipOf(files("First.")) } },
  });
  expect(created.status()).toBe(201);
  const result = await created.json();
  expect(result.skills).toMatchObject([{ name: SKILL, action: "created", version: 1 }]);
  skillId = result.skills[0].skillId;
  expect(result.skills[0].links.download).toBe(`${BASE_URL}/api/v1/skills/${skillId}/download`);

  const again = await anonymous.post("/api/v1/skills", {
    headers: auth(adaPublish.secret),
    multipart: { file: { name: `${SKILL}.zip`, mimeType: "application/zip", buffer: zipOf(files("Second.")) } },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).error).toMatchObject({ code: "conflict", problems: [{ kind: "name-taken", name: SKILL, existing: { skillId, version: 1 } }] });

  const version = await anonymous.post("/api/v1/skills", {
    headers: auth(adaPublish.secret),
    multipart: { file: { name: `${SKILL}.zip`, mimeType: "application/zip", buffer: zipOf(files("Second.")) }, message: "Second cut from CI" },
  });
  expect(version.status()).toBe(201);
  expect((await version.json()).skills).toMatchObject([{ skillId, action: "version", version: 2 }]);

  const detail = await (await anonymous.get(`/api/v1/skills/${skillId}`, { headers: auth(adaPublish.secret) })).json();
  expect(detail).toMatchObject({ name: SKILL, scope: "personal", version: 2, versions: [{ number: 2, message: "Second cut from CI" }, { number: 1 }] });
  expect(detail.versionDetail.files.map((f: { path: string }) => f.path)).toEqual(["SKILL.md", "references/notes.md", "scripts/run.sh"]);
});

test("publish: 422 with every finding, 413 over the limit, 401 for a bad token, 403 for a read token", async () => {
  const invalid = await anonymous.post("/api/v1/skills", {
    headers: auth(adaPublish.secret),
    multipart: {
      file: {
        name: "bad.zip",
        mimeType: "application/zip",
        buffer: zipOf({ "Bad_Skill/SKILL.md": "---\nname: Bad_Skill\n---\nNo description.\n", "Bad_Skill/../../escape.txt": "x" }),
      },
    },
  });
  expect(invalid.status()).toBe(422);
  const error = (await invalid.json()).error;
  expect(error.code).toBe("invalid");
  expect(error.findings.length).toBeGreaterThan(0);
  expect(error.message).toContain("escape.txt");

  const invalidSkill = await anonymous.post("/api/v1/skills", {
    headers: auth(adaPublish.secret),
    multipart: {
      file: { name: "bad.zip", mimeType: "application/zip", buffer: zipOf({ "Bad_Skill/SKILL.md": "---\nname: Bad_Skill\n---\nNo description.\n" }) },
    },
  });
  expect(invalidSkill.status()).toBe(422);
  const codes = (await invalidSkill.json()).error.findings.map((f: { code: string }) => f.code);
  expect(codes).toEqual(expect.arrayContaining(["name-uppercase", "name-invalid-chars", "description-missing"]));

  const huge = Buffer.alloc(27 * 1024 * 1024, 0x61);
  const tooLarge = await anonymous
    .post("/api/v1/skills", { headers: auth(adaPublish.secret), multipart: { file: { name: "huge.zip", mimeType: "application/zip", buffer: huge } } })
    .catch((error: Error) => error);
  // The server answers before reading the body; a client still sending may see the reset instead.
  if (tooLarge instanceof Error) expect(tooLarge.message).toMatch(/ECONNRESET|EPIPE|socket hang up/);
  else {
    expect(tooLarge.status()).toBe(413);
    expect((await tooLarge.json()).error.code).toBe("too_large");
  }

  const bad = await anonymous.post("/api/v1/skills", {
    headers: auth(`sks_${"0".repeat(40)}`),
    multipart: { file: { name: "x.zip", mimeType: "application/zip", buffer: zipOf(files("x")) } },
  });
  expect(bad.status()).toBe(401);
  expect(bad.headers()["www-authenticate"]).toContain("invalid_token");
  const readOnly = await anonymous.post("/api/v1/skills", {
    headers: auth(graceRead.secret),
    multipart: { file: { name: "x.zip", mimeType: "application/zip", buffer: zipOf(files("x")) } },
  });
  expect(readOnly.status()).toBe(403);
});

test("read: another user's personal skill is 404 on every route", async () => {
  const list = await (await anonymous.get("/api/v1/skills?scope=personal&pageSize=100", { headers: auth(adaPublish.secret) })).json();
  const adaOnly = list.items.find((s: { name: string }) => s.name === "meeting-notes");
  expect(adaOnly).toBeTruthy();
  const graceList = await (await anonymous.get("/api/v1/skills?pageSize=100", { headers: auth(graceRead.secret) })).json();
  expect(graceList.items.map((s: { id: string }) => s.id)).not.toContain(adaOnly.id);
  for (const url of [`/api/v1/skills/${adaOnly.id}`, `/api/v1/skills/${adaOnly.id}/download`, `/api/v1/skills/${skillId}/download?v=1`]) {
    const response = await anonymous.get(url, { headers: auth(graceRead.secret) });
    expect(response.status(), url).toBe(404);
  }
  expect((await grace.get(`/api/skills/${adaOnly.id}/download`)).status()).toBe(404);
  expect((await anonymous.get(`/api/skills/${adaOnly.id}/download`)).status()).toBe(404);
});

test("download: the same ZIP every time, with an ETag and 304, from the token and from the session", async () => {
  const first = await anonymous.get(`/api/v1/skills/${skillId}/download`, { headers: auth(adaPublish.secret) });
  expect(first.status()).toBe(200);
  const headers = first.headers();
  expect(headers["content-type"]).toBe("application/zip");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["content-disposition"]).toBe(`attachment; filename="${SKILL}-v2.zip"; filename*=UTF-8''${SKILL}-v2.zip`);
  const etag = headers.etag;
  expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
  const zip = await first.body();
  const entries = unzipSync(new Uint8Array(zip));
  expect(
    Object.keys(entries)
      .filter((p) => !p.endsWith("/"))
      .sort(),
  ).toEqual([`${SKILL}/SKILL.md`, `${SKILL}/references/notes.md`, `${SKILL}/scripts/run.sh`]);
  expect(new TextDecoder().decode(entries[`${SKILL}/SKILL.md`])).toBe(skillMd(SKILL, "Second."));

  const fromSession = await ada.get(`/api/skills/${skillId}/download`);
  expect(fromSession.status()).toBe(200);
  expect(Buffer.compare(await fromSession.body(), zip)).toBe(0);

  const notModified = await anonymous.get(`/api/v1/skills/${skillId}/download`, { headers: { ...auth(adaPublish.secret), "If-None-Match": etag } });
  expect(notModified.status()).toBe(304);

  const v1 = await anonymous.get(`/api/v1/skills/${skillId}/download?v=1`, { headers: auth(adaPublish.secret) });
  expect(v1.headers().etag).not.toBe(etag);
  expect(new TextDecoder().decode(unzipSync(new Uint8Array(await v1.body()))[`${SKILL}/SKILL.md`])).toBe(skillMd(SKILL, "First."));
});

test("install: the generated command installs the skill into a temporary home", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "skillshelf-e2e-install-"));
  try {
    const home = path.join(root, "home");
    await mkdir(home);
    const command = installCommand({ name: SKILL, downloadUrl: `${BASE_URL}/api/v1/skills/${skillId}/download`, target: "claude" });
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        "env",
        [`HOME=${home}`, `SKILLSHELF_TOKEN=${adaPublish.secret}`, "bash", "-c", command],
        { cwd: root, timeout: 20_000 },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
      ),
    );
    expect(output).toContain(`Installed ${SKILL}`);
    const installed = path.join(home, ".claude", "skills", SKILL);
    expect((await readdir(installed)).sort()).toEqual(["SKILL.md", "references", "scripts"]);
    expect(await readFile(path.join(installed, "SKILL.md"), "utf8")).toBe(skillMd(SKILL, "Second."));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test("revoke: a revoked token answers 401 at once", async () => {
  const { secret, token } = await createToken(ada, "e2e short-lived", "read");
  expect((await anonymous.get(`/api/v1/skills/${skillId}`, { headers: auth(secret) })).status()).toBe(200);
  const revoked = await ada.delete(`/api/v1/tokens/${token.id}`);
  expect(revoked.status()).toBe(200);
  expect((await revoked.json()).token.revokedAt).toBeTruthy();
  expect((await anonymous.get(`/api/v1/skills/${skillId}`, { headers: auth(secret) })).status()).toBe(401);
  expect((await grace.delete(`/api/v1/tokens/${adaPublish.token.id}`)).status()).toBe(404);
});

test("account page: create a token, see it once, copy it, and revoke it", async ({ page }) => {
  await signInAs(page, "grace@example.com", { home: false });
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Access tokens" });
  await expect(section.getByRole("row", { name: /e2e read/ })).toBeVisible();
  await section.getByRole("button", { name: "New token" }).click();
  const dialog = page.getByRole("dialog", { name: "New access token" });
  await dialog.getByLabel("Name").fill("Laptop installs");
  await dialog.getByRole("radio", { name: /^Read/ }).check();
  await dialog.getByRole("button", { name: "Create token" }).click();

  const shown = page.getByRole("dialog", { name: "Copy your new token" });
  const secret = await shown.getByLabel("Access token").inputValue();
  expect(secret).toMatch(/^sks_[0-9A-Za-z]{40}$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await shown.getByRole("button", { name: "Copy" }).click();
  await expect(shown.getByRole("button", { name: "Copied" })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/account-token-created.png" });
  await shown.getByRole("button", { name: "Done" }).click();

  const row = section.getByRole("row", { name: /Laptop installs/ });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).not.toContainText(secret.slice(12));
  await expect(row).toContainText("never");
  expect((await anonymous.get("/api/v1/skills?pageSize=1", { headers: auth(secret) })).status()).toBe(200);
  await page.reload();
  await expect(section.getByRole("row", { name: /Laptop installs/ })).not.toContainText("never");

  await section.getByRole("button", { name: "Revoke Laptop installs" }).click();
  const confirm = page.getByRole("dialog", { name: /Revoke “Laptop installs”/ });
  await confirm.getByRole("button", { name: "Revoke token" }).click();
  await expect(section.getByRole("row", { name: /Laptop installs/ })).toHaveCount(0);
  expect((await anonymous.get("/api/v1/skills?pageSize=1", { headers: auth(secret) })).status()).toBe(401);
});
