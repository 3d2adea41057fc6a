import type { Page } from "@playwright/test";
import { BASE_URL, expect, signInAs, test } from "./fixtures";
import { skillIdByName } from "./skill-helpers";
import { skillMd } from "./upload-helpers";

// Security headers on every response, and the app's own features working under its CSP: every
// Content-Security-Policy violation a page reports (event or console) fails the test.

function expectSecurityHeaders(response: { headers(): Record<string, string> } | null, what: string) {
  const headers = response?.headers() ?? {};
  expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"], what).toContain("img-src 'self' data: blob:");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
}

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

test("pages and API routes carry the security headers", async ({ request }) => {
  expectSecurityHeaders(await request.get("/sign-in"), "a page");
  expectSecurityHeaders(await request.get("/api/health"), "an API route");
  expectSecurityHeaders(await request.get("/api/v1/skills"), "an API error");
  expectSecurityHeaders(await request.get("/no-such-page"), "a 404 page");
});

test("another site cannot frame the app", async ({ page }) => {
  await page.route("http://framer.invalid/", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>framer</title><iframe name="victim" src="${BASE_URL}/sign-in" width="800" height="600"></iframe>`,
    }),
  );
  // The page's load event (which goto waits for) comes after its frame's: by then the frame holds
  // its document, the form or the error page Chromium shows in its place. A framed form is the failure.
  await page.goto("http://framer.invalid/");
  const victim = page.frame({ name: "victim" });
  const framedText = victim ? await victim.evaluate(() => document.body?.innerText ?? "").catch(() => "") : "";
  expect(framedText).not.toContain("Sign in to Skillshelf");
});

test("the app's features run under its CSP: list, highlighted code, editor, upload, playground, theme", async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(page);
  // Leaving the editor with an unsaved draft asks first.
  page.on("dialog", (dialog) => void dialog.accept());
  await signInAs(page, "ada@example.com", { home: false });

  expectSecurityHeaders(await page.goto("/skills"), "the list");
  await expect(page.getByRole("heading", { name: "Skills", level: 1 })).toBeVisible();

  const id = encodeURIComponent(skillIdByName("deploy-checklist", "TEAM"));
  expectSecurityHeaders(await page.goto(`/skills/${id}?view=source`), "the skill page");
  // shiki's highlighted source sets colours with inline styles
  await expect(page.locator("main code span[style*='--shiki']").first()).toBeVisible();

  expectSecurityHeaders(await page.goto(`/skills/${id}/edit`), "the editor");
  // CodeMirror loads lazily: slow on a busy machine.
  await expect(page.locator(".cm-content")).toBeVisible({ timeout: 30_000 });
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("\nA line typed under the CSP.\n");
  await expect(page.getByTestId("preview")).toContainText("A line typed under the CSP.");

  await page.goto("/skills");
  await page.getByRole("button", { name: "Upload skills" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload skills" });
  await dialog.getByRole("tab", { name: "Paste SKILL.md" }).click();
  await dialog.getByRole("textbox", { name: "SKILL.md" }).fill(skillMd("e2e-csp-paste"));
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByText("e2e-csp-paste").first()).toBeVisible();
  await page.keyboard.press("Escape");

  expectSecurityHeaders(await page.goto("/playground"), "the playground");
  const message = page.getByRole("combobox", { name: "Message" });
  await message.fill("Help me write a deploy checklist");
  await message.press("Enter");
  await expect(
    page
      .getByTestId("assistant-message")
      .first()
      .getByRole("region", { name: /^Disclosure ledger · turn \d+$/ }),
  ).toBeVisible({ timeout: 30_000 });

  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload();
  // next-themes' inline script sets the class before React hydrates
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemradio", { name: "System" }).click();

  expect(violations).toEqual([]);
  expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
});

test("bad requests get a 4xx, not a 500: broken escapes, cross-origin and oversized server actions", async ({ page, request }) => {
  await signInAs(page, "ada@example.com", { home: false });
  const id = encodeURIComponent(skillIdByName("deploy-checklist", "TEAM"));
  for (const path of [
    `/api/skills/${id}/files/%c0%ae`,
    `/api/skills/${id}/files/%c0%ae%c0%ae/SKILL.md`,
    `/api/skills/${id}/download/%ff`,
    "/skills/%c0%ae",
    `/skills/${id}/v/%c0%ae`,
  ]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeGreaterThanOrEqual(400);
    expect(response.status(), path).toBeLessThan(500);
  }
  // In the query a broken escape decodes to U+FFFD: a file name the version lacks, which the page
  // shows in its file pane rather than as a 404 (ui-defects.spec.ts).
  const brokenFile = await page.request.get(`/skills/${id}?file=%c0%ae`, { maxRedirects: 0 });
  expect(brokenFile.status()).toBe(200);
  expect(await brokenFile.text()).toContain("No file");
  // Auth routes too, read and write (the proxy sees them only when their path holds a "%").
  for (const path of ["/api/auth/%c0%ae", "/api/auth/sign-in/%c0%ae%c0%ae"]) {
    for (const response of [await request.get(path), await request.post(path, { headers: { Origin: BASE_URL }, data: {} })]) {
      expect(response.status(), path).toBe(400);
    }
  }
  expect((await request.get("/api/auth/get-session")).status()).toBe(200);

  // The sign-in form's server action id, as its own page carries it.
  const html = await (await request.get("/sign-in")).text();
  const actionId = /\{&quot;id&quot;:&quot;([0-9a-f]+)&quot;/.exec(html)?.[1];
  expect(actionId).toBeTruthy();
  const host = new URL(BASE_URL).host;
  const crossOrigin = await request.post("/sign-in", {
    headers: { "Next-Action": actionId!, Origin: "http://evil.example", Host: host, "Content-Type": "text/plain;charset=UTF-8" },
    data: "[]",
  });
  expect(crossOrigin.status()).toBe(403);
  expect(await crossOrigin.text()).toContain("Cross-origin form submissions are refused");

  const oversized = await request.post("/sign-in", {
    headers: { "Next-Action": actionId!, Origin: BASE_URL, "Content-Type": "multipart/form-data; boundary=x" },
    data: Buffer.alloc(28 * 1024 * 1024, 0x61),
  });
  expect(oversized.status()).toBe(413);
  expect(await oversized.text()).toMatch(/^This submission is 28\.0 MB; one save or form can send at most 27\.0 MB/);
});
