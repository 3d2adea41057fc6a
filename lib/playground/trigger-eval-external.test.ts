import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasShared, noteIfSharedMissing, SHARED_DIR } from "../skills/test-helpers/shared";
import { createFolderSource } from "./folder-source";
import { describeScore, readSkillFolders, scoreTriggerFile } from "./test-helpers";
import type { SkillSource } from "./types";

// The offline router on a real catalog: 206 skills from six publishers (../shared/corpus-external),
// many of them siblings whose descriptions point at each other. external-dev.jsonl is the
// development set written for it; external-heldout.jsonl, written by someone else, is what the
// targets are judged on, and is scored when it is present.

const CATALOG = path.join(SHARED_DIR, "corpus-external");
const SETS = ["external-dev.jsonl", "external-heldout.jsonl"].map((name) => path.join(import.meta.dirname, "testdata", name));

describe.skipIf(!hasShared)("offline router selection quality (external catalog)", () => {
  noteIfSharedMissing("the router's trigger evaluation on the external catalog");
  let source: SkillSource;

  it("reads the external catalog: 206 skills, 3 of them explicit-only", () => {
    const bundles = readSkillFolders(CATALOG);
    source = createFolderSource(bundles, { includeInvalid: true }).source;
    expect(source.skills).toHaveLength(206);
    expect(source.skills.filter((s) => s.modelInvocable === false)).toHaveLength(3);
  });

  for (const file of SETS) {
    it.skipIf(!existsSync(file))(`meets the targets on ${path.basename(file)}: 85% right skill first, 85% silent when no skill covers`, async () => {
      const s = await scoreTriggerFile(source, file);
      console.info(describeScore(path.basename(file, ".jsonl"), s));
      expect(s.right / s.positive).toBeGreaterThanOrEqual(0.85);
      expect(s.quiet / s.negative).toBeGreaterThanOrEqual(0.85);
    });
  }
});
