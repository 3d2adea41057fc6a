import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { manageDialog, openManage, shootBoth, skillMd, zipOf } from "./upload-helpers";

// Archive a skill and find it again under the Archived filter, with the banner its page shows and
// Restore; rename a skill from the manage dialog, as a new version, under the same URL.

test.describe.configure({ mode: "serial" });

const ARCHIVED = "e2e-archive-me";
const OLD_NAME = "e2e-rename-me";
const NEW_NAME = "e2e-renamed";
const TAKEN = "e2e-rename-taken";

/** Uploads a one-file skill as the signed-in user through the modal's commit route; its id. */
async function upload(page: Page, name: string): Promise<string> {
  const response = await page.request.post("/api/upload/commit", {
    multipart: { file: { name: "skill.zip", mimeType: "application/zip", buffer: zipOf({ [`${name}/SKILL.md`]: skillMd(name) }) } },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).skills[0].skillId as string;
}

test("archive a skill, find it under Archived, read the banner, restore it", async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  await signInAs(page, "ada@example.com", { home: false });
  const id = await upload(page, ARCHIVED);

  const dialog = await openManage(page, { id, name: ARCHIVED });
  await dialog.getByRole("tab", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText(/^Archived: hidden from lists and agents/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Gone from the ordinary list; the Archived filter shows it, with the tabs counting archived skills.
  await page.goto(`/skills?q=${ARCHIVED}`);
  await expect(page.getByRole("heading", { name: `No skills match “${ARCHIVED}”` })).toBeVisible();
  await page.getByRole("group", { name: "Filters" }).getByRole("link", { name: "Archived" }).click();
  await expect(page).toHaveURL(/archived=1/);
  await expect(page.getByRole("link", { name: /^Personal, 1 archived skill$/ })).toBeVisible();
  await page.getByRole("link", { name: ARCHIVED }).first().click();

  const banner = page.getByRole("region", { name: "Archived" });
  await expect(banner).toContainText(/Archived on \w+ \d+, \d{4} by Ada Lovelace/);
  await expect(banner).toContainText("agents do not get it");
  await shootBoth(page, "archived-banner");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screenshots/archived-banner-phone.png" });
  await page.setViewportSize({ width: 1280, height: 800 });

  await banner.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Restored: visible again.")).toBeVisible();
  await expect(banner).toBeHidden();
  await page.goto(`/skills?q=${ARCHIVED}`);
  await expect(page.getByRole("link", { name: ARCHIVED }).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("rename a skill from the manage dialog: a new version, same URL; a clash says so", async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  await signInAs(page, "ada@example.com", { home: false });
  const id = await upload(page, OLD_NAME);
  await upload(page, TAKEN);
  const url = `/skills/${encodeURIComponent(id)}`;

  const dialog = await openManage(page, { id, name: OLD_NAME });
  const field = dialog.getByLabel("Rename");
  await expect(field).toHaveValue(OLD_NAME);
  await field.fill(TAKEN);
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    `A skill named “${TAKEN}” already exists in your personal skills. Choose another name, or rename that skill first.`,
  );

  await shootBoth(page, "rename-field");

  // The format rules answer as the user types; the refusal of the name sent goes with it.
  await field.fill("Bad Name");
  await expect(dialog.getByRole("alert")).toBeHidden();
  await expect(dialog.getByText("Use lowercase letters.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Rename" })).toBeDisabled();
  await field.fill(NEW_NAME);
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText(`Renamed to “${NEW_NAME}” as version 2.`)).toBeVisible();
  await expect(manageDialog(page, NEW_NAME)).toBeVisible();
  await expect(manageDialog(page, NEW_NAME).getByRole("listitem").filter({ hasText: "Renamed" }).first()).toContainText(`${OLD_NAME} → ${NEW_NAME}`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { level: 1, name: NEW_NAME, exact: true })).toBeVisible();

  // The old URL is the id: it still opens the skill, and its history has the rename as v2.
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: NEW_NAME, exact: true })).toBeVisible();
  await page.goto(`${url}/versions`);
  await expect(page.getByText(`Rename “${OLD_NAME}” to “${NEW_NAME}”`).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
