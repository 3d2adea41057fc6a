import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasShared, noteIfSharedMissing, SHARED_DIR } from "../skills/test-helpers/shared";
import { createFolderSource } from "./folder-source";
import { describeScore, readSkillFolders, scoreTriggerFile } from "./test-helpers";
import type { SkillSource } from "./domain";

// Skill selection quality of the offline router over the shared corpus, through the real loop
// (prompt, tools, generateText, ledger), on the development set and on this folder's own
// paraphrased set (written independently of the development queries, to catch overfitting).

const CORPUS = path.join(SHARED_DIR, "corpus");
const DEV = path.join(SHARED_DIR, "trigger-eval/dev.jsonl");
const PARAPHRASE = path.join(import.meta.dirname, "../../testdata/routing/dev/paraphrase.jsonl");

describe.skipIf(!hasShared)("offline router selection quality (shared corpus)", () => {
  noteIfSharedMissing("the router's trigger evaluation");
  let source: SkillSource;

  it("reads the corpus as a catalog of 42 names (skill-creator appears twice)", () => {
    const bundles = readSkillFolders(CORPUS);
    const result = createFolderSource(bundles, { includeInvalid: true });
    source = result.source;
    expect(bundles).toHaveLength(43);
    expect(source.skills).toHaveLength(42);
    expect(result.invalid.map((s) => s.root)).toEqual(["claude-api"]);
  });

  it("meets the targets on the development set", async () => {
    const s = await scoreTriggerFile(source, DEV);
    console.info(describeScore("dev", s));
    expect(s.right / s.positive).toBeGreaterThanOrEqual(0.9);
    expect(s.quiet / s.negative).toBeGreaterThanOrEqual(0.9);
  });

  it("meets the targets on the paraphrased set", async () => {
    const s = await scoreTriggerFile(source, PARAPHRASE);
    console.info(describeScore("paraphrase", s));
    expect(s.right / s.positive).toBeGreaterThanOrEqual(0.9);
    expect(s.quiet / s.negative).toBeGreaterThanOrEqual(0.9);
  });
});
