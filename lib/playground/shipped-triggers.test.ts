import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseTriggerTests, TRIGGER_TESTS_PATH } from "../skills/format/trigger-tests";
import { runTriggerEval } from "./evals/run";
import { createFolderSource } from "./folder-source";
import { createOfflineRouterModel } from "./router";
import { readSkillFolders } from "./test-helpers";
import { OFFLINE_ROUTER_ID } from "./domain";

// The built-in and demo skills ship trigger tests (evals/triggers.json), so a newcomer's Triggers
// tab shows what they are and a run to start from. Here: each file reads cleanly, has both kinds of
// request, and passes with the offline router over the catalog the seed ships (built-in + demo).

const SKILLS = path.join(import.meta.dirname, "../../prisma/skills");
const shipped = ["builtin", "demo"].flatMap((dir) => readSkillFolders(path.join(SKILLS, dir)).map((bundle) => ({ dir, bundle })));
const { source } = createFolderSource(shipped.map((s) => s.bundle));

describe("the shipped skills' trigger tests", () => {
  it.each(shipped.map(({ dir, bundle }) => [bundle.name!, path.join(SKILLS, dir, bundle.root, TRIGGER_TESTS_PATH)] as const))(
    "%s ships valid tests that pass with the offline router",
    async (name, file) => {
      const parsed = parseTriggerTests(readFileSync(file, "utf8"));
      expect(parsed.findings).toEqual([]);
      expect(parsed.tests.filter((t) => t.shouldTrigger).length, "requests that should load it").toBeGreaterThanOrEqual(3);
      expect(parsed.tests.filter((t) => !t.shouldTrigger).length, "near misses").toBeGreaterThanOrEqual(2);

      const { results, summary } = await runTriggerEval({
        source,
        subject: name,
        tests: parsed.tests,
        model: createOfflineRouterModel(),
        modelId: OFFLINE_ROUTER_ID,
      });
      const failed = results
        .filter((r) => !r.passed)
        .map((r) => `${r.shouldTrigger ? "missed" : "loaded on"} "${r.query}" (loaded: ${r.disclosed.join(", ") || "nothing"})`);
      expect(failed).toEqual([]);
      expect(summary.passed).toBe(parsed.tests.length);
    },
  );
});
