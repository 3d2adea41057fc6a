import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { noteIfSharedMissing, readTree, SHARED_DIR } from "../test-helpers/shared";
import { scanFiles, type ScanResult } from "./index";

// 206 real skills from six publishers the rules were not written against. Every skill that
// reaches high or critical is listed here with a reviewer's verdict and the reason; a rule change
// that flags another one, or stops flagging one of these, fails until the table is updated.

const EXTERNAL = path.join(SHARED_DIR, "corpus-external");
const present = existsSync(EXTERNAL);
if (!present) noteIfSharedMissing("the scanner's precision check on ../shared/corpus-external");

type Verdict = { verdict: "true positive" | "false positive"; highest: "high" | "critical"; reason: string };

const FLAGGED: Record<string, Verdict> = {
  "trailofbits__skills/second-opinion": {
    verdict: "true positive",
    highest: "high",
    reason: "SKILL.md tells the agent to run the Gemini CLI with --yolo, which auto-approves every tool call that CLI makes.",
  },
  "hashicorp__agent-skills/terraform-stacks": {
    verdict: "true positive",
    highest: "high",
    reason:
      "A reference's script reads the Terraform Cloud API token out of ~/.terraform.d/credentials.tfrc.json: a legitimate use, and still a credential read a reviewer should see.",
  },
  "trailofbits__skills/modern-python": {
    verdict: "true positive",
    highest: "high",
    reason:
      "Installs prek by piping its GitHub release installer into sh: runs the publisher's code unreviewed (not blocking: a project's own release, not an arbitrary host).",
  },
};

/** Skills flagged before context-aware severity (ruleset 2026.11.21-1), the first five judged true positives by the issue, the rest false positives. */
const FLAGGED_BEFORE = [
  "trailofbits__skills/second-opinion",
  "hashicorp__agent-skills/terraform-stacks",
  "trailofbits__skills/modern-python",
  "hashicorp__agent-skills/windows-builder",
  "trailofbits__skills/devcontainer-setup",
  "getsentry__skills/gha-security-review",
  "getsentry__skills/security-review",
  "getsentry__skills/skill-scanner",
  "trailofbits__skills/agentic-actions-auditor",
  "trailofbits__skills/sharp-edges",
  "trailofbits__skills/yara-rule-authoring",
  "UiPath__skills/uipath-platform",
  "trailofbits__skills/firebase-apk-scanner",
  "hashicorp__agent-skills/aws-ami-builder",
];

function scanAll(): Map<string, ScanResult> {
  const results = new Map<string, ScanResult>();
  for (const publisher of readdirSync(EXTERNAL).sort()) {
    const dir = path.join(EXTERNAL, publisher);
    if (!statSync(dir).isDirectory()) continue;
    for (const skill of readdirSync(dir).sort()) {
      const root = path.join(dir, skill);
      if (!statSync(root).isDirectory() || !existsSync(path.join(root, "SKILL.md"))) continue;
      results.set(`${publisher}/${skill}`, scanFiles(readTree(root, "")));
    }
  }
  return results;
}

describe.skipIf(!present)("scanner precision on ../shared/corpus-external (206 skills)", () => {
  const results = present ? scanAll() : new Map<string, ScanResult>();

  it("flags exactly the skills with a recorded verdict, at most two of them false positives", () => {
    expect(results.size).toBe(206);
    const flagged = [...results].filter(([, r]) => r.highest === "critical" || r.highest === "high").map(([name, r]) => [name, r.highest]);
    expect(Object.fromEntries(flagged)).toEqual(Object.fromEntries(Object.entries(FLAGGED).map(([name, v]) => [name, v.highest])));
    expect(Object.values(FLAGGED).filter((v) => v.verdict === "false positive").length).toBeLessThanOrEqual(2);
  });

  it("keeps the true positive: second-opinion's --yolo in a command stays high, in SKILL.md's own code", () => {
    const findings = results
      .get("trailofbits__skills/second-opinion")!
      .findings.filter((f) => f.rule === "prompt-injection/permission-bypass" && f.severity === "high");
    expect(findings.some((f) => f.file === "SKILL.md" && f.excerpt.includes("gemini -p") && f.context?.kind === "instruction")).toBe(true);
  });

  it("still shows what it lowered, with the rule's own severity and the reason", () => {
    const gha = results.get("getsentry__skills/gha-security-review")!;
    const quoted = gha.findings.find((f) => f.rule === "remote-code/pipe-to-shell" && f.file === "references/pwn-request.md");
    expect(quoted).toMatchObject({ severity: "medium", ruleSeverity: "critical", context: { kind: "attack-example" } });
    const yara = results.get("trailofbits__skills/yara-rule-authoring")!.findings.find((f) => f.rule === "system-damage/crypto-miner");
    expect(yara).toMatchObject({ severity: "low", ruleSeverity: "critical", context: { kind: "detection" } });
    // none of the 11 skills flagged before and judged false positives blocks an import any more
    for (const name of FLAGGED_BEFORE.filter((n) => !(n in FLAGGED))) expect(results.get(name)!.highest, name).not.toMatch(/critical|high/);
  });
});
