import type { Locator, Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { ask } from "./playground-helpers";
import { SHOTS } from "./upload-helpers";

// skill_run end to end with the offline router: the built-in csv-insights skill's profiler runs in
// the sandbox on an attached CSV, its findings and chart are stored with the answer and come back
// after a reload, and a failing run's exit code and stderr reach the card and the ledger. It needs
// bubblewrap: where the sandbox cannot run, the setup panel says why and this test fails with it.

const SALES = "region,month,units,revenue\nnorth,2026-01,12,1200\nsouth,2026-01,9,900\nNorth,2026-02,15,1500\neast,2026-02,,700\nsouth,2026-03,11,1100\n";

async function expectProfile(page: Page, answer: Locator) {
  const card = answer.getByTestId("run-card");
  await expect(card.getByTestId("run-command")).toContainText("python3 scripts/profile_csv.py inputs/sales.csv");
  await expect(card.getByTestId("run-exit")).toHaveText("exit 0");
  const findings = card.getByTestId("run-file").filter({ hasText: "out/findings.md" });
  // The report reads rendered (a heading and a table), not as raw Markdown.
  const report = findings.getByLabel("Contents of out/findings.md");
  await expect(report.getByRole("heading", { name: "Findings: sales.csv" })).toBeVisible();
  await expect(report.getByRole("row", { name: /units number/ })).toBeVisible();
  await expect(report).not.toContainText("# Findings");
  await expect(findings).toContainText("case or spacing variants of the same label: North, north");
  // The chart is an <img> of the owner-only file route (its SVG markup never enters the page), and it loaded.
  const chart = card.getByRole("img", { name: "out/chart.svg" });
  await expect(chart).toBeVisible();
  await expect.poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId("attachment-chip").filter({ hasText: "sales.csv" }).first()).toBeVisible();
}

test("a skill script runs on an attached CSV; its findings and chart survive a reload; a failing run shows its exit code and stderr", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  await signInAs(page, "ada@example.com");
  await page.goto("/playground");
  const status = page.getByTestId("execution-status");
  await expect(status).toBeVisible();
  const said = (await status.textContent()) ?? "";
  expect(said, `skill_run needs the sandbox (bubblewrap): the playground says "${said}"`).toMatch(/^On ·/);

  await page.locator('input[type="file"]').setInputFiles({ name: "sales.csv", mimeType: "text/csv", buffer: Buffer.from(SALES) });
  await expect(page.getByTestId("attachment-chip").filter({ hasText: "sales.csv" })).toBeVisible();

  // The router picks csv-insights for the request, loads it, then runs the backticked command of its scripts/.
  const first = await ask(page, "Profile this CSV file: `python3 scripts/profile_csv.py inputs/sales.csv`");
  await expectProfile(page, first);
  // The rendered findings, light and dark and on a phone (issue 42: they showed as raw Markdown).
  const findingsCard = first.getByTestId("run-file").filter({ hasText: "out/findings.md" });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await findingsCard.screenshot({ path: `${SHOTS}/skill-run-findings-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await findingsCard.scrollIntoViewIfNeeded();
  await findingsCard.screenshot({ path: `${SHOTS}/skill-run-findings-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(first.getByTestId("ledger").getByRole("list", { name: "Scripts run" })).toContainText("exit 0");
  await expect(first.getByTestId("ledger").getByLabel("Totals")).toContainText("Run output");

  await page.reload();
  await expectProfile(page, page.getByTestId("assistant-message").first());
  // A file the script wrote is served with the sandbox's own CSP, not the page's: opened directly
  // (the chart is an SVG, a document that could run script), it can run nothing.
  const chartUrl = await page.getByTestId("run-card").first().getByRole("img", { name: "out/chart.svg" }).getAttribute("src");
  const served = await page.request.get(chartUrl!);
  expect(served.headers()["content-security-policy"]).toBe("sandbox; default-src 'none'");
  expect(served.headers()["content-disposition"]).toMatch(/^attachment/);
  await expect(page.getByTestId("attachment-chip").getByRole("link", { name: /sales\.csv/ })).toHaveAttribute("href", /^\/api\/playground\/files\//);
  await page
    .getByTestId("run-card")
    .first()
    .screenshot({ path: `${SHOTS}/skill-run-card.png` });

  // A failing run: the script's exit code and stderr come back to the card and the ledger.
  const second = await ask(page, "Profile the other CSV file too: `python3 scripts/profile_csv.py inputs/missing.csv`");
  const failed = second.getByTestId("run-card");
  await expect(failed.getByTestId("run-exit")).toHaveText("exit 2");
  await expect(failed.getByTestId("run-stderr")).toHaveAttribute("open", "");
  await expect(failed.getByTestId("run-stderr")).toContainText("inputs/missing.csv: no such file");
  await expect(second.getByTestId("ledger").getByRole("list", { name: "Scripts run" })).toContainText("exit 2");
  expect(consoleErrors).toEqual([]);
});
