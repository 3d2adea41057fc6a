import { BASE_URL, expect, signIn, test, uniqueEmail } from "./fixtures";

test.describe("accounts", () => {
  test("sign up, sign out, and sign in again", async ({ page }) => {
    const email = uniqueEmail("newcomer");
    await page.goto("/sign-up");
    await page.getByLabel("Name").fill("Newcomer Test");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create account" }).click();

    // Sign-up then sign-in: two password hashes before the redirect.
    await expect(page).toHaveURL(/\/skills$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "Skills", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Skills" })).toHaveAttribute("aria-current", "page");

    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menu")).toContainText(email);
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto("/skills");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fskills/);

    await signIn(page, email, "correct horse battery");
    await expect(page).toHaveURL(/\/skills$/);
    await page.goto("/account");
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText("Member", { exact: true })).toBeVisible();
  });

  test("a signed-out visit to a protected page lands on sign-in and returns there after", async ({ page }) => {
    for (const path of ["/skills", "/playground", "/teams", "/account"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/sign-in\\?next=${encodeURIComponent(path)}$`));
    }
    await page.goto("/sign-in?next=%2Fteams");
    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByLabel("Password").fill("skillshelf-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/teams$/);
    await expect(page.getByRole("heading", { name: "Teams", level: 1 })).toBeVisible();
  });

  test("an off-site next parameter is ignored", async ({ page }) => {
    await page.goto("/sign-in?next=%2F%2Fevil.example.com%2F");
    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByLabel("Password").fill("skillshelf-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/skills`);
  });

  test("a next parameter the browser would turn into another host is ignored, and odd encodings never fail", async ({ page, request }) => {
    // Browsers drop the tab, so "/\t/evil.example" would become "//evil.example".
    await page.goto("/sign-in?next=/%09/evil.example");
    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByLabel("Password").fill("skillshelf-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/skills`);

    // Signed in, /sign-in redirects straight to next: each encoding must land on this site.
    for (const next of [
      "/%09/evil.example",
      "/%0a/evil.example",
      "/%0d%0a/evil.example",
      "/%E3%80%82/evil.example",
      "/%5C/evil.example",
      "/.//evil.example",
      "/x&next=//evil.example",
    ]) {
      const response = await page.request.get(`/sign-in?next=${next}`, { maxRedirects: 0 });
      expect(response.status(), next).toBe(307);
      const location = new URL(response.headers()["location"]!, BASE_URL);
      expect(location.origin, next).toBe(BASE_URL);
    }
    // Signed out, the form renders (no 500) and carries only a safe path.
    for (const next of ["/%0a/evil.example", "/%E3%80%82/evil.example", "%c0%ae%c0%ae/"]) {
      const response = await request.get(`/sign-in?next=${next}`);
      expect(response.status(), next).toBe(200);
    }
  });

  test("a wrong password shows an error and creates no session", async ({ page, context }) => {
    await signIn(page, "ada@example.com", "not-the-password");
    await expect(page.locator("form").getByRole("alert")).toHaveText("That email and password don't match an account.");
    await expect(page.getByLabel("Email")).toHaveValue("ada@example.com");
    const cookies = await context.cookies();
    expect(cookies.filter((cookie) => cookie.name.includes("session_token"))).toEqual([]);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("sign-up problems are explained inline and nothing is created", async ({ page }) => {
    await page.goto("/sign-up");
    const name = page.getByLabel("Name");
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password");
    const submit = page.getByRole("button", { name: "Create account" });

    await name.fill("Someone");
    await email.fill("not-an-email");
    await password.fill("long enough password");
    await submit.click();
    await expect(page.getByText("Enter a valid email address, like ada@example.com.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

    const shortEmail = uniqueEmail("short");
    await page.getByLabel("Email").fill(shortEmail);
    await page.getByLabel("Password").fill("short");
    await submit.click();
    await expect(page.getByText("Use at least 8 characters.")).toBeVisible();

    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByLabel("Password").fill("a new password");
    await submit.click();
    await expect(page.getByText("We couldn't create an account with these details. If you already have one, sign in instead.")).toBeVisible();

    // Neither failed attempt left an account behind.
    await signIn(page, shortEmail, "short");
    await expect(page.locator("form").getByRole("alert")).toHaveText("That email and password don't match an account.");
    await signIn(page, "grace@example.com", "a new password");
    await expect(page.locator("form").getByRole("alert")).toHaveText("That email and password don't match an account.");
  });

  test("sign-in problems are explained inline", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter a valid email address, like ada@example.com.")).toBeVisible();
    await expect(page.getByText("Enter your password.")).toBeVisible();
  });
});
