// Single sign-on against a real OpenID provider (e2e/oidc-provider.ts) on 127.0.0.1: a second
// app server is started here with the OIDC_* keys, on its own port and seeded database, because
// those keys are read when the server starts.
import { spawn, type ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test as base, type Browser, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { E2E_OUTPUT_DIR, E2E_PORT } from "./instance";
import { OIDC_CLIENT, person, startOidcProvider } from "./oidc-provider";

const root = path.resolve(import.meta.dirname, "..");
const APP_PORT = E2E_PORT + 10;
const IDP_PORT = E2E_PORT + 700;
const APP = `http://localhost:${APP_PORT}`;
const SHOTS = "test-results/screenshots";

type App = { server: ChildProcess; database: string; stop: () => Promise<void> };

async function startApp(name: string, env: Record<string, string>): Promise<App> {
  const database = path.join(root, E2E_OUTPUT_DIR, `${name}.db`);
  const server = spawn(path.join(root, "node_modules/.bin/tsx"), ["--conditions", "react-server", "scripts/e2e-server.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      DATABASE_URL: `file:${database}`,
      BETTER_AUTH_URL: APP,
      BETTER_AUTH_SECRET: "sso-e2e-only-secret-not-for-production-0123456789",
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => server.on("exit", () => resolve()));
  await expect.poll(async () => (await fetch(`${APP}/api/health`).catch(() => null))?.status, { timeout: 90_000, intervals: [250] }).toBe(200);
  return {
    server,
    database,
    stop: async () => {
      server.kill("SIGTERM");
      await exited;
      await Promise.all(["", "-wal", "-shm"].map((suffix) => rm(database + suffix, { force: true })));
    },
  };
}

/** Through the provider's development login and consent screens, back to the app. */
async function signInThroughProvider(page: Page, login: string) {
  // The provider's development screens load a web font from Google: unreachable here, an error in the console.
  await page.context().route("https://fonts.googleapis.com/**", (route) => route.fulfill({ contentType: "text/css", body: "" }));
  await page.goto(`${APP}/sign-in`);
  await page.getByRole("button", { name: "Sign in with Acme ID" }).click();
  await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${IDP_PORT}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

function accounts(database: string, email: string) {
  const db = new Database(database, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(`SELECT u.id, u.role, a.providerId FROM "user" u JOIN account a ON a.userId = u.id WHERE u.email = ? ORDER BY a.providerId`)
      .all(email) as Array<{ id: string; role: string; providerId: string }>;
  } finally {
    db.close();
  }
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

let idp: Awaited<ReturnType<typeof startOidcProvider>>;
base.beforeAll(async () => {
  idp = await startOidcProvider(IDP_PORT, `${APP}/api/auth/callback/oidc`);
});
base.afterAll(async () => {
  await idp?.close();
});

const oidcEnv = () => ({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: OIDC_CLIENT.id, OIDC_CLIENT_SECRET: OIDC_CLIENT.secret, OIDC_DISPLAY_NAME: "Acme ID" });

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("signing in through the OpenID provider makes, finds and links accounts, within the domain policy", async ({ page, browser, consoleErrors }) => {
  const app = await startApp(`sso-${APP_PORT}`, { ...oidcEnv(), SIGNUP_POLICY: "domains", SIGNUP_ALLOWED_DOMAINS: "example.com" });
  try {
    await page.goto(`${APP}/sign-in`);
    await expect(page.getByLabel("Password")).toBeVisible();
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /\blight\b/);
      await page.screenshot({ path: `${SHOTS}/sign-in-sso-${colorScheme}.png` });
    }
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${APP}/sign-up`);
    await expect(page.getByText("Sign-up is open to addresses at example.com. With an invite link, any address works.")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/sign-up-domains-sso-light.png` });

    // A new person: an account is made on first sign-in, from the provider's email and name.
    const sam = person("sam");
    await signInThroughProvider(page, "sam");
    await page.waitForURL(`${APP}/skills`);
    await page.goto(`${APP}/account`);
    await expect(page.getByText(sam.email)).toBeVisible();
    await expect(page.getByText("You sign in with Acme ID")).toBeVisible();
    const first = accounts(app.database, sam.email);
    expect(first).toEqual([{ id: expect.any(String), role: "USER", providerId: "oidc" }]);

    // Again, in a new browser: the same account.
    const again = await freshPage(browser);
    await signInThroughProvider(again.page, "sam");
    await again.page.waitForURL(`${APP}/skills`);
    await again.close();
    expect(accounts(app.database, sam.email)).toEqual(first);

    // Grace already has a password account: the provider vouches for her email, so it is linked.
    const grace = await freshPage(browser);
    await signInThroughProvider(grace.page, "grace");
    await grace.page.waitForURL(`${APP}/skills`);
    await grace.close();
    expect(accounts(app.database, "grace@example.com").map((row) => row.providerId)).toEqual(["credential", "oidc"]);

    // Outside the allowed domain: no account, and the sign-in page says why.
    const mallory = await freshPage(browser);
    await signInThroughProvider(mallory.page, "mallory");
    await mallory.page.waitForURL(/\/sign-in\?error=SIGN_UP_NOT_ALLOWED/);
    await expect(mallory.page.getByRole("alert").filter({ hasText: "Sign-up" })).toHaveText("Sign-up is open to addresses at example.com.");
    await mallory.close();
    expect(accounts(app.database, person("mallory").email)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  } finally {
    await app.stop();
  }
});

test("SSO_ONLY leaves only the provider's button, and the password endpoints refuse", async ({ page, consoleErrors }) => {
  const app = await startApp(`sso-only-${APP_PORT}`, { ...oidcEnv(), SSO_ONLY: "true", SIGNUP_POLICY: "invite-only" });
  try {
    await page.goto(`${APP}/sign-in`);
    await expect(page.getByRole("button", { name: "Sign in with Acme ID" })).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/sign-in-sso-only-light.png` });
    await page.goto(`${APP}/sign-up`);
    await expect(page.getByText("Accounts on this instance come from Acme ID")).toBeVisible();
    await expect(page.getByText("By invitation only")).toHaveCount(0);
    await expect(page.getByLabel("Password")).toHaveCount(0);
    const refused = await page.request.post(`${APP}/api/auth/sign-in/email`, {
      data: { email: "ada@example.com", password: "skillshelf-demo" },
      headers: { origin: APP },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe("Passwords are off on this instance: sign in with Acme ID.");
    expect(consoleErrors).toEqual([]);
  } finally {
    await app.stop();
  }
});
