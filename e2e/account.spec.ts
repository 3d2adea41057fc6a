import type { Browser, Page } from "@playwright/test";
import { BASE_URL, expect, signInAs, test, uniqueEmail } from "./fixtures";

// A fresh account of its own: the seeded people's passwords and sessions stay as other specs expect.
const PASSWORD = "an unusual passphrase for the account spec";
const SHOTS = "test-results/screenshots";

async function otherBrowser(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1",
  });
  const page = await context.newPage();
  await signInAs(page, email, { password });
  return { page, close: () => context.close() };
}

async function expectSignedOut(page: Page) {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in/);
}

test("the account page changes one's name and password and signs out other sessions", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("account");
  const created = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Dana Scully", email, password: PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(created.status()).toBe(200);
  await signInAs(page, email, { password: PASSWORD, home: false });
  const phone = await otherBrowser(browser, email, PASSWORD);

  // Sessions: this one and the phone; sign the phone out.
  await page.goto("/account");
  const sessions = page.getByRole("list", { name: "Your sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").filter({ hasText: "This session" })).toContainText("Chrome on ");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SHOTS}/account-security-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByRole("button", { name: "Sign out the session on Safari on iOS" }).click();
  await expect(page.getByText("Signed out the session on Safari on iOS.")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expectSignedOut(phone.page);
  await phone.close();

  // Name.
  await page.getByLabel("Display name").fill("Dana K. Scully");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Name saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Display name")).toHaveValue("Dana K. Scully");

  // Password: the current one is checked, the policy applies, and other sessions end.
  const laptop = await otherBrowser(browser, email, PASSWORD);
  await page.getByLabel("Current password").fill("not my password at all");
  await page.getByLabel("New password").fill("a brand new passphrase 2026");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("That is not your current password.")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password").fill("password1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("#newPassword-error")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password").fill("a brand new passphrase 2026");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Every other session is signed out.")).toBeVisible();
  await expectSignedOut(laptop.page);
  await laptop.close();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/account-security-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(consoleErrors).toEqual([]);
});
