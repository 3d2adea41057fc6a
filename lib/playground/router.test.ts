import { generateText, streamText, type UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { createOfflineRouterModel, pointedResources } from "./router";
import { ROUTER_LABEL } from "./router-answer";
import { SILENCE_RULE } from "./skill-decision";
import { inlineSource, SAMPLE_SKILLS } from "./test-helpers";
import { prepareTurn, type HistoryMessage } from "./turn";
import { OFFLINE_ROUTER_ID, type CatalogMode, type DisclosureEvent } from "./domain";

const source = inlineSource(SAMPLE_SKILLS);

async function runTurn(userText: string, options: { mode?: CatalogMode; history?: HistoryMessage[]; stream?: boolean } = {}) {
  const turn = await prepareTurn({
    source,
    settings: { mode: options.mode ?? "full", exposeMetadata: false, instructions: "", modelId: OFFLINE_ROUTER_ID },
    history: options.history ?? [],
    userText,
  });
  const model = createOfflineRouterModel();
  if (options.stream) {
    const result = streamText({ model, ...turn.request });
    const text = await result.text;
    const steps = await result.steps;
    return { text, steps, ledger: turn.finish(await result.totalUsage) };
  }
  const result = await generateText({ model, ...turn.request });
  return { text: result.text, steps: result.steps, ledger: turn.finish(result.totalUsage) };
}

const kinds = (events: DisclosureEvent[]) =>
  events.map((e) => (e.kind === "load" ? `load:${e.skill}:${e.by}` : e.kind === "read" ? `read:${e.skill}/${e.path}` : e.kind));

describe("offline router", () => {
  it("loads the best-matching skill and quotes its most relevant section", async () => {
    const { text, steps, ledger } = await runTurn("Make me an animated GIF for Slack, what size should the emoji be?");
    expect(kinds(ledger.events)).toEqual(["catalog", "load:slack-gif-creator:model"]);
    expect(steps.map((s) => s.toolCalls.map((c) => c.toolName))).toEqual([["load_skill"], []]);
    expect(text.startsWith(`**${ROUTER_LABEL}.** I loaded \`slack-gif-creator\``)).toBe(true);
    expect(text).toContain("section “Sizes”");
    expect(text).toContain("> Emoji GIFs are 128x128");
    expect(text).toContain("`reference/palette.md`");
    expect(ledger.router).toMatchObject({
      query: "Make me an animated GIF for Slack, what size should the emoji be?",
      chosen: "slack-gif-creator",
      threshold: SILENCE_RULE.minScore,
    });
    expect(ledger.router!.ranked[0].name).toBe("slack-gif-creator");
    expect(ledger.router!.ranked[0].score).toBeGreaterThan(ledger.router!.threshold);
    expect(ledger.totals.inputTokens).toBeNull();
    expect(ledger.totals.outputTokens).toBeNull();
  });

  it("loads nothing for an unrelated message, and says so", async () => {
    const { text, ledger } = await runTurn("How tall is Mount Everest?");
    expect(kinds(ledger.events)).toEqual(["catalog"]);
    expect(ledger.router?.chosen).toBeNull();
    expect(text).toContain("No skill in this catalog matches your message");
  });

  it("stays silent when only a weak word is shared, and says which evidence fell short", async () => {
    const { text, ledger } = await runTurn("Write a poem about the sea");
    expect(ledger.router!.ranked[0]).toMatchObject({ name: "release-notes" });
    expect(kinds(ledger.events)).toEqual(["catalog"]);
    expect(text).toMatch(/No skill matches your message closely enough, so none was loaded \(the best match, release-notes, /);
    expect(ledger.router!.reason).toMatch(/^the best match, release-notes, (matches the message in its body but|covers \d+%)/);
  });

  it("loads nothing for one shared word, even the name of a skill", async () => {
    const { ledger } = await runTurn("Which Slack channel is the busiest?");
    expect(ledger.router!.ranked[0]).toMatchObject({ name: "slack-gif-creator" });
    expect(ledger.router!.chosen).toBeNull();
    expect(kinds(ledger.events)).toEqual(["catalog"]);
  });

  it("reads a sibling's redirect as a pointer: the skill it sends the request to is loaded", async () => {
    const siblings = inlineSource([
      {
        name: "dask",
        description: "Distributed dataframes for pandas code across a cluster. For out-of-core analytics on a single machine use vaex instead.",
      },
      { name: "vaex", description: "Lazy dataframes over huge tabular files with fast aggregations." },
      { name: "pdf-forms", description: "Fill in and extract fields from PDF forms." },
    ]);
    const turn = await prepareTurn({
      source: siblings,
      settings: { mode: "full", exposeMetadata: false, instructions: "", modelId: OFFLINE_ROUTER_ID },
      history: [],
      userText: "out-of-core analytics of a big file on a single machine",
    });
    const result = await generateText({ model: createOfflineRouterModel(), ...turn.request });
    const ledger = turn.finish(result.totalUsage);
    // dask's own text keeps none of the request's words: the clause that had them describes vaex.
    expect(ledger.router!.ranked.map((r) => r.name)).toEqual(["vaex"]);
    expect(kinds(ledger.events)).toEqual(["catalog", "load:vaex:model"]);
  });

  it("reads a listed resource the message points at, then quotes it", async () => {
    const { text, ledger } = await runTurn("I need to fill a PDF form: which field types does the fields reference list?");
    expect(kinds(ledger.events)).toEqual(["catalog", "load:pdf-forms:model", "read:pdf-forms/reference/fields.md"]);
    expect(text).toContain("pdf-forms/reference/fields.md");
    expect(text).toContain("> Text, checkbox, radio, choice and signature fields.");
  });

  it("is deterministic, and streams what it generates", async () => {
    const query = "fill in a PDF form from fields.md";
    const a = await runTurn(query);
    const b = await runTurn(query);
    const c = await runTurn(query, { stream: true });
    expect(b.text).toBe(a.text);
    expect(c.text).toBe(a.text);
    expect(b.ledger).toEqual(a.ledger);
    expect(c.ledger).toEqual(a.ledger);
  });

  it("search mode: searches with the message, then loads the best result above the threshold", async () => {
    const { ledger, steps } = await runTurn("animated gif for slack please", { mode: "search" });
    expect(steps.map((s) => s.toolCalls.map((call) => call.toolName))).toEqual([["search_skills"], ["load_skill"], []]);
    expect(kinds(ledger.events)).toEqual(["catalog", "search", "load:slack-gif-creator:model"]);
    expect(ledger.router).toMatchObject({ chosen: "slack-gif-creator" });
    const miss = await runTurn("How tall is Mount Everest?", { mode: "search" });
    expect(kinds(miss.ledger.events)).toEqual(["catalog", "search"]);
    expect(miss.text).toContain("No skill in this catalog matches");
  });

  it("treats a $mention as loaded: no load call, the answer quotes the injected body", async () => {
    const { text, steps, ledger } = await runTurn("$release-notes draft something for v2, and see $ghost");
    expect(steps.flatMap((s) => s.toolCalls)).toEqual([]);
    expect(kinds(ledger.events)).toEqual(["catalog", "notice", "load:release-notes:mention"]);
    expect(ledger.events[1]).toEqual({ level: 0, kind: "notice", message: "$ghost is not in this catalog; ignored." });
    expect(text).toContain("You mentioned `release-notes`");
    expect(text).toContain("Body of release-notes.");
  });

  it("does not reload a skill loaded in an earlier turn; a model that does gets 'already loaded'", async () => {
    const first = await runTurn("Make me an animated GIF for Slack");
    const load = first.steps[0].toolResults[0];
    const history: HistoryMessage[] = [
      { role: "user", parts: [{ type: "text", text: "Make me an animated GIF for Slack" }] },
      {
        role: "assistant",
        ledger: first.ledger,
        parts: [
          { type: "step-start" },
          { type: "tool-load_skill", toolCallId: load.toolCallId, state: "output-available", input: load.input, output: load.output },
          { type: "text", text: first.text },
        ] as UIMessage["parts"],
      },
    ];
    const second = await runTurn("How many frames can a Slack GIF animation have?", { history });
    expect(kinds(second.ledger.events)).toEqual(["catalog"]);
    expect(second.text).toContain("`slack-gif-creator` was loaded earlier in this conversation");
    expect(second.text).toContain("> Keep animations under 50 frames");
    expect(second.ledger.turn).toBe(2);
    expect(second.ledger.totals.newlyDisclosed).toBe(0);
    expect(second.ledger.totals.resident).toBe(first.ledger.totals.resident);

    const turn = await prepareTurn({ source, settings: { mode: "full", exposeMetadata: false, instructions: "", modelId: "x" }, history, userText: "again" });
    expect(turn.loadedBefore).toEqual(new Map([["slack-gif-creator", 1]]));
    const output = await turn.request.tools.load_skill.execute!({ name: "slack-gif-creator" }, { toolCallId: "t", messages: [], context: {} } as never);
    expect(output).toBe('"slack-gif-creator" is already loaded (in turn 1); its instructions are earlier in this conversation.');
  });
});

describe("router helpers", () => {
  it("points at resources by path, file name or every word of the stem", () => {
    const paths = ["reference/fields.md", "reference/forms-guide.md", "scripts/fill.py", "LICENSE.txt"];
    expect(pointedResources("see reference/fields.md", paths)).toEqual(["reference/fields.md"]);
    expect(pointedResources("what does fill.py do", paths)).toEqual(["scripts/fill.py"]);
    expect(pointedResources("the forms guide reference please", paths)).toEqual(["reference/forms-guide.md"]);
    expect(pointedResources("the doc with a guide to forms", paths)).toEqual(["reference/forms-guide.md"]);
    expect(pointedResources("just the guide file", paths)).toEqual([]);
    expect(pointedResources("show me the license file", paths)).toEqual(["LICENSE.txt"]);
    // everyday words are not file requests without a cue that a file is meant
    expect(pointedResources("fill in the fields of my form", paths)).toEqual([]);
    expect(pointedResources("run the fill script", paths)).toEqual(["scripts/fill.py"]);
  });
});
