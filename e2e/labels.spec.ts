import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { shootBoth, zipOf } from "./upload-helpers";

// Release labels on the history page: chips on the rows and the skill header, the "Point stable at
// v1" rollback dialog (keyboard-reachable), and the API answering ?label=stable with v1 while the
// current version is v3, without a version written.

test.describe.configure({ mode: "serial" });

const NAME = `e2e-labels-${Date.now().toString(36)}`;
const SHOTS = "test-results/screenshots";
const skillMd = (n: number) =>
  `---\nname: ${NAME}\ndescription: Deploy the service step by step, release ${n}. Use when the user asks to deploy.\n---\n\n# Deploy\n\nRelease ${n} of the steps.\n`;

async function upload(page: Page, n: number): Promise<string> {
  const response = await page.request.post("/api/upload/commit", {
    multipart: { file: { name: "skill.zip", mimeType: "application/zip", buffer: zipOf({ [`${NAME}/SKILL.md`]: skillMd(n) }) }, message: `Release ${n}` },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).skills[0].skillId as string;
}

let skillId = "";
const rows = (page: Page) => page.getByTestId("version-row");

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, "ada@example.com", { home: false });
  skillId = await upload(page, 1);
  await upload(page, 2);
  await upload(page, 3);
  const moved = await page.request.put(`/api/v1/skills/${skillId}/labels/stable`, { data: { version: 2 } });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.close();
});

test("the history shows label chips, and rolling stable back to v1 writes no version", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${skillId}/versions`);
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).nth(1).getByTestId("label-chips")).toHaveText(/stable/);
  await shootBoth(page, "labels-history");

  // Keyboard: focus the v1 row's label button and open it with Enter.
  const button = rows(page).nth(2).getByRole("button", { name: "Point a label at v1" });
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText("Point stable at v1?");
  await expect(dialog.getByTestId("label-now")).toHaveText("stable points at v2 now.");
  await shootBoth(page, "labels-rollback-dialog");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/labels-rollback-dialog-390.png` });
  await dialog.getByRole("button", { name: "Point stable at v1" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page).nth(2).getByTestId("label-chips")).toHaveText(/stable/);
  await expect(rows(page)).toHaveCount(3);
  // The dialog's button scrolled the table to its last column; a phone reader starts at the versions.
  await rows(page).nth(2).getByTestId("label-chips").scrollIntoViewIfNeeded();
  await expect(rows(page).nth(2).getByTestId("label-chips")).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/labels-history-390.png`, fullPage: true });

  const api = await page.request.get(`/api/v1/skills/${skillId}?label=stable`);
  const body = await api.json();
  expect(body.versionDetail.number).toBe(1);
  expect(body.label).toMatchObject({ label: "stable", version: 1, fallback: false });
  const download = await page.request.get(`/api/v1/skills/${skillId}/download?label=stable`);
  expect(download.headers()["x-skill-version"]).toBe("1");
  const beta = await page.request.get(`/api/v1/skills/${skillId}?label=beta`);
  expect((await beta.json()).label).toMatchObject({ label: "latest", version: 3, fallback: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  // The compare page takes labels: stable (v1) against latest (v3).
  await page.goto(`/skills/${skillId}/versions/compare?range=stable...latest`);
  await expect(page).toHaveTitle(/^v1 → v3 · /);
  await page.goto(`/skills/${skillId}/v/1`);
  await expect(page.getByTestId("label-chips").first()).toHaveText(/stable/);
  expect(consoleErrors).toEqual([]);
});
