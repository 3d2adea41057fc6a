import { afterAll, describe, expect, it } from "vitest";
import { createOfflineRouterModel } from "@/lib/playground/router";
import { OFFLINE_ROUTER_ID } from "@/lib/playground/domain";
import { serializeTriggerTests } from "@/lib/skills/format/trigger-tests";
import { createCast, createTestDatabase, makeSkill, refusal } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const evals = await import("./trigger-evals");
const profiles = await import("../profiles/profiles");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db);
const offline = { id: OFFLINE_ROUTER_ID, model: createOfflineRouterModel(), costsTokens: false };

const tests = [
  { query: "please fill out this PDF form with my address", shouldTrigger: true },
  { query: "complete the tax paperwork for me, the fields are on page two", shouldTrigger: true },
  { query: "make a party parrot gif for our slack", shouldTrigger: false },
];
const forms = await skills.createSkill(ada, {
  skill: makeSkill("pdf-forms", {
    description: "Fill in PDF forms and extract their fields. Use when the user needs to fill a PDF form.",
    files: { "evals/triggers.json": serializeTriggerTests(tests) },
  }),
  destination: { scope: "TEAM", teamId: team.id },
});
await skills.createSkill(ada, {
  skill: makeSkill("tax-returns", {
    description: "Prepare tax returns and tax paperwork, deductions, forms and filing deadlines.",
    files: { "evals/triggers.json": serializeTriggerTests([{ query: "which deductions can I still claim before the filing deadline", shouldTrigger: true }]) },
  }),
  destination: { scope: "TEAM", teamId: team.id },
});
await skills.createSkill(ada, { skill: makeSkill("slack-gif-creator", { description: "Create animated GIFs for Slack." }), destination: { scope: "PUBLIC" } });
await skills.createSkill(grace, {
  skill: makeSkill("grace-paperwork", { description: "Grace own paperwork helper, fill forms, tax paperwork, fields on any page." }),
  destination: { scope: "PERSONAL" },
});

describe("trigger tests over the store", () => {
  it("reads a version's tests from evals/triggers.json, and says when it has none or they are broken", async () => {
    expect(await evals.getTriggerTests(grace, forms.skillId)).toEqual({ version: 1, exists: true, tests, problems: [] });
    const other = await skills.createSkill(ada, { skill: makeSkill("no-tests"), destination: { scope: "PUBLIC" } });
    expect(await evals.getTriggerTests(grace, other.skillId)).toEqual({ version: 1, exists: false, tests: [], problems: [] });
    const broken = await skills.createSkill(ada, {
      skill: makeSkill("broken-tests", { files: { "evals/triggers.json": '[{"query": "x"}]' } }),
      destination: { scope: "PUBLIC" },
    });
    expect((await evals.getTriggerTests(grace, broken.skillId))?.problems).toEqual(['evals/triggers.json:1: test 1: "should_trigger" must be true or false']);
    const refused = await refusal(evals.runSkillTriggerEval(grace, broken.skillId, { catalog: { kind: "all" }, modelId: OFFLINE_ROUTER_ID }, offline));
    expect(refused.message).toBe(`Version 1's trigger tests cannot run: evals/triggers.json:1: test 1: "should_trigger" must be true or false`);
    expect((await refusal(evals.runSkillTriggerEval(grace, other.skillId, { catalog: { kind: "all" }, modelId: OFFLINE_ROUTER_ID }, offline))).message).toMatch(
      /^Version 1 has no trigger tests/,
    );
    expect(await evals.getTriggerTests(linus, forms.skillId)).toBeNull();
  });

  it("runs against the team's catalog, names the competitor of a miss, stores the run, and shows it to the team", async () => {
    const [run] = await evals.runSkillTriggerEval(grace, forms.skillId, { catalog: { kind: "team", teamId: team.id }, modelId: OFFLINE_ROUTER_ID }, offline);
    expect(run).toMatchObject({ version: 1, arm: "version", catalog: { kind: "team", label: "Team Platform", size: 5 }, modelId: OFFLINE_ROUTER_ID });
    expect(run.results.map((r) => [r.disclosed, r.passed, r.competitor])).toEqual([
      [["pdf-forms"], true, null],
      [["tax-returns"], false, "tax-returns"],
      [["slack-gif-creator"], true, null],
    ]);
    expect(run.summary).toMatchObject({ recall: 0.5, precision: 1, competitors: [{ name: "tax-returns", wins: 1 }] });
    // grace's personal skill is not in what the team's agents see
    expect(run.results.some((r) => r.ranking?.some((x) => x.name === "grace-paperwork"))).toBe(false);
    expect((await evals.listTriggerEvalRuns(ada, forms.skillId))?.map((r) => [r.id, r.createdBy])).toEqual([[run.id, "grace"]]);
    expect(await evals.listTriggerEvalRuns(linus, forms.skillId)).toBeNull();
  });

  it("keeps a run against a personal catalog to its runner", async () => {
    const [run] = await evals.runSkillTriggerEval(grace, forms.skillId, { catalog: { kind: "all" }, modelId: OFFLINE_ROUTER_ID }, offline);
    expect(run.results[1].competitor).toBe("grace-paperwork");
    expect(run.catalog.label).toBe("Everything you can see");
    expect(await evals.getTriggerEvalRun(grace, forms.skillId, run.id)).toMatchObject({ id: run.id });
    expect(await evals.getTriggerEvalRun(ada, forms.skillId, run.id)).toBeNull();
    expect((await evals.listTriggerEvalRuns(ada, forms.skillId))?.some((r) => r.id === run.id)).toBe(false);
    await refusal(evals.runSkillTriggerEval(linus, forms.skillId, { catalog: { kind: "all" }, modelId: OFFLINE_ROUTER_ID }, offline));
    const notMember = await refusal(
      evals.runSkillTriggerEval(grace, forms.skillId, { catalog: { kind: "team", teamId: "nope" }, modelId: OFFLINE_ROUTER_ID }, offline),
    );
    expect(notMember.message).toBe("Team not found.");
  });

  it("runs against an agent profile, adding the tested skill when the profile lacks it", async () => {
    const gif = (await db.skill.findFirst({ where: { name: "slack-gif-creator" } }))!;
    const profile = await profiles.createProfile(grace, { name: "gifs only", instructions: "", skills: [{ skillId: gif.id, pinnedVersion: null }] });
    const [run] = await evals.runSkillTriggerEval(
      grace,
      forms.skillId,
      { catalog: { kind: "profile", profileId: profile.id }, modelId: OFFLINE_ROUTER_ID },
      offline,
    );
    expect(run.catalog).toMatchObject({ label: 'Agent profile "gifs only"', size: 2 });
    // no competitor there: the paperwork request loads nothing, and the router says why
    expect(run.results[1]).toMatchObject({ disclosed: [], competitor: null, passed: false });
    expect(run.results[1].reason).toBeTruthy();
  });

  it("A/B: the proposed description fixes the miss and takes no one's requests; saved, the run is filed under the new version", async () => {
    const request = {
      catalog: { kind: "team" as const, teamId: team.id },
      modelId: OFFLINE_ROUTER_ID,
      compare: { description: "Fill in PDF forms and paperwork, complete the fields on any page of a form. Use when the user needs a form filled." },
    };
    const estimate = await evals.estimateSkillTriggerEval(ada, forms.skillId, request, { id: "openai:x", costsTokens: true });
    expect(estimate).toMatchObject({ tests: 3, otherTests: 1, arms: 2, catalogSize: 5, costsTokens: true, catalogLabel: "Team Platform" });
    expect(estimate.inputTokens).toBeGreaterThan(2 * 4 * 200);

    const [a, b] = await evals.runSkillTriggerEval(ada, forms.skillId, request, offline);
    expect([a.arm, b.arm, a.comparisonId]).toEqual(["version", "proposed", b.comparisonId]);
    expect([a.summary.passed, b.summary.passed]).toEqual([2, 3]);
    expect(b.takes).toEqual([]);

    const greedy = await evals.runSkillTriggerEval(
      ada,
      forms.skillId,
      { ...request, compare: { description: "Claim deductions before the filing deadline; which deductions to claim, filing deadline reminders, and forms." } },
      offline,
    );
    expect(greedy[1].takes).toEqual([
      { skill: "tax-returns", query: "which deductions can I still claim before the filing deadline", disclosed: ["pdf-forms"] },
    ]);

    await skills.addSkillVersion(ada, forms.skillId, {
      skill: makeSkill("pdf-forms", { description: request.compare.description, files: { "evals/triggers.json": serializeTriggerTests(tests) } }),
      message: "Description: paperwork",
      baseVersion: 1,
    });
    expect((await refusal(evals.fileProposedRun(ada, forms.skillId, a.id, 2))).message).toMatch(/Only a run of a proposed description/);
    expect((await refusal(evals.fileProposedRun(ada, forms.skillId, greedy[1].id, 2))).message).toMatch(/description is not the one this run measured/);
    expect((await refusal(evals.fileProposedRun(grace, forms.skillId, b.id, 2))).message).toBe("Run not found.");
    const filed = await evals.fileProposedRun(ada, forms.skillId, b.id, 2);
    expect(filed).toMatchObject({ version: 2, arm: "version", measuredOn: 1 });
    const history = (await evals.listTriggerEvalRuns(ada, forms.skillId))!;
    expect(history.find((r) => r.id === a.id)).toMatchObject({ version: 1, summary: { passed: 2 } });
    expect(history.find((r) => r.id === b.id)).toMatchObject({ version: 2, summary: { passed: 3 } });
  });

  it("runs an editor's draft tests and refuses bad ones by test number", async () => {
    const [run] = await evals.runSkillTriggerEval(
      ada,
      forms.skillId,
      { catalog: { kind: "all" }, modelId: OFFLINE_ROUTER_ID, tests: [{ query: " fill this PDF form ", shouldTrigger: true }] },
      offline,
    );
    expect(run.results.map((r) => r.query)).toEqual(["fill this PDF form"]);
    const bad = await refusal(
      evals.runSkillTriggerEval(
        ada,
        forms.skillId,
        {
          catalog: { kind: "all" },
          modelId: OFFLINE_ROUTER_ID,
          tests: [
            { query: "ok", shouldTrigger: true },
            { query: " ", shouldTrigger: false },
          ],
        },
        offline,
      ),
    );
    expect(bad.message).toBe("Test 2 has no request.");
    const empty = await refusal(
      evals.runSkillTriggerEval(ada, forms.skillId, { catalog: { kind: "all" }, modelId: OFFLINE_ROUTER_ID, compare: { description: " " } }, offline),
    );
    expect(empty.message).toBe("The proposed description is empty.");
  });

  it("refuses a third run while two of one person's runs are going, and takes runs again once they end", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const base = createOfflineRouterModel();
    const slow = {
      id: OFFLINE_ROUTER_ID,
      costsTokens: false,
      model: { ...base, doGenerate: async (o: Parameters<typeof base.doGenerate>[0]) => (await gate, base.doGenerate(o)) },
    };
    const request = { catalog: { kind: "all" as const }, modelId: OFFLINE_ROUTER_ID };
    const first = evals.runSkillTriggerEval(grace, forms.skillId, request, slow);
    const second = evals.runSkillTriggerEval(grace, forms.skillId, request, slow);
    const third = await refusal(evals.runSkillTriggerEval(grace, forms.skillId, request, offline));
    expect(third).toMatchObject({ code: "CONFLICT", message: "You already have 2 trigger-test runs going; wait for one to finish, then run again." });
    // someone else is not held up by grace's runs
    expect(await evals.runSkillTriggerEval(ada, forms.skillId, request, offline)).toHaveLength(1);
    release();
    expect((await Promise.all([first, second])).map((runs) => runs.length)).toEqual([1, 1]);
    expect(await evals.runSkillTriggerEval(grace, forms.skillId, request, offline)).toHaveLength(1);
  });
});
