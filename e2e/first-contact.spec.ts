import type { Page } from "@playwright/test";
import { BASE_URL, DEMO_PASSWORD, expect, signInAs, test, uniqueEmail } from "./fixtures";
import { skillIdByName } from "./skill-helpers";

// A newcomer's first contact (issue 42): the landing page a signed-out visitor sees, the first-run
// panel of a new account, and the sharp edges found on the way (compare page, upload focus, card
// names, the phone playground, sessions, the editor's preview). Each test measures the page.

const SHOTS = "test-results/screenshots";

/** Light and dark at the current size, then a 390 px phone (light), full page. */
async function shoot(page: Page, name: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /\blight\b/);
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(size);
}

async function newAccount(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Nina Newcomer", email, password: DEMO_PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return email;
}

test("a signed-out visitor sees what Skillshelf is and the way in; a signed-in one goes to the skills", async ({ page, consoleErrors }) => {
  await page.goto("/");
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your team's Agent Skills, in one place");
  await expect(page.getByRole("list", { name: "What Skillshelf does" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/sign-up");
  await shoot(page, "landing");
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await signInAs(page, "ada@example.com", { home: false });
  await page.goto("/");
  await expect(page).toHaveURL(/\/skills$/);
  expect(consoleErrors).toEqual([]);
});

test("a new account gets the first-run panel with its three steps; it can be dismissed for good", async ({ page, consoleErrors }) => {
  const email = await newAccount(page, "first-run");
  await signInAs(page, email, { home: false });
  await page.goto("/skills");
  const panel = page.getByTestId("first-run");
  await expect(panel.getByRole("heading", { name: "Get started with Skillshelf" })).toBeVisible();
  await expect(panel.getByRole("listitem")).toHaveCount(3);
  await expect(panel.getByRole("button", { name: "Upload a skill" })).toBeEnabled();
  await expect(panel.getByRole("link", { name: "Set up Claude Code or Codex" })).toHaveAttribute("href", "/account#connect-agent");
  await expect(panel.getByRole("link", { name: "Ask a question" })).toHaveAttribute("href", "/playground");
  await expect(panel.getByLabel("Done", { exact: true })).toHaveCount(0);
  await expect(panel.getByLabel("Not done yet", { exact: true })).toHaveCount(3);
  await shoot(page, "first-run-panel");

  // The upload step opens the upload dialog.
  await panel.getByRole("button", { name: "Upload a skill" }).click();
  await expect(page.getByRole("dialog", { name: "Upload skills" })).toBeVisible();
  await page.keyboard.press("Escape");

  // The connect step lands on the account page's MCP card.
  await page.goto("/account#connect-agent");
  await expect(page.locator("#connect-agent")).toBeInViewport();

  await page.goto("/skills");
  // Hydrated once the lazy upload dialog has loaded; a click before that would do nothing.
  await expect(panel.getByRole("button", { name: "Upload a skill" })).toBeEnabled();
  // The panel streams in after the list's other islands: until its own part has hydrated a click does nothing, so click until it closes.
  await expect(async () => {
    await panel.getByRole("button", { name: "Dismiss the getting-started steps" }).click({ timeout: 1_000 });
    await expect(panel).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Skills", level: 1 })).toBeVisible();
  await expect(panel).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("the compare page says From and To once each", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto(`/skills/${skillIdByName("release-notes", "PUBLIC")}/versions/compare?from=1&to=2`);
  const main = page.getByRole("main");
  await expect(main.getByText("From", { exact: true })).toHaveCount(1);
  await expect(main.getByText("To", { exact: true })).toHaveCount(1);
  await expect(page.getByTestId("compare-from")).toContainText("v1");
  await expect(page.getByTestId("compare-to")).toContainText("v2");
  // Each select's name is its label's text and its chosen option ("From v1 · First draft").
  await expect(page.getByRole("combobox", { name: /^From/ })).toHaveValue("1");
  await page.getByRole("combobox", { name: /^From/ }).selectOption("2");
  await page.getByRole("combobox", { name: /^To/ }).selectOption("1");
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(/compare\?from=2&to=1$/);
  await shoot(page, "compare-header");
  expect(consoleErrors).toEqual([]);
});

test("the upload drop zone shows keyboard focus, on the panel and on its buttons", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto("/skills");
  await page.getByRole("button", { name: "Upload skills" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload skills" });
  const zone = dialog.getByTestId("drop-zone");
  const ring = () => zone.evaluate((el) => getComputedStyle(el).boxShadow);
  await expect(zone).toBeVisible();
  expect(await ring()).toBe("none");
  await dialog.getByRole("tab", { name: "Files or folder" }).focus();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("tabpanel")).toBeFocused();
  await expect.poll(ring).not.toBe("none");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Choose files…" })).toBeFocused();
  await expect.poll(ring).not.toBe("none");
  await dialog.screenshot({ path: `${SHOTS}/upload-drop-zone-focus.png` });
  expect(consoleErrors).toEqual([]);
});

/** Card names that break a line anywhere but after a hyphen: "name: text before the break". */
const midWordBreaks = (page: Page) =>
  page.getByRole("list", { name: "Skills" }).evaluate((list) =>
    [...list.querySelectorAll("h2 a span")].flatMap((span) => {
      const text = span.textContent ?? "";
      const node = document.createTreeWalker(span, NodeFilter.SHOW_TEXT);
      const tops: number[] = [];
      const chars: string[] = [];
      for (let n = node.nextNode(); n; n = node.nextNode()) {
        for (let i = 0; i < (n.textContent ?? "").length; i++) {
          const range = document.createRange();
          range.setStart(n, i);
          range.setEnd(n, i + 1);
          tops.push(Math.round(range.getBoundingClientRect().top));
          chars.push(n.textContent![i]);
        }
      }
      return tops.flatMap((top, i) => (i > 0 && top > tops[i - 1] + 2 && chars[i - 1] !== "-" ? [`${text}: broke after "${text.slice(0, i)}"`] : []));
    }),
  );

test("skill names on cards wrap at hyphens, never mid-word, on a desktop and a phone", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  for (const width of [1280, 1024, 390, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/skills");
    await expect(page.getByRole("list", { name: "Skills" }).getByRole("listitem").first()).toBeVisible();
    expect.soft(await midWordBreaks(page), `at ${width} px`).toEqual([]);
    if (width === 390) await page.screenshot({ path: `${SHOTS}/skill-cards-390.png`, fullPage: true });
  }
  expect(consoleErrors).toEqual([]);
});

test("on a phone the playground opens on the chat, keeps its setup folded, and a new conversation starts at the top", async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  const email = await newAccount(page, "phone-playground");
  await signInAs(page, email, { home: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/playground");
  const composer = page.getByRole("combobox", { name: "Message" });
  await expect(composer).toBeInViewport();
  const toggle = page.getByRole("button", { name: /Setup and conversations/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("complementary", { name: "Playground setup" })).toBeHidden();

  // Two conversations whose first messages share their first 45 characters.
  const prefix = "Use the deploy-checklist skill to plan the re";
  for (const ending of ["lease of billing", "lease of search"]) {
    await composer.fill(`${prefix}${ending}`);
    await composer.press("Enter");
    await expect(page.getByRole("region", { name: /^Disclosure ledger · turn 1$/ })).toBeVisible({ timeout: 30_000 });
    await toggle.click();
    await page.getByRole("button", { name: "New conversation" }).click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(composer).toBeInViewport();
  }

  // The composer bar hides what scrolls beneath it.
  const bar = page.getByTestId("composer-bar");
  expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toMatch(/rgba\(.*, 0\.\d+\)|oklab\(.* \/ 0\.\d+\)|oklch\(.* \/ 0\.\d+\)/);
  await shoot(page, "playground-phone-chat");

  await toggle.click();
  await expect(page.getByRole("complementary", { name: "Playground setup" })).toBeVisible();
  const titles = page.getByRole("navigation", { name: "Conversations" }).getByTestId("conversation-title");
  await expect(titles).toHaveCount(2);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const title of await titles.all()) {
      const clipped = await title.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
      expect.soft(clipped, `${await title.textContent()} at ${width} px`).toBe(false);
    }
  }
  await page.screenshot({ path: `${SHOTS}/playground-conversations-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/playground-phone-setup-open.png`, fullPage: true });
  expect(consoleErrors).toEqual([]);
});

test("the session in use reads 'active now'", async ({ page, consoleErrors }) => {
  const email = await newAccount(page, "active-now");
  await signInAs(page, email, { home: false });
  await page.goto("/account");
  const current = page.getByRole("list", { name: "Your sessions" }).getByRole("listitem").filter({ hasText: "This session" });
  await expect(current).toContainText("active now");
  await expect(current).not.toContainText("last active");
  expect(consoleErrors).toEqual([]);
});

test("the editor's preview follows typing in the browser, with no request per pause", async ({ page, consoleErrors }) => {
  // Ada's personal meeting-notes; nothing is saved, so no other test sees a change.
  await signInAs(page, "ada@example.com", { home: false });
  const personal = skillIdByName("meeting-notes", "PERSONAL", "ada@example.com");
  await page.goto(`/skills/${personal}/edit`);
  const preview = page.getByTestId("preview");
  await expect(preview.getByRole("heading", { name: "Meeting notes" })).toBeVisible();

  const actions: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) actions.push(request.url());
  });
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+End");
  // Three edits, each followed by a pause longer than the old 300 ms debounce (each was a round trip).
  for (const text of ["\n\n## Typed in the browser\n", "\nA list:\n\n- first\n", "- [a link](references/nowhere.md)\n"]) {
    await page.keyboard.insertText(text);
    await page.waitForTimeout(450);
  }
  await expect(preview.getByRole("heading", { name: "Typed in the browser" })).toBeVisible();
  await expect(preview.getByRole("listitem").filter({ hasText: "first" })).toBeVisible();
  await page.waitForTimeout(500);
  expect(actions, "server actions sent while typing").toEqual([]);
  await page.screenshot({ path: `${SHOTS}/editor-preview-typed.png` });
  expect(consoleErrors).toEqual([]);
});
