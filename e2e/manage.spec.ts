import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { strToU8, unzipSync } from "fflate";
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { E2E_DATABASE } from "./skill-helpers";
import { manageDialog, openManage, shootBoth, skillMd, zipOf } from "./upload-helpers";

// The manage dialog: details with references and audit trail, move or share, download and
// install, archive and delete (with the references flow).

test.describe.configure({ mode: "serial" });

const MOVE = "e2e-manage-move";
const DOWNLOAD = "e2e-manage-download";
const REFERENCED = "e2e-manage-referenced";
const PLAIN = "e2e-manage-plain";

const downloadFiles = (body: string) => ({
  [`${DOWNLOAD}/SKILL.md`]: skillMd(DOWNLOAD, body),
  [`${DOWNLOAD}/references/guide.md`]: "# Guide\n\nÜnïcödé stays intact.\n",
  [`${DOWNLOAD}/scripts/run.sh`]: "#!/bin/sh\necho run\n",
});
const binary = new Uint8Array(randomBytes(2048));

/** Imports a ZIP as the signed-in user through the modal's own commit route; the new skill's id. */
async function upload(page: Page, entries: Record<string, string | Uint8Array>, fields: Record<string, string> = {}): Promise<string> {
  const response = await page.request.post("/api/upload/commit", {
    multipart: { file: { name: "skill.zip", mimeType: "application/zip", buffer: zipOf(entries) }, ...fields },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).skills[0].skillId as string;
}

// The download also lists each folder as its own entry, as unzip tools expect.
const fileNames = (entries: Record<string, Uint8Array>) =>
  Object.keys(entries)
    .filter((name) => !name.endsWith("/"))
    .sort();

const ids: Record<string, string> = {};
const uploaded: Record<string, Uint8Array> = {};

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, "ada@example.com", { home: false });
  ids[MOVE] = await upload(page, { [`${MOVE}/SKILL.md`]: skillMd(MOVE) });
  ids[DOWNLOAD] = await upload(page, downloadFiles("Version one."));
  const v2 = { ...downloadFiles("Version two."), [`${DOWNLOAD}/assets/blob.bin`]: binary };
  await upload(page, v2, { message: "Second version" });
  for (const [name, data] of Object.entries(v2)) uploaded[name] = typeof data === "string" ? strToU8(data) : data;
  ids[REFERENCED] = await upload(page, { [`${REFERENCED}/SKILL.md`]: skillMd(REFERENCED) });
  ids[PLAIN] = await upload(page, { [`${PLAIN}/SKILL.md`]: skillMd(PLAIN) });
  await page.close();
});

test("details, then move a personal skill to the team, and the other member sees it", async ({ page, browser, consoleErrors }) => {
  // Two accounts, two themes of screenshots and a move: near 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  await signInAs(page, "ada@example.com", { home: false });
  const dialog = await openManage(page, { id: ids[MOVE], name: MOVE });
  await expect(dialog).toContainText("Personal");
  await expect(dialog.getByText("No agent profile uses this skill.")).toBeVisible();
  await expect(dialog.getByRole("listitem").filter({ hasText: "Created" }).first()).toContainText("by Ada Lovelace");
  await shootBoth(page, "manage-details");

  await dialog.getByRole("tab", { name: "Move or share" }).click();
  // Only what the rules allow: not where it already is.
  await expect(dialog.getByRole("radio")).toHaveCount(2);
  await expect(dialog.getByRole("radio", { name: "Personal (only you)" })).toHaveCount(0);
  // Nothing is chosen for the user, before a move or after one.
  await expect(dialog.getByRole("radio", { checked: true })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Move" })).toBeDisabled();
  await dialog.getByRole("radio", { name: "Team Platform" }).check();
  await shootBoth(page, "manage-move");
  await dialog.getByRole("button", { name: "Move" }).click();
  await expect(page.getByText(`Moved “${MOVE}” to team Platform.`)).toBeVisible();
  await expect(dialog.getByText("Now in Team Platform")).toBeVisible();
  await expect(dialog.getByRole("radio", { checked: true })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Move" })).toBeDisabled();
  await dialog.getByRole("tab", { name: "Details" }).click();
  await expect(dialog.getByRole("listitem").filter({ hasText: "Moved" }).first()).toContainText("Personal → Team Platform");
  // Closing hands focus back to what opened the dialog.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Manage…" })).toBeFocused();

  const grace = await browser.newPage();
  await signInAs(grace, "grace@example.com", { home: false });
  await grace.goto(`/skills?scope=team&q=${MOVE}`);
  await expect(grace.getByRole("link", { name: MOVE }).first()).toBeVisible();
  // A team member who does not manage the team gets no move offers, and is told why.
  const graceDialog = await openManage(grace, { id: ids[MOVE], name: MOVE });
  await graceDialog.getByRole("tab", { name: "Move or share" }).click();
  await expect(graceDialog.getByText("Only owners and admins of team Platform can move this skill.")).toBeVisible();
  await expect(graceDialog.getByRole("radio")).toHaveCount(0);
  await grace.close();
  expect(consoleErrors).toEqual([]);
});

test("download the current and an older version, byte for byte what was uploaded", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  const dialog = await openManage(page, { id: ids[DOWNLOAD], name: DOWNLOAD });
  await expect(dialog).toContainText("2 (current: v2)");
  await dialog.getByRole("tab", { name: "Download" }).click();
  await shootBoth(page, "manage-download");

  const [current] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: "Download ZIP" }).click()]);
  const entries = unzipSync(new Uint8Array(readFileSync(await current.path())));
  expect(fileNames(entries)).toEqual(Object.keys(uploaded).sort());
  for (const [name, bytes] of Object.entries(uploaded)) expect(Buffer.from(entries[name]).equals(Buffer.from(bytes)), name).toBe(true);

  await expect(dialog.getByText(/^Pinned to/)).toHaveCount(0);
  await dialog.getByLabel("Version").selectOption({ label: "v1 · Initial version" });
  // The install command follows the chosen version, and says so.
  await expect(dialog.getByText(/^Pinned to v1/)).toBeVisible();
  await expect(dialog.getByLabel("Install command")).toHaveValue(/download\?v=1/);
  const [older] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: "Download ZIP" }).click()]);
  const v1 = unzipSync(new Uint8Array(readFileSync(await older.path())));
  expect(fileNames(v1)).toEqual(Object.keys(downloadFiles("")).sort());
  expect(new TextDecoder().decode(v1[`${DOWNLOAD}/SKILL.md`])).toContain("Version one.");

  // Opened from a list row's menu, whose item is gone by the time the dialog closes.
  await page.goto(`/skills?q=${DOWNLOAD}`);
  const menu = page.getByRole("button", { name: `Actions for ${DOWNLOAD}` }).first();
  await menu.click();
  await page.getByRole("menuitem", { name: "Manage…" }).click();
  await expect(manageDialog(page, DOWNLOAD).getByText("Recent activity")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(manageDialog(page, DOWNLOAD)).toBeHidden();
  await expect(menu).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test("create a read token, then install with the shown command into a temporary folder", async ({ page, context, consoleErrors }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto("/account");
  await page.getByRole("button", { name: "New token" }).click();
  await page.getByRole("dialog", { name: "New access token" }).getByLabel("Name").fill("e2e install");
  await page.getByRole("button", { name: "Create token" }).click();
  const secret = await page.getByRole("textbox", { name: "Access token" }).inputValue();
  expect(secret).toMatch(/^sks_/);
  await page.getByRole("button", { name: "Done" }).click();

  const dialog = await openManage(page, { id: ids[DOWNLOAD], name: DOWNLOAD });
  await dialog.getByRole("tab", { name: "Download" }).click();
  await expect(dialog.getByRole("link", { name: "Create a read token on your account page" })).toHaveAttribute("href", "/account");
  await dialog.getByRole("radio", { name: new RegExp(`\\.agents/skills/${DOWNLOAD}/`) }).check();
  const command = await dialog.getByLabel("Install command").inputValue();
  expect(command).toContain("d=.agents/skills");
  await dialog.getByRole("button", { name: "Copy install command" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);

  const dir = mkdtempSync(path.join(os.tmpdir(), "skillshelf-install-"));
  try {
    const out = execFileSync("sh", ["-c", command], { cwd: dir, env: { ...process.env, SKILLSHELF_TOKEN: secret }, encoding: "utf8", timeout: 30_000 });
    expect(out).toContain(`Installed ${DOWNLOAD}`);
    for (const [name, bytes] of Object.entries(uploaded)) {
      const installed = readFileSync(path.join(dir, ".agents", "skills", name));
      expect(installed.equals(Buffer.from(bytes)), name).toBe(true);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(consoleErrors).toEqual([]);
});

test("delete a skill agent profiles use: the references are listed, removed, then it is deleted", async ({ page, consoleErrors }) => {
  // There is no agent profile UI yet, so the profile is written straight into the e2e database,
  // exactly as the data layer would store it.
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    const ada = db.prepare(`SELECT id FROM "user" WHERE email = ?`).get("ada@example.com") as { id: string };
    const now = new Date().toISOString();
    db.prepare(`INSERT INTO "AgentProfile" (id, "ownerId", name, instructions, "createdAt", "updatedAt") VALUES (?, ?, ?, '', ?, ?)`).run(
      "e2e-profile",
      ada.id,
      "Release bot",
      now,
      now,
    );
    db.prepare(`INSERT INTO "AgentProfileSkill" ("profileId", "skillId", "pinnedVersion") VALUES (?, ?, NULL)`).run("e2e-profile", ids[REFERENCED]);
  } finally {
    db.close();
  }

  await signInAs(page, "ada@example.com", { home: false });
  const dialog = await openManage(page, { id: ids[REFERENCED], name: REFERENCED });
  await expect(dialog.getByRole("list", { name: "Agent profiles using this skill" })).toContainText("Release bot");
  await dialog.getByRole("tab", { name: "Delete" }).click();
  await expect(dialog.getByText(`“${REFERENCED}” is used by your profile “Release bot”. Deleting it removes it from that profile too.`)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Archive" })).toBeVisible();
  await shootBoth(page, "manage-delete-referenced");
  // The riskier delete is guarded at least as well as a plain one: the name must be typed.
  const removeAndDelete = dialog.getByRole("button", { name: "Remove references and delete" });
  await expect(removeAndDelete).toBeDisabled();
  await dialog.getByLabel(`Type ${REFERENCED} to confirm`).fill(REFERENCED);
  await removeAndDelete.click();
  await expect(page.getByText(`Deleted “${REFERENCED}”.`)).toBeVisible();
  await expect(page).toHaveURL(/\/skills$/);

  const check = new Database(E2E_DATABASE, { readonly: true });
  try {
    expect(check.prepare(`SELECT count(*) AS n FROM "Skill" WHERE id = ?`).get(ids[REFERENCED])).toEqual({ n: 0 });
    expect(check.prepare(`SELECT count(*) AS n FROM "AgentProfileSkill" WHERE "profileId" = 'e2e-profile'`).get()).toEqual({ n: 0 });
    expect(check.prepare(`SELECT name FROM "AgentProfile" WHERE id = 'e2e-profile'`).get()).toEqual({ name: "Release bot" });
  } finally {
    check.close();
  }
  expect(consoleErrors).toEqual([]);
});

test("archive and restore, then delete by typing the name", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  const dialog = await openManage(page, { id: ids[PLAIN], name: PLAIN });
  await dialog.getByRole("tab", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText(/^Archived: hidden from lists and agents/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Restore" })).toBeVisible();
  await dialog.getByRole("button", { name: "Restore" }).click();
  await expect(dialog.getByRole("button", { name: "Archive" })).toBeVisible();

  const remove = dialog.getByRole("button", { name: "Delete skill" });
  await expect(remove).toBeDisabled();
  await dialog.getByLabel(`Type ${PLAIN} to confirm`).fill(`${PLAIN}-typo`);
  await expect(remove).toBeDisabled();
  await dialog.getByLabel(`Type ${PLAIN} to confirm`).fill(PLAIN);
  await shootBoth(page, "manage-delete");
  await remove.click();
  await expect(page.getByText(`Deleted “${PLAIN}”.`)).toBeVisible();
  await expect(manageDialog(page, PLAIN)).toBeHidden();
  await expect(page).toHaveURL(/\/skills$/);
  const check = new Database(E2E_DATABASE, { readonly: true });
  try {
    expect(check.prepare(`SELECT count(*) AS n FROM "Skill" WHERE id = ?`).get(ids[PLAIN])).toEqual({ n: 0 });
  } finally {
    check.close();
  }
  expect(consoleErrors).toEqual([]);
});
