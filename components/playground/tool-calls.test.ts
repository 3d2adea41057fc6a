import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { chatRequestInput } from "@/lib/playground/inputs";
import type { DisclosureEvent } from "@/lib/playground/domain";
import type { PlaygroundMessage } from "@/lib/types/playground";
import { CallCard } from "./call-card";
import { chatRequestBody } from "./chat-request";
import { RunCard } from "./run-card";
import {
  APPROVAL_LABELS,
  approvalAnswers,
  approvalStateOf,
  approvalSummary,
  bindingSkills,
  compactArguments,
  formatCallResult,
  isBoundToolCall,
  pendingApproval,
  ranEventOf,
  toolNameOf,
  turnEvents,
  unloadSummary,
  type ToolCallPart,
} from "./tool-calls";

// The chat's side of approvals and bound tools: what a continuation request carries, the approval
// state a card shows, and how a call and its result read.

const setup = { source: { kind: "all" }, mode: "full", exposeMetadata: false, instructions: "", modelId: "offline-router" } as const;

type Part = PlaygroundMessage["parts"][number];
const call = (over: Partial<ToolCallPart> & { type?: string } = {}): Part =>
  ({
    type: "tool-convert_units",
    toolCallId: "c1",
    state: "approval-requested",
    input: { value: 3, from: "km", to: "mi" },
    approval: { id: "a1" },
    ...over,
  }) as Part;
const user = (text: string): PlaygroundMessage => ({ id: "u1", role: "user", parts: [{ type: "text", text }] });
const assistant = (...parts: Part[]): PlaygroundMessage => ({ id: "m1", role: "assistant", parts });

const requested: DisclosureEvent = {
  level: 0,
  kind: "approval",
  skill: "unit-converter",
  tool: "convert_units",
  toolCallId: "c1",
  state: "requested",
  summary: "unit-converter wants to call convert_units",
};
const ran = (over: Partial<Extract<DisclosureEvent, { kind: "call" }>> = {}): Extract<DisclosureEvent, { kind: "call" }> => ({
  level: 3,
  kind: "call",
  skill: "unit-converter",
  version: 2,
  tool: "convert_units",
  approval: "approved-once",
  exitCode: 0,
  timedOut: false,
  durationMs: 420,
  tokens: 12,
  ...over,
});

describe("the continuation request", () => {
  it("answers every call of the last answer the user answered, with the decision clicked, and no text", () => {
    const messages = [
      user("3 km in miles?"),
      assistant(
        call({ state: "approval-responded", approval: { id: "a1", approved: true } }),
        call({ toolCallId: "c2", state: "approval-responded", approval: { id: "a2", approved: false } }),
        call({ toolCallId: "c3", state: "output-available", output: "{}", approval: { id: "a3", approved: true } }),
      ),
    ];
    const body = chatRequestBody(messages, { conversationId: "conv-1", setup }, new Map([["a1", "conversation"]]));
    expect(body).toEqual({
      conversationId: "conv-1",
      setup,
      approvals: [
        { approvalId: "a1", decision: "conversation" },
        { approvalId: "a2", decision: "deny" },
      ],
    });
    // What the route accepts: approvals and no text is a continuation, not a refused empty message.
    expect(chatRequestInput.safeParse(body).success).toBe(true);
  });

  it("falls back to approve once, never more, when the click is not known", () => {
    expect(approvalAnswers([assistant(call({ state: "approval-responded", approval: { id: "a1", approved: true } }))], new Map())).toEqual([
      { approvalId: "a1", decision: "once" },
    ]);
  });

  it("sends a new message's text and attachments when the conversation ends with it, whatever an earlier answer holds", () => {
    const messages = [assistant(call({ state: "approval-responded", approval: { id: "a1", approved: true } })), user("Never mind")];
    expect(chatRequestBody(messages, { conversationId: "conv-1", setup }, new Map([["a1", "once"]]))).toEqual({
      conversationId: "conv-1",
      setup,
      text: "Never mind",
      attachments: [],
    });
  });

  it("says the conversation waits while a call asks, and while answers are unsent", () => {
    expect(pendingApproval([user("hi"), assistant(call())])).toBe("requested");
    expect(pendingApproval([user("hi"), assistant(call({ state: "approval-responded", approval: { id: "a1", approved: true } }))])).toBe("answered");
    expect(pendingApproval([user("hi"), assistant(call({ state: "output-available", output: "1.86" }))])).toBeNull();
    expect(pendingApproval([assistant(call()), user("next")])).toBeNull();
  });
});

describe("the approval state a call shows", () => {
  const part = (over: Partial<ToolCallPart> = {}) => ({ ...(call(over) as ToolCallPart) });

  it("reads the ledger first, the call's event next, then the click, then the waiting part", () => {
    expect(approvalStateOf(part(), [requested], undefined, undefined)).toBe("requested");
    expect(approvalStateOf(part({ state: "approval-responded", approval: { id: "a1", approved: true } }), [requested], undefined, "conversation")).toBe(
      "approved-conversation",
    );
    const done = part({ state: "output-available", output: "1.86" });
    expect(approvalStateOf(done, [requested, { ...requested, state: "approved-once" }], undefined, "conversation")).toBe("approved-once");
    expect(approvalStateOf(done, [], ran({ approval: "allowed-tools" }), undefined)).toBe("allowed-tools");
    expect(approvalStateOf(part({ state: "output-denied", approval: { id: "a1", approved: false } }), [requested], undefined, undefined)).toBe("denied");
    expect(approvalStateOf(part({ state: "input-available", approval: undefined }), [], undefined, undefined)).toBeNull();
  });

  it("labels each state as the card says it", () => {
    expect(APPROVAL_LABELS["allowed-tools"]).toBe("allowed by allowed-tools");
    expect(APPROVAL_LABELS["approved-once"]).toBe("approved once");
    expect(APPROVAL_LABELS["approved-conversation"]).toBe("approved for this conversation");
    expect(APPROVAL_LABELS.denied).toBe("denied");
  });

  it("asks with the ledger's sentence, or builds one for a run or a call", () => {
    expect(approvalSummary(part(), [requested], undefined)).toBe("unit-converter wants to call convert_units");
    const run = { type: "tool-skill_run", toolCallId: "r1", state: "approval-requested", input: { skill: "csv-insights", command: "python3 scripts/x.py" } };
    expect(approvalSummary(run, [], "csv-insights")).toBe("csv-insights wants to run python3 scripts/x.py");
    expect(approvalSummary(part({ toolCallId: "c9" }), [requested], undefined)).toBe("A skill wants to call convert_units");
  });

  it("pairs the n-th call of a tool that returned with the n-th call event of that tool", () => {
    const parts = [
      call({ toolCallId: "c1", state: "output-denied", approval: { id: "a1", approved: false } }),
      call({ toolCallId: "c2", state: "output-available", output: "1" }),
      call({ type: "tool-other_tool", toolCallId: "o1", state: "output-available", output: "x" }),
      call({ toolCallId: "c3", state: "output-available", output: "2" }),
    ];
    const events = [ran({ durationMs: 1 }), ran({ tool: "other_tool", durationMs: 99 }), ran({ durationMs: 2 })];
    expect(ranEventOf(parts[3] as ToolCallPart, parts, events)?.durationMs).toBe(2);
    expect(ranEventOf(parts[1] as ToolCallPart, parts, events)?.durationMs).toBe(1);
    expect(ranEventOf(parts[0] as ToolCallPart, parts, events)).toBeUndefined();
  });
});

describe("bound tool calls", () => {
  it("treats every tool but the playground's own as bound, static or dynamic", () => {
    expect(toolNameOf({ type: "tool-convert_units" })).toBe("convert_units");
    expect(toolNameOf({ type: "dynamic-tool", toolName: "lookup" })).toBe("lookup");
    expect(isBoundToolCall({ type: "tool-convert_units" })).toBe(true);
    for (const own of ["load_skill", "read_skill_resource", "search_skills", "skill_run", "unload_skill"])
      expect(isBoundToolCall({ type: `tool-${own}` })).toBe(false);
  });

  it("formats results: JSON pretty-printed, sandbox notes apart, text as it is", () => {
    expect(formatCallResult('{\n "miles": 1.864}')).toEqual({ kind: "json", text: '{\n  "miles": 1.864\n}' });
    expect(formatCallResult("[1, 2]\n(output truncated to 64 KB)")).toEqual({ kind: "json", text: "[\n  1,\n  2\n]", notes: "output truncated to 64 KB" });
    expect(formatCallResult("1.864 miles")).toEqual({ kind: "text", text: "1.864 miles" });
    expect(formatCallResult("{not json")).toEqual({ kind: "text", text: "{not json" });
    expect(formatCallResult({ miles: 1.864 })).toEqual({ kind: "json", text: '{\n  "miles": 1.864\n}' });
    expect(compactArguments({ value: 3, from: "km" })).toBe('{"value":3,"from":"km"}');
    expect(compactArguments(undefined)).toBe("…");
  });

  it("knows which skill binds a tool, and what an unload took out", () => {
    const events: DisclosureEvent[] = [
      { level: 2, kind: "tools", skill: "unit-converter", change: "activated", tools: [{ name: "convert_units", tokens: 40 }], tokens: 40 },
      { level: 2, kind: "unload", skill: "unit-converter", tokens: 300 },
      { level: 2, kind: "tools", skill: "unit-converter", change: "deactivated", tools: [{ name: "convert_units", tokens: 40 }], tokens: 40 },
    ];
    expect(bindingSkills(events).get("convert_units")).toBe("unit-converter");
    expect(unloadSummary("unit-converter", events)).toBe("unloaded unit-converter: body and 1 tool no longer in context");
    expect(unloadSummary("plain", events)).toBe("unloaded plain: body no longer in context");
  });

  it("shows a paused turn's ledger followed by its continuation's live events, and a finished ledger alone", () => {
    const live: DisclosureEvent[] = [{ ...requested, state: "approved-once" }, ran()];
    expect(turnEvents({ events: [requested] }, live)).toEqual([requested, ...live]);
    expect(turnEvents({ events: [requested, ...live] }, live)).toEqual([requested, ...live]);
    expect(turnEvents(null, live)).toEqual(live);
  });
});

describe("the cards", () => {
  const approval = { state: "requested" as const, summary: "unit-converter wants to call convert_units", onAnswer: () => {} };

  it("asks with three labelled answers while a call waits", () => {
    const out = renderToStaticMarkup(createElement(CallCard, { part: call() as ToolCallPart, skill: "unit-converter", outcome: undefined, approval }));
    expect(out).toContain("convert_units");
    expect(out).toContain("unit-converter wants to call convert_units");
    expect(out).toContain("{&quot;value&quot;:3,&quot;from&quot;:&quot;km&quot;,&quot;to&quot;:&quot;mi&quot;}");
    for (const label of ["Approve once", "Approve for this conversation", "Deny"]) expect(out).toContain(`>${label}</button>`);
    expect(out).toContain("waiting for approval");
  });

  it("shows the result, its approval and duration once it ran, the error when it failed, and a denial", () => {
    const done = renderToStaticMarkup(
      createElement(CallCard, {
        part: call({ state: "output-available", output: '{"miles":1.864}', approval: { id: "a1", approved: true } }) as ToolCallPart,
        skill: "unit-converter",
        outcome: ran(),
        approval: { state: "approved-once", summary: "" },
      }),
    );
    expect(done).toContain("approved once");
    expect(done).toContain("420 ms");
    expect(done).toContain("&quot;miles&quot;: 1.864");
    expect(done).not.toContain("Approve once");
    const failed = renderToStaticMarkup(
      createElement(CallCard, {
        part: call({ state: "output-error", errorText: "convert_units failed: its script exited with code 2." }) as ToolCallPart,
        skill: "unit-converter",
        outcome: undefined,
        approval: { state: "allowed-tools", summary: "" },
      }),
    );
    expect(failed).toContain("convert_units failed: its script exited with code 2.");
    expect(failed).toContain("allowed by allowed-tools");
    const denied = renderToStaticMarkup(
      createElement(CallCard, {
        part: call({ state: "output-denied", approval: { id: "a1", approved: false } }) as ToolCallPart,
        skill: "unit-converter",
        outcome: undefined,
        approval: { state: "denied", summary: "" },
      }),
    );
    expect(denied).toContain("Denied: you did not let convert_units run, and the model was told.");
  });

  it("asks before a skill_run that needs approval, and says what was chosen while the answer is sent", () => {
    const run = {
      toolCallId: "r1",
      state: "approval-requested",
      input: { skill: "csv-insights", command: "python3 scripts/profile_csv.py inputs/x.csv" },
      approval: { id: "a9" },
    };
    const asking = renderToStaticMarkup(
      createElement(RunCard, {
        part: run,
        files: undefined,
        streaming: false,
        approval: { ...approval, summary: "csv-insights wants to run python3 scripts/profile_csv.py inputs/x.csv" },
      }),
    );
    expect(asking).toContain(">Approve once</button>");
    expect(asking).not.toContain("running…");
    const sending = renderToStaticMarkup(
      createElement(RunCard, {
        part: { ...run, state: "approval-responded", approval: { id: "a9", approved: true } },
        files: undefined,
        streaming: false,
        approval: { state: "approved-conversation", summary: "", decision: "conversation", sending: true },
      }),
    );
    expect(sending).toContain("Approved for this conversation; sending your answer…");
    expect(sending).not.toContain(">Approve once</button>");
    const unsent = renderToStaticMarkup(
      createElement(RunCard, {
        part: { ...run, state: "approval-responded", approval: { id: "a9", approved: false } },
        files: undefined,
        streaming: false,
        approval: { state: "denied", summary: "" },
      }),
    );
    expect(unsent).toContain("Denied; your answer is not sent yet.");
  });
});
