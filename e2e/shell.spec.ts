import { expect, signIn, test } from "./fixtures";

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test("sign-in and the app shell render without console errors", async ({ page, consoleErrors }) => {
      await page.goto("/sign-in");
      await expect(page.getByRole("heading", { name: "Sign in to Skillshelf" })).toBeVisible();
      await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /\blight\b/);
      await page.screenshot({ path: `test-results/screenshots/sign-in-${colorScheme}.png` });

      await signIn(page, "ada@example.com");
      await expect(page).toHaveURL(/\/skills$/);
      await expect(page.getByRole("list", { name: "Skills" }).getByRole("link", { name: "deploy-checklist" })).toBeVisible();
      for (const name of ["Skills", "Playground", "Teams"]) {
        await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name })).toBeVisible();
      }
      await page.screenshot({ path: `test-results/screenshots/shell-${colorScheme}.png` });

      await page.goto("/account");
      await expect(page.getByText("Admin", { exact: true })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/account-${colorScheme}.png` });
      expect(consoleErrors).toEqual([]);
    });
  });
}

test("the theme menu switches to dark mode and remembers it", async ({ page }) => {
  await signIn(page, "grace@example.com");
  await expect(page).toHaveURL(/\/skills$/);
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
});

test("the health endpoint reports the database", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true, database: "ok" });
});

test("keyboard users can reach the account menu and sign out", async ({ page }) => {
  await signIn(page, "grace@example.com");
  await expect(page).toHaveURL(/\/skills$/);
  await page.getByRole("button", { name: "Account menu" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sign-in/);
});
