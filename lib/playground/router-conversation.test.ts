import { readUIMessageStream, streamText, type UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { createFolderSource } from "./folder-source";
import { createOfflineRouterModel } from "./router";
import { readSkillFolders } from "./test-helpers";
import { prepareTurn, type HistoryMessage } from "./turn";
import { OFFLINE_ROUTER_ID, type BoundTool, type PlaygroundSkill, type SkillRunner } from "./domain";

// The offline router across turns of one conversation, on the catalog the demo ships (demo and
// built-in skills): a follow-up that points into a skill loaded earlier stays with that skill, and
// the built-in converter's tool is called from plain words.

const source = createFolderSource([...readSkillFolders("prisma/skills/demo"), ...readSkillFolders("prisma/skills/builtin")]).source;

const runner: SkillRunner = {
  attachments: [],
  refusal: () => null,
  run: () => Promise.reject(new Error("no scripts run in these tests")),
  async callTool(_skill: PlaygroundSkill, _tool: BoundTool, args: unknown) {
    return {
      stdout: JSON.stringify({ ...(args as object), result: 3.10686 }),
      stderr: "",
      exitCode: 0,
      timedOut: false,
      durationMs: 5,
      files: [],
      warnings: [],
    };
  },
};

async function say(history: HistoryMessage[], userText: string) {
  const turn = await prepareTurn({
    source,
    settings: { mode: "full", exposeMetadata: false, instructions: "", modelId: OFFLINE_ROUTER_ID },
    history,
    userText,
    runner,
  });
  const result = streamText({ model: createOfflineRouterModel(), ...turn.request });
  let message: UIMessage | undefined;
  for await (const m of readUIMessageStream({ stream: result.toUIMessageStream() })) message = m;
  const ledger = turn.finish(await result.totalUsage);
  history.push({ role: "user", parts: [{ type: "text", text: userText }] }, { role: "assistant", parts: message!.parts, ledger });
  const calls = message!.parts.flatMap((p) =>
    "toolCallId" in p && "input" in p ? [{ tool: p.type.replace(/^tool-/, ""), input: p.input, state: p.state }] : [],
  );
  return { calls, ledger, text: await result.text };
}

describe("the offline router in a conversation", () => {
  it("after loading deploy-checklist, 'Open references/rollback.md' reads that skill's file and loads no other", async () => {
    const history: HistoryMessage[] = [];
    const first = await say(history, "Walk me through the deploy checklist before we release to production");
    expect(first.calls.map((c) => [c.tool, c.input])).toEqual([["load_skill", { name: "deploy-checklist" }]]);

    const second = await say(history, "Open references/rollback.md");
    expect(second.calls.map((c) => [c.tool, c.input])).toEqual([["read_skill_resource", { name: "deploy-checklist", path: "references/rollback.md" }]]);
    expect(second.ledger.events.filter((e) => e.kind === "load")).toEqual([]);
  });

  it("calls the built-in converter from plain words, in the first turn and in a follow-up", async () => {
    const history: HistoryMessage[] = [];
    const first = await say(history, "How many miles are 5 km?");
    expect(first.calls.map((c) => [c.tool, c.input])).toEqual([
      ["load_skill", { name: "unit-converter" }],
      ["convert_units", { value: 5, from: "km", to: "miles" }],
    ]);
    const second = await say(history, "And 26.2 mi in km?");
    expect(second.calls.map((c) => [c.tool, c.input])).toEqual([["convert_units", { value: 26.2, from: "mi", to: "km" }]]);
  });
});
