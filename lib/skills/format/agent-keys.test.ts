import { describe, expect, it } from "vitest";
import { validateSkillMd } from "./validate";

const md = (extra: string) => `---\nname: x\ndescription: Does x. Use when testing.\n${extra}\n---\n\n# X\n`;
const found = (extra: string, profile: "spec" | "anthropic" | "claude-code") =>
  validateSkillMd(md(extra), { profile }).findings.map((f) => [f.severity, f.code, f.field]);

describe("Claude Code's frontmatter keys", () => {
  const keys =
    "when_to_use: When the build breaks.\nuser-invocable: true\ndisable-model-invocation: false\neffort: medium\nargument-hint: [apk-file]\ncontext: fork\nhooks:\n  PreToolUse: []";

  it("are accepted by the claude-code profile, named as Claude Code's under spec, and refused by Anthropic's upload rules", () => {
    expect(found(keys, "claude-code")).toEqual([]);
    const spec = found(keys, "spec");
    expect(spec).toHaveLength(7);
    expect(spec.every(([severity, code]) => severity === "warning" && code === "agent-key")).toBe(true);
    const anthropic = validateSkillMd(md("when_to_use: When the build breaks."), { profile: "anthropic" }).findings;
    expect(anthropic).toEqual([expect.objectContaining({ severity: "error", code: "unknown-key", field: "when_to_use" })]);
    expect(anthropic[0].message).toContain("Claude Code's key");
  });

  it("have their values checked where Claude Code documents them", () => {
    expect(found('user-invocable: "yes"', "claude-code")).toEqual([["error", "agent-key-invalid", "user-invocable"]]);
    expect(found("effort: extreme", "claude-code")).toEqual([["error", "agent-key-invalid", "effort"]]);
    expect(found("hooks: run.sh", "claude-code")).toEqual([["error", "agent-key-invalid", "hooks"]]);
    // Under the specification a wrong value only warns: the key means nothing to other agents.
    expect(found("effort: extreme", "spec")).toEqual([["warning", "agent-key-invalid", "effort"]]);
    expect(validateSkillMd(md("effort: extreme"), { profile: "claude-code" }).findings[0].message).toBe(
      'effort is Claude Code\'s key for the reasoning effort while the skill runs; it must be one of low, medium, high, max (got "extreme")',
    );
  });

  it("leave keys no agent defines unknown", () => {
    expect(found("type: technique", "claude-code")).toEqual([["warning", "unknown-key", "type"]]);
    expect(found("type: technique", "anthropic")).toEqual([["error", "unknown-key", "type"]]);
  });
});
