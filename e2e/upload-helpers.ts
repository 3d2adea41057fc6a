import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { expect, type Locator, type Page } from "@playwright/test";

// Shared by the upload and manage specs: ZIPs built in the test, the dialogs opened the way a user
// opens them, and light/dark screenshots.

export const SHOTS = "test-results/screenshots";

export const skillMd = (name: string, body = "Follow these steps.", description = `Does ${name} things in the e2e tests. Use when testing uploads.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\n${body}\n`;

/** A ZIP of entries as given (names are not normalized, so a test can write "../escape.txt"). */
export function zipOf(entries: Record<string, string | Uint8Array>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([name, data]) => [name, typeof data === "string" ? strToU8(data) : data]))));
}

/** Every file under `dir`, keyed by its path relative to `dir` ("/"-separated). */
export function readTree(dir: string, prefix = ""): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(out, readTree(path.join(dir, entry.name), rel));
    else if (entry.isFile()) out[rel] = new Uint8Array(readFileSync(path.join(dir, entry.name)));
  }
  return out;
}

export const uploadDialog = (page: Page) => page.getByRole("dialog", { name: "Upload skills" });
export const manageDialog = (page: Page, name: string) => page.getByRole("dialog", { name: `Manage ${name}` });

/** Opens the upload dialog from the skill list's header. */
export async function openUpload(page: Page): Promise<Locator> {
  await page.goto("/skills");
  await page.getByRole("button", { name: "Upload skills" }).first().click();
  const dialog = uploadDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Opens the manage dialog from the skill's page. */
export async function openManage(page: Page, skill: { id: string; name: string }): Promise<Locator> {
  await page.goto(`/skills/${encodeURIComponent(skill.id)}`);
  await page.getByRole("button", { name: "Manage…" }).click();
  const dialog = manageDialog(page, skill.name);
  await expect(dialog.getByRole("tab", { name: "Details" })).toBeVisible();
  await expect(dialog.getByText("Recent activity")).toBeVisible();
  return dialog;
}

/** The page in light, then in dark (the app follows the system theme by default). */
export async function shootBoth(page: Page, name: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /\blight\b/);
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Presses Tab until `target` has focus (keyboard-only flows), failing after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 25) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}
