import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { skillIdByName } from "./skill-helpers";

// Trigger tests, end to end, on the demo skill release-notes as ada (who owns it): the tests it
// ships shown on its tab, replaced by three written in the editor's panel and saved; run on the Triggers tab with the offline router, one
// request lost to the built-in commit-messages; a description change A/B-tested in the editor
// (B fixes that request), saved; the history and the versions page show both versions' results.

test.describe.configure({ mode: "serial", timeout: 120_000 });

const TESTS = [
  { query: "Turn this list of merged PRs into a what's new post for our customers", shouldLoad: true },
  // Words of commit-messages' description, none of release-notes': the offline router picks commit-messages.
  { query: "Describe these commits for our customers", shouldLoad: true },
  { query: "Write a commit message for this diff", shouldLoad: false },
];
const ADDED = "Also use it when the user wants commits described for customers (release notes, not commit messages).";

let skillId = "";
const go = (p: Page) => ({
  triggers: () => p.goto(`/skills/${encodeURIComponent(skillId)}?tab=triggers`),
  edit: () => p.goto(`/skills/${encodeURIComponent(skillId)}/edit`),
});

async function save(p: Page, message: string): Promise<number> {
  await p.getByRole("button", { name: "Save…" }).click();
  const dialog = p.getByRole("dialog", { name: /Save version \d+/ });
  await dialog.getByLabel("Message").fill(message);
  const button = dialog.getByRole("button", { name: /^Save v\d+$/ });
  const version = Number((await button.innerText()).replace(/\D/g, ""));
  await button.click();
  await p.waitForURL((url) => url.pathname === `/skills/${skillId}`);
  return version;
}

test.beforeAll(() => {
  skillId = skillIdByName("release-notes", "PUBLIC");
});

test("write three trigger tests, run them and see a miss, A/B a new description that fixes it, save; the history shows both runs", async ({
  page: p,
  consoleErrors,
}) => {
  await signInAs(p, "ada@example.com", { home: false });

  // release-notes ships trigger tests (evals/triggers.json), so its tab is not empty.
  await go(p).triggers();
  const shipped = JSON.parse(readFileSync("prisma/skills/demo/release-notes/evals/triggers.json", "utf8")) as unknown[];
  await expect(p.getByRole("list", { name: "Trigger tests" }).getByRole("listitem")).toHaveCount(shipped.length);

  // A skill without tests (ada's own copy of code-review-guidelines): the tab says what they are and leads into the editor's panel.
  await p.goto(`/skills/${encodeURIComponent(skillIdByName("code-review-guidelines", "PERSONAL", "ada@example.com"))}?tab=triggers`);
  const empty = p.getByTestId("triggers-empty");
  await expect(empty).toContainText("evals/triggers.json");
  await expect(empty).toContainText("skill-creator");
  await expect(empty.getByRole("link", { name: "Write trigger tests" })).toHaveAttribute("href", /\/edit\?panel=triggers$/);

  // In release-notes' editor, the shipped tests give way to this test's three.
  await p.goto(`/skills/${encodeURIComponent(skillId)}/edit?panel=triggers`);
  const panel = p.getByRole("dialog", { name: "Trigger tests" });
  await expect(panel).toBeVisible();
  for (let i = shipped.length; i >= 1; i--) await panel.getByRole("button", { name: `Remove request ${i}`, exact: true }).click();
  await expect(panel.getByRole("textbox", { name: "Request 1", exact: true })).toHaveCount(0);
  for (const [i, t] of TESTS.entries()) {
    await panel.getByRole("button", { name: "Add a request" }).click();
    const request = panel.getByRole("textbox", { name: `Request ${i + 1}` });
    await expect(request).toBeFocused();
    await request.fill(t.query);
    if (!t.shouldLoad) await panel.getByRole("checkbox", { name: `Request ${i + 1} should load the skill` }).uncheck();
  }
  await expect(panel).toContainText("2 should load · 1 should not");
  await expect(panel.getByTestId("trigger-problems")).toHaveCount(0);
  await panel.getByRole("button", { name: "Done" }).click();
  await expect(p.getByRole("button", { name: /Trigger tests/ })).toContainText("3");
  const withTests = await save(p, "Trigger tests");

  // Run them: the second request loads commit-messages instead, and the row says so.
  await go(p).triggers();
  await expect(p.getByRole("list", { name: "Trigger tests" }).getByRole("listitem")).toHaveCount(3);
  await expect(p.getByText("The offline router runs here and costs nothing")).toBeVisible();
  await p.getByRole("button", { name: "Run 3 tests" }).click();
  const result = p.getByTestId("trigger-run-result");
  await expect(result.getByTestId("run-summary")).toContainText("Passed2/3 (67%)");
  const miss = result.getByTestId("trigger-result").filter({ hasText: TESTS[1].query });
  await expect(miss).toContainText("Fail");
  await expect(miss).toContainText("lost to commit-messages");
  await expect(miss).toContainText("Loaded: commit-messages");
  await expect(result.getByRole("region", { name: "Skills that win this skill's requests" })).toContainText("commit-messages won 1 request");
  // The history has it too, once the page refreshed.
  await expect(p.getByTestId("trigger-history-version").filter({ hasText: `v${withTests}` })).toContainText("passed 2/3");

  // A new description in the editor: the A/B shows B fixing the miss, blind.
  await go(p).edit();
  await expect(p.locator(".cm-content")).toBeVisible();
  const original = readFileSync("prisma/skills/demo/release-notes/SKILL.md", "utf8");
  const changed = original.replace("Not for a developer-facing changelog", `${ADDED} Not for a developer-facing changelog`);
  expect(changed).not.toBe(original);
  await p.locator(".cm-content").click();
  await p.keyboard.press("ControlOrMeta+a");
  await p.keyboard.insertText(changed);
  await expect(p.getByTestId("draft-status")).toHaveText("1 unsaved change");

  await p.getByRole("button", { name: /Trigger tests/ }).click();
  await expect(panel).toBeVisible();
  const ab = panel.getByTestId("description-ab");
  await expect(ab).toContainText("Your description changed — test it against the current one first");
  await expect(ab).toContainText("never told there is another or which it sees");
  await ab.getByRole("button", { name: "Compare descriptions" }).click();
  const abResult = ab.getByTestId("description-ab-result");
  await expect(abResult.getByTestId("ab-changes")).toHaveText("B fixes 1 request and breaks 0.");
  const fixed = abResult.getByTestId("ab-row").filter({ hasText: TESTS[1].query });
  await expect(fixed).toContainText("Fixed by B");
  await expect(abResult.getByRole("region", { name: `A: current, v${withTests}` })).toContainText("2/3 (67%)");
  await expect(abResult.getByRole("region", { name: "B: proposed (your draft)" })).toContainText("3/3 (100%)");
  await panel.getByRole("button", { name: "Done" }).click();

  // The save dialog offers the same comparison (its result kept) before the save button.
  await p.getByRole("button", { name: "Save…" }).click();
  await expect(p.getByRole("dialog", { name: /Save version/ }).getByTestId("ab-changes")).toHaveText("B fixes 1 request and breaks 0.");
  await p.keyboard.press("Escape");
  const described = await save(p, "Say that commits described for customers are release notes");

  // The Triggers history: the new version holds the proposed run (measured before saving), the
  // old one its run with the miss and the A/B.
  await go(p).triggers();
  const newer = p.getByTestId("trigger-history-version").filter({ has: p.getByRole("link", { name: `v${described}`, exact: true }) });
  await expect(newer).toContainText("passed 3/3");
  await expect(newer).toContainText(`measured on v${withTests} before saving`);
  const older = p.getByTestId("trigger-history-version").filter({ has: p.getByRole("link", { name: `v${withTests}`, exact: true }) });
  await expect(older.getByTestId("trigger-history-run")).toContainText("passed 2/3");
  await expect(older.getByTestId("trigger-history-ab")).toContainText(`B: proposed description (saved as v${described}) · passed 3/3`);
  await older.getByTestId("trigger-history-run").locator("summary").click();
  await expect(older.getByTestId("trigger-history-run")).toContainText("lost to commit-messages");

  // The versions page: each version's own latest result, linking to its Triggers tab.
  await p.goto(`/skills/${encodeURIComponent(skillId)}/versions`);
  const row = (n: number) => p.locator(`[data-testid=version-row][data-version="${n}"]`).getByTestId("version-triggers");
  await expect(row(withTests)).toHaveText("Triggers 2/3");
  await expect(row(described)).toHaveText("Triggers 3/3");
  await row(withTests).click();
  await expect(p).toHaveURL(new RegExp(`/skills/${skillId}/v/${withTests}\\?tab=triggers$`));

  // An A/B against another version's description, from the tab: the old description breaks the request the new one fixed.
  await go(p).triggers();
  await p.getByLabel("Compare descriptions (A/B)").selectOption(String(withTests));
  await p.getByRole("button", { name: "Run 3 tests" }).click();
  const versus = p.getByTestId("trigger-run-ab");
  await expect(versus.getByTestId("ab-changes")).toHaveText("B fixes 0 requests and breaks 1.");
  await expect(versus.getByRole("region", { name: `B: v${withTests}'s description` })).toContainText("2/3 (67%)");
  await expect(p.getByTestId("trigger-history-version").filter({ has: p.getByRole("link", { name: `v${described}`, exact: true }) })).toContainText(
    `v${withTests}'s description`,
  );
  expect(consoleErrors).toEqual([]);
});
