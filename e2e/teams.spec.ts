import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, signInAs, test, uniqueEmail } from "./fixtures";
import { SHOTS, shootBoth, skillMd, zipOf } from "./upload-helpers";

// Teams end to end: ada creates a team with a skill and an invite link; a newcomer signs up
// through the link and sees the team's skill; ada changes their role and removes them, and the
// skill is gone for them (404).

const SKILL = "e2e-team-handbook";

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("a team forms: create, invite by link, sign up through it, change the role, remove", async ({ page, browser, consoleErrors }) => {
  // Two accounts, a sign-up and light/dark screenshots of two pages.
  test.setTimeout(90_000);
  const teamName = `E2E Crew ${Date.now() % 1e6}`;
  await signInAs(page, "ada@example.com", { home: false });

  await page.goto("/teams");
  await page.getByRole("button", { name: "New team" }).click();
  const create = page.getByRole("dialog", { name: "New team" });
  await create.getByLabel("Name").fill(teamName);
  await create.getByLabel("Description").fill("Runbooks and review checklists for the e2e crew.");
  await create.getByRole("button", { name: "Create team" }).click();
  await page.waitForURL(/\/teams\/[^/]+$/);
  const teamId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: teamName })).toBeVisible();
  await expect(page.getByText("You: Owner")).toBeVisible();

  // A skill in the team, through the upload modal's own route.
  const uploaded = await page.request.post("/api/upload/commit", {
    multipart: {
      file: { name: "skill.zip", mimeType: "application/zip", buffer: zipOf({ [`${SKILL}/SKILL.md`]: skillMd(SKILL) }) },
      scope: "team",
      team: teamName,
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBeLessThan(300);
  const skillId = (await uploaded.json()).skills[0].skillId as string;

  await page.getByRole("button", { name: "New invite link" }).click();
  const invite = page.getByRole("dialog", { name: "New invite link" });
  await expect(invite.getByRole("radio", { name: /Member/ })).toBeChecked();
  await invite.getByLabel("Expires after").selectOption("7");
  await invite.getByRole("button", { name: "Create link" }).click();
  const link = await page.getByRole("dialog", { name: "Copy the invite link" }).getByLabel("Invite link").inputValue();
  expect(link).toMatch(new RegExp(`/join/[0-9A-Za-z_-]{43}$`));
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("list", { name: "Invite links" }).getByText("active")).toBeVisible();
  await shootBoth(page, "team-page");
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/team-page-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The newcomer: a fresh browser, no account.
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  const newcomerErrors = collectErrors(newcomer);
  await newcomer.goto(link);
  await expect(newcomer.getByText(teamName)).toBeVisible();
  await expect(newcomer.getByText("Runbooks and review checklists")).toBeVisible();
  await expect(newcomer.getByText("Role: Member.")).toBeVisible();
  await shootBoth(newcomer, "join-page");
  await newcomer.getByRole("link", { name: "Create an account" }).click();
  await expect(newcomer.getByText(`You're joining ${teamName} as member.`)).toBeVisible();
  const email = uniqueEmail("newcomer");
  await newcomer.getByLabel("Name").fill("Nova Newcomer");
  await newcomer.getByLabel("Email").fill(email);
  await newcomer.getByLabel("Password").fill(`${DEMO_PASSWORD}-nova`);
  await newcomer.getByRole("button", { name: "Create account" }).click();
  await newcomer.waitForURL(/\/join\//);
  await expect(newcomer.getByText(`Signed in as ${email}.`)).toBeVisible();
  await newcomer.getByRole("button", { name: `Join ${teamName}` }).click();
  await newcomer.waitForURL(`**/teams/${teamId}`);
  await expect(newcomer.getByText("You: Member")).toBeVisible();
  await newcomer.getByRole("link", { name: "Team skills" }).click();
  await expect(newcomer.getByRole("link", { name: SKILL }).first()).toBeVisible();
  // The link was for many: it stays active, with one use.
  await page.reload();
  await expect(page.getByRole("list", { name: "Invite links" })).toContainText("1 use");

  // ada changes the newcomer's role, then removes them.
  await page.getByLabel("Role of Nova Newcomer").selectOption("ADMIN");
  await page.getByRole("button", { name: "Save the role of Nova Newcomer" }).click();
  await expect(page.getByText("Role changed to admin.")).toBeVisible();
  await page.getByRole("button", { name: "Remove Nova Newcomer" }).click();
  await page.getByRole("dialog", { name: "Remove Nova Newcomer?" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Removed from the team.")).toBeVisible();
  await expect(page.getByRole("list", { name: `Members of ${teamName}` })).not.toContainText("Nova Newcomer");

  // The removed member: the team's skill and the team are gone for them.
  expect((await newcomer.goto(`/skills/${skillId}`))?.status()).toBe(404);
  expect((await newcomer.goto(`/teams/${teamId}`))?.status()).toBe(404);
  // Back to no team: the empty state offers to create one and says how to get an invite.
  await newcomer.goto("/teams");
  await expect(newcomer.getByText("You're not in a team yet")).toBeVisible();
  await expect(newcomer.getByText(/ask one of its owners or admins for an invite link/)).toBeVisible();
  await expect(newcomer.getByRole("button", { name: "Create a team" })).toBeVisible();
  // A link that never existed says so, and names no team.
  await newcomer.goto(`/join/${"x".repeat(43)}`);
  await expect(newcomer.getByText("This invite link doesn't work")).toBeVisible();
  await expect(newcomer.getByText(teamName)).toHaveCount(0);
  await context.close();

  // Deleting the team: the dialog offers to move its skill first, then deletes.
  await page.getByRole("button", { name: "Delete team" }).click();
  const moveFirst = page.getByRole("dialog", { name: "Move the team's skills first" });
  await expect(moveFirst.getByRole("list", { name: "Skills the team owns" })).toContainText(SKILL);
  await moveFirst.getByLabel("Move every skill to").selectOption({ label: "Personal (only you)" });
  await moveFirst.getByRole("button", { name: "Move all 1" }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${teamName}?` });
  await confirm.getByLabel(/to confirm/).fill(teamName);
  await confirm.getByRole("button", { name: "Delete team" }).click();
  await page.waitForURL(/\/teams$/);
  await expect(page.getByText(`Deleted team ${teamName}.`)).toBeVisible();
  await expect(page.getByRole("link", { name: teamName })).toHaveCount(0);
  expect(newcomerErrors.filter((e) => !e.includes("404"))).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
