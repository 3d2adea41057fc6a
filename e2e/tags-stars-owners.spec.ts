import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { SHOTS, shootBoth, tabTo, zipOf } from "./upload-helpers";

// Finding and owning skills: Ada keeps the Platform team's tag list; a team skill uploaded with
// metadata.tags starts with the listed ones; tags are edited on the skill page and filter the list
// with facet counts; Grace stars it (the card counts it, the Starred filter finds it); Ada makes
// Grace and the team's owners and admins its owners, shown on the skill page.

const run = Date.now() % 1e6;
const [reports, pdf, unlisted] = [`reports-${run}`, `pdf-${run}`, `unlisted-${run}`];
const name = `e2e-tagged-${run}`;

async function uploadTeamSkill(page: Page) {
  const skillMd = `---\nname: ${name}\ndescription: Builds PDF reports in the e2e tests. Use when testing tags.\nmetadata:\n  tags: ${reports}, ${unlisted}\n---\n\n# ${name}\n\nFollow these steps.\n`;
  const response = await page.request.post("/api/upload/commit", {
    multipart: { file: { name: "skill.zip", mimeType: "application/zip", buffer: zipOf({ [`${name}/SKILL.md`]: skillMd }) }, scope: "team", team: "Platform" },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).skills[0].skillId as string;
}

async function phone(page: Page, shot: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/${shot}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe.configure({ mode: "serial" });
let skillId = "";

test("tags: the team's list, metadata.tags as first tags, editing on the skill page, the list's filter with facet counts", async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto("/teams");
  await page.getByRole("link", { name: "Platform" }).first().click();
  await page.waitForURL(/\/teams\/[^/]+$/);
  const tagsCard = page.locator("#tags");
  for (const tag of [reports, pdf]) {
    await tagsCard.getByLabel("New tag").fill(tag);
    await tagsCard.getByRole("button", { name: "Add tag" }).click();
    await expect(tagsCard.getByRole("list", { name: "The team's tags" }).getByRole("link", { name: tag })).toBeVisible();
    await expect(tagsCard.getByLabel("New tag")).toHaveValue("");
  }
  await tagsCard.getByLabel("New tag").fill("x".repeat(40));
  await tagsCard.getByRole("button", { name: "Add tag" }).click();
  await expect(tagsCard.getByRole("alert")).toContainText("is too long: a tag has at most 32 characters");
  // The refused tag stays in the field to be fixed.
  await expect(tagsCard.getByLabel("New tag")).toHaveValue("x".repeat(40));
  await tagsCard.scrollIntoViewIfNeeded();
  await shootBoth(page, "team-tags");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tagsCard.screenshot({ path: `${SHOTS}/team-tags-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The upload names one listed and one unlisted tag: only the listed one sticks.
  skillId = await uploadTeamSkill(page);
  await page.goto(`/skills/${skillId}`);
  const meta = page.getByTestId("skill-meta");
  await expect(meta.getByRole("link", { name: `Tag ${reports}: skills tagged ${reports}` })).toBeVisible();
  await expect(meta.getByText(unlisted)).toHaveCount(0);

  // Edit tags from the keyboard: tick the team's other tag and save.
  const edit = meta.getByRole("button", { name: "Edit tags" });
  await tabTo(page, edit, 60);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Tags" });
  await expect(dialog.getByRole("checkbox", { name: reports })).toBeChecked();
  await dialog.getByRole("checkbox", { name: pdf }).check();
  await shootBoth(page, "skill-tags-dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(meta.getByRole("link", { name: `Tag ${pdf}: skills tagged ${pdf}` })).toBeVisible();

  // The list: the Tag menu counts each tag among the listed skills; choosing one filters.
  await page.goto("/skills");
  await page.getByRole("button", { name: "Tag: any" }).click();
  const menu = page.getByLabel("Tagged");
  await expect(menu.getByRole("link", { name: new RegExp(`^${reports}\\s*1$`) })).toBeVisible();
  await shootBoth(page, "skill-list-tag-menu");
  await menu.getByRole("link", { name: new RegExp(`^${reports}`) }).click();
  await page.waitForURL(`**/skills?tag=${reports}`);
  await expect(page.getByRole("button", { name: `Tag: ${reports}` })).toBeVisible();
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.locator("main li h2")).toHaveCount(1);
  await shootBoth(page, "skill-list-tag-filtered");
  await phone(page, "skill-list-tag-filtered");
  expect(consoleErrors).toEqual([]);
});

test("stars: a toggle on the skill page, the count on the card, the Starred filter and its empty state", async ({ page, consoleErrors }) => {
  await signInAs(page, "grace@example.com", { home: false });
  await page.goto("/skills?starred=1");
  await expect(page.getByRole("heading", { name: "No starred skills yet" })).toBeVisible();
  await shootBoth(page, "skill-list-starred-empty");
  await phone(page, "skill-list-starred-empty");

  await page.goto(`/skills/${skillId}`);
  const star = page.getByRole("button", { name: "Star, 0 stars" });
  await tabTo(page, star, 60);
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Starred, 1 star" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "Starred, 1 star" })).toBeVisible();
  await shootBoth(page, "skill-page-meta");
  await phone(page, "skill-page-meta");

  await page.goto("/skills");
  await page.getByRole("link", { name: "Starred", exact: true }).click();
  await page.waitForURL("**/skills?starred=1");
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.locator("main li h2")).toHaveCount(1);
  await expect(page.locator("main li").filter({ hasText: name }).getByText("1 star", { exact: true })).toBeAttached();
  await shootBoth(page, "skill-list-starred");
  expect(consoleErrors).toEqual([]);
});

test("owners: people and a team role, set on the skill page and shown there", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${skillId}`);
  const owners = page.getByRole("group", { name: "Owners" });
  await expect(owners).toContainText("none yet");
  await owners.getByRole("button", { name: "Edit owners" }).click();
  const dialog = page.getByRole("dialog", { name: "Owners" });
  await dialog.getByRole("checkbox", { name: "Grace Hopper" }).check();
  await dialog.getByRole("checkbox", { name: "Team owners and admins" }).check();
  await shootBoth(page, "skill-owners-dialog");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/skill-owners-dialog-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(owners.getByRole("listitem")).toHaveText(["Grace Hopper,", "Team owners and admins"]);

  // Grace, a member, sees the owners and may change them too (she may edit the skill).
  const grace = await page.context().browser()!.newPage();
  await signInAs(grace, "grace@example.com", { home: false });
  await grace.goto(`/skills/${skillId}`);
  await expect(grace.getByRole("group", { name: "Owners" })).toContainText("Grace Hopper");
  await expect(grace.getByRole("group", { name: "Owners" }).getByRole("button", { name: "Edit owners" })).toBeVisible();
  await grace.close();
  await shootBoth(page, "skill-page-owners");
  expect(consoleErrors).toEqual([]);
});
