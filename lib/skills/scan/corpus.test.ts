import path from "node:path";
import { describe, expect, it } from "vitest";
import { readBundle } from "../archive/bundle";
import { hasShared, noteIfSharedMissing, readTree, SHARED_DIR } from "../test-helpers/shared";
import { RULESET_VERSION, scanBundleSkill, type ScanFinding } from "./index";

// The 43 real skills of ../shared/corpus are the benign set: none may raise a critical or high
// finding, and the few medium or low ones are pinned here so a rule change that adds noise shows.

const CORPUS = path.join(SHARED_DIR, "corpus");
noteIfSharedMissing("the scanner's benign corpus");

describe.skipIf(!hasShared)("scanner on the real-world corpus (../shared/corpus)", () => {
  const scanned = () => {
    const bundle = readBundle({ kind: "files", files: readTree(CORPUS, "corpus") }, { countResourceTokens: false });
    return bundle.skills.map((skill) => ({ root: skill.root, result: scanBundleSkill(skill) }));
  };

  it("raises no critical or high finding on any of the 43 skills, and reads every file", () => {
    const results = scanned();
    expect(results).toHaveLength(43);
    const serious = results.flatMap(({ root, result }) =>
      result.findings.filter((f) => f.severity === "critical" || f.severity === "high").map((f) => `${root}/${f.file}:${f.line} ${f.rule}`),
    );
    expect(serious).toEqual([]);
    for (const { result } of results) {
      expect(result.ruleset).toBe(RULESET_VERSION);
      // the corpus holds Markdown, text and JSON only: nothing is skipped
      expect(result.complete).toBe(true);
    }
  });

  it("raises only these medium and low notes, each defensible", () => {
    const notes = scanned().flatMap(({ root, result }) =>
      result.findings.map((f: ScanFinding) => `${f.severity} ${f.rule} ${root.replace(/^corpus\//, "")}/${f.file}:${f.line}`),
    );
    expect(notes.sort()).toEqual([
      // quotes override phrases as examples of what Claude is trained to resist
      "medium prompt-injection/override-quoted anthropics-skills/claude-api/shared/model-migration.md:834",
      // removes the quarantine mark from the Homebrew-installed `ant` binary in installation docs
      "medium system-damage/quarantine-removal anthropics-skills/claude-api/shared/anthropic-cli.md:21",
    ]);
  });
});
