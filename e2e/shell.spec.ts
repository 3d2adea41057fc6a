import { expect, signIn, signInAs, test } from "./fixtures";

// The sign-in form is used once per theme (the first test, which shows it); the other tests take a
// session from the API (signInAs), as everywhere else.

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
      await expect(page.getByRole("main").getByText("Admin", { exact: true })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/account-${colorScheme}.png` });
      expect(consoleErrors).toEqual([]);
    });

    test("the header menus open, move, close and hand focus back like menus", async ({ page, consoleErrors }) => {
      await signInAs(page, "ada@example.com");
      await expect(page).toHaveURL(/\/skills$/);
      const account = page.getByRole("button", { name: "Account menu" });
      const theme = page.getByRole("button", { name: "Theme" });
      await expect(account).toHaveAttribute("aria-haspopup", "menu");

      // Pointer: opens, the menu is named by its trigger; a click on nothing in particular closes it onto the trigger.
      await account.click();
      await expect(account).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByRole("menu", { name: "Account menu" })).toContainText("ada@example.com");
      await page.getByRole("menuitem", { name: "Your account" }).hover();
      await page.screenshot({ path: `test-results/screenshots/menu-account-${colorScheme}.png` });
      await page.getByRole("heading", { name: "Skills", level: 1 }).click();
      await expect(page.getByRole("menu")).toBeHidden();
      await expect(account).toHaveAttribute("aria-expanded", "false");
      await expect(account).toBeFocused();

      // Keyboard: Space opens on the first item, arrows stop at the ends, Escape closes onto the trigger.
      await account.focus();
      await page.keyboard.press("Space");
      await expect(page.getByRole("menuitem", { name: "Your account" })).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(page.getByRole("menuitem", { name: "Your account" })).toBeFocused();
      await page.keyboard.press("End");
      await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toBeHidden();
      await expect(account).toBeFocused();

      // The theme menu: ArrowDown opens it; the current theme is the checked radio item.
      await theme.focus();
      await page.keyboard.press("ArrowDown");
      const menu = page.getByRole("menu", { name: "Theme" });
      await expect(menu.getByRole("group", { name: "Theme" })).toBeVisible();
      await expect(page.getByRole("menuitemradio", { name: "Light" })).toBeFocused();
      await expect(page.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");
      await expect(page.getByRole("menuitemradio", { name: "Light" })).toHaveAttribute("aria-checked", "false");
      await page.screenshot({ path: `test-results/screenshots/menu-theme-${colorScheme}.png` });
      // Opening the other menu closes this one.
      await account.click();
      await expect(page.getByRole("menu")).toHaveCount(1);
      await expect(page.getByRole("menu", { name: "Account menu" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(account).toBeFocused();

      // Enter on an item chooses it, closes the menu and puts focus back on the trigger.
      await theme.focus();
      await page.keyboard.press("Enter");
      // The menu renders its items when it opens: wait for focus to land before moving it.
      await expect(page.getByRole("menuitemradio", { name: "Light" })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("menuitemradio", { name: "Dark" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await expect(page.getByRole("menu")).toBeHidden();
      await expect(theme).toBeFocused();
      await theme.click();
      await expect(page.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
      await page.getByRole("menuitemradio", { name: "System" }).click();
      await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /\blight\b/);

      // The account link navigates and closes the menu.
      await account.click();
      await page.getByRole("menuitem", { name: "Your account" }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole("menu")).toBeHidden();
      expect(consoleErrors).toEqual([]);
    });
  });
}

test("the theme menu switches to dark mode and remembers it", async ({ page }) => {
  await signInAs(page, "grace@example.com");
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
  expect(await response.json()).toEqual({ ok: true, database: "ok", storage: "ok" });
});

test("keyboard users can reach the account menu and sign out", async ({ page }) => {
  await signInAs(page, "grace@example.com");
  await expect(page).toHaveURL(/\/skills$/);
  await page.getByRole("button", { name: "Account menu" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Your account" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sign-in/);
});
