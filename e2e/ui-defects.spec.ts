import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { BASE_URL, DEMO_PASSWORD, expect, signInAs, test, uniqueEmail } from "./fixtures";
import { importSkills, skillIdByName } from "./skill-helpers";

// Layout defects a user reported: things that overflow, clip or hide behind other things. Each
// test measures the page (widths, clipping, the element under a point) rather than its classes.

const SHOTS = "test-results/screenshots";
/** 60 characters: the name limit is 64. */
const LONG_NAME = "reconcile-quarterly-financial-statements-across-subsidiaries";

/** One fresh account owns a personal skill with a long name; created once for the file. */
let owner: { email: string; skillId: string } | null = null;

test.beforeAll(async ({ playwright }) => {
  const email = uniqueEmail("ui-defects");
  const api = await playwright.request.newContext({ baseURL: BASE_URL });
  const response = await api.post("/api/auth/sign-up/email", { data: { name: "Uma Layout", email, password: DEMO_PASSWORD }, headers: { origin: BASE_URL } });
  expect(response.status(), await response.text()).toBe(200);
  await api.dispose();
  const dir = mkdtempSync(path.join(os.tmpdir(), "skillshelf-ui-defects-"));
  try {
    mkdirSync(path.join(dir, LONG_NAME));
    writeFileSync(
      path.join(dir, LONG_NAME, "SKILL.md"),
      `---\nname: ${LONG_NAME}\ndescription: Reconciles the quarterly statements of every subsidiary against the group ledger. Use when closing a quarter.\n---\n\n# Reconcile\n\nCompare each subsidiary's trial balance with the group ledger.\n`,
    );
    expect(importSkills(dir, email).created.map((c) => c.name)).toEqual([LONG_NAME]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  owner = { email, skillId: skillIdByName(LONG_NAME, "PERSONAL", email) };
});

/** How far the document scrolls sideways beyond the viewport (0 when nothing overflows). */
const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The elements that stick out past the viewport while their parent does not: where an overflow starts. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 0.5;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "").slice(0, 90)} right=${Math.round(el.getBoundingClientRect().right)}`;
    return [...document.querySelectorAll("body *")]
      .filter(
        (el) =>
          el.getClientRects().length > 0 &&
          el.getBoundingClientRect().right > edge &&
          el.parentElement !== null &&
          el.parentElement.getBoundingClientRect().right <= edge,
      )
      .slice(0, 6)
      .map((el) => `${describe(el)} in ${describe(el.parentElement!)}`);
  });

async function expectNoHorizontalOverflow(page: Page, what: string) {
  // Soft: one run reports every page that overflows.
  expect.soft(await horizontalOverflow(page), `${what} scrolls sideways; too wide: ${(await overflowing(page)).join(" | ")}`).toBeLessThanOrEqual(0);
  expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(390);
}

/** True when the element or a box inside it clips its text (scrollWidth beyond clientWidth). */
const isClipped = (element: Locator) =>
  element.evaluate((root) => [root, ...root.querySelectorAll("*")].some((el) => el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1));

test("at 390 px wide the skill list, a skill page and the playground do not scroll sideways", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, owner!.email, { home: false });

  await page.goto("/skills");
  await expect(page.getByRole("list", { name: "Skills" }).getByRole("link", { name: LONG_NAME })).toBeVisible();
  await expectNoHorizontalOverflow(page, "/skills");
  await page.screenshot({ path: `${SHOTS}/phone-skills.png`, fullPage: true });

  await page.goto(`/skills/${owner!.skillId}`);
  await expect(page.getByRole("heading", { name: LONG_NAME, level: 1 })).toBeVisible();
  await expectNoHorizontalOverflow(page, "the skill page");
  await page.screenshot({ path: `${SHOTS}/phone-skill-page.png`, fullPage: true });

  await page.goto("/playground");
  await expect(page.getByRole("heading", { name: "Playground" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Message" })).toBeVisible();
  await expectNoHorizontalOverflow(page, "/playground");
  await page.screenshot({ path: `${SHOTS}/phone-playground.png`, fullPage: true });

  // A seeded team member's list and a skill page with tables, code and images.
  await page.context().clearCookies();
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto("/skills");
  await expect(page.getByRole("list", { name: "Skills" }).getByRole("listitem").first()).toBeVisible();
  await expectNoHorizontalOverflow(page, "ada's /skills");
  await page.goto(`/skills/${skillIdByName("deploy-checklist", "TEAM")}`);
  await expect(page.getByRole("heading", { name: "deploy-checklist", level: 1 })).toBeVisible();
  await expectNoHorizontalOverflow(page, "deploy-checklist");
  expect(consoleErrors).toEqual([]);
});

test("a long skill name shows in full on its card in the three-column grid", async ({ page, consoleErrors }) => {
  await signInAs(page, owner!.email, { home: false });
  await page.goto("/skills?scope=personal");
  const list = page.getByRole("list", { name: "Skills" });
  // Three columns at desktop width.
  expect(await list.evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length)).toBe(3);
  const heading = list.getByRole("heading", { name: LONG_NAME });
  await expect(heading).toBeVisible();
  expect(await isClipped(heading), "the card clips the name").toBe(false);
  // The heading stays inside its card.
  const card = list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: LONG_NAME }) });
  const [h, c] = [await heading.boundingBox(), await card.boundingBox()];
  expect(h!.x + h!.width).toBeLessThanOrEqual(c!.x + c!.width);
  await card.screenshot({ path: `${SHOTS}/card-long-name.png` });
  expect(consoleErrors).toEqual([]);
});

test("a card's token counts say what the two numbers are, and sit above the card's link", async ({ page, consoleErrors }) => {
  await signInAs(page, owner!.email, { home: false });
  await page.goto("/skills?scope=personal");
  const card = page.getByRole("list", { name: "Skills" }).getByRole("listitem").filter({ hasText: LONG_NAME });
  const tokens = card.getByRole("img", { name: /^[\d,]+ tokens always loaded \(name \+ description\) \/ [\d,]+ when used \(SKILL\.md body\)/ });
  await expect(tokens).toBeVisible();
  await expect(tokens).toContainText(/^\d+ \/ \d+ tok/);
  await expect(tokens).toHaveAttribute("title", /always loaded.*when used/);
  // Hovering it reaches it (and its title), not the link stretched over the card.
  const topmost = await tokens.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
  expect(topmost, "another element covers the token counts").toBe(true);
  // A keyboard reaches it from the card's link, and sees the same words.
  await card.getByRole("link", { name: LONG_NAME }).focus();
  for (let i = 0; i < 4 && !(await tokens.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(tokens).toBeFocused();
  await expect(card.getByText(/tokens always loaded/)).toBeVisible();
  await card.screenshot({ path: `${SHOTS}/card-token-tooltip.png` });
  expect(consoleErrors).toEqual([]);
});

test("?file= naming a file the version lacks shows the page with a note in the file pane", async ({ page, consoleErrors }) => {
  const id = skillIdByName("deploy-checklist", "TEAM");
  await signInAs(page, "ada@example.com", { home: false });
  const response = await page.goto(`/skills/${id}?file=references/nope.md`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "deploy-checklist", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Files" }).getByRole("link", { name: /rollback\.md/ })).toBeVisible();
  const pane = page.getByRole("article");
  await expect(pane.getByRole("status")).toHaveText(/^No file references\/nope\.md in version 2\./);
  await pane.screenshot({ path: `${SHOTS}/skill-page-missing-file.png` });
  await pane.getByRole("link", { name: "Open SKILL.md" }).click();
  await expect(page).toHaveURL(new RegExp(`/skills/${id}$`));
  await expect(page.getByRole("article").getByRole("heading", { name: "Deploy checklist", level: 1 })).toBeVisible();

  // A pinned version says its own number.
  await page.goto(`/skills/${id}/v/1?file=references/nope.md`);
  await expect(page.getByRole("article").getByRole("status")).toHaveText(/^No file references\/nope\.md in version 1\./);
  await expect(page.getByRole("article").getByRole("link", { name: "Open SKILL.md" })).toHaveAttribute("href", `/skills/${id}/v/1`);
  expect(consoleErrors).toEqual([]);
});

test("a long tool call wraps inside its message, and the message column stays as wide as the composer", async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  await signInAs(page, owner!.email, { home: false });
  await page.goto("/playground");
  await page.getByRole("radio", { name: "Search tool" }).click();
  const message =
    "I need a skill that reconciles the quarterly financial statements of every subsidiary against the group ledger, flags intercompany mismatches, explains each difference and drafts the closing memo for the auditors";
  const input = page.getByRole("combobox", { name: "Message" });
  await input.fill(message);
  await input.press("Enter");
  const answer = page.getByTestId("assistant-message").first();
  await expect(answer.getByRole("region", { name: /^Disclosure ledger · turn \d+$/ })).toBeVisible({ timeout: 30_000 });

  // The chip above the answer (the ledger repeats the call in its own row).
  const chip = answer.getByRole("paragraph").filter({ hasText: /^search_skills\("/ });
  await expect(chip).toContainText(message.slice(-30));
  expect(await isClipped(chip), "the tool call is cut off").toBe(false);
  const composer = await input.locator("xpath=ancestor::*[contains(@class,'sticky')][1]").boundingBox();
  const column = await answer.boundingBox();
  expect(column!.x + column!.width, "the message column is wider than the composer").toBeLessThanOrEqual(composer!.x + composer!.width + 0.5);
  const chat = page.getByRole("region", { name: "Chat" });
  expect(await chat.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await answer.screenshot({ path: `${SHOTS}/playground-long-tool-call.png` });
  expect(consoleErrors).toEqual([]);
});

/**
 * How a button's background comes out over the page: its computed colour, through its computed
 * filter, at its computed opacity, drawn on the page's background. `chroma` is max - min of the
 * RGB channels (0 = grey).
 */
const appearance = (button: Locator) =>
  button.evaluate((el) => {
    const style = getComputedStyle(el);
    const ctx = Object.assign(document.createElement("canvas"), { width: 1, height: 1 }).getContext("2d", { willReadFrequently: true })!;
    ctx.fillStyle = getComputedStyle(document.body).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    ctx.filter = style.filter;
    ctx.globalAlpha = Number(style.opacity);
    ctx.fillStyle = style.backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return { opacity: Number(style.opacity), chroma: Math.max(r, g, b) - Math.min(r, g, b), rgb: [r, g, b] };
  });

test("a disabled button looks disabled in both themes: dimmed and without its colour", async ({ page }) => {
  await signInAs(page, owner!.email, { home: false });
  await page.goto("/playground");
  const send = page.getByRole("button", { name: "Send" });
  const input = page.getByRole("combobox", { name: "Message" });
  for (const colorScheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
    await input.fill("hello");
    await expect(send).toBeEnabled();
    const enabled = await appearance(send);
    expect(enabled.opacity, colorScheme).toBe(1);
    await input.fill("");
    await expect(send).toBeDisabled();
    const disabled = await appearance(send);
    expect(disabled.opacity, colorScheme).toBeLessThanOrEqual(0.6);
    // The enabled button is the brand colour; a disabled one must not read as a dimmer version of it.
    expect(enabled.chroma, `${colorScheme}: enabled ${enabled.rgb}`).toBeGreaterThan(60);
    expect(disabled.chroma, `${colorScheme}: disabled ${disabled.rgb}`).toBeLessThanOrEqual(20);
    await input.locator("xpath=ancestor::*[contains(@class,'sticky')][1]").screenshot({ path: `${SHOTS}/disabled-send-${colorScheme}.png` });
  }
});
