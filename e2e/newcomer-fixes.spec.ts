import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { SHOTS, shootBoth, skillMd } from "./upload-helpers";
import { createGitRepo, type TestGitRepo } from "../lib/test/git-repos";

// Sharp edges a newcomer met (issue 42's Fix list): the role select after Save, Leave for the only
// owner, the audit trail's names and phone width, a Git source whose first sync fails on a bare
// repository's default branch, and the Edit and Restore a synced skill used to offer and refuse.

async function shootPhone(page: Page, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (size) await page.setViewportSize(size);
}

test("a team's roles: the select shows the saved role; the only owner cannot leave and is told why; the audit trail names the member", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const teamName = `Fixes Crew ${Date.now() % 1e6}`;
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto("/teams");
  await page.getByRole("button", { name: "New team" }).click();
  const create = page.getByRole("dialog", { name: "New team" });
  await create.getByLabel("Name").fill(teamName);
  await create.getByRole("button", { name: "Create team" }).click();
  await page.waitForURL(/\/teams\/[^/]+$/);

  await page.getByRole("button", { name: "Add member" }).click();
  const add = page.getByRole("dialog", { name: "Add a member" });
  await add.getByLabel("Email").fill("grace@example.com");
  await add.getByRole("button", { name: /^Add/ }).click();
  const role = page.getByLabel("Role of Grace Hopper");
  await expect(role).toHaveValue("MEMBER");

  // Save: the select keeps the new role once the page has the saved one (it went back to Member).
  await role.selectOption("ADMIN");
  await page.getByRole("button", { name: "Save the role of Grace Hopper" }).click();
  await expect(page.getByText("Role changed to admin.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save the role of Grace Hopper" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await expect(role).toHaveValue("ADMIN");
  expect(await role.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe("Admin");
  await page.reload();
  await expect(page.getByLabel("Role of Grace Hopper")).toHaveValue("ADMIN");

  // ada is the only owner: Leave is disabled, with the reason beside it.
  const leave = page.getByRole("button", { name: "Leave" });
  await expect(leave).toBeDisabled();
  await expect(leave).toHaveAccessibleDescription(/only owner: make someone else owner before you leave, or delete the team/);
  await shootBoth(page, "fixes-team-roles");
  await shootPhone(page, "fixes-team-roles");

  // The audit trail: the member whose role changed, by name; ada's sign-in; no raw JSON.
  await page.goto(`/admin/audit?team=${encodeURIComponent(teamName)}`);
  const events = page.getByRole("list", { name: "Audit events" });
  const changed = events.getByRole("listitem").filter({ hasText: "team.member.role" });
  await expect(changed.getByRole("link", { name: "Grace Hopper" })).toBeVisible();
  await expect(changed).toContainText("Member → Admin");
  await expect(events.getByRole("listitem").filter({ hasText: "team.member.add" }).getByRole("link", { name: "Grace Hopper" })).toBeVisible();
  await page.goto("/admin/audit?action=auth.sign-in");
  await expect(events.getByRole("listitem").first()).toContainText(/with a password/);
  await page.goto("/admin/audit");
  await expect(events).not.toContainText('{"scope"');
  await shootBoth(page, "fixes-audit");
  await shootPhone(page, "fixes-audit");
  expect(consoleErrors).toEqual([]);
});

let repo: TestGitRepo;
test.beforeAll(async () => {
  repo = await createGitRepo();
});
test.afterAll(async () => {
  await repo?.remove();
});

test("a Git source on a bare repository whose HEAD names master: the dialog says the first sync failed and which branch to pick; a synced skill says Detach to edit and offers no Restore", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const name = `e2e-fixes-synced-${Date.now() % 1e6}`;
  await repo.commit({ [`${name}/SKILL.md`]: skillMd(name, "Version one.") }, "One skill");
  // `git init --bare` on a git whose default is master, while main was pushed.
  await repo.git("--git-dir", repo.bareDir, "symbolic-ref", "HEAD", "refs/heads/master");

  await signInAs(page, "ada@example.com", { home: false });
  await page.goto("/sources");
  await page.getByRole("button", { name: /^(Connect a Git repository|New source)$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Connect a Git repository" });
  await dialog.getByLabel("Repository URL").fill(repo.fileUrl);
  await dialog.getByRole("button", { name: "Connect and sync" }).click();

  const created = page.getByRole("dialog", { name: "Source connected" });
  const outcome = created.getByTestId("first-sync");
  await expect(outcome).toHaveAttribute("data-status", "failed", { timeout: 30_000 });
  await expect(outcome).toContainText('but it has the branch "main": set the branch to "main"');
  await expect(outcome).not.toContainText("is the repository empty");
  await shootBoth(page, "fixes-source-first-sync-failed");
  await shootPhone(page, "fixes-source-first-sync-failed");

  await created.getByRole("button", { name: "Open the source" }).click();
  await page.waitForURL(/\/sources\/[^/]+$/);
  await page.getByLabel("Branch, tag or commit").fill("main");
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("sync").first()).toHaveAttribute("data-status", "ok", { timeout: 30_000 });
  await repo.commit({ [`${name}/SKILL.md`]: skillMd(name, "Version two.") }, "Two");
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("sync").first()).toContainText("1 updated", { timeout: 30_000 });

  // The skill page says what Edit leads to before the click.
  await page.getByRole("table", { name: "Skills from this source" }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Detach to edit" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await shootBoth(page, "fixes-synced-skill");

  // The history offers no Restore, and says why.
  await page.getByRole("link", { name: /^History/ }).click();
  await expect(page.locator('[data-testid="version-row"]')).toHaveCount(2);
  await expect(page.getByRole("button", { name: /^Restore v/ })).toHaveCount(0);
  await expect(page.getByTestId("restore-synced")).toContainText(`Synced from ${repo.fileUrl}`);
  await shootBoth(page, "fixes-synced-history");
  await shootPhone(page, "fixes-synced-history");
  expect(consoleErrors).toEqual([]);
});
