import { describe, expect, it } from "vitest";

import { allowedByEntry, conversationGrants, grantKey, standingApproval } from "./approval";
import { elideUnloadedBodies, unloadedNote } from "./bound-tool-set";
import type { ModelMessage } from "ai";

describe("allowed-tools entries", () => {
  it("match a bound tool by its exact name only", () => {
    expect(allowedByEntry("convert_units", "convert_units")).toBe(true);
    expect(allowedByEntry("convert", "convert_units")).toBe(false);
    expect(allowedByEntry("Bash", "convert_units")).toBe(false);
  });
  it("match skill_run commands the way Claude Code matches Bash(…)", () => {
    const run = (entry: string, command: string) => allowedByEntry(entry, "skill_run", command);
    expect(run("skill_run", "anything")).toBe(true);
    expect(run("Bash", "python3 x.py")).toBe(true);
    expect(run("Bash(*)", "python3 x.py")).toBe(true);
    expect(run("Bash(python3 scripts/report.py:*)", "python3 scripts/report.py inputs/a.csv")).toBe(true);
    expect(run("Bash(python3 scripts/report.py:*)", "python3   scripts/report.py")).toBe(true);
    // The prefix form stops at a word: report.py.bak is another file.
    expect(run("Bash(python3 scripts/report.py:*)", "python3 scripts/report.py.bak")).toBe(false);
    expect(run("Bash(python3 scripts/report.py:*)", "bash -c 'rm -rf /'")).toBe(false);
    expect(run("Bash(git diff)", "git diff")).toBe(true);
    expect(run("Bash(git diff)", "git diff --stat")).toBe(false);
    expect(run("skill_run(python3 scripts/:*)", "python3 scripts/ x")).toBe(true);
    expect(run("Read", "cat x")).toBe(false);
  });
  it("let a prefix through only for one simple command: a chained one asks, whatever it starts with", () => {
    const run = (entry: string, command: string) => allowedByEntry(entry, "skill_run", command);
    expect(run("Bash(bash scripts/hello.sh:*)", "bash scripts/hello.sh --name Ada > out/greeting.txt")).toBe(true);
    for (const command of [
      "bash scripts/hello.sh && head -2 /etc/passwd",
      "bash scripts/hello.sh; head -2 /etc/passwd",
      "bash scripts/hello.sh | bash",
      "bash scripts/hello.sh $(head -2 /etc/passwd)",
      "bash scripts/hello.sh\nhead -2 /etc/passwd",
      "bash scripts/hello.sh > ../skills/hello/x",
    ]) {
      expect(run("Bash(bash scripts/hello.sh:*)", command), command).toBe(false);
      expect(run("Bash(bash scripts/*)", command), command).toBe(false);
    }
    // Any command means any: "Bash", "Bash(*)" and an exact pattern the author wrote stay as they were.
    expect(run("Bash(*)", "bash scripts/hello.sh && head -2 /etc/passwd")).toBe(true);
    expect(run("Bash(cat inputs/a.csv | wc -l)", "cat inputs/a.csv | wc -l")).toBe(true);
  });
});

describe("the approval state", () => {
  const events = (state: "requested" | "approved-once" | "approved-conversation" | "denied", tool = "convert_units") => ({
    events: [{ level: 0 as const, kind: "approval" as const, skill: "unit-converter", tool, toolCallId: "c1", state, summary: "" }],
  });
  it("remembers only 'for this conversation' answers", () => {
    expect([...conversationGrants([events("requested"), events("approved-once"), events("denied")])]).toEqual([]);
    expect([...conversationGrants([events("requested"), events("approved-conversation")])]).toEqual([grantKey("unit-converter", "convert_units")]);
  });
  it("lets allowed-tools through first, then a grant of the same skill's tool; anything else asks", () => {
    const grants = conversationGrants([events("approved-conversation")]);
    expect(standingApproval({ allowedTools: ["convert_units"], grants, skill: "unit-converter", tool: "convert_units" })).toBe("allowed-tools");
    expect(standingApproval({ allowedTools: [], grants, skill: "unit-converter", tool: "convert_units" })).toBe("approved-conversation");
    expect(standingApproval({ allowedTools: [], grants, skill: "other-skill", tool: "convert_units" })).toBeNull();
    expect(standingApproval({ allowedTools: undefined, grants, skill: "unit-converter", tool: "skill_run", command: "ls" })).toBeNull();
  });
});

describe("elideUnloadedBodies", () => {
  const call = (id: string, toolName: string, name: string): ModelMessage => ({
    role: "assistant",
    content: [{ type: "tool-call", toolCallId: id, toolName, input: { name } }],
  });
  const result = (id: string, toolName: string, value: string): ModelMessage => ({
    role: "tool",
    content: [{ type: "tool-result", toolCallId: id, toolName, output: { type: "text", value } }],
  });
  const body = '<skill_content name="a" version="1">\nA body\n</skill_content>';
  it("replaces the body loaded before an unload, keeps a later load, and leaves a request without unloads untouched", () => {
    const loaded = [call("l1", "load_skill", "a"), result("l1", "load_skill", body)];
    expect(elideUnloadedBodies(loaded)).toBeNull();
    const messages = [
      ...loaded,
      call("u1", "unload_skill", "a"),
      result("u1", "unload_skill", 'Unloaded "a": gone.'),
      call("l2", "load_skill", "a"),
      result("l2", "load_skill", body),
    ];
    const elided = elideUnloadedBodies(messages)!;
    const outputs = elided.flatMap((m) =>
      m.role === "tool" ? m.content.map((p) => (p.type === "tool-result" && p.output.type === "text" ? p.output.value : "")) : [],
    );
    expect(outputs).toEqual([unloadedNote("a"), 'Unloaded "a": gone.', body]);
  });
});
