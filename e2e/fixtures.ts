import { test as base, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "skillshelf-demo";

/** The e2e server (playwright.config.ts starts it; E2E_PORT moves it). */
export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/** Fails the test on any console error or uncaught page error, with what was said. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
    },
    { auto: true },
  ],
});

export { expect };

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Sign in with valid credentials and open the app's home. The sign-in form has its own tests
 * (auth.spec.ts); everywhere else the session comes from the same endpoint the form posts to,
 * which spares two page loads per test. The browser context shares the response's cookie.
 * `home: false` skips the home page, for a test whose next step opens a page of its own (or only
 * sends requests): one page load fewer.
 */
export async function signInAs(page: Page, email: string, { password = DEMO_PASSWORD, home = true }: { password?: string; home?: boolean } = {}) {
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin: BASE_URL } });
  expect(response.status(), `sign-in as ${email}: ${await response.text()}`).toBe(200);
  if (!home) return;
  await page.goto("/");
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in") && url.pathname !== "/");
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
