import { generateText, type LanguageModel } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { createRecorder } from "./recorder";
import { inlineSource, SAMPLE_SKILLS } from "./test-helpers";
import { createSkillTools, isLoadOutput, parseResourceList, parseSearchOutput, resourcePathProblem } from "./tools";
import { prepareTurn } from "./turn";
import type { PlaygroundSettings } from "./domain";

const source = inlineSource(SAMPLE_SKILLS, { needsReview: new Set(["release-notes"]) });
const options = { toolCallId: "call-1", messages: [], context: {} } as never;

function tools(mode: "full" | "search" = "full", loaded = new Map<string, number>()) {
  const recorder = createRecorder();
  return { recorder, loaded, tools: createSkillTools({ source, mode, recorder, turn: 2, loaded }) };
}

async function run(t: ReturnType<typeof tools>["tools"], name: string, input: unknown): Promise<{ output?: unknown; error?: string }> {
  try {
    return { output: await t[name].execute!(input as never, options) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe("load_skill", () => {
  it("returns the body and lists resources with sizes, without their content", async () => {
    const { tools: t, recorder, loaded } = tools();
    const { output } = await run(t, "load_skill", { name: "pdf-forms" });
    expect(isLoadOutput(output)).toBe(true);
    expect(output).toContain("## Filling");
    expect(parseResourceList(output as string)).toEqual(["reference/fields.md", "scripts/fill.py"]);
    expect(output).not.toContain("signature fields");
    expect(loaded.get("pdf-forms")).toBe(2);
    expect(recorder.events).toEqual([expect.objectContaining({ level: 2, kind: "load", skill: "pdf-forms", by: "model", version: 1, needsReview: false })]);
    // the body's own tokens, the figure the skill page shows, not the wrapper around it
    expect((recorder.events[0] as { tokens: number }).tokens).toBe(source.skills.find((s) => s.name === "pdf-forms")!.bodyTokens);
  });

  it("answers a repeat load with the turn that loaded it", async () => {
    const { tools: t, recorder } = tools("full", new Map([["pdf-forms", 1]]));
    const { output } = await run(t, "load_skill", { name: "pdf-forms" });
    expect(output).toBe('"pdf-forms" is already loaded (in turn 1); its instructions are earlier in this conversation.');
    expect(recorder.events).toEqual([expect.objectContaining({ kind: "repeat", skill: "pdf-forms", firstTurn: 1 })]);
  });

  it("warns the model and the user about a skill that needs review", async () => {
    const { tools: t, recorder } = tools();
    const { output } = await run(t, "load_skill", { name: "release-notes" });
    expect(output).toContain('Warning: "release-notes" is flagged as needing review');
    expect(recorder.events.map((e) => e.kind)).toEqual(["notice", "load"]);
    expect(recorder.events[1]).toMatchObject({ needsReview: true });
  });

  it("rejects an unknown name with an error listing the catalog (search mode: pointing at search)", async () => {
    const full = tools();
    expect((await run(full.tools, "load_skill", { name: "nope" })).error).toBe(
      'There is no skill named "nope". Available skills: slack-gif-creator, pdf-forms, release-notes.',
    );
    const search = tools("search");
    expect((await run(search.tools, "load_skill", { name: "nope" })).error).toBe('There is no skill named "nope". Call search_skills to find skill names.');
    expect(search.recorder.events).toEqual([expect.objectContaining({ level: 2, kind: "error", tool: "load_skill", skill: "nope" })]);
  });
});

describe("read_skill_resource", () => {
  it("returns a text file and records its tokens", async () => {
    const { tools: t, recorder } = tools();
    const { output } = await run(t, "read_skill_resource", { name: "pdf-forms", path: "reference/fields.md" });
    expect(output).toContain("signature fields");
    expect(recorder.events).toEqual([
      expect.objectContaining({ level: 3, kind: "read", skill: "pdf-forms", path: "reference/fields.md", binary: false, mediaType: "text/markdown" }),
    ]);
  });

  it("describes a binary file instead of returning it", async () => {
    const { tools: t, recorder } = tools();
    const { output } = await run(t, "read_skill_resource", { name: "slack-gif-creator", path: "assets/sample.gif" });
    expect(output).toBe('"assets/sample.gif" in "slack-gif-creator" is a binary file (image/gif, 14 bytes); it cannot be shown as text.');
    expect(recorder.events[0]).toMatchObject({ binary: true, size: 14, mediaType: "image/gif" });
  });

  it("lists the available paths when the path is wrong", async () => {
    const { tools: t, recorder } = tools();
    const { error } = await run(t, "read_skill_resource", { name: "pdf-forms", path: "reference/field.md" });
    expect(error).toBe('"pdf-forms" has no file "reference/field.md". Available paths: reference/fields.md, scripts/fill.py.');
    expect(recorder.events).toEqual([expect.objectContaining({ level: 3, kind: "error", tool: "read_skill_resource", path: "reference/field.md" })]);
    expect((await run(t, "read_skill_resource", { name: "release-notes", path: "x.md" })).error).toBe('"release-notes" has no resource files.');
  });

  it("refuses traversal, absolute and backslash paths before any lookup", async () => {
    const { tools: t } = tools();
    for (const path of ["../slack-gif-creator/SKILL.md", "reference/../../etc/passwd", "/etc/passwd", "C:/x", "reference\\fields.md", "~/.ssh/id_rsa"]) {
      expect((await run(t, "read_skill_resource", { name: "pdf-forms", path })).error).toMatch(/^Refused/);
    }
    expect(resourcePathProblem("./reference/fields.md")).toBeNull();
    expect((await run(t, "read_skill_resource", { name: "pdf-forms", path: "./reference/fields.md" })).output).toContain("Field types");
  });
});

describe("search_skills", () => {
  it("exists only in search mode and returns ranked names and descriptions", async () => {
    expect(Object.keys(tools("full").tools)).toEqual(["load_skill", "read_skill_resource"]);
    const { tools: t, recorder } = tools("search");
    const { output } = await run(t, "search_skills", { query: "animated gif for slack" });
    const results = parseSearchOutput(output as string);
    expect(results[0].name).toBe("slack-gif-creator");
    expect(results[0].description).toContain("animated GIFs");
    expect(recorder.events[0]).toMatchObject({ level: 1, kind: "search", query: "animated gif for slack" });
    expect((await run(t, "search_skills", { query: "zebra" })).output).toBe('No skill matches "zebra".');
  });
});

describe("tool errors inside a real AI SDK loop", () => {
  const settings: PlaygroundSettings = { mode: "full", exposeMetadata: false, instructions: "", modelId: "mock" };
  const usage = {
    inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 5, text: 5, reasoning: undefined },
  };

  it("sends an unknown name (failing the enum), an unknown tool and a bad path back to the model, and the turn ends normally", async () => {
    let call = 0;
    let secondPrompt = "";
    const model = new MockLanguageModelV4({
      doGenerate: async (request) => {
        call++;
        if (call === 1) {
          return {
            content: [
              { type: "tool-call", toolCallId: "a", toolName: "load_skill", input: JSON.stringify({ name: "no-such-skill" }) },
              { type: "tool-call", toolCallId: "b", toolName: "delete_everything", input: "{}" },
              { type: "tool-call", toolCallId: "c", toolName: "read_skill_resource", input: JSON.stringify({ name: "pdf-forms", path: "../../secrets" }) },
            ],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          };
        }
        secondPrompt = JSON.stringify(request.prompt);
        return { content: [{ type: "text", text: "Sorry about that." }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] };
      },
    });
    const turn = await prepareTurn({ source, settings, history: [], userText: "fill my pdf form" });
    const result = await generateText({ model: model as LanguageModel, ...turn.request });
    expect(result.text).toBe("Sorry about that.");
    expect(secondPrompt).toContain("error-text");
    expect(secondPrompt).toContain("Invalid input for tool load_skill");
    expect(secondPrompt).toContain("delete_everything");
    expect(secondPrompt).toContain("Refused");
    const ledger = turn.finish(result.totalUsage);
    expect(ledger.events.map((e) => [e.kind, "tool" in e ? e.tool : null])).toEqual([
      ["catalog", null],
      ["error", "read_skill_resource"],
      ["error", "load_skill"],
      ["notice", null],
    ]);
    expect(ledger.totals.inputTokens).toBe(20);
    expect(ledger.totals.outputTokens).toBe(10);
  });
});
