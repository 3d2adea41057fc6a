import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasShared, noteIfSharedMissing, SHARED_DIR } from "../skills/test-helpers/shared";
import { createFolderSource } from "./folder-source";
import { describeScore, readSkillFolders, scoreTriggerFile } from "./test-helpers";
import type { SkillSource } from "./domain";

// The offline router on a real catalog: 206 skills from six publishers (../shared/corpus-external),
// many of them siblings whose descriptions point at each other. external-dev.jsonl is the
// development set written for it (its last 115 lines: harder near misses, added in a second round);
// the two held-out sets were written by two other people who saw neither the router nor each
// other's queries, and were first scored with the router as it is here.
//
// The target is 85% right skill first and 85% silent when no skill covers the request.
// With whole-skill ranking and the evidence-based silence rule (skill-decision.ts) the router is
// silent on 88-94% of the near misses (it was 72-77% with one global threshold) and picks right on
// 82-85% (87-91% before: these sets were its development sets, and the old threshold was tuned on
// them; all of them are development sets now, testdata/routing/test.jsonl is the test set). These
// tests hold what it reaches, so a change that loses ground fails.

const CATALOG = path.join(SHARED_DIR, "corpus-external");
const TARGET = 0.85;
/** What the router reaches on each set (right skill first, silent), rounded down: the floor a change must keep. */
const FLOORS: Record<string, { right: number; quiet: number }> = {
  "external-dev.jsonl": { right: 0.82, quiet: 0.91 },
  "external-heldout.jsonl": { right: 0.85, quiet: 0.94 },
  "external-heldout2.jsonl": { right: 0.85, quiet: 0.88 },
};

describe.skipIf(!hasShared)("offline router selection quality (external catalog)", () => {
  noteIfSharedMissing("the router's trigger evaluation on the external catalog");
  let source: SkillSource;

  it("reads the external catalog: 206 skills, 3 of them explicit-only", () => {
    const bundles = readSkillFolders(CATALOG);
    source = createFolderSource(bundles, { includeInvalid: true }).source;
    expect(source.skills).toHaveLength(206);
    expect(source.skills.filter((s) => s.modelInvocable === false)).toHaveLength(3);
  });

  for (const [name, floor] of Object.entries(FLOORS)) {
    it(`holds ${Math.round(floor.right * 100)}% right skill first and ${Math.round(floor.quiet * 100)}% silent on ${name}`, async () => {
      const s = await scoreTriggerFile(source, path.join(import.meta.dirname, "../../testdata/routing/dev", name));
      const met = (x: number) => (x >= TARGET ? "meets" : "misses");
      console.info(
        `${describeScore(path.basename(name, ".jsonl"), s)}\n  right first ${met(s.right / s.positive)} the 85% target; silence ${met(s.quiet / s.negative)} it`,
      );
      expect(s.right / s.positive).toBeGreaterThanOrEqual(floor.right);
      expect(s.quiet / s.negative).toBeGreaterThanOrEqual(floor.quiet);
    });
  }
});
