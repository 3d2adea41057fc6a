import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, signInAs, test } from "./fixtures";
import { ask, messageInput } from "./playground-helpers";
import { importSkills } from "./skill-helpers";
import { SHOTS } from "./upload-helpers";

// Tools bound to skills end to end with the offline router: the built-in unit-converter binds
// convert_units. Before the skill is loaded the model has no such tool; the router loads it, then
// calls the tool, and the call waits for the user. Approved once, the sandboxed script's result
// reaches the chat and the ledger; denied, the model is told. An explicit-only skill
// (disable-model-invocation) is not in the catalog the model sees, yet loads by $mention.

const EXPLICIT = "e2e/.tmp/explicit-only";

test("a bound tool is offered once its skill is loaded; its call waits for approval; approved it runs, denied the model is told", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto("/playground");
  await expect(page.getByTestId("execution-status")).toHaveText(/^On ·/);

  const first = await ask(page, "How many miles are 5 km? Use the unit converter: `convert_units value=5 from=km to=mi`");
  // The turn loaded the skill (activating its tool) and paused at the call: nothing has run yet.
  const ledger = first.getByTestId("ledger");
  await expect(ledger.getByTestId("ledger-tools")).toContainText("convert_units");
  const approve = first.getByRole("button", { name: "Approve once" });
  await expect(approve).toBeVisible();
  await expect(first.getByRole("button", { name: "Approve for this conversation" })).toBeVisible();
  await expect(first.getByRole("button", { name: "Deny" })).toBeVisible();
  await expect(messageInput(page)).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/bound-tool-approval.png` });

  await approve.click();
  const card = first.getByTestId("call-card");
  await expect(card).toContainText("3.1068", { timeout: 20_000 });
  await expect(card.getByTestId("approval-state")).toContainText(/approved once/i);
  await expect(first.getByTestId("ledger").getByTestId("ledger-call")).toContainText("convert_units");
  await expect(first).toContainText("I called `convert_units`".replace(/`/g, ""));
  await expect(messageInput(page)).toBeEnabled();
  await first.screenshot({ path: `${SHOTS}/bound-tool-result.png` });

  // It survives a reload: the stored turn is the continued one.
  await page.reload();
  await expect(page.getByTestId("call-card").first()).toContainText("3.1068");

  const second = await ask(page, "And 2 miles in km with the unit converter: `convert_units value=2 from=mi to=km`");
  // Still loaded from the first turn: no new activation, the tool is called straight away.
  await expect(second.getByTestId("ledger").getByTestId("ledger-tools")).toHaveCount(0);
  await second.getByRole("button", { name: "Deny" }).click();
  await expect(second).toContainText("You denied the call to convert_units", { timeout: 20_000 });
  await expect(second.getByTestId("ledger").getByTestId("ledger-approval").last()).toContainText(/denied/i);
  expect(consoleErrors).toEqual([]);
});

test("an explicit-only skill is absent from the catalog the model sees, yet loads by $mention", async ({ page }) => {
  test.setTimeout(90_000);
  rmSync(EXPLICIT, { recursive: true, force: true });
  const dir = path.join(EXPLICIT, "release-freeze");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "SKILL.md"),
    [
      "---",
      "name: release-freeze",
      "description: Announces a release freeze to the team and lists what may still merge. Use when the user wants to announce a release freeze.",
      "disable-model-invocation: true",
      "---",
      "",
      "# Release freeze",
      "",
      "Post the freeze notice in the release channel and list the exceptions.",
      "",
    ].join("\n"),
  );
  const report = importSkills(EXPLICIT, "grace@example.com");
  expect(report.error).toBeNull();

  await signInAs(page, "grace@example.com", { home: false });
  await page.goto("/playground");
  const unmentioned = await ask(page, "Please announce a release freeze to the team");
  // The router ranks only what the catalog offers: another skill may win, never release-freeze.
  await expect(unmentioned.getByTestId("ledger")).not.toContainText("release-freeze");
  await expect(unmentioned).not.toContainText("I loaded `release-freeze`".replace(/`/g, ""));

  const mentioned = await ask(page, "$release-freeze announce it now");
  await expect(mentioned.getByTestId("ledger").getByRole("list", { name: "Skills loaded" })).toContainText("release-freeze");
  await expect(mentioned).toContainText("You mentioned release-freeze");
});
