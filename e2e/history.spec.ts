import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { shootBoth, tabTo, zipOf } from "./upload-helpers";

// History and diff: every version with its deltas, a pull-request-like diff between any two,
// restore (a new version, nothing deleted), prune (owners and admins), and 404 for outsiders.

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const NAME = `e2e-history-${stamp}`;
const TEAM_NAME = `e2e-history-team-${stamp}`;

const guide = (changed: boolean) =>
  Array.from({ length: 30 }, (_, i) =>
    i === 14 ? (changed ? "Step 15: run the checker twice before you submit." : "Step 15: run the checker before you submit.") : `Step ${i + 1}: keep going.`,
  ).join("\n") + "\n";

const skillMd = (name: string, description: string, body: string) =>
  `---\nname: ${name}\ndescription: ${description}\nlicense: MIT\n---\n\n# ${name}\n\n${body}\n`;

function versionOne(name: string): Record<string, string | Uint8Array> {
  return {
    [`${name}/SKILL.md`]: skillMd(
      name,
      "Fill PDF forms quickly from a JSON file. Use when the user asks to fill a PDF form.",
      "Open the form.\n\nUse the quick tool to fill every field.\n\nSave the result.",
    ),
    [`${name}/references/guide.md`]: guide(false),
    [`${name}/scripts/fill.py`]: 'import sys\n\ndef fill(path):\n    print("filling", path)\n',
    [`${name}/assets/stamp.bin`]: new Uint8Array(randomBytes(512)),
  };
}

function versionTwo(name: string): Record<string, string | Uint8Array> {
  return {
    [`${name}/SKILL.md`]: skillMd(
      name,
      "Fill PDF forms carefully from a JSON or CSV file. Use when the user asks to fill a PDF form.",
      "Open the form.\n\nUse the careful tool to fill every field and check each value.\n\nSave the result.",
    ),
    [`${name}/references/guide.md`]: guide(true),
    [`${name}/references/csv.md`]: "# CSV input\n\nOne row per form.\n",
    [`${name}/scripts/fill.py`]: 'import sys\n\ndef fill(path, strict=True):\n    print("filling", path, strict)\n',
    [`${name}/assets/stamp.bin`]: new Uint8Array(randomBytes(640)),
  };
}

async function upload(page: Page, entries: Record<string, string | Uint8Array>, fields: Record<string, string> = {}): Promise<string> {
  const response = await page.request.post("/api/upload/commit", {
    multipart: { file: { name: "skill.zip", mimeType: "application/zip", buffer: zipOf(entries) }, ...fields },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).skills[0].skillId as string;
}

const ids: Record<string, string> = {};

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, "ada@example.com", { home: false });
  ids.personal = await upload(page, versionOne(NAME), { message: "First cut" });
  await upload(page, versionTwo(NAME), { message: "Careful mode and CSV input" });
  ids.team = await upload(page, versionOne(TEAM_NAME), { scope: "team", team: "Platform", message: "Team first" });
  await upload(page, versionTwo(TEAM_NAME), { scope: "team", team: "Platform", message: "Team second" });
  await page.close();
});

const rows = (page: Page) => page.getByTestId("version-row");

test("the header links to the history, which lists v2 with its deltas and findings", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${ids.personal}`);
  await expect(page.getByRole("link", { name: "Edit" })).toHaveAttribute("href", `/skills/${ids.personal}/edit`);
  await page.getByRole("link", { name: "History, 2 versions" }).click();
  await expect(page).toHaveURL(`/skills/${ids.personal}/versions`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`History of ${NAME}`);

  await expect(rows(page)).toHaveCount(2);
  const v2 = rows(page).first();
  await expect(v2).toHaveAttribute("data-version", "2");
  await expect(v2).toContainText("Current");
  await expect(v2).toContainText("Careful mode and CSV input");
  await expect(v2).toContainText("Ada Lovelace");
  // v2 adds a reference file: its token total grew, shown with a sign.
  await expect(v2.getByTestId("token-delta")).toHaveText(/^\+\d[\d,]*$/);
  await expect(rows(page).nth(1).getByTestId("token-delta")).toHaveText("—");
  await expect(rows(page).nth(1)).toContainText("First cut");
  await expect(v2.getByText("None")).toBeVisible();
  await shootBoth(page, "history-list");
  expect(consoleErrors).toEqual([]);
});

test("the diff of v2 against v1: files, frontmatter by field, word marks, binaries, both layouts", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${ids.personal}/versions`);
  await rows(page).first().getByRole("link", { name: "Changes in v2" }).click();
  await expect(page).toHaveURL(`/skills/${ids.personal}/versions/compare?from=1&to=2`);
  const diff = page.getByTestId("skill-diff");
  await expect(page.getByTestId("diff-summary")).toContainText("5 files changed (1 added)");

  const files = page.getByRole("navigation", { name: "Changed files" });
  await expect(files.getByRole("listitem")).toHaveText([
    /SKILL\.md\s*Modified/,
    /assets\/stamp\.bin\s*Modified/,
    /references\/csv\.md\s*Added/,
    /references\/guide\.md\s*Modified/,
    /scripts\/fill\.py\s*Modified/,
  ]);

  // SKILL.md: the description change as a field row, with the changed words marked.
  const fields = diff.getByTestId("frontmatter-diff");
  const description = fields.getByRole("row", { name: /description/ });
  await expect(description.locator("del.diff-word")).toHaveText(["quickly"]);
  await expect(description.locator("ins.diff-word")).toHaveText(["carefully", "or CSV"]);
  await expect(fields.getByRole("row", { name: /license/ })).toHaveCount(0);
  // Its body is diffed on its own, numbered as lines of SKILL.md, with word marks inside the line.
  const skillMdFile = diff.locator('[data-testid="diff-file"][data-path="SKILL.md"]');
  const bodyTable = skillMdFile.getByRole("table", { name: "SKILL.md body" });
  await expect(bodyTable.locator('tr[data-kind="remove"] del.diff-word')).toHaveText(["quick"]);
  await expect(bodyTable.locator('tr[data-kind="add"] ins.diff-word')).toHaveText(["careful", "and check each value"]);
  await expect(bodyTable.locator('tr[data-kind="add"] .diff-num').nth(1)).toHaveAttribute("data-line", "11");
  // Markers are text, not only colour.
  await expect(bodyTable.locator('tr[data-kind="add"] .diff-marker').first()).toContainText("+");
  await expect(bodyTable.locator('tr[data-kind="add"] .diff-marker').first()).toContainText("added");

  // The binary file by size and digest.
  const binary = diff.locator('[data-testid="diff-file"][data-path="assets/stamp.bin"]');
  await expect(binary.getByTestId("binary-diff")).toContainText("512 B");
  await expect(binary.getByTestId("binary-diff")).toContainText("640 B");
  await expect(binary.getByTestId("binary-diff")).toContainText(/sha256 [0-9a-f]{16}…/);

  // The long reference: unchanged lines collapse and expand.
  const guideFile = diff.locator('[data-testid="diff-file"][data-path="references/guide.md"]');
  await expect(guideFile.getByRole("button", { name: "Show 11 unchanged lines" })).toHaveCount(1);
  await expect(guideFile.getByRole("button", { name: "Show 12 unchanged lines" })).toHaveCount(1);
  await guideFile.getByRole("button", { name: "Show 11 unchanged lines" }).click();
  await expect(guideFile.getByText("Step 1: keep going.", { exact: true })).toBeVisible();
  await expect(guideFile.locator("ins.diff-word")).toHaveText(["twice"]);

  // Syntax colours arrive from the lazily loaded highlighter.
  const pyFile = diff.locator('[data-testid="diff-file"][data-path="scripts/fill.py"]');
  await expect(pyFile.locator(".diff-code span[style]").first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootBoth(page, "history-diff-unified");
  await page.screenshot({ path: "test-results/screenshots/history-diff-unified-full-light.png", fullPage: true });

  await page.getByRole("radio", { name: "Side by side" }).click();
  await expect(page.getByRole("radio", { name: "Side by side" })).toHaveAttribute("aria-checked", "true");
  await expect(bodyTable).toHaveAttribute("data-mode", "split");
  // Side by side pairs the old and new line in one row.
  const pair = bodyTable.locator("tr", { has: page.locator("del.diff-word") });
  await expect(pair.locator("ins.diff-word")).toHaveText(["careful", "and check each value"]);
  await skillMdFile.scrollIntoViewIfNeeded();
  await shootBoth(page, "history-diff-split");
  // The choice sticks for the next diff.
  await page.reload();
  await expect(page.getByRole("radio", { name: "Side by side" })).toHaveAttribute("aria-checked", "true");
  // The layout switch is a radio group: arrow keys move the choice.
  await page.getByRole("radio", { name: "Side by side" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("radio", { name: "Unified" })).toBeFocused();
  await expect(page.getByRole("radio", { name: "Unified" })).toHaveAttribute("aria-checked", "true");
  await expect(bodyTable).toHaveAttribute("data-mode", "unified");
  expect(consoleErrors).toEqual([]);
});

test("restore v1 with the keyboard: it becomes v3 “Restore v1” and nothing is deleted", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${ids.personal}/versions`);
  const restore = rows(page).nth(1).getByRole("button", { name: "Restore v1" });
  await tabTo(page, restore, 60);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Restore v1?" });
  await expect(dialog).toContainText("This adds a new version with exactly the files of v1");
  await shootBoth(page, "history-restore-dialog");
  await tabTo(page, dialog.getByRole("button", { name: "Restore v1" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Restored v1 as v3.")).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).first()).toHaveAttribute("data-version", "3");
  await expect(rows(page).first()).toContainText("Restore v1");
  await expect(rows(page).first()).toContainText("Current");
  await expect(rows(page).nth(1)).toContainText("Careful mode and CSV input");

  await page.goto(`/skills/${ids.personal}/versions/compare?from=1&to=3`);
  await expect(page.getByTestId("diff-summary")).toContainText("No differences.");
  // The skill page shows v3 with v1's description.
  await page.goto(`/skills/${ids.personal}`);
  await expect(page.getByText("Fill PDF forms quickly from a JSON file.").first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a restore based on a stale page is refused with a clear message", async ({ page, browser, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${ids.personal}/versions`);
  // Someone else (another tab) restores meanwhile.
  const other = await browser.newPage();
  await signInAs(other, "ada@example.com", { home: false });
  await other.goto(`/skills/${ids.personal}/versions`);
  await rows(other).nth(1).getByRole("button", { name: "Restore v2" }).click();
  await other.getByRole("dialog").getByRole("button", { name: "Restore v2" }).click();
  await expect(other.getByText("Restored v2 as v4.")).toBeVisible();
  await other.close();

  await rows(page).nth(2).getByRole("button", { name: "Restore v1" }).click();
  const dialog = page.getByRole("dialog", { name: "Restore v1?" });
  await dialog.getByRole("button", { name: "Restore v1" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Someone saved version 4 since you opened this page, so nothing was restored.");
  await expect(dialog.getByRole("link", { name: "See what changed in v4" })).toHaveAttribute("href", `/skills/${ids.personal}/versions/compare?from=3&to=4`);
  await dialog.getByRole("button", { name: "Reload the history" }).click();
  await page.keyboard.press("Escape");
  await expect(rows(page)).toHaveCount(4);
  expect(consoleErrors).toEqual([]);
});

test("prune as the owner keeps the newest N, never the current one", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${ids.personal}/versions`);
  const prune = page.getByRole("region", { name: "Prune old versions" });
  await prune.getByLabel("Keep the newest").fill("2");
  await expect(prune).toContainText("Would delete v1, v2.");
  await prune.getByRole("button", { name: "Prune…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete 2 versions?" });
  await shootBoth(page, "history-prune-dialog");
  await dialog.getByRole("button", { name: "Delete 2 versions" }).click();
  await expect(page.getByText("Deleted versions v1, v2.")).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toHaveAttribute("data-version", "4");
  await expect(rows(page).nth(1)).toHaveAttribute("data-version", "3");
  // v3 has no kept predecessor any more, so no delta.
  await expect(rows(page).nth(1).getByTestId("token-delta")).toHaveText("—");
  await page.goto(`/skills/${ids.personal}`);
  await expect(page.getByRole("link", { name: "History, 2 versions" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a team member sees history and restore but no prune; an outsider gets 404", async ({ page, browser, consoleErrors }) => {
  await signInAs(page, "grace@example.com", { home: false });
  await page.goto(`/skills/${ids.team}/versions`);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Restore v1" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Prune old versions" })).toHaveCount(0);
  // The admin who owns the team sees the prune control.
  const ada = await browser.newPage();
  await signInAs(ada, "ada@example.com", { home: false });
  await ada.goto(`/skills/${ids.team}/versions`);
  await expect(ada.getByRole("region", { name: "Prune old versions" })).toBeVisible();
  await ada.close();

  // Grace cannot see Ada's personal skill: its history and compare pages answer 404.
  for (const url of [`/skills/${ids.personal}/versions`, `/skills/${ids.personal}/versions/compare?from=3&to=4`]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole("heading", { name: "Nothing on this shelf" })).toBeVisible();
  }
  await page.goto(`/skills/${ids.personal}/versions`);
  await page.screenshot({ path: "test-results/screenshots/history-404-light.png" });
  expect(consoleErrors.filter((e) => !e.includes("404"))).toEqual([]);
});

test("a missing version or a bad query answers 404; a first version has nothing to compare", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  expect((await page.goto(`/skills/${ids.team}/versions/compare?from=1&to=99`))?.status()).toBe(404);
  expect((await page.goto(`/skills/${ids.team}/versions/compare?from=abc`))?.status()).toBe(404);
  await page.goto(`/skills/${ids.team}/versions/compare?v=1`);
  await expect(page.getByRole("heading", { name: "v1 has no earlier version" })).toBeVisible();
  // Default: the current version against its predecessor.
  await page.goto(`/skills/${ids.team}/versions/compare`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("v1");
  await expect(page.getByTestId("diff-summary")).toContainText("files changed");
  expect(consoleErrors.filter((e) => !e.includes("404"))).toEqual([]);
});
