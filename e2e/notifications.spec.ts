import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { startSmtpServer } from "../lib/test/smtp-server";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhookSignature } from "../lib/notifications/webhook";
import { expect, signInAs, test } from "./fixtures";
import { E2E_PORT } from "./instance";
import { openManage, SHOTS, shootBoth, skillMd, zipOf } from "./upload-helpers";

// Notifications end to end: grace creates a team skill, ada adds a team webhook and publishes a
// new version of it; grace's bell shows it, the SMTP server the test runs gets her e-mail, and a
// receiver checks the webhook's HMAC with the secret the team page showed once.

async function upload(page: Page, name: string, body: string) {
  const response = await page.request.post("/api/upload/commit", {
    multipart: {
      file: { name: "skill.zip", mimeType: "application/zip", buffer: zipOf({ [`${name}/SKILL.md`]: skillMd(name, body) }) },
      scope: "team",
      team: "Platform",
      // With a message, an upload of a name the team has is its next version.
      message: body.slice(0, 40),
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).skills[0].skillId as string;
}

test("a change to your skill reaches the bell, your inbox by SMTP, and the team's signed webhook", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(120_000);
  const smtp = await startSmtpServer(E2E_PORT + 25);
  const posts: { body: string; signature: string; timestamp: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      posts.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: String(req.headers[SIGNATURE_HEADER]),
        timestamp: String(req.headers[TIMESTAMP_HEADER]),
      });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const name = `e2e-notify-${Date.now() % 1e6}`;
    const grace = await browser.newPage();
    await signInAs(grace, "grace@example.com", { home: false });
    const skillId = await upload(grace, name, "First version.");

    // Ada adds the webhook on the team page; its secret is shown once.
    await signInAs(page, "ada@example.com", { home: false });
    await page.goto("/teams");
    await page.getByRole("link", { name: "Platform" }).first().click();
    await page.waitForURL(/\/teams\/[^/]+$/);
    const teamUrl = page.url();
    // A URL to the metadata service is refused and stays in the field to be fixed.
    await page.getByLabel("Webhook URL").fill("http://169.254.169.254/latest");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByText(/resolves to 169\.254\.169\.254, the cloud metadata address, which webhooks may not post to/)).toBeVisible();
    await expect(page.getByLabel("Webhook URL")).toHaveValue("http://169.254.169.254/latest");
    await page.getByLabel("Webhook URL").fill(hookUrl);
    await page.getByRole("button", { name: "Add webhook" }).click();
    const secret = await page.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);

    await upload(page, name, "Second version, with SECRET-CONTENT-MARKER.");

    // The bell: one unread for grace.
    await grace.goto("/skills");
    await expect(grace.getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible();
    await grace.getByRole("link", { name: "Notifications, 1 unread" }).click();
    await grace.waitForURL("**/notifications");
    const item = grace.getByRole("list", { name: "Notifications" }).getByRole("button", { name: new RegExp(`Ada Lovelace published version 2 of ${name}`) });
    await expect(item).toBeVisible();
    await shootBoth(grace, "notifications");
    await grace.setViewportSize({ width: 390, height: 844 });
    expect(await grace.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await grace.screenshot({ path: `${SHOTS}/notifications-390.png`, fullPage: true });
    await grace.setViewportSize({ width: 1280, height: 800 });
    await item.click();
    await grace.waitForURL(`**/skills/${skillId}`);
    await expect(grace.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();

    // E-mail to grace: the title and a link, not the skill's content.
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes("grace@example.com")).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const mail = smtp.received.find((m) => m.to.includes("grace@example.com"))!;
    // The body is quoted-printable: its soft line breaks ("=" at a line's end) split long URLs.
    const text = mail.raw.replace(/=\r?\n/g, "");
    expect(text).toContain(`Ada Lovelace published version 2 of ${name}`);
    expect(text).toContain(`/skills/${skillId}`);
    expect(text).not.toContain("SECRET-CONTENT-MARKER");

    // The webhook: Slack-compatible JSON whose signature verifies with the secret shown once.
    await expect.poll(() => posts.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const post = posts.find((p) => p.body.includes(name))!;
    expect(verifyWebhookSignature(secret, post.timestamp, post.body, post.signature)).toBe(true);
    expect(JSON.parse(post.body).text).toContain(`Ada Lovelace published version 2 of ${name}`);
    expect(post.body).not.toContain("SECRET-CONTENT-MARKER");

    // The delivery log on the team page. The job marks the delivery delivered once the receiver has
    // answered, which may be just after the post arrived: reload (a goto to the same URL with a hash
    // would only scroll) until it shows.
    await page.goto(`${teamUrl}#webhooks`);
    const log = page.getByRole("list", { name: "Delivery log" });
    await expect(async () => {
      await page.reload();
      await expect(log.getByText("Delivered").first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(log.getByText(`Ada Lovelace published version 2 of ${name}`)).toBeVisible();
    await page.locator("#webhooks").scrollIntoViewIfNeeded();
    await shootBoth(page, "team-webhooks");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator("#webhooks").screenshot({ path: `${SHOTS}/team-webhooks-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: `Remove the webhook to ${hookUrl}` }).click();
    await expect(page.getByRole("region", { name: `Webhook to ${hookUrl}` })).toHaveCount(0);
    await expect(log).toHaveCount(0);
    await grace.close();
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await smtp.close();
  }
  expect(consoleErrors).toEqual([]);
});

test("the Download tab and the account page offer Codex beside Claude Code", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  const name = `e2e-codex-${Date.now() % 1e6}`;
  const id = await upload(page, name, "For Codex.");
  const dialog = await openManage(page, { id, name });
  await dialog.getByRole("tab", { name: "Download" }).click();
  await expect(dialog.getByTestId("sync-command")).toContainText("sync --claude --url");
  await dialog.getByRole("radio", { name: /Codex ~\/\.codex\/skills/ }).check();
  await expect(dialog.getByTestId("sync-command")).toContainText("sync --codex --url");
  await expect(dialog.getByRole("radio", { name: new RegExp(`~/.codex/skills/${name}/`) })).toBeVisible();
  await shootBoth(page, "download-codex");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/download-codex-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto("/account");
  await expect(page.getByTestId("codex-mcp-config")).toContainText('bearer_token_env_var = "SKILLSHELF_TOKEN"');
  await page.getByTestId("codex-mcp-config").scrollIntoViewIfNeeded();
  await shootBoth(page, "account-codex");
  expect(consoleErrors).toEqual([]);
});
