import { defineConfig, devices } from "@playwright/test";
import { NO_CHROMIUM_MESSAGE, findChromium } from "./e2e/chromium";
import { E2E_DATABASE, E2E_OUTPUT_DIR, E2E_PORT as port } from "./e2e/instance";

const baseURL = `http://localhost:${port}`;
const executablePath = findChromium();
if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);

const readsSeedExactly = /(catalog|skill-list|shell)\.spec\.ts$/;

export default defineConfig({
  testDir: "./e2e",
  outputDir: E2E_OUTPUT_DIR,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      // The machine's network is closed: without these, Chromium keeps trying to reach its services.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // All specs share one seeded database. The ones that assert the seeded catalog exactly (counts,
  // orders) run first; the ones that upload, import, move or delete run after them.
  projects: [
    { name: "seeded-catalog", testMatch: readsSeedExactly, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    {
      name: "chromium",
      testIgnore: readsSeedExactly,
      dependencies: ["seeded-catalog"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: "npx tsx --conditions react-server scripts/e2e-server.ts",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATABASE_URL: `file:./${E2E_DATABASE}`,
      BETTER_AUTH_URL: baseURL,
      BETTER_AUTH_SECRET: "e2e-only-secret-not-for-production-0123456789",
      NEXT_TELEMETRY_DISABLED: "1",
      // e2e/notifications.spec.ts listens here with a real SMTP server; in other specs no mail goes out (no one listens, the job retries and gives up).
      SMTP_URL: `smtp://127.0.0.1:${port + 25}`,
      // The same spec's webhook receiver listens on loopback, which webhooks reach only with this.
      WEBHOOKS_ALLOW_LOCAL: "true",
    },
  },
});
