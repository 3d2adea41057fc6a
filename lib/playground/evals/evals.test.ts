import { describe, expect, it } from "vitest";
import { createOfflineRouterModel } from "../router";
import { inlineSource } from "../test-helpers";
import { OFFLINE_ROUTER_ID } from "../domain";
import { armChanges, runArms } from "./compare";
import { estimateTriggerEval, runTriggerEval } from "./run";
import { summarize } from "./score";
import { untestableReason, withDescription, withSubject } from "./subject";

const catalog = inlineSource([
  { name: "pdf-forms", description: "Fill in PDF forms and extract their fields. Use when the user needs to fill a PDF form." },
  { name: "invoice-export", description: "Export invoices from the billing system as PDF files and email them to customers." },
  { name: "slack-gif-creator", description: "Create animated GIFs optimized for Slack. Use when asked for a GIF or emoji for Slack." },
]);
const subjectSkill = catalog.skills.find((s) => s.name === "pdf-forms")!;
const subject = { skill: subjectSkill, source: catalog };
const model = createOfflineRouterModel();
const tests = [
  { query: "please fill out this PDF form with my address", shouldTrigger: true },
  { query: "send the march invoice as a pdf to the customer", shouldTrigger: false },
  { query: "complete the tax paperwork for me, the fields are on page two", shouldTrigger: true },
  { query: "make a party parrot gif for our slack", shouldTrigger: false },
];

describe("trigger tests through the playground loop", () => {
  it("records per test what was loaded, the ranking and the verdict, and names the competitor of a miss", async () => {
    const { results, summary } = await runTriggerEval({
      source: withSubject(catalog, subject),
      subject: "pdf-forms",
      tests,
      model,
      modelId: OFFLINE_ROUTER_ID,
    });
    expect(results.map((r) => [r.disclosed, r.passed])).toEqual([
      [["pdf-forms"], true],
      [["invoice-export"], true],
      [[], false],
      [["slack-gif-creator"], true],
    ]);
    expect(results[0].ranking?.[0]).toMatchObject({ name: "pdf-forms" });
    expect(results[0].toolCalls).toEqual([{ toolName: "load_skill", input: { name: "pdf-forms" } }]);
    expect(results[2].competitor).toBeNull();
    expect(results[2].reason).toMatch(/scores|shares/);
    expect(summary).toMatchObject({ tests: 4, passed: 3, positives: 2, negatives: 2, truePositives: 1, falsePositives: 0, recall: 0.5, precision: 1 });

    const lost = await runTriggerEval({
      source: withSubject(catalog, subject),
      subject: "pdf-forms",
      tests: [{ query: "email the billing invoices to our customers as PDF files", shouldTrigger: true }],
      model,
      modelId: OFFLINE_ROUTER_ID,
    });
    expect(lost.results[0]).toMatchObject({ passed: false, competitor: "invoice-export", disclosed: ["invoice-export"] });
    expect(lost.summary.competitors).toEqual([{ name: "invoice-export", wins: 1 }]);
  });

  it("an A/B of descriptions shows which tests a new description fixes and which skill it stops losing to", async () => {
    const weak = "Convert scanned images to searchable text with OCR.";
    const strong = "Fill in PDF forms, tax paperwork and applications: complete their fields. Use when the user needs a form filled.";
    const [a, b] = await runArms({ catalog, subject, tests, descriptions: [weak, strong], model, modelId: OFFLINE_ROUTER_ID });
    // the name alone still carries "fill this PDF form"; the paperwork request needs the description
    expect(a.summary).toMatchObject({ recall: 0.5, passed: 3 });
    expect(a.results[2]).toMatchObject({ passed: false, disclosed: [] });
    expect(b.summary).toMatchObject({ recall: 1, precision: 1, passed: 4 });
    expect(armChanges(a, b)).toEqual({ fixed: [2], broken: [] });
    expect(b.description).toBe(strong);
  });

  it("reports other skills' requests the skill under test takes from them", async () => {
    const greedy = "Anything with PDF documents for customers: billing documents, statements, forms, emailing PDFs to customers.";
    const others = [{ skill: "invoice-export", tests: [{ query: "email each customer their billing documents as PDFs", shouldTrigger: true }] }];
    const [current, proposed] = await runArms({
      catalog,
      subject,
      tests: tests.slice(0, 1),
      descriptions: [subjectSkill.description, greedy],
      model,
      modelId: OFFLINE_ROUTER_ID,
      others,
    });
    expect(current.takes).toEqual([]);
    expect(proposed.takes).toEqual([{ skill: "invoice-export", query: others[0].tests[0].query, disclosed: ["pdf-forms"] }]);
  });

  it("stops asking a model that failed three times in a row", async () => {
    let calls = 0;
    const broken = {
      ...model,
      doGenerate: async () => {
        calls++;
        throw new Error("the provider is down");
      },
    };
    const many = Array.from({ length: 5 }, (_, i) => ({ query: `fill PDF form number ${i}`, shouldTrigger: true }));
    const [arm] = await runArms({ catalog, subject, tests: many, descriptions: [subjectSkill.description], model: broken, modelId: "openai:x" });
    expect(calls).toBe(3);
    expect(arm.results.map((r) => r.error)).toEqual([
      "the provider is down",
      "the provider is down",
      "the provider is down",
      "not run: the model failed 3 times in a row, so the run stopped asking it",
      "not run: the model failed 3 times in a row, so the run stopped asking it",
    ]);
    expect(arm.summary.passed).toBe(0);
  });

  it("alternates which arm goes first", async () => {
    const calls: string[] = [];
    const spy = {
      ...model,
      doGenerate: async (o: Parameters<typeof model.doGenerate>[0]) => (
        calls.push(JSON.stringify(o.prompt[0]).includes("AAA") ? "A" : "B"),
        model.doGenerate(o)
      ),
    };
    await runArms({ catalog, subject, tests: tests.slice(0, 2), descriptions: ["AAA pdf forms", "BBB pdf forms"], model: spy, modelId: OFFLINE_ROUTER_ID });
    expect(calls.filter((_, i) => i === 0 || calls[i - 1] !== calls[i]).slice(0, 2)).toEqual(["A", "B"]);
    expect(calls.indexOf("B")).toBeLessThan(calls.lastIndexOf("A"));
    // one model call per test and arm (each stops at its decision): test 1 runs A then B, test 2 B then A
    expect(calls).toEqual(["A", "B", "B", "A"]);
  });

  it("puts the tested version in the catalog in place of its namesake, or adds it", () => {
    const edited = withDescription(subjectSkill, "Only forms.");
    expect(edited.catalogTokens).toBeLessThan(subjectSkill.catalogTokens);
    expect(edited.frontmatter.description).toBe("Only forms.");
    const replaced = withSubject(catalog, { skill: edited, source: catalog });
    expect(replaced.skills.map((s) => [s.name, s.description === "Only forms."])).toEqual([
      ["invoice-export", false],
      ["pdf-forms", true],
      ["slack-gif-creator", false],
    ]);
    const without = { ...catalog, skills: catalog.skills.filter((s) => s.name !== "pdf-forms") };
    expect(withSubject(without, subject).skills.map((s) => s.name)).toEqual(["invoice-export", "pdf-forms", "slack-gif-creator"]);
    expect(untestableReason({ ...subjectSkill, modelInvocable: false })).toMatch(/disable-model-invocation/);
    expect(untestableReason(subjectSkill)).toBeNull();
  });

  it("estimates the input tokens of a run before it starts", async () => {
    const estimate = await estimateTriggerEval({ source: withSubject(catalog, subject), subject: "pdf-forms", tests, modelId: "openai:x" });
    expect(estimate.tests).toBe(4);
    // system prompt with three catalog entries and the tool definitions: a few hundred tokens a test
    expect(estimate.perTest).toBeGreaterThan(200);
    expect(estimate.inputTokens).toBeGreaterThan(4 * 200);
    const search = await estimateTriggerEval({ source: catalog, subject: "pdf-forms", tests, modelId: "openai:x", mode: "search" });
    expect(search.inputTokens).toBeGreaterThan(estimate.inputTokens * 1.2);
  });

  it("scores precision and recall only where they are defined", () => {
    const r = (shouldTrigger: boolean, triggered: boolean) => ({
      shouldTrigger,
      triggered,
      passed: shouldTrigger === triggered,
      competitor: null,
      inputTokens: 5,
      outputTokens: null,
    });
    expect(summarize([r(false, false)])).toMatchObject({ recall: null, precision: null, inputTokens: 5, outputTokens: null });
    expect(summarize([r(true, true), r(false, true)])).toMatchObject({ recall: 1, precision: 0.5, falsePositives: 1 });
  });
});
