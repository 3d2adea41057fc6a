import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { importSkills, skillIdByName } from "./skill-helpers";
import { SHOTS } from "./upload-helpers";

// A skill that binds tools, as a reader sees it (the Tools tab, the disclosure bar's tool figure,
// the explicit-only and hidden-from-$ markers) and as an author edits it (a nested declaration
// underlined on its own line).

test.describe.configure({ mode: "serial" });

const NAME = `order-desk-${Date.now().toString(36)}`;
const SKILL_MD = [
  "---",
  `name: ${NAME}`,
  "description: Answers questions about customer orders. Use when the user asks where an order is or wants a refund.",
  "allowed-tools: lookup_order",
  "disable-model-invocation: true",
  "user-invocable: false",
  "metadata:",
  "  tools:",
  "    - name: lookup_order",
  "      description: Look up one order by its id. Call before answering anything about an order.",
  "      script: scripts/lookup_order.py",
  "      input_schema:",
  "        type: object",
  "        properties:",
  '          order_id: { type: string, description: "The order\'s id, like ORD-1042" }',
  "          include: { type: array, items: { enum: [lines, shipping, payments] }, description: Extra sections to return }",
  "        required: [order_id]",
  "    - name: refund_order",
  "      description: Refund an order, in full or in part. Ask the user to confirm the amount first.",
  "      script: scripts/refund_order.py",
  "      input_schema:",
  "        type: object",
  "        properties:",
  "          order_id: { type: string }",
  "          amount: { type: number, minimum: 0, description: Amount in the order's currency; the full total when left out }",
  "          reason: { type: string, enum: [damaged, late, other] }",
  "          address:",
  "            type: object",
  "            properties:",
  "              city: { type: string }",
  "        required: [order_id, reason]",
  "---",
  "",
  "# Order desk",
  "",
  "Call `lookup_order` first; refund only after the user confirms the amount.",
  "",
].join("\n");
let skillId = "";

test.beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "skill-tools-"));
  try {
    mkdirSync(path.join(dir, NAME, "scripts"), { recursive: true });
    writeFileSync(path.join(dir, NAME, "SKILL.md"), SKILL_MD);
    const script = (what: string) => `import json, sys\n\nargs = json.load(sys.stdin)\nprint(json.dumps({"${what}": args.get("order_id")}))\n`;
    writeFileSync(path.join(dir, NAME, "scripts", "lookup_order.py"), script("order"));
    writeFileSync(path.join(dir, NAME, "scripts", "refund_order.py"), script("refunded"));
    expect(importSkills(dir).created.map((c) => c.name)).toEqual([NAME]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  skillId = skillIdByName(NAME, "PERSONAL", "ada@example.com");
});

async function shoot(page: Page, name: string, fullPage = true) {
  // A full-page shot of a scrolled page paints the sticky header mid-page.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /\blight\b/);
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("the skill page shows a Tools tab, the tools' tokens on the disclosure bar and the invocation markers", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com");
  await page.goto(`/skills/${skillId}`);

  // The invocation markers explain themselves, to a keyboard too.
  const explicit = page.locator("header").getByText(/^Explicit only/);
  await expect(explicit).toBeVisible();
  await expect(explicit).toHaveAttribute("title", `explicit only: the model never loads it on its own; use $${NAME} (disable-model-invocation: true)`);
  await explicit.focus();
  await expect(explicit.getByText(/^explicit only: the model never loads it/).last()).toBeVisible();
  await expect(page.locator("header").getByText(/^Hidden from \$ completion/)).toBeVisible();

  await expect(page.getByRole("img", { name: /Tool definitions while loaded, 2 tools: \d+ tokens\./ })).toBeVisible();
  await expect(page.getByText("L2 · tool definitions, while loaded")).toBeVisible();

  const tabs = page.getByRole("navigation", { name: "Skill sections" });
  await tabs.getByRole("link", { name: /^Tools/ }).click();
  await expect(page).toHaveURL(new RegExp(`/skills/${skillId}\\?tab=tools$`));
  await expect(tabs.getByRole("link", { name: /^Tools/ })).toHaveAttribute("aria-current", "page");

  const lookup = page.getByRole("region", { name: "lookup_order", exact: true });
  await expect(lookup).toContainText("Look up one order by its id.");
  await expect(lookup.getByText("pre-approved")).toBeVisible();
  await expect(lookup.getByText(/^\d+ tokens$/)).toBeVisible();
  const args = lookup.getByRole("region", { name: "Arguments of lookup_order" });
  await expect(args.getByRole("rowheader")).toHaveText(["order_id", "include"]);
  await expect(args.getByRole("row", { name: /^order_id/ })).toContainText("stringyesThe order's id, like ORD-1042");
  await expect(args.getByRole("row", { name: /^include/ })).toContainText('array of ("lines" | "shipping" | "payments")');

  const refund = page.getByRole("region", { name: "refund_order", exact: true });
  await expect(refund.getByText("asks first")).toBeVisible();
  await expect(refund.getByRole("region", { name: "Arguments of refund_order" }).getByRole("rowheader")).toHaveText([
    "order_id",
    "amount",
    "reason",
    "address",
    "address.city",
  ]);

  // The raw schema sits in a disclosure, reachable by keyboard.
  const schema = refund.getByRole("group").filter({ hasText: "Input schema (JSON)" });
  await refund.getByText("Input schema (JSON)").focus();
  await page.keyboard.press("Enter");
  await expect(schema.getByLabel("Input schema of refund_order")).toContainText('"required": [');
  await shoot(page, "skill-tools");

  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await shoot(page, "skill-tools-390");
  await page.setViewportSize({ width: 1280, height: 800 });

  // The script opens in the file view.
  await lookup.getByRole("link", { name: "scripts/lookup_order.py" }).click();
  await expect(page).toHaveURL(new RegExp(`/skills/${skillId}\\?file=scripts/lookup_order\\.py$`));
  await expect(page.getByRole("heading", { name: "scripts/lookup_order.py" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a version without tools has no Tools tab, and ?tab=tools shows its files", async ({ page }) => {
  await signInAs(page, "ada@example.com");
  const other = skillIdByName("deploy-checklist", "TEAM");
  await page.goto(`/skills/${other}?tab=tools`);
  await expect(page.getByRole("navigation", { name: "Skill sections" }).getByRole("link", { name: /^Tools/ })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Files" })).toBeVisible();
  await expect(page.locator("header").getByText(/^Explicit only/)).toHaveCount(0);
});

test("the editor underlines a nested tool declaration on its own line", async ({ page }) => {
  await signInAs(page, "ada@example.com");
  await page.goto(`/skills/${skillId}/edit`);
  const content = page.locator(".cm-content");
  await expect(content).toBeVisible();
  await expect(page.locator("#problems-title")).toContainText("0 errors, 2 warnings");

  // The second tool's script renamed to one the skill lacks, and a schema type two levels down
  // made up, typed in as one edit.
  const edited = SKILL_MD.replace("script: scripts/refund_order.py", "script: scripts/refund_order_v2.py").replace(
    "city: { type: string }",
    "city: { type: town }",
  );
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(edited);
  const problems = page.getByRole("list", { name: "Problems in the draft" });
  await expect(problems).toContainText('tool "refund_order"\'s script scripts/refund_order_v2.py is not in the skill');
  await expect(problems).toContainText('type "town" is not a JSON Schema type');
  await expect(page.locator("#problems-title")).toContainText("2 errors, 2 warnings");

  // Each problem leads to its own line, and that line carries the underline.
  const active = page.locator(".cm-activeLine");
  await problems.getByRole("button", { name: /is not in the skill/ }).click();
  await expect(active).toHaveText("      script: scripts/refund_order_v2.py");
  const bad = active;
  await expect(active.locator(".cm-lintRange-error")).toHaveText("script: scripts/refund_order_v2.py");
  await problems.getByRole("button", { name: /type "town"/ }).click();
  await expect(active).toHaveText("              city: { type: town }");
  await expect(active.locator(".cm-lintRange-error")).toHaveText("city: { type: town }");
  await problems.getByRole("button", { name: /is not in the skill/ }).click();
  // The click moves the cursor asynchronously: hover only once the script line is the active one
  // again, or the hover lands on the schema line's underline.
  await expect(active).toHaveText("      script: scripts/refund_order_v2.py");

  await bad.locator(".cm-lintRange-error").hover();
  await expect(page.locator(".cm-tooltip-lint")).toContainText("is not in the skill");
  await shoot(page, "editor-tool-underline", false);
});
