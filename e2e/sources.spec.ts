import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { skillMd } from "./upload-helpers";
import { createGitRepo, type TestGitRepo } from "../lib/test/git-repos";

// Skills from Git, end to end (issue 18's proof): ada connects a repository made in the test, the
// first sync imports its skills with their commit; a push and a webhook signed with the secret
// shown once bring v2; a skill deleted upstream is archived by the next sync; the editor of a
// synced skill says it is edited upstream until it is detached.

let repo: TestGitRepo;
test.beforeAll(async () => {
  repo = await createGitRepo();
});
test.afterAll(async () => {
  await repo?.remove();
});

const ALPHA = "e2e-src-alpha";
const BETA = "e2e-src-beta";

/** The source page's newest sync, once it has ended. */
async function latestSync(page: Page) {
  const sync = page.getByTestId("sync").first();
  await expect(sync).not.toHaveAttribute("data-status", "running", { timeout: 30_000 });
  return sync;
}

function githubPush(secret: string) {
  const body = Buffer.from(JSON.stringify({ ref: "refs/heads/main", repository: { default_branch: "main" } }));
  const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  return { body, headers: { "content-type": "application/json", "x-github-event": "push", "x-hub-signature-256": signature } };
}

test("a Git source: connect, sync, push and webhook to v2, delete upstream to archived, detach to edit", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  const first = await repo.commit(
    {
      [`skills/${ALPHA}/SKILL.md`]: skillMd(ALPHA, "Version one of the steps."),
      [`skills/${BETA}/SKILL.md`]: skillMd(BETA),
      "README.md": "Not a skill.\n",
    },
    "Two skills",
  );
  await signInAs(page, "ada@example.com", { home: false });

  // Connect: the dialog's fields, then the webhook secret, shown once.
  await page.goto("/sources");
  await page.getByRole("button", { name: /^(Connect a Git repository|New source)$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Connect a Git repository" });
  await dialog.getByLabel("Repository URL").fill(repo.fileUrl);
  await dialog.getByLabel(/^Branch, tag or commit/).fill("main");
  await dialog.getByLabel(/^Subfolder/).fill("skills");
  await expect(dialog.getByLabel("Destination")).toHaveValue("personal");
  await dialog.getByRole("button", { name: "Connect and sync" }).click();

  const created = page.getByRole("dialog", { name: "Source connected" });
  const secret = await created.getByLabel("Webhook secret").inputValue();
  expect(secret).toMatch(/^whsec_/);
  const webhookUrl = await created.getByLabel("Webhook URL").inputValue();
  expect(webhookUrl).toMatch(/\/api\/sources\/[^/]+\/webhook$/);
  await created.getByRole("button", { name: "Open the source" }).click();
  await page.waitForURL(/\/sources\/[^/]+$/);
  const sourceId = page.url().split("/").pop()!;
  expect(webhookUrl).toContain(`/api/sources/${sourceId}/webhook`);

  // The first sync: both skills, at the first commit.
  await expect(await latestSync(page)).toHaveAttribute("data-status", "ok");
  await expect(page.getByTestId("sync").first()).toContainText(`First sync at ${first.slice(0, 7)}`);
  await expect(page.getByTestId("sync").first()).toContainText("2 created");
  const skills = page.getByRole("table", { name: "Skills from this source" });
  await expect(skills.getByTestId("source-skill")).toHaveCount(2);
  await expect(skills.getByRole("row", { name: new RegExp(ALPHA) })).toContainText(`skills/${ALPHA}`);
  await expect(skills.getByRole("row", { name: new RegExp(ALPHA) })).toContainText("v1");

  // The skill page says where the skill comes from, at which commit.
  await skills.getByRole("link", { name: ALPHA }).click();
  await expect(page.getByRole("heading", { level: 1, name: ALPHA, exact: true })).toBeVisible();
  await expect(page.getByTestId("synced-from")).toHaveText(`Synced from ${repo.fileUrl} · skills/${ALPHA} @ ${first.slice(0, 7)}`);
  const alphaUrl = page.url();

  // A push, and GitHub's webhook signed with the secret shown once: v2, recorded with the new commit.
  const second = await repo.commit({ [`skills/${ALPHA}/SKILL.md`]: skillMd(ALPHA, "Version two of the steps.") }, "Better steps");
  const unsigned = await page.request.post(webhookUrl, { data: githubPush("whsec_wrong").body, headers: githubPush("whsec_wrong").headers });
  expect(unsigned.status()).toBe(401);
  const push = githubPush(secret);
  const delivered = await page.request.post(webhookUrl, { data: push.body, headers: push.headers });
  expect(delivered.status(), await delivered.text()).toBe(202);

  await page.goto(`/sources/${sourceId}`);
  await expect(page.getByTestId("sync").first()).toContainText(`Webhook at ${second.slice(0, 7)}`, { timeout: 30_000 });
  await expect(await latestSync(page)).toContainText("1 updated, 1 unchanged");
  await expect(skills.getByRole("row", { name: new RegExp(ALPHA) })).toContainText("v2");
  await page.goto(alphaUrl);
  await expect(page.getByText("Version two of the steps.")).toBeVisible();
  await expect(page.getByTestId("synced-from")).toContainText(`@ ${second.slice(0, 7)}`);
  await page.goto(`${alphaUrl}/versions`);
  await expect(page.locator('[data-testid="version-row"][data-version="2"]').getByTestId("version-provenance")).toHaveText(
    // The commit's message and author too (issue 42: Git provenance).
    `from ${repo.fileUrl} @ ${second.slice(0, 7)}“Better steps” by Skillshelf Test`,
  );
  await expect(page.locator('[data-testid="version-row"][data-version="1"]').getByTestId("version-provenance")).toContainText(
    `from ${repo.fileUrl} @ ${first.slice(0, 7)}`,
  );

  // Deleted upstream, then "Sync now": the skill is archived, not deleted.
  const third = await repo.commit({ [`skills/${BETA}/SKILL.md`]: null }, "Drop beta");
  await page.goto(`/sources/${sourceId}`);
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("sync").first()).toContainText(`Sync now at ${third.slice(0, 7)}`, { timeout: 30_000 });
  await expect(await latestSync(page)).toContainText("1 unchanged, 1 archived");
  await expect(skills.getByRole("row", { name: new RegExp(BETA) })).toContainText("Archived");
  await expect(skills.getByRole("row", { name: new RegExp(ALPHA) })).not.toContainText("Archived");

  // The editor of a synced skill: edited upstream, until detached.
  await page.goto(`${alphaUrl}/edit`);
  const upstream = page.getByRole("region", { name: "Edited upstream" });
  await expect(upstream).toContainText(`Edited upstream in ${repo.fileUrl} (skills/${ALPHA}). Changes here would be overwritten by the next sync.`);
  await upstream.getByRole("button", { name: "Detach" }).click();
  const confirm = page.getByRole("dialog", { name: `Detach ${ALPHA} from its source?` });
  await confirm.getByRole("button", { name: "Detach and edit" }).click();
  await expect(page.getByRole("region", { name: "Edited upstream" })).toBeHidden();
  await expect(page.getByRole("button", { name: /^Save/ })).toBeVisible({ timeout: 30_000 });
  await page.goto(alphaUrl);
  await expect(page.getByTestId("synced-from")).toHaveCount(0);

  // Deleting the source keeps its skills.
  await page.goto(`/sources/${sourceId}`);
  await page.getByRole("button", { name: "Delete source" }).click();
  await page.getByRole("dialog", { name: "Delete this source?" }).getByRole("button", { name: "Delete source" }).click();
  await page.waitForURL(/\/sources$/);
  await page.goto(alphaUrl);
  await expect(page.getByRole("heading", { level: 1, name: ALPHA, exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the create dialog names the field a refusal is about", async ({ page }) => {
  await signInAs(page, "grace@example.com", { home: false });
  await page.goto("/sources");
  // By keyboard: the dialog opens on the URL field, Tab stays inside it, Escape hands focus back.
  const open = page.getByRole("button", { name: /^(Connect a Git repository|New source)$/ });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Connect a Git repository" });
  await expect(dialog.getByLabel("Repository URL")).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await page.keyboard.press("Enter");
  // Not an instance admin: no server folder, no public destination.
  await expect(dialog.getByRole("radio", { name: /Server folder/ })).toHaveCount(0);
  await expect(dialog.getByLabel("Destination").locator("option")).not.toContainText(["Public"]);
  await dialog.getByLabel("Repository URL").fill("https://grace:hunter2@example.com/skills.git");
  await dialog.getByLabel(/^Branch, tag or commit/).fill("--upload-pack=evil");
  await dialog.getByRole("button", { name: "Connect and sync" }).click();
  await expect(dialog.getByLabel(/^Branch, tag or commit/)).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toContainText('A branch, tag or commit such as "main"');
  await dialog.getByLabel(/^Branch, tag or commit/).fill("main");
  await dialog.getByRole("button", { name: "Connect and sync" }).click();
  await expect(dialog.getByLabel("Repository URL")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toContainText("Leave the user name and password out of the URL");
  // The refused form keeps what was typed, except the token.
  await expect(dialog.getByLabel("Repository URL")).toHaveValue("https://grace:hunter2@example.com/skills.git");
});
