import { expect, signInAs, test } from "./fixtures";

// Access tokens expire: the form offers the lifetimes, the list says how long each has left.

test("a new token gets the chosen expiry, and the account page shows it", async ({ page, consoleErrors }) => {
  await signInAs(page, "grace@example.com", { home: false });
  await page.goto("/account");
  const name = `e2e expiring ${Date.now()}`;
  await page.getByRole("button", { name: "New token" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await expect(dialog.getByLabel("Expires after")).toHaveValue("90");
  await dialog.getByLabel("Expires after").selectOption("7");
  await dialog.getByRole("button", { name: "Create token" }).click();
  await expect(dialog).toContainText("expires in 7 days");
  await dialog.getByRole("button", { name: "Done" }).click();

  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("expires in 7 days");
  expect(consoleErrors).toEqual([]);
});

test("the API creates tokens that never expire only when asked", async ({ page }) => {
  await signInAs(page, "grace@example.com", { home: false });
  const standard = await (await page.request.post("/api/v1/tokens", { data: { name: "e2e default expiry", scope: "read" } })).json();
  const days = (Date.parse(standard.token.expiresAt) - Date.parse(standard.token.createdAt)) / 86_400_000;
  expect(Math.round(days)).toBe(90);
  const forever = await (await page.request.post("/api/v1/tokens", { data: { name: "e2e no expiry", scope: "read", expiresInDays: "never" } })).json();
  expect(forever.token.expiresAt).toBeNull();
  const odd = await page.request.post("/api/v1/tokens", { data: { name: "e2e odd", scope: "read", expiresInDays: 3 } });
  expect(odd.status()).toBe(400);
  expect((await odd.json()).error.message).toContain('Choose an expiry of 7, 30, 90, 365 days, or "never".');
});
