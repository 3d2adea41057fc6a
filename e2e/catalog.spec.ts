import { expect, signInAs, test } from "./fixtures";

// The seeded demo catalog, seen through the scoping rules (issue 4's "seeded app shows the demo catalog").
test("ada sees her personal skills, the Platform team's, public and built-in ones, with shadowing marked", async ({ page }) => {
  await signInAs(page, "ada@example.com");
  await expect(page).toHaveURL(/\/skills$/);
  const list = page.getByRole("list", { name: "Skills" });
  const scopes = page.getByRole("navigation", { name: "Scopes" });
  await expect(scopes.getByRole("link", { name: /^All/ })).toContainText("14");

  await scopes.getByRole("link", { name: /^Personal/ }).click();
  await expect(page).toHaveURL(/scope=personal/);
  await expect(list.getByRole("link")).toHaveText(["code-review-guidelines", "meeting-notes"]);

  await scopes.getByRole("link", { name: /^Platform/ }).click();
  await expect(page).toHaveURL(/scope=team&team=/);
  await expect(list.getByRole("listitem")).toHaveCount(4);
  const teamCopy = list.getByRole("listitem").filter({ hasText: "code-review-guidelines" });
  await expect(teamCopy).toContainText("Shadowed");
  await expect(teamCopy.getByTitle(/personal skills take priority over team ones/)).toBeVisible();

  await scopes.getByRole("link", { name: /^Built-in/ }).click();
  await expect(page).toHaveURL(/scope=builtin/);
  await page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Name" }).click();
  await expect(page).toHaveURL(/scope=builtin&sort=name/);
  await expect(list.getByRole("link")).toHaveText(["commit-messages", "csv-insights", "skill-creator", "unit-converter"]);
  await page.screenshot({ path: "test-results/screenshots/catalog-builtin.png" });

  await page.goto("/skills?scope=team");
  await list.getByRole("link", { name: "deploy-checklist" }).click();
  await expect(page.getByRole("heading", { name: "deploy-checklist", level: 1 })).toBeVisible();
  await expect(page.getByText("2 versions")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "assets/pipeline.png" })).toContainText("KB");
  await page.screenshot({ path: "test-results/screenshots/skill-page.png", fullPage: true });
});

test("grace never sees ada's personal skills, and their URLs answer 404", async ({ page, browser }) => {
  const adaContext = await browser.newContext();
  const adaPage = await adaContext.newPage();
  await signInAs(adaPage, "ada@example.com", { home: false });
  await adaPage.goto("/skills?scope=personal");
  await adaPage.getByRole("list", { name: "Skills" }).getByRole("link", { name: "meeting-notes" }).click();
  await expect(adaPage).toHaveURL(/\/skills\/[^/?]+$/);
  const privateUrl = new URL(adaPage.url()).pathname;
  await adaContext.close();

  await signInAs(page, "grace@example.com", { home: false });
  await page.goto("/skills?q=meeting");
  await expect(page.getByRole("heading", { name: "No skills match “meeting”" })).toBeVisible();
  const response = await page.goto(privateUrl);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Nothing on this shelf" })).toBeVisible();
});

test("search narrows the list and lives in the URL", async ({ page }) => {
  await signInAs(page, "grace@example.com");
  await page.getByRole("searchbox", { name: "Search skills" }).fill("blameless");
  await expect(page).toHaveURL(/q=blameless/);
  // The built-in skill-creator mentions a "blameless postmortem" in its SKILL.md body: ranked below.
  await expect(page.getByRole("list", { name: "Skills" }).getByRole("link")).toHaveText(["incident-postmortem", "skill-creator"]);
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search skills" })).toHaveValue("blameless");
});
