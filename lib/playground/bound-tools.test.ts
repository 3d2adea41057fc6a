import { readUIMessageStream, streamText, type UIMessage } from "ai";
import { describe, expect, it } from "vitest";

import type { ApprovalAnswer } from "./approval";
import { createOfflineRouterModel } from "./router";
import { inlineSource, SAMPLE_SKILLS, type InlineSkill } from "./test-helpers";
import { prepareTurn, type ContinuedTurn, type HistoryMessage } from "./turn";
import { OFFLINE_ROUTER_ID, type BoundTool, type PlaygroundSkill, type SkillRunner, type TurnLedger } from "./domain";

// The lifecycle of tools bound to skills through whole turns with the offline router: offered only
// once the skill is loaded, kept across turns (rebuilt from the stored history, as after a reload),
// hidden by unload_skill; calls wait for the user unless allowed-tools or an earlier "for this
// conversation" answer lets them through; a paused turn continues with the user's answers.

const CONVERTER: InlineSkill = {
  name: "unit-converter",
  description: "Convert values between units of measure such as kilometres and miles. Use when the user asks to convert units.",
  body: "# Unit converter\n\nCall convert_units with the value and both units.\n",
  frontmatter: [
    "metadata:",
    "  tools:",
    "    - name: convert_units",
    "      description: Convert a value from one unit to another.",
    "      script: scripts/convert_units.py",
    "      input_schema:",
    "        type: object",
    "        properties:",
    "          value: { type: number }",
    "          from: { type: string }",
    "          to: { type: string }",
    "        required: [value, from, to]",
    "",
  ].join("\n"),
  files: { "scripts/convert_units.py": "import json, sys\nprint(json.dumps(json.load(sys.stdin)))\n" },
};

const ASK = "Please convert units: `convert_units value=5 from=km to=mi`";

function recordingRunner() {
  const calls: { skill: string; tool: string; args: unknown }[] = [];
  const runner: SkillRunner = {
    attachments: [],
    refusal: () => null,
    run: () => Promise.reject(new Error("no scripts run in these tests")),
    async callTool(skill: PlaygroundSkill, tool: BoundTool, args: unknown) {
      calls.push({ skill: skill.name, tool: tool.name, args });
      return { stdout: JSON.stringify({ result: 3.10686 }), stderr: "", exitCode: 0, timedOut: false, durationMs: 12, files: [], warnings: [] };
    },
  };
  return { runner, calls };
}

interface Conversation {
  history: HistoryMessage[];
}

/** One request through the route's path: prepareTurn, streamText, the UI message the browser would store. */
async function request(source: ReturnType<typeof inlineSource>, runner: SkillRunner, conversation: Conversation, userText: string, continuing?: ContinuedTurn) {
  const turn = await prepareTurn({
    source,
    settings: { mode: "full", exposeMetadata: false, instructions: "", modelId: OFFLINE_ROUTER_ID },
    history: conversation.history,
    userText,
    runner,
    continuing,
  });
  const offered: string[][] = [];
  const result = streamText({
    model: createOfflineRouterModel(),
    ...turn.request,
    prepareStep: async (options) => {
      const step = await turn.request.prepareStep(options);
      offered.push([...(step?.activeTools ?? [])].sort());
      return step;
    },
  });
  const original: UIMessage[] | undefined = continuing ? [{ id: "a", role: "assistant", parts: continuing.assistant.parts }] : undefined;
  let message: UIMessage | undefined;
  for await (const m of readUIMessageStream({ message: original?.[0], stream: result.toUIMessageStream() })) message = m;
  const ledger = turn.finish(await result.totalUsage);
  return { message: message!, ledger, offered, text: await result.text };
}

/** Stores a finished (or paused) turn in the conversation like saveTurn does. */
function store(conversation: Conversation, userText: string, message: UIMessage, ledger: TurnLedger, replaceLast = false) {
  if (replaceLast) conversation.history.splice(-2, 2);
  conversation.history.push({ role: "user", parts: [{ type: "text", text: userText }] }, { role: "assistant", parts: message.parts, ledger });
}

/** The user's answers applied to the paused message, as the chat route does. */
function answer(message: UIMessage, ledger: TurnLedger, decision: ApprovalAnswer): ContinuedTurn {
  const answers = new Map<string, ApprovalAnswer>();
  const parts = message.parts.map((part) => {
    if (!("state" in part) || part.state !== "approval-requested" || !("toolCallId" in part)) return part;
    answers.set(part.toolCallId, decision);
    return { ...part, state: "approval-responded", approval: { id: part.approval.id, approved: decision !== "deny" } } as UIMessage["parts"][number];
  });
  return { assistant: { role: "assistant", parts }, ledger, answers };
}

const pending = (message: UIMessage) => message.parts.filter((p) => "state" in p && p.state === "approval-requested");

describe("tools bound to a skill", () => {
  it("are offered only after the skill is loaded; a call waits for approval; approved once it runs and the router reports the result", async () => {
    const source = inlineSource([...SAMPLE_SKILLS, CONVERTER]);
    const { runner, calls } = recordingRunner();
    const conversation: Conversation = { history: [] };

    const first = await request(source, runner, conversation, ASK);
    expect(first.offered[0]).not.toContain("convert_units");
    expect(first.offered[1]).toContain("convert_units");
    expect(pending(first.message)).toHaveLength(1);
    expect(calls).toEqual([]);
    expect(first.ledger.events.filter((e) => e.kind === "tools")).toMatchObject([
      { skill: "unit-converter", change: "activated", tools: [{ name: "convert_units" }] },
    ]);
    expect(first.ledger.events.find((e) => e.kind === "approval")).toMatchObject({
      state: "requested",
      tool: "convert_units",
      summary: "unit-converter wants to call convert_units",
    });
    expect(first.ledger.totals.toolTokens).toBeGreaterThan(10);
    store(conversation, ASK, first.message, first.ledger);

    const resumed = await request(source, runner, { history: conversation.history.slice(0, -2) }, ASK, answer(first.message, first.ledger, "once"));
    expect(calls).toEqual([{ skill: "unit-converter", tool: "convert_units", args: { value: 5, from: "km", to: "mi" } }]);
    expect(resumed.text).toContain("I called `convert_units`");
    expect(resumed.text).toContain("3.10686");
    const events = resumed.ledger.events;
    expect(events.filter((e) => e.kind === "approval").map((e) => e.kind === "approval" && e.state)).toEqual(["requested", "approved-once"]);
    expect(events.find((e) => e.kind === "call")).toMatchObject({ tool: "convert_units", approval: "approved-once", exitCode: 0 });
    expect(resumed.ledger.totals.callTokens).toBeGreaterThan(0);
    // The catalog and the load are counted once for the turn, not again by its continuation.
    expect(events.filter((e) => e.kind === "catalog" || e.kind === "load")).toHaveLength(2);
  });

  it("a denial reaches the model as the call's result and nothing runs", async () => {
    const source = inlineSource([CONVERTER]);
    const { runner, calls } = recordingRunner();
    const first = await request(source, runner, { history: [] }, ASK);
    const resumed = await request(source, runner, { history: [] }, ASK, answer(first.message, first.ledger, "deny"));
    expect(calls).toEqual([]);
    expect(resumed.text).toContain("You denied the call to `convert_units`");
    expect(resumed.ledger.events.filter((e) => e.kind === "approval").map((e) => e.kind === "approval" && e.state)).toEqual(["requested", "denied"]);
  });

  it("stay callable in later turns (rebuilt from the stored history); 'for this conversation' stops asking; unload_skill hides them and frees the body", async () => {
    const source = inlineSource([...SAMPLE_SKILLS, CONVERTER]);
    const { runner, calls } = recordingRunner();
    const conversation: Conversation = { history: [] };
    const first = await request(source, runner, conversation, ASK);
    const resumed = await request(source, runner, conversation, ASK, answer(first.message, first.ledger, "conversation"));
    store(conversation, ASK, resumed.message, resumed.ledger);

    const again = "And `convert_units value=10 from=km to=mi` please";
    const second = await request(source, runner, conversation, again);
    expect(second.offered[0]).toContain("convert_units");
    expect(pending(second.message)).toHaveLength(0);
    expect(calls.map((c) => c.args)).toEqual([
      { value: 5, from: "km", to: "mi" },
      { value: 10, from: "km", to: "mi" },
    ]);
    expect(second.ledger.events.find((e) => e.kind === "call")).toMatchObject({ approval: "approved-conversation" });
    // Already active: no new activation, but the definitions are still resident.
    expect(second.ledger.events.some((e) => e.kind === "tools")).toBe(false);
    expect(second.ledger.totals.toolTokens).toBe(first.ledger.totals.toolTokens);
    store(conversation, again, second.message, second.ledger);

    const third = await request(source, runner, conversation, "Done with that: `unload_skill unit-converter`");
    expect(third.offered[0]).toContain("unload_skill");
    expect(third.offered[0]).toContain("convert_units");
    expect(third.offered[1]).not.toContain("convert_units");
    expect(third.ledger.events.filter((e) => e.kind === "unload" || e.kind === "tools").map((e) => e.kind)).toEqual(["unload", "tools"]);
    expect(third.ledger.totals.toolTokens).toBe(0);
    expect(third.ledger.totals.resident).toBeLessThan(second.ledger.totals.resident);
    store(conversation, "Done", third.message, third.ledger);

    const fourth = await request(source, runner, conversation, "What can you do?");
    expect(fourth.offered[0]).not.toContain("convert_units");
    expect(fourth.offered[0]).not.toContain("unload_skill");
  });

  it("allowed-tools lets a call through without asking", async () => {
    const source = inlineSource([{ ...CONVERTER, frontmatter: `${CONVERTER.frontmatter}allowed-tools: convert_units\n` }]);
    const { runner, calls } = recordingRunner();
    const turn = await request(source, runner, { history: [] }, ASK);
    expect(pending(turn.message)).toHaveLength(0);
    expect(calls).toHaveLength(1);
    expect(turn.ledger.events.find((e) => e.kind === "call")).toMatchObject({ approval: "allowed-tools" });
  });

  it("withheld tools are not offered, and the chat says which and why", async () => {
    const base = inlineSource([CONVERTER]);
    const withheld = {
      ...base,
      skills: base.skills.map((s) => ({ ...s, tools: [], toolsWithheld: { names: ["convert_units"], reason: "personal skills cannot bind tools." } })),
    };
    const { runner, calls } = recordingRunner();
    const turn = await request(withheld, runner, { history: [] }, ASK);
    expect(turn.offered.flat()).not.toContain("convert_units");
    expect(calls).toEqual([]);
    expect(turn.ledger.events).toContainEqual({
      level: 0,
      kind: "notice",
      message: 'The tools "unit-converter" declares (convert_units) are not available here: personal skills cannot bind tools.',
    });
  });

  it("an explicit-only skill is left out of the catalog yet loads by $mention, with its tools", async () => {
    const source = inlineSource([...SAMPLE_SKILLS, { ...CONVERTER, frontmatter: `${CONVERTER.frontmatter}disable-model-invocation: true\n` }]);
    const { runner, calls } = recordingRunner();
    const unmentioned = await request(source, runner, { history: [] }, ASK);
    expect(unmentioned.ledger.events.find((e) => e.kind === "catalog")).toMatchObject({ skills: ["slack-gif-creator", "pdf-forms", "release-notes"] });
    expect(unmentioned.ledger.events.some((e) => e.kind === "load")).toBe(false);

    const mentioned = await request(source, runner, { history: [] }, `$unit-converter ${ASK}`);
    expect(mentioned.ledger.events.find((e) => e.kind === "load")).toMatchObject({ skill: "unit-converter", by: "mention" });
    expect(mentioned.offered[0]).toContain("convert_units");
    expect(pending(mentioned.message)).toHaveLength(1);
    expect(calls).toEqual([]);
  });
});
