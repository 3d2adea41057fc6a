import { afterAll, describe, expect, it } from "vitest";
import { createOfflineRouterModel } from "@/lib/playground/router";
import { OFFLINE_ROUTER_ID } from "@/lib/playground/domain";
import { serializeTriggerTests } from "@/lib/skills/format/trigger-tests";
import { measureStalls } from "@/lib/test/event-loop";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

// A trigger-test run on a server: the offline router answers without I/O, so a run that never
// gave the event loop a turn held every other request (health checks, other people's pages) for
// its whole length. The run must leave the loop free within 100 ms at every point.

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const evals = await import("./trigger-evals");
afterAll(cleanup);

const { grace, linus } = await createCast(db);
const offline = { id: OFFLINE_ROUTER_ID, model: createOfflineRouterModel(), costsTokens: false };

const CATALOG = 200;
const TESTS = 100;
const tests = Array.from({ length: TESTS }, (_, i) =>
  i % 2 === 0
    ? { query: `gate the kubernetes release rollout of service ${i} before the production deploy`, shouldTrigger: true }
    : { query: `check the invoices of the finance team for quarter ${i}`, shouldTrigger: false },
);
const [subject] = await skills.importSkills(grace, [
  {
    skill: makeSkill("release-gate", {
      description: "Gate a kubernetes release by checking rollout manifests, canary metrics and rollback plans. Use before a production deploy.",
      files: { "evals/triggers.json": serializeTriggerTests(tests) },
    }),
    destination: { scope: "PERSONAL" },
  },
  ...Array.from({ length: CATALOG - 1 }, (_, i) => ({
    skill: makeSkill(`review-${i}`, { description: `Review ${["invoices", "contracts", "budgets", "payroll"][i % 4]} ${i} for finance team ${i % 9}.` }),
    destination: { scope: "PERSONAL" as const },
  })),
]);
const request = { catalog: { kind: "all" as const }, modelId: OFFLINE_ROUTER_ID };

describe("a trigger-test run and the event loop", () => {
  it(`a ${TESTS}-test run against ${CATALOG} skills never holds the event loop for 100 ms`, async () => {
    await evals.runSkillTriggerEval(grace, subject.skillId, request, offline); // warm-up: module loading and JIT are not the run
    const measured = await measureStalls(() => evals.runSkillTriggerEval(grace, subject.skillId, request, offline));
    console.log(
      `${TESTS}-test run, ${CATALOG} skills: ${measured.totalMs.toFixed(0)} ms; longest event-loop stall ${measured.longestCpuMs.toFixed(1)} ms of CPU (${measured.longestMs.toFixed(1)} ms wall)`,
    );
    expect(measured.result[0].summary.tests).toBe(TESTS);
    expect(measured.result[0].catalog.size).toBe(CATALOG);
    expect(measured.longestCpuMs).toBeLessThan(100);
  });

  it("shows its runner how far a run got while it goes, and nobody else", async () => {
    let settled = false;
    const run = evals.runSkillTriggerEval(grace, subject.skillId, request, offline).finally(() => (settled = true));
    const seen: { done: number; total: number | null }[] = [];
    while (!settled) {
      const [progress] = (await evals.listTriggerEvalRunsInProgress(grace, subject.skillId)) ?? [];
      if (progress) seen.push({ done: progress.done, total: progress.total });
      // linus cannot see grace's personal skill at all
      expect(await evals.listTriggerEvalRunsInProgress(linus, subject.skillId)).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await run;
    const midway = seen.filter((p) => p.done > 0 && p.done < TESTS);
    expect(midway.length).toBeGreaterThan(0);
    expect(midway.every((p) => p.total === TESTS)).toBe(true);
    expect(await evals.listTriggerEvalRunsInProgress(grace, subject.skillId)).toEqual([]);
  });
});
