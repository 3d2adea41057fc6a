import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./fixtures";
import { boundToolSkillFiles, LOOKUP_ORDER_TOOLS } from "../lib/test/bound-tool-skill";
import { SHOTS, shootBoth, zipOf } from "./upload-helpers";

// Who may bind tools, as the playground's setup panel shows it: a team skill's tools are withheld
// until the team's owner allows bound tools, a personal skill's always; explicit-only and
// hidden-from-$ skills are labelled, and $ completion leaves the hidden one out while a typed-out
// $name still loads it. A fresh owner and team keep these skills out of other specs' catalogs.

const run = Date.now() % 1e6;
const TEAM_SKILL = `bt-orders-${run}`;
const PERSONAL_SKILL = `bt-my-orders-${run}`;
const EXPLICIT_SKILL = `bt-explicit-${run}`;
const HIDDEN_SKILL = `bt-hidden-${run}`;

async function upload(page: Page, name: string, frontmatter: string, target: { scope: "personal" } | { scope: "team"; team: string }, withScript = true) {
  const buffer = zipOf(boundToolSkillFiles(name, frontmatter, withScript));
  const response = await page.request.post("/api/upload/commit", {
    multipart: { file: { name: "skill.zip", mimeType: "application/zip", buffer }, ...target },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

const setupPanel = (page: Page) => page.getByRole("complementary", { name: "Playground setup" });
const notes = (page: Page) => page.getByRole("list", { name: "Skills with tools or invocation limits" });

/** Light and dark at the desktop size, and the whole page at 390 px (which must not scroll sideways). */
async function shootPanel(page: Page, name: string) {
  await shootBoth(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("bound tools: withheld with the reason until the team owner allows them; explicit-only and hidden-from-$ skills", async ({ page, consoleErrors }) => {
  test.setTimeout(150_000);
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill("Tess Tools");
  await page.getByLabel("Email").fill(uniqueEmail("bound-tools"));
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  // Hashing the password takes a while on a busy machine.
  await expect(page).toHaveURL(/\/skills$/, { timeout: 30_000 });

  const teamName = `Tools Crew ${run}`;
  await page.goto("/teams");
  await page.getByRole("button", { name: "Create a team" }).click();
  const create = page.getByRole("dialog", { name: "New team" });
  await create.getByLabel("Name").fill(teamName);
  await create.getByRole("button", { name: "Create team" }).click();
  await page.waitForURL(/\/teams\/[^/]+$/);
  const teamUrl = page.url();

  await upload(page, TEAM_SKILL, LOOKUP_ORDER_TOOLS, { scope: "team", team: teamName });
  await upload(page, PERSONAL_SKILL, LOOKUP_ORDER_TOOLS, { scope: "personal" });
  await upload(page, EXPLICIT_SKILL, "disable-model-invocation: true\n", { scope: "personal" }, false);
  await upload(page, HIDDEN_SKILL, "user-invocable: false\n", { scope: "personal" }, false);

  // Every skill: the notes list says which bind tools, which are withheld and why, and the invocation limits.
  await page.goto("/playground");
  const summary = setupPanel(page).locator("summary", { hasText: "Tools and invocation" });
  // Built-in skills may bind tools too (a "1 binds tools" before these counts); these are this test's own.
  await expect(summary).toContainText("2 have tools withheld · 1 explicit only · 1 hidden from $");
  // Keyboard: the collapsed list opens from its summary.
  await summary.focus();
  await page.keyboard.press("Enter");
  const teamNote = notes(page).getByRole("listitem").filter({ hasText: TEAM_SKILL });
  await expect(teamNote).toContainText(`tools withheld: team ${teamName} does not allow bound tools (a team owner can turn it on in the team's settings)`);
  await expect(notes(page).getByRole("listitem").filter({ hasText: PERSONAL_SKILL })).toContainText(
    "tools withheld: personal skills cannot bind tools; publish it or move it to a team whose owners allow bound tools",
  );
  await expect(notes(page).getByRole("listitem").filter({ hasText: EXPLICIT_SKILL })).toContainText("explicit only ($mention)");
  await expect(notes(page).getByRole("listitem").filter({ hasText: HIDDEN_SKILL })).toContainText("hidden from $");
  await notes(page).scrollIntoViewIfNeeded();
  await shootPanel(page, "bound-tools-setup-withheld");

  // $ completion offers the explicit-only skill (that is what $ is for) but not the hidden one.
  const input = page.getByRole("combobox", { name: "Message" });
  await input.pressSequentially("$bt-");
  const options = page.getByRole("listbox", { name: "Skills to mention" });
  await expect(options.getByRole("option", { name: new RegExp(EXPLICIT_SKILL) })).toBeVisible();
  await expect(options.getByRole("option", { name: new RegExp(TEAM_SKILL) })).toBeVisible();
  await expect(options.getByRole("option", { name: new RegExp(HIDDEN_SKILL) })).toHaveCount(0);
  await input.press("Escape");

  // ...yet the hidden skill's $name typed out in full still loads it, as in Claude Code.
  await input.fill(`$${HIDDEN_SKILL} what does this skill do?`);
  await input.press("Enter");
  const ledger = page.getByTestId("assistant-message").first().getByTestId("ledger");
  await expect(ledger.getByRole("list", { name: "Skills loaded" })).toContainText(HIDDEN_SKILL, { timeout: 30_000 });
  await expect(ledger.getByRole("list", { name: "Skills loaded" })).toContainText("by $mention");

  // The owner turns bound tools on for the team, on the team page.
  await page.goto(teamUrl);
  const card = page.locator("#bound-tools");
  await expect(card.getByRole("button", { name: "Save" })).toBeDisabled();
  await card.getByLabel("Let this team's skills bind tools").check();
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The team's skills can now bind tools.")).toBeVisible();
  await expect(card.getByLabel("Let this team's skills bind tools")).toBeChecked();
  await expect(card.getByRole("button", { name: "Save" })).toBeDisabled();
  await card.scrollIntoViewIfNeeded();
  await shootPanel(page, "bound-tools-team-card");

  // Now the team skill binds its tool; the hand-picked list says so on its row.
  await page.goto("/playground");
  await setupPanel(page).getByRole("radio", { name: "Hand-picked" }).click();
  await setupPanel(page).getByLabel("Filter skills to pick").fill("bt-");
  const rows = setupPanel(page).getByRole("list", { name: "Skills to offer" });
  await expect(rows.getByRole("listitem").filter({ hasText: TEAM_SKILL })).toContainText(/tools: lookup_order \(\d+ tokens once loaded\)/);
  await expect(rows.getByRole("listitem").filter({ hasText: PERSONAL_SKILL })).toContainText("tools withheld: personal skills cannot bind tools");
  await expect(rows.getByRole("listitem").filter({ hasText: EXPLICIT_SKILL })).toContainText("explicit only ($mention)");
  // Each checkbox is described by its notes, so a screen reader hears them with the name.
  await expect(rows.getByRole("checkbox", { name: TEAM_SKILL })).toHaveAccessibleDescription(/tools: lookup_order/);
  await rows.getByRole("checkbox", { name: TEAM_SKILL }).check();
  await rows.getByRole("checkbox", { name: PERSONAL_SKILL }).check();
  await rows.scrollIntoViewIfNeeded();
  await shootPanel(page, "bound-tools-setup-picked");
  expect(consoleErrors).toEqual([]);
});
