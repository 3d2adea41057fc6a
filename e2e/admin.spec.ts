import { readFile } from "node:fs/promises";
import { request as playwrightRequest, type Page } from "@playwright/test";
import { BASE_URL, DEMO_PASSWORD, expect, signInAs, test, uniqueEmail } from "./fixtures";

// The admin console as an instance admin uses it: find an account, disable it (its token and its
// open session stop at once, its sign-in is refused with the reason), re-enable it, then find
// that in the audit trail and export it. Screenshots of each tab, light, dark and at 390 px.

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });

test("an admin disables and re-enables an account, then finds and exports it in the audit trail", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(90_000);
  // Someone with a token and an open browser session.
  const email = uniqueEmail("e2e-disabled");
  const name = `Dana Example ${Date.now()}`;
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  expect((await api.post("/api/auth/sign-up/email", { data: { name, email, password: DEMO_PASSWORD } })).status()).toBe(200);
  expect((await api.post("/api/auth/sign-in/email", { data: { email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const { secret } = await (await api.post("/api/v1/tokens", { data: { name: "e2e admin", scope: "read" } })).json();
  const bearer = { Authorization: `Bearer ${secret}` };
  const anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL });
  expect((await anonymous.get("/api/v1/skills", { headers: bearer })).status()).toBe(200);
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await signInAs(theirPage, email, { home: false });
  // Not an admin: the console and its export do not exist for them, or for nobody signed in.
  expect((await theirPage.goto("/admin"))?.status()).toBe(404);
  expect((await theirPage.request.get("/api/admin/audit?format=csv")).status()).toBe(404);
  expect((await anonymous.get("/api/admin/audit?format=csv")).status()).toBe(401);

  await signInAs(page, "ada@example.com");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
  await expect(page.getByRole("heading", { name: "Administration" })).toBeVisible();
  await shot(page, "admin-users-light");
  await page.getByRole("searchbox", { name: "Search" }).fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  const accounts = page.getByRole("list", { name: "Accounts" });
  await expect(accounts.getByRole("listitem")).toHaveCount(1);
  await accounts.getByRole("button", { name: `Disable ${name}` }).click();
  await expect(page.getByRole("dialog")).toContainText("signed out everywhere at once");
  await page.getByRole("dialog").getByRole("button", { name: "Disable account" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(accounts.getByText("Disabled", { exact: true })).toBeVisible();

  // At once: the token is refused, the open session is gone, and signing in says why.
  expect((await anonymous.get("/api/v1/skills", { headers: bearer })).status()).toBe(401);
  await theirPage.goto("/skills");
  await expect(theirPage).toHaveURL(/\/sign-in/);
  await theirPage.getByLabel("Email").fill(email);
  await theirPage.getByLabel("Password").fill(DEMO_PASSWORD);
  await theirPage.getByRole("button", { name: "Sign in" }).click();
  await expect(theirPage.getByText("This account is disabled. Ask an instance admin to re-enable it.")).toBeVisible();

  // The last admin is protected: ada cannot disable herself.
  await page.goto("/admin?q=ada%40example.com");
  await page.getByRole("button", { name: /^Disable Ada/ }).click();
  await expect(page.getByRole("dialog")).toContainText("You cannot disable your own account");
  await expect(page.getByRole("dialog").getByRole("button", { name: "Disable account" })).toBeDisabled();
  await page.keyboard.press("Escape");

  await page.goto(`/admin?q=${encodeURIComponent(email)}`);
  await accounts.getByRole("button", { name: `Re-enable ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Re-enable account" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(accounts.getByText("Disabled", { exact: true })).toBeHidden();
  expect((await anonymous.get("/api/v1/skills", { headers: bearer })).status()).toBe(200);

  // The audit trail, filtered to account changes by ada, links to the account; the CSV holds the same.
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Audit trail" }).click();
  await page.getByLabel("Actor").fill("ada@example.com");
  await page.getByLabel("Action").selectOption("user.");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/action=user\./);
  const events = page.getByRole("list", { name: "Audit events" });
  // The affected account by its name (issue 42: names, not raw ids), linked to its row by e-mail.
  await expect(events.getByRole("listitem").filter({ hasText: name })).toHaveCount(2);
  await expect(events.getByRole("listitem").first()).toContainText("user.enable");
  await expect(events.getByRole("link", { name }).first()).toHaveAttribute("href", `/admin?q=${encodeURIComponent(email)}`);
  await shot(page, "admin-audit-light");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^skillshelf-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "time,action,actor_id,actor_email,actor_name,skill_id,skill_name,version,team_id,team_name,user_id,user_email,summary,detail",
  );
  expect(csv).toMatch(new RegExp(`user\\.disable,[^\\r\\n]*ada@example\\.com[^\\r\\n]*${email.replace(/[.]/g, "\\.")}`));
  expect(csv).not.toContain("skill.download");

  // Settings: team creation saves (and is put back), the environment's settings show their source.
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByText("SIGNUP_POLICY", { exact: true })).toBeVisible();
  await expect(page.getByText(/In production set SIGNUP_POLICY=invite-only/)).toBeVisible();
  const teams = page.getByRole("form", { name: "Who may create teams" });
  await teams.getByLabel("Instance admins only").check();
  await teams.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Team creation setting saved.")).toBeVisible();
  await teams.getByLabel("Anyone signed in").check();
  await teams.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Team creation setting saved.")).toHaveCount(2);
  // Script execution turns off and on again (skill-run.spec.ts needs it on).
  const scripts = page.getByRole("form", { name: "Run skill scripts in the playground" });
  await scripts.getByRole("radio", { name: /^Off / }).check();
  await scripts.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Script execution turned off.")).toBeVisible();
  await scripts.getByRole("radio", { name: /^On / }).check();
  await scripts.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Script execution turned on.")).toBeVisible();
  await shot(page, "admin-settings-light");

  await page.emulateMedia({ colorScheme: "dark" });
  for (const [path, shotName] of [
    ["/admin", "admin-users-dark"],
    ["/admin/audit", "admin-audit-dark"],
    ["/admin/settings", "admin-settings-dark"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await shot(page, shotName);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/admin", "/admin/audit", "/admin/settings"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/admin");
  await shot(page, "admin-users-390");

  await Promise.all([api.dispose(), anonymous.dispose(), theirs.close()]);
  expect(consoleErrors).toEqual([]);
});
