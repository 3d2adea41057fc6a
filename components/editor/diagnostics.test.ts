import { Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { validateSkillMd } from "@/lib/skills/format/validate";
import { analyzeSkillMd } from "./analyze";
import { diagnosticsFor } from "./diagnostics";

const SKILL_MD = [
  "---",
  "name: orders",
  "description: Look up orders.",
  "metadata:",
  "  tools:",
  "    - name: lookup_order",
  "      description: Look up one order.",
  "      script: scripts/lookup_order.py",
  "    - name: refund",
  "      description: Refund an order.",
  "      script: scripts/refnd.py",
  "      input_schema:",
  "        type: object",
  "        properties:",
  "          amount: { type: money }",
  "---",
  "# Orders",
  "",
].join("\n");

const underlined = (text: string, files?: readonly string[]) => {
  const doc = Text.of(text.split("\n"));
  return diagnosticsFor(doc, validateSkillMd(text, { files }).findings).map((d) => ({
    text: doc.sliceString(d.from, d.to),
    source: d.source,
    severity: d.severity,
  }));
};

describe("the editor's underlines for nested findings", () => {
  it("land on the nested key at fault, from the key, not on metadata: or the tool's first line", () => {
    expect(underlined(SKILL_MD, ["SKILL.md", "scripts/lookup_order.py", "scripts/refund.py"])).toEqual([
      { text: "script: scripts/refnd.py", source: "metadata.tools[1].script", severity: "error" },
      { text: "amount: { type: money }", source: "metadata.tools[1].input_schema.properties.amount.type", severity: "error" },
    ]);
  });

  it("underline a list item from after its dash", () => {
    const text = SKILL_MD.replace("    - name: refund", "    - name: load_skill");
    expect(underlined(text)).toContainEqual({ text: "name: load_skill", source: "metadata.tools[1].name", severity: "error" });
  });

  it("check scripts against the draft's files in the editor's analysis", () => {
    const codes = (files?: readonly string[]) => analyzeSkillMd(SKILL_MD, files).findings.map((f) => [f.code, f.line]);
    expect(codes(["SKILL.md", "scripts/lookup_order.py"])).toEqual([
      ["tool-script-not-found", 11],
      ["tool-schema-invalid", 15],
    ]);
    expect(codes()).toEqual([["tool-schema-invalid", 15]]);
  });

  it("put a finding whose line is gone (text deleted since) on the last line, and skip findings without a line", () => {
    const doc = Text.of(["---", "name: x"]);
    const diagnostics = diagnosticsFor(doc, [
      { severity: "error", code: "name-missing", message: "m", path: "SKILL.md", line: 40 },
      { severity: "warning", code: "body-too-many-tokens", message: "m", path: "SKILL.md" },
    ]);
    expect(diagnostics.map((d) => doc.sliceString(d.from, d.to))).toEqual(["name: x"]);
  });
});
