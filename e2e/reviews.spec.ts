import type { Browser, Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { shootBoth, zipOf } from "./upload-helpers";

// Review requests end to end (issue 14): a team set to "needs 1 approval"; grace edits a team
// skill and the playground keeps the old version; ada finds the request in her inbox, comments on
// a line of SKILL.md and requests changes; grace pushes a revision; ada approves; the playground
// and the download now have the new version. A team of its own keeps the policy away from the
// seeded team other specs edit.

const SKILL = `e2e-review-runbook-${Date.now().toString(36)}`;
const skillMdOf = (step: string) => `---
name: ${SKILL}
description: Steps for reviewing a runbook change. Use when a runbook is edited or rolled back.
---

# Runbook review

${step}
`;
const V1 = "Check the rollback step first.";
const V2 = "Check the rollback step and its owner first.";
const V3 = "Check the rollback step and its owner first, then page the on-call.";

async function newPage(browser: Browser, email: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  // Its callers open a page of their own next.
  await signInAs(page, email, { home: false });
  return { page, errors, close: () => context.close() };
}

/** Replaces SKILL.md in the editor and saves through the dialog named `dialogName`; lands on the request. */
async function editAndSave(page: Page, url: string, text: string, dialogName: string, button: string, message: string) {
  await page.goto(url);
  const content = page.locator(".cm-content");
  await expect(content).toBeVisible();
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
  await expect.poll(() => content.evaluate((el) => (el as HTMLElement).innerText)).toContain(text.trim().split("\n").pop()!);
  await page.keyboard.press("ControlOrMeta+s");
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.getByLabel("Message").fill(message);
  await dialog.getByRole("button", { name: button }).click();
  await page.waitForURL(/\/reviews\/[^/?]+/);
}

/** The version the playground discloses when the skill is $mentioned. */
async function playgroundVersion(page: Page): Promise<string> {
  await page.goto("/playground");
  const input = page.getByRole("combobox", { name: "Message" });
  const turns = page.getByTestId("assistant-message");
  const before = await turns.count();
  await input.fill(`$${SKILL} what do I check first?`);
  await input.press("Enter");
  const loaded = turns.nth(before).getByTestId("ledger").getByRole("list", { name: "Skills loaded" });
  await expect(loaded).toContainText(SKILL, { timeout: 30_000 });
  return (await loaded.getByRole("listitem").filter({ hasText: SKILL }).first().innerText()).match(/\bv(\d+)\b/)?.[0] ?? "";
}

async function downloadedVersion(page: Page, skillId: string): Promise<string> {
  const response = await page.request.get(`/api/skills/${encodeURIComponent(skillId)}/download`);
  expect(response.status()).toBe(200);
  return response.headers()["content-disposition"].match(/-(v\d+)\.zip/)?.[1] ?? "";
}

test("a change to a reviewed team's skill waits for approval, with a line comment and a revision", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(180_000);
  const teamName = `E2E Review ${Date.now() % 1e6}`;
  await signInAs(page, "ada@example.com", { home: false });

  // ada: a team with grace in it and one skill, then the policy "needs 1 approval".
  await page.goto("/teams");
  await page.getByRole("button", { name: "New team" }).click();
  const create = page.getByRole("dialog", { name: "New team" });
  await create.getByLabel("Name").fill(teamName);
  await create.getByRole("button", { name: "Create team" }).click();
  await page.waitForURL(/\/teams\/[^/]+$/);
  await page.getByRole("button", { name: "Add member" }).first().click();
  const add = page.getByRole("dialog", { name: "Add a member" });
  await add.getByLabel("Email").fill("grace@example.com");
  await add.getByRole("button", { name: "Add member" }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText("grace@example.com").first()).toBeVisible();
  const uploaded = await page.request.post("/api/upload/commit", {
    multipart: {
      file: { name: "skill.zip", mimeType: "application/zip", buffer: zipOf({ [`${SKILL}/SKILL.md`]: skillMdOf(V1) }) },
      scope: "team",
      team: teamName,
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const skillId = (await uploaded.json()).skills[0].skillId as string;
  await page.getByRole("radio", { name: /Changes need approval/ }).check();
  await page.getByLabel("Approvals needed").selectOption("1");
  await page.getByRole("radio", { name: "Owners and admins" }).check();
  // ada is the team's only owner: her own changes could never be approved, so saving asks first.
  await page.getByRole("button", { name: "Save review policy" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Confirm to save it anyway." })).toBeVisible();
  await shootBoth(page, "review-policy-unreachable");
  await page.getByRole("checkbox", { name: /Save anyway/ }).check();
  await page.getByRole("button", { name: "Save review policy" }).click();
  await expect(page.getByText("Changes now need approval.")).toBeVisible();

  // grace edits the skill: the save becomes a proposal, and agents keep v1.
  const grace = await newPage(browser, "grace@example.com");
  await editAndSave(grace.page, `/skills/${skillId}/edit`, skillMdOf(V2), "Propose version 2 for review", "Propose v2", "Name the rollback owner");
  const requestUrl = new URL(grace.page.url()).pathname;
  await expect(grace.page.getByTestId("review-state")).toContainText(/Open/i);
  expect(await playgroundVersion(grace.page)).toBe("v1");
  expect(await downloadedVersion(grace.page, skillId)).toBe("v1");

  // ada: the inbox counts it; she comments on the changed line and requests changes.
  await page.goto("/skills");
  await expect(page.getByRole("navigation", { name: "Main" }).getByTestId("review-nav-counts")).toContainText("1");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /Reviews/ })
    .click();
  await expect(page).toHaveURL(/\/reviews/);
  const row = page.getByTestId("review-row").filter({ hasText: SKILL });
  await expect(row).toContainText("Name the rollback owner");
  await shootBoth(page, "reviews-inbox");
  await row.getByRole("link", { name: "Name the rollback owner" }).click();
  await page.waitForURL(new RegExp(`${requestUrl}$`));
  await page.getByRole("button", { name: "Comment on SKILL.md line 8", exact: true }).click();
  const composer = page.getByRole("textbox", { name: /Comment on SKILL\.md line 8 of v2/ });
  await composer.fill("Which owner: the service owner or the on-call?");
  await page.getByTestId("line-threads").getByRole("button", { name: "Comment", exact: true }).click();
  await expect(page.getByTestId("line-threads").getByTestId("review-thread")).toContainText("Which owner");
  const decision = page.getByTestId("review-decision");
  await decision.getByRole("textbox", { name: /^Note/ }).fill("Say who pages the on-call.");
  await decision.getByRole("button", { name: /Request changes/ }).click();
  await expect(page.getByTestId("review-conversation")).toContainText("Say who pages the on-call.");
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootBoth(page, "review-page");

  // The conversation: the count covers the line thread above, so it does not also say "No comments yet".
  const conversation = page.getByTestId("review-conversation");
  await expect(conversation).not.toContainText("No comments yet");
  // A reply shows as posting until the page has it, and one click posts it once.
  const thread = page.getByTestId("line-threads").getByTestId("review-thread");
  await thread.getByRole("button", { name: "Reply" }).click();
  await thread.getByRole("textbox", { name: "Reply" }).fill("Either is fine if named.");
  await thread.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(thread.getByTestId("review-comment").filter({ hasText: "Either is fine if named." })).toHaveCount(1);
  await expect(thread.getByTestId("comment-posting")).toHaveCount(0);
  // ...and its author can edit and delete it.
  const reply = thread.getByTestId("review-comment").filter({ hasText: "Either is fine if named." });
  await reply.getByRole("button", { name: "Edit your comment" }).click();
  await thread.getByRole("textbox", { name: "Edit your comment" }).fill("Either is fine, if it is named.");
  await thread.getByRole("button", { name: "Save", exact: true }).click();
  await expect(thread.getByTestId("review-comment").filter({ hasText: "Either is fine, if it is named." })).toHaveCount(1);
  await thread
    .getByTestId("review-comment")
    .filter({ hasText: "Either is fine, if it is named." })
    .getByRole("button", { name: "Delete your comment" })
    .click();
  const confirmDelete = page.getByRole("dialog", { name: "Delete this comment?" });
  await confirmDelete.getByRole("button", { name: "Delete comment" }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(thread.getByTestId("review-comment")).toHaveCount(1);
  // grace, the author, sees "changes requested" in the header, not only an open count.
  await grace.page.goto("/skills");
  await expect(grace.page.getByRole("navigation", { name: "Main" }).getByTestId("review-nav-changes")).toHaveText(/^1/);
  await shootBoth(grace.page, "review-nav-changes-requested");

  // grace pushes a revision from the editor; ada's earlier verdict is dismissed; ada approves.
  const requestId = requestUrl.split("/").pop()!;
  await editAndSave(
    grace.page,
    `/skills/${skillId}/edit?request=${requestId}`,
    skillMdOf(V3),
    "Push revision 2 to the review request",
    "Push revision 2",
    "Page the on-call too",
  );
  await page.reload();
  await expect(page.getByTestId("review-page")).toContainText("Revision 2");
  // "Changes since your last review": the diff from revision 1 (v2) to revision 2 (v3) only.
  await page.getByRole("link", { name: "Changes since your last review (revision 1)" }).click();
  await page.waitForURL(/since=1/);
  await expect(page.getByTestId("review-since")).toContainText("from revision 1 (v2) to revision 2 (v3)");
  await expect(page.getByTestId("review-page")).toContainText("then page the on-call.");
  await shootBoth(page, "review-since-last");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/screenshots/review-since-last-phone.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("link", { name: /Show all changes against v1/ }).click();
  await expect(page.getByTestId("review-since")).toHaveCount(0);
  // Resolving the only line thread takes the "unresolved" chip away.
  await expect(page.getByTestId("review-status")).toContainText("1 unresolved thread");
  await page.getByTestId("review-conversation").getByTestId("review-thread").getByRole("button", { name: "Resolve" }).click();
  await expect(page.getByTestId("review-status")).not.toContainText("unresolved");
  await decision.getByRole("button", { name: /Approve/ }).click();
  await expect(page.getByTestId("review-merged")).toContainText("v3");
  // History: v2 was replaced by revision 2 and never published; v3's changes count from v1.
  await page.goto(`/skills/${skillId}/versions`);
  const v2Row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Superseded revision" }) });
  await expect(v2Row).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Approved in review" })).toHaveCount(1);
  await shootBoth(page, "history-superseded");

  // On a phone, neither the inbox nor the review page scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const url of ["/reviews?box=all&state=all", requestUrl]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: "test-results/screenshots/review-page-phone.png", fullPage: true });

  // The playground and the download now have the approved version.
  expect(await playgroundVersion(grace.page)).toBe("v3");
  expect(await downloadedVersion(grace.page, skillId)).toBe("v3");
  expect(grace.errors).toEqual([]);
  await grace.close();
  expect(consoleErrors).toEqual([]);
});
