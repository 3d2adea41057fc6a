import type { Browser, Locator, Page } from "@playwright/test";
import { expect, signInAs, test, uniqueEmail } from "./fixtures";
import Database from "better-sqlite3";
import { E2E_DATABASE, skillIdByName } from "./skill-helpers";
import { SHOTS, skillMd, zipOf } from "./upload-helpers";

// The browser editor: live checks, token meter and preview; files added and linked; saving a
// version; a concurrent save refused without losing anything; drafts surviving a reload; and the
// editor's URL answering 404 to whoever may not add versions.

// Two browsers and several saves per test: longer than the default 30 s on a busy machine.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const NAME = `e2e-editor-${Date.now().toString(36)}`;
const DESCRIPTION = `Does ${NAME} things in the e2e tests. Use when testing uploads.`;
const OTHER = `${NAME}-other`;
let skillId = "";
// A real PNG signature, so the file is stored as an image.
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

const editUrl = () => `/skills/${encodeURIComponent(skillId)}/edit`;
const content = (page: Page) => page.locator(".cm-content");
const preview = (page: Page) => page.getByTestId("preview");
const saveButton = (page: Page) => page.getByRole("button", { name: "Save…" });
/** A file of the tree (its name, then maybe its change mark), not its actions menu. */
const fileButton = (page: Page, name: string) =>
  page
    .getByRole("navigation", { name: "Files of the draft" })
    .getByRole("button", { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( |$)`) });

async function openEditor(page: Page) {
  await page.goto(editUrl());
  await expect(content(page)).toBeVisible();
  await expect(page.getByTestId("tokens-catalog")).toHaveText(/\d+ tokens/);
}

/** Replaces the whole document of the open file, as typing would. */
async function setText(page: Page, text: string) {
  await content(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
  await expect.poll(() => content(page).evaluate((el) => (el as HTMLElement).innerText.replace(/\u200b/g, ""))).toContain(text.trim().split("\n").pop()!);
}

/** The open document, line by line (innerText would double the empty lines). */
async function textOf(page: Page): Promise<string> {
  return content(page).evaluate((el) => [...el.querySelectorAll(".cm-line")].map((line) => line.textContent).join("\n"));
}

async function shoot(page: Page, name: string, target?: Locator) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /\blight\b/);
    await (target ?? page).screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

// Pages of extra contexts are not watched by the fixture: collect their console errors here.
const consoleProblems: string[] = [];
test.afterEach(() => {
  expect(consoleProblems.splice(0)).toEqual([]);
});

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page.on("console", (message) => {
    if (message.type() === "error") consoleProblems.push(`${email}: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => consoleProblems.push(`${email}: ${error.message}`));
  // Every caller opens a page of its own next (or only sends requests).
  await signInAs(page, email, { home: false });
  return page;
}

test.beforeAll(async ({ browser }) => {
  const page = await signedIn(browser, "ada@example.com");
  const response = await page.request.post("/api/upload/commit", {
    multipart: {
      file: { name: "skill.zip", mimeType: "application/zip", buffer: zipOf({ [`${NAME}/SKILL.md`]: skillMd(NAME, "Follow these steps.") }) },
      scope: "team",
      team: "Platform",
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  skillId = (await response.json()).skills[0].skillId;
  const other = await page.request.post("/api/upload/commit", {
    multipart: {
      file: { name: "skill.zip", mimeType: "application/zip", buffer: zipOf({ [`${OTHER}/SKILL.md`]: skillMd(OTHER) }) },
      scope: "team",
      team: "Platform",
    },
  });
  expect(other.status(), await other.text()).toBeLessThan(300);
  await page.context().close();
});

test("edit the description, see the preview and meter follow, an invalid name block saving, link a new reference and save v2", async ({ browser }) => {
  const page = await signedIn(browser, "ada@example.com");
  await openEditor(page);
  await expect(preview(page).getByRole("heading", { name: NAME })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Problems/ })).toContainText("none");
  await expect(saveButton(page)).toBeDisabled();
  const catalogBefore = Number((await page.getByTestId("tokens-catalog").innerText()).replace(/\D/g, ""));

  // A longer description: the preview's frontmatter table and the catalog tokens change.
  const longer = `${DESCRIPTION} It also summarises release notes, drafts changelog entries and checks version numbers across packages.`;
  await setText(page, skillMd(NAME, "Follow these steps.", longer));
  await expect(preview(page).getByRole("table")).toContainText("drafts changelog entries");
  await expect.poll(async () => Number((await page.getByTestId("tokens-catalog").innerText()).replace(/\D/g, ""))).toBeGreaterThan(catalogBefore + 10);
  await expect(page.getByTestId("draft-status")).toHaveText("1 unsaved change");
  await expect(saveButton(page)).toBeEnabled();
  await shoot(page, "editor-edit");

  // An invalid name: underlined at its line, listed with its line, and saving is blocked.
  await setText(page, skillMd("Bad_Name", "Follow these steps.", longer));
  const problems = page.getByRole("list", { name: "Problems in the draft" });
  await expect(problems).toContainText('name "Bad_Name" must be lowercase');
  await expect(page.locator(".cm-lintRange-error").first()).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await expect(page.getByText(/Fix \d+ errors? to save/)).toBeVisible();
  await problems.getByRole("button", { name: /must be lowercase/ }).click();
  await expect(page.locator(".cm-activeLine")).toContainText("name: Bad_Name");
  await shoot(page, "editor-invalid-name");

  // A new reference file, linked from SKILL.md: the preview link works and opens it here.
  await page.getByRole("button", { name: "New file" }).click();
  const dialog = page.getByRole("dialog", { name: "New file" });
  await dialog.getByLabel("Path in the skill").fill("references/../x.md");
  await expect(dialog.getByRole("alert")).toContainText("..");
  await dialog.getByLabel("Path in the skill").fill("references/extra.md");
  await dialog.getByRole("button", { name: "Create file" }).click();
  await expect(page.getByTestId("editor-path")).toHaveText("references/extra.md");
  await setText(page, "# Extra\n\nMore detail for the editor test.\n");
  await fileButton(page, "SKILL.md").click();
  await expect(page.getByTestId("editor-path")).toHaveText("SKILL.md");
  await setText(page, skillMd(NAME, "Follow these steps. Details are in [the extra notes](references/extra.md).", longer));
  await expect(page.getByRole("heading", { name: /Problems/ })).toContainText("none");
  const link = preview(page).getByRole("link", { name: "the extra notes" });
  await expect(link).toHaveAttribute("href", /\/edit\?file=references\/extra\.md$/);
  await expect(preview(page).locator(".md-broken")).toHaveCount(0);
  await shoot(page, "editor-new-reference");
  await link.click();
  await expect(page.getByTestId("editor-path")).toHaveText("references/extra.md");
  await expect(preview(page).getByRole("heading", { name: "Extra" })).toBeVisible();

  // Save with a message (the keyboard shortcut opens the dialog; the message is required).
  await content(page).click();
  await page.keyboard.press("ControlOrMeta+s");
  const save = page.getByRole("dialog", { name: "Save version 2" });
  await expect(save).toBeVisible();
  await expect(save.getByLabel("Message")).toBeFocused();
  await expect(save).toContainText("added");
  await expect(save).toContainText("references/extra.md");
  await save.getByRole("button", { name: "Save v2" }).click();
  await expect(save).toContainText("Describe the change in a short message.");
  await save.getByLabel("Message").fill("Longer description and an extra reference");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/skills/${skillId}$`));
  await expect(page.getByRole("button", { name: "Version 2 (latest): choose a version" })).toBeVisible();
  await expect(page.getByText("drafts changelog entries").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "the extra notes" })).toHaveAttribute("href", /file=references\/extra\.md/);
  await page.context().close();
});

test("a concurrent save is refused with a diff, the edits stay (also after a reload) and rebase onto the newer version", async ({ browser }) => {
  const ada = await signedIn(browser, "ada@example.com");
  const grace = await signedIn(browser, "grace@example.com");
  await openEditor(ada);
  await openEditor(grace);

  await setText(
    ada,
    skillMd(
      NAME,
      "Follow these steps. Details are in [the extra notes](references/extra.md).\n\nAda's edit: check the changelog first.",
      `${DESCRIPTION} Ada's wording.`,
    ),
  );
  await expect(ada.getByTestId("draft-status")).toHaveText("1 unsaved change");

  // Grace saves a change to the reference first.
  await fileButton(grace, "extra.md").click();
  await setText(grace, "# Extra\n\nMore detail for the editor test.\n\nGrace's addition to the reference.\n");
  await saveButton(grace).click();
  const graceSave = grace.getByRole("dialog", { name: "Save version 3" });
  await graceSave.getByLabel("Message").fill("Grace extends the reference");
  await graceSave.getByRole("button", { name: "Save v3" }).click();
  await expect(grace).toHaveURL(new RegExp(`/skills/${skillId}$`));

  // Ada's save is refused: she is told why, sees what changed, and keeps her text.
  await saveButton(ada).click();
  const adaSave = ada.getByRole("dialog", { name: "Save version 3" });
  await adaSave.getByLabel("Message").fill("Ada's wording");
  await adaSave.getByRole("button", { name: "Save v3" }).click();
  const conflict = ada.getByRole("alert").filter({ has: ada.getByRole("heading", { name: "Version 3 was saved while you were editing" }) });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText("nothing was saved");
  await expect(conflict).toContainText("Grace extends the reference");
  await expect(conflict.getByTestId("their-changes")).toHaveText("v3 changed references/extra.md.");
  await expect(conflict.getByTestId("skill-diff")).toContainText("Ada's edit: check the changelog first.");
  expect(await textOf(ada)).toContain("Ada's edit: check the changelog first.");
  await shoot(ada, "editor-conflict");

  // A reload keeps the draft; restoring it brings back the comparison.
  await ada.reload();
  const offer = ada.getByRole("alert").filter({ hasText: "You have unsaved changes" });
  await expect(offer).toContainText("based on v2; the skill is now at v3");
  await shoot(ada, "editor-restore-offer");
  await offer.getByRole("button", { name: "Restore my changes" }).click();
  await expect(ada.getByRole("heading", { name: "Version 3 was saved while you were editing" })).toBeVisible();
  await expect.poll(() => textOf(ada)).toContain("Ada's edit: check the changelog first.");

  // Rebase: v3 becomes the base, Ada's edit stays, and the save goes through as v4 with both.
  await ada.getByRole("button", { name: "Rebase onto v3" }).click();
  await expect(ada.getByText("from v3")).toBeVisible();
  await expect.poll(() => textOf(ada)).toContain("Ada's edit: check the changelog first.");
  await saveButton(ada).click();
  const rebased = ada.getByRole("dialog", { name: "Save version 4" });
  await rebased.getByLabel("Message").fill("Ada's wording, rebased");
  await rebased.getByRole("button", { name: "Save v4" }).click();
  await expect(ada).toHaveURL(new RegExp(`/skills/${skillId}$`));
  await expect(ada.getByText("check the changelog first.")).toBeVisible();
  await ada.goto(`/skills/${skillId}?file=references/extra.md`);
  await expect(ada.getByText("Grace's addition to the reference.")).toBeVisible();
  await ada.context().close();
  await grace.context().close();
});

test("unsaved edits survive a reload, and leaving asks first", async ({ browser }) => {
  const page = await signedIn(browser, "grace@example.com");
  await openEditor(page);
  await setText(page, skillMd(NAME, "A draft that is never saved.", `${DESCRIPTION} Draft.`));
  await expect(page.getByTestId("draft-status")).toHaveText("1 unsaved change");
  // The draft is written to localStorage a moment after typing stops: wait for it there.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => localStorage.getItem(key)?.includes("A draft that is never saved."))))
    .toBe(true);

  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Restored your unsaved changes" })).toBeVisible();
  await expect.poll(() => textOf(page)).toContain("A draft that is never saved.");

  await page.getByRole("link", { name: "Cancel" }).click();
  const leave = page.getByRole("dialog", { name: "Leave with unsaved changes?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(page).toHaveURL(new RegExp(`${editUrl()}$`));
  await page.getByRole("button", { name: "Discard them" }).click();
  await expect(page.getByTestId("draft-status")).toHaveText("No changes");
  await page.getByRole("link", { name: "Back to skill" }).click();
  await expect(page).toHaveURL(new RegExp(`/skills/${skillId}$`));
  await page.context().close();
});

test("files: upload, rename and move, delete; a name taken in the team is refused inline", async ({ browser }) => {
  const page = await signedIn(browser, "ada@example.com");
  await openEditor(page);
  const current = await textOf(page);
  expect(current).toContain(`name: ${NAME}`);
  await setText(page, current);
  await expect(page.getByTestId("draft-status")).toHaveText("No changes");

  // Renaming the skill to a name its team already uses: refused, said where, and saving stays blocked.
  await setText(page, current.replace(`name: ${NAME}`, `name: ${OTHER}`));
  await saveButton(page).click();
  const save = page.getByRole("dialog", { name: "Save version 5" });
  await save.getByLabel("Message").fill("Rename");
  await save.getByRole("button", { name: "Save v5" }).click();
  await expect(save.getByRole("alert")).toContainText(`A skill named "${OTHER}" already exists there.`);
  await save.getByRole("button", { name: "Keep editing" }).click();
  await expect(page.getByRole("list", { name: "Problems in the draft" })).toContainText(`A skill named "${OTHER}" already exists there.`);
  await expect(saveButton(page)).toBeDisabled();
  await setText(page, current);
  await expect(page.getByRole("heading", { name: /Problems/ })).toContainText("none");
  await expect(page.getByTestId("draft-status")).toHaveText("No changes");

  // An uploaded image lands in assets/ and opens as a binary that can be replaced, not edited.
  await page.getByTestId("editor-upload").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  const add = page.getByRole("dialog", { name: "Add an uploaded file" });
  await expect(add.getByLabel("Path in the skill")).toHaveValue("assets/logo.png");
  await add.getByRole("button", { name: "Add file" }).click();
  await expect(page.getByTestId("editor-path")).toHaveText("assets/logo.png");
  await expect(page.getByText("is a binary file (image/png")).toBeVisible();
  await expect(page.getByRole("button", { name: "Replace with an upload…" })).toBeVisible();

  // Moving the reference breaks the link in the preview; moving it back mends it.
  await page.getByRole("button", { name: "Actions for references/extra.md" }).click();
  await page.getByRole("menuitem", { name: "Rename or move…" }).click();
  const move = page.getByRole("dialog", { name: "Rename or move references/extra.md" });
  await move.getByLabel("Path in the skill").fill("docs/extra.md");
  await move.getByRole("button", { name: "Rename" }).click();
  await expect(fileButton(page, "extra.md")).toContainText("R");
  await fileButton(page, "SKILL.md").click();
  await expect(preview(page).locator(".md-broken")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Problems in the draft" })).toContainText(
    "SKILL.md links to references/extra.md, which is not a file of the draft",
  );
  await shoot(page, "editor-files");
  await page.getByRole("button", { name: "Actions for docs/extra.md" }).click();
  await page.getByRole("menuitem", { name: "Rename or move…" }).click();
  const back = page.getByRole("dialog", { name: "Rename or move docs/extra.md" });
  await back.getByLabel("Path in the skill").fill("references/extra.md");
  await back.getByRole("button", { name: "Rename" }).click();
  await expect(preview(page).locator(".md-broken")).toHaveCount(0);

  // SKILL.md cannot be deleted; a deleted base file can be brought back until saving.
  await page.getByRole("button", { name: "Actions for SKILL.md" }).click();
  await expect(page.getByRole("menuitem", { name: "Delete" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Actions for references/extra.md" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete references/extra.md?" }).getByRole("button", { name: "Delete" }).click();
  await expect(fileButton(page, "extra.md")).toHaveCount(0);
  await page.getByRole("button", { name: "Restore references/extra.md" }).click();
  await expect(fileButton(page, "extra.md")).toBeVisible();

  await saveButton(page).click();
  const final = page.getByRole("dialog", { name: "Save version 5" });
  await expect(final).toContainText("assets/logo.png");
  await final.getByLabel("Message").fill("Add a logo");
  await final.getByRole("button", { name: "Save v5" }).click();
  await expect(page).toHaveURL(new RegExp(`/skills/${skillId}$`));
  await expect(page.getByRole("link", { name: /logo\.png/ })).toBeVisible();
  await page.context().close();
});

test("a member of another team gets a 404 at the editor URL; a skill they can read but not edit says so", async ({ browser }) => {
  const outsider = await (await browser.newContext()).newPage();
  const email = uniqueEmail("editor-outsider");
  await outsider.goto("/sign-up");
  await outsider.getByLabel("Name").fill("Editor Outsider");
  await outsider.getByLabel("Email").fill(email);
  await outsider.getByLabel("Password").fill("correct horse battery");
  await outsider.getByRole("button", { name: "Create account" }).click();
  await outsider.waitForURL((url) => !url.pathname.startsWith("/sign-up"));
  joinOtherTeam(email);
  const response = await outsider.goto(editUrl());
  expect(response?.status()).toBe(404);
  await expect(outsider.getByRole("heading", { name: "Nothing on this shelf" })).toBeVisible();

  // Built-in skills are readable by everyone and editable by no one: the editor's URL says so.
  const builtin = skillIdByName("skill-creator", "BUILTIN");
  expect((await outsider.goto(`/skills/${encodeURIComponent(builtin)}/edit`))?.status()).toBe(200);
  await expect(outsider.getByRole("heading", { name: "You can read skill-creator but not edit it" })).toBeVisible();
  await expect(outsider.getByText("Built-in skills ship with Skillshelf and change only with it.")).toBeVisible();
  await outsider.getByRole("link", { name: "Back to the skill" }).click();
  await expect(outsider).toHaveURL(new RegExp(`/skills/${builtin}$`));
  await outsider.context().close();
});

/** Makes the account the owner of a team of its own, so the 404 is about the team, not about having none. */
function joinOtherTeam(email: string) {
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    const user = db.prepare(`SELECT id FROM "user" WHERE email = ?`).get(email) as { id: string };
    const teamId = `team-${user.id}`;
    const now = new Date().toISOString();
    db.prepare(`INSERT INTO "Team" (id, name, "createdAt", "updatedAt") VALUES (?, ?, ?, ?)`).run(teamId, `Other ${user.id}`, now, now);
    db.prepare(`INSERT INTO "Membership" ("teamId", "userId", role, "createdAt") VALUES (?, ?, 'OWNER', ?)`).run(teamId, user.id, now);
  } finally {
    db.close();
  }
}
