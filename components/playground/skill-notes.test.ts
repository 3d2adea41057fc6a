import { describe, expect, it } from "vitest";
import { skillNotes, skillNotesSummary } from "./skill-notes";

const plain = { modelInvocable: true, userInvocable: true, tools: [], toolsWithheld: null };

describe("skillNotes", () => {
  it("says nothing about a skill without tools or invocation limits", () => {
    expect(skillNotes(plain)).toEqual([]);
  });

  it("names both invocation limits, the tools with their tokens, and withheld tools with the reason", () => {
    expect(
      skillNotes({
        modelInvocable: false,
        userInvocable: false,
        tools: [
          { name: "lookup_order", tokens: 1200 },
          { name: "refund", tokens: 40 },
        ],
        toolsWithheld: null,
      }).map((n) => n.text),
    ).toEqual(["explicit only ($mention)", "hidden from $", "tools: lookup_order, refund (1,240 tokens once loaded)"]);
    expect(skillNotes({ ...plain, toolsWithheld: { names: ["x"], reason: "v3 needs security review before its tools can run" } })).toEqual([
      { kind: "withheld", text: "tools withheld: v3 needs security review before its tools can run" },
    ]);
  });
});

describe("skillNotesSummary", () => {
  it("counts each kind, in words that agree with the count", () => {
    const tools = { ...plain, tools: [{ name: "a", tokens: 1 }] };
    const withheld = { ...plain, toolsWithheld: { names: ["a"], reason: "r" } };
    expect(skillNotesSummary([plain])).toBe("");
    expect(skillNotesSummary([tools, tools, withheld, { ...plain, modelInvocable: false }])).toBe("2 bind tools · 1 has tools withheld · 1 explicit only");
    expect(skillNotesSummary([withheld, withheld, { ...plain, userInvocable: false }])).toBe("2 have tools withheld · 1 hidden from $");
  });
});
