import path from "node:path";
import { describe, expect, it } from "vitest";
import { readBundle } from "../archive/bundle";
import { hasShared, noteIfSharedMissing, readTree, SHARED_DIR } from "../test-helpers/shared";
import { readToolDeclarations } from "./bound-tools";
import { fieldPath } from "./bound-tools-check";
import type { Finding } from "./findings";
import { validateSkillMd } from "./validate";

// Lines are SKILL.md lines: line 1 is the opening ---, so `name:` is line 2.
const skill = (tools: string, extra = "") => `---\nname: orders\ndescription: Look up orders.\n${extra}metadata:\n  tools:\n${tools}---\n# Orders\n`;
const LOOKUP = [
  "    - name: lookup_order",
  "      description: Look up one order by its id.",
  "      script: scripts/lookup_order.py",
  "      input_schema:",
  "        type: object",
  "        properties:",
  "          order_id: { type: string, description: The order's id }",
  "        required: [order_id]",
  "",
].join("\n");
const FILES = ["SKILL.md", "scripts/lookup_order.py", "scripts/refund.py"];

const toolFindings = (text: string, files?: readonly string[]): Pick<Finding, "severity" | "code" | "line" | "field">[] =>
  validateSkillMd(text, { files })
    .findings.filter((f) => f.code.startsWith("tool"))
    .map(({ severity, code, line, field }) => ({ severity, code, line, field }));

/** The 1-based line of the first line of `text` containing `needle`. */
const lineWith = (text: string, needle: string, from = 0): number => {
  const lines = text.split("\n");
  const index = lines.findIndex((l, i) => i >= from && l.includes(needle));
  if (index === -1) throw new Error(`no line with ${needle}`);
  return index + 1;
};

describe("tool declarations: accepted", () => {
  it("a valid declaration gives no finding, not even metadata's string rule, and is read", () => {
    const text = skill(LOOKUP);
    const result = validateSkillMd(text, { files: FILES });
    expect(result.findings).toEqual([]);
    expect(readToolDeclarations(result.frontmatter)).toEqual([
      {
        name: "lookup_order",
        description: "Look up one order by its id.",
        script: "scripts/lookup_order.py",
        inputSchema: { type: "object", properties: { order_id: { type: "string", description: "The order's id" } }, required: ["order_id"] },
      },
    ]);
  });

  it("accepts inputSchema and input-schema, ./scripts paths and a tool without a schema", () => {
    const tools = [
      "    - name: a",
      "      description: A.",
      "      script: ./scripts/refund.py",
      "      inputSchema: { type: object }",
      "    - name: b",
      "      description: B.",
      "      script: scripts/refund.py",
      "      input-schema: { properties: { n: { type: [integer, 'null'], minimum: 0 } } }",
      "    - name: c",
      "      description: C.",
      "      script: scripts/refund.py",
      "",
    ].join("\n");
    expect(toolFindings(skill(tools), FILES)).toEqual([]);
    expect(readToolDeclarations(validateSkillMd(skill(tools)).frontmatter).map((t) => t.name)).toEqual(["a", "b", "c"]);
  });

  it("never reads a declaration whose script climbs out of scripts/ (a version stored before the validator refused it)", () => {
    const frontmatter = { metadata: { tools: [{ name: "escape", description: "E.", script: "scripts/../../etc/passwd" }] } };
    expect(readToolDeclarations(frontmatter)).toEqual([]);
  });

  it("reads Wegent's top-level tools list the same way, with a warning that suggests metadata", () => {
    const text = [
      "---",
      "name: orders",
      "description: Look up orders.",
      "tools:",
      "  - name: lookup_order",
      "    description: Look up one order.",
      "    script: scripts/lookup_order.py",
      "    input_schema: { type: object, properties: { id: { type: strin } } }",
      "---",
      "",
    ].join("\n");
    const result = validateSkillMd(text, { files: FILES });
    expect(readToolDeclarations(result.frontmatter).map((t) => [t.name, t.script])).toEqual([["lookup_order", "scripts/lookup_order.py"]]);
    const unknown = result.findings.find((f) => f.code === "unknown-key");
    expect(unknown).toMatchObject({ severity: "warning", line: 4, field: "tools" });
    expect(unknown?.message).toContain("move the list under metadata (metadata.tools)");
    // its rules apply there too, at the nested line
    expect(toolFindings(text, FILES)).toEqual([{ severity: "error", code: "tool-schema-invalid", line: 8, field: "tools[0].input_schema.properties.id.type" }]);
  });

  it("leaves metadata.tools as text a warning (text is a valid metadata value), and a map an error", () => {
    const text = "---\nname: x\ndescription: d\nmetadata:\n  tools: Read, Grep\n---\n";
    expect(toolFindings(text)).toEqual([{ severity: "warning", code: "tools-not-list", line: 5, field: "metadata.tools" }]);
    expect(toolFindings("---\nname: x\ndescription: d\nmetadata:\n  tools: { a: 1 }\n---\n")).toEqual([
      { severity: "error", code: "tools-not-list", line: 5, field: "metadata.tools" },
    ]);
  });

  it("keeps the other metadata values to the string rule", () => {
    const codes = validateSkillMd(skill(LOOKUP).replace("  tools:\n", "  version: [1]\n  tools:\n")).findings.map((f) => [f.code, f.field]);
    expect(codes).toEqual([["metadata-value-not-string", "metadata.version"]]);
  });
});

describe("tool declarations: refused with the nested line", () => {
  const second = (lines: string[]) => LOOKUP + lines.map((l) => `    ${l}`).join("\n") + "\n";
  const refund = (overrides: Record<string, string | null>) => {
    const base: Record<string, string | null> = {
      name: "refund",
      description: "Refund an order.",
      script: "scripts/refund.py",
      input_schema: "{ type: object, properties: { id: { type: string } } }",
    };
    const fields = { ...base, ...overrides };
    return second(
      Object.entries(fields)
        .filter(([, v]) => v !== null)
        .map(([k, v], i) => `${i === 0 ? "- " : "  "}${k}: ${v}`),
    );
  };
  // null: SKILL.md alone, no files to check scripts against
  const check = (tools: string, needle: string, files: readonly string[] | null = FILES) => {
    const text = skill(tools);
    // the offending line of the second tool (it starts on line 14), not its first one and not `metadata:`
    return { findings: toolFindings(text, files ?? undefined), line: lineWith(text, needle, 13) };
  };

  it("a script missing from the bundle, on the script: line of the 2nd tool", () => {
    const { findings, line } = check(refund({ script: "scripts/refnd.py" }), "script:");
    expect(findings).toEqual([{ severity: "error", code: "tool-script-not-found", line, field: "metadata.tools[1].script" }]);
    expect(line).toBe(16);
    // SKILL.md alone (the editor without files, a single-file check) skips the existence check
    expect(check(refund({ script: "scripts/refnd.py" }), "script:", null).findings).toEqual([]);
  });

  it("a script outside scripts/, or absent", () => {
    for (const script of ["references/x.py", "scripts/../SKILL.md", "/etc/passwd", "scripts/", "42"]) {
      const { findings, line } = check(refund({ script }), "script:");
      expect(findings, script).toEqual([{ severity: "error", code: "tool-script-invalid", line, field: "metadata.tools[1].script" }]);
    }
    const { findings, line } = check(refund({ script: null }), "- name: refund");
    expect(findings).toEqual([{ severity: "error", code: "tool-script-missing", line, field: "metadata.tools[1].script" }]);
  });

  it("a name that is missing, not tool-name shaped, reserved or a duplicate", () => {
    expect(check(refund({ name: "'refund order'" }), "name:").findings).toEqual([
      { severity: "error", code: "tool-name-invalid", line: 14, field: "metadata.tools[1].name" },
    ]);
    expect(check(refund({ name: "9lives" }), "name:").findings.map((f) => f.code)).toEqual(["tool-name-invalid"]);
    expect(check(refund({ name: "x".repeat(65) }), "name:").findings.map((f) => f.code)).toEqual(["tool-name-invalid"]);
    expect(check(refund({ name: "load_skill" }), "name:").findings).toEqual([
      { severity: "error", code: "tool-name-reserved", line: 14, field: "metadata.tools[1].name" },
    ]);
    expect(check(refund({ name: "lookup_order" }), "name:").findings).toEqual([
      { severity: "error", code: "tool-name-duplicate", line: 14, field: "metadata.tools[1].name" },
    ]);
    // without a name, the item's first line
    const missing = check(refund({ name: null }), "- description: Refund");
    expect(missing.findings).toEqual([{ severity: "error", code: "tool-name-missing", line: missing.line, field: "metadata.tools[1].name" }]);
  });

  it("a description that is missing, empty or not text", () => {
    expect(check(refund({ description: "''" }), "description:").findings).toEqual([
      { severity: "error", code: "tool-description-invalid", line: 15, field: "metadata.tools[1].description" },
    ]);
    expect(check(refund({ description: "[a]" }), "description:").findings.map((f) => f.code)).toEqual(["tool-description-invalid"]);
    expect(check(refund({ description: null }), "- name: refund").findings).toEqual([
      { severity: "error", code: "tool-description-missing", line: 14, field: "metadata.tools[1].description" },
    ]);
  });

  it("an input schema whose root is not an object schema", () => {
    expect(check(refund({ input_schema: "{ type: string }" }), "input_schema:").findings).toEqual([
      { severity: "error", code: "tool-schema-not-object", line: 17, field: "metadata.tools[1].input_schema.type" },
    ]);
    expect(check(refund({ input_schema: '\'{"type": "object"}\'' }), "input_schema:").findings).toEqual([
      { severity: "error", code: "tool-schema-not-object", line: 17, field: "metadata.tools[1].input_schema" },
    ]);
  });

  it("an input schema that is not valid JSON Schema, on the line of the bad keyword", () => {
    const tools =
      LOOKUP +
      [
        "    - name: refund",
        "      description: Refund an order.",
        "      script: scripts/refund.py",
        "      input_schema:",
        "        type: object",
        "        properties:",
        "          id: { type: string }",
        "          amount:",
        "            type: money",
        "          reasons:",
        "            type: array",
        "            items: { enum: [] }",
        "        required: [id, 3]",
        "",
      ].join("\n");
    const text = skill(tools);
    expect(toolFindings(text, FILES)).toEqual([
      { severity: "error", code: "tool-schema-invalid", line: lineWith(text, "required: [id, 3]"), field: "metadata.tools[1].input_schema.required[1]" },
      { severity: "error", code: "tool-schema-invalid", line: lineWith(text, "type: money"), field: "metadata.tools[1].input_schema.properties.amount.type" },
      {
        severity: "error",
        code: "tool-schema-invalid",
        line: lineWith(text, "enum: []"),
        field: "metadata.tools[1].input_schema.properties.reasons.items.enum",
      },
    ]);
  });

  it("an entry that is not a map, a key that is not read, and more tools than a skill may bind", () => {
    expect(check(second(["- lookup_refund"]), "- lookup_refund").findings).toEqual([
      { severity: "error", code: "tool-not-mapping", line: 14, field: "metadata.tools[1]" },
    ]);
    expect(check(refund({ input_shema: "{ type: object }" }), "input_shema:").findings).toEqual([
      { severity: "warning", code: "tool-key-unknown", line: 18, field: "metadata.tools[1].input_shema" },
    ]);
    const many = Array.from({ length: 21 }, (_, i) => `    - { name: t${i}, description: T., script: scripts/refund.py }`).join("\n") + "\n";
    const text = skill(many);
    expect(toolFindings(text, FILES)).toEqual([{ severity: "error", code: "tools-too-many", line: lineWith(text, "name: t20"), field: "metadata.tools[20]" }]);
  });
});

describe("tool declarations in a whole skill", () => {
  it("checks scripts against the bundle's files when a folder is uploaded", () => {
    const enc = new TextEncoder();
    const files = [
      { path: "orders/SKILL.md", bytes: enc.encode(skill(LOOKUP)) },
      { path: "orders/scripts/lookup.py", bytes: enc.encode("print(1)\n") },
    ];
    const bundle = readBundle({ kind: "files", files });
    expect(bundle.skills[0].findings).toEqual([
      expect.objectContaining({ severity: "error", code: "tool-script-not-found", path: "SKILL.md", line: 8, field: "metadata.tools[0].script" }),
    ]);
    expect(bundle.skills[0].findings[0].message).toContain("scripts/ holds scripts/lookup.py");
    files[1].path = "orders/scripts/lookup_order.py";
    expect(readBundle({ kind: "files", files }).skills[0].findings).toEqual([]);
  });
});

describe("allowed-tools as a list", () => {
  it("shows the normalised form in its warning", () => {
    const text = "---\nname: x\ndescription: d\nallowed-tools:\n  - Read\n  - ' Bash(git add:*) '\n  - Read\n---\n";
    const finding = validateSkillMd(text).findings.find((f) => f.code === "allowed-tools-list");
    expect(finding?.message).toContain('read as "Read Bash(git add:*)"');
  });
});

it("fieldPath writes list indexes in brackets", () => {
  expect(fieldPath(["metadata", "tools", 1, "input_schema", "required", 0])).toBe("metadata.tools[1].input_schema.required[0]");
});

noteIfSharedMissing("the corpora for the tool rules");

describe.skipIf(!hasShared)("the 249 real skills of ../shared/corpus and corpus-external", () => {
  it("gain no finding from the tool rules and keep their one error", { timeout: 60_000 }, () => {
    const skills = ["corpus", "corpus-external"].flatMap((dir) => readBundle({ kind: "files", files: readTree(path.join(SHARED_DIR, dir), dir) }).skills);
    expect(skills).toHaveLength(249);
    const findings = skills.flatMap((s) => s.findings.map((f) => ({ skill: s.root, ...f })));
    expect(findings.filter((f) => f.code.startsWith("tool"))).toEqual([]);
    // the one error main had before these rules: a description over 1,024 characters
    expect(findings.filter((f) => f.severity === "error").map((f) => `${f.skill} ${f.code}`)).toEqual([
      "corpus/anthropics-skills/claude-api description-too-long",
    ]);
  });
});
