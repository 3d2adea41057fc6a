import { formatNumber } from "../../display";
import { MAX_TOOLS_PER_SKILL, RESERVED_TOOL_NAMES, TOOL_NAME_PATTERN, toolDeclarationSource } from "./bound-tools";
import type { Finding } from "./findings";
import { checkJsonSchema } from "./json-schema-check";
import type { Frontmatter, ParsedSkillMd } from "./skill-md";
import { describeValue as describe } from "./text";

// The validator's rules for tools a skill binds (bound-tools.ts reads them): each finding points at
// the nested line at fault (the `script:` line of the second tool), so the editor underlines it.

type Segment = string | number;
export type ToolFinding = Omit<Finding, "path">;

const SCHEMA_KEYS = ["input_schema", "inputSchema", "input-schema"];
const KNOWN_KEYS = ["name", "description", "script", ...SCHEMA_KEYS];

const isMap = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** `["metadata", "tools", 1, "script"]` -> `metadata.tools[1].script` */
export function fieldPath(path: readonly Segment[]): string {
  return path.map((s, i) => (typeof s === "number" ? `[${s}]` : i === 0 ? s : `.${s}`)).join("");
}

/**
 * Findings for the tool declarations of a frontmatter. `files` are the skill's paths relative to
 * its root: given when the whole skill is validated, each script must be one of them; without
 * them (SKILL.md alone) that check is skipped.
 */
export function checkToolDeclarations(frontmatter: Frontmatter, lineOf: ParsedSkillMd["lineOf"], files?: readonly string[]): ToolFinding[] {
  const source = toolDeclarationSource(frontmatter);
  if (!source) return [];
  const base: Segment[] = source.field === "metadata.tools" ? ["metadata", "tools"] : ["tools"];
  const findings: ToolFinding[] = [];
  // The nearest line that exists: the node itself, else each enclosing node in turn.
  const lineNear = (path: readonly Segment[]): number | undefined => {
    for (let n = path.length; n > 0; n--) {
      const line = lineOf(path.slice(0, n));
      if (line !== undefined) return line;
    }
    return undefined;
  };
  const report = (severity: Finding["severity"], code: Finding["code"], message: string, path: readonly Segment[]): void => {
    const finding: ToolFinding = { severity, code, message, field: fieldPath(path) };
    const line = lineNear(path);
    if (line !== undefined) finding.line = line;
    findings.push(finding);
  };

  const entries = source.entries;
  if (!Array.isArray(entries)) {
    // Text is a valid metadata value, and Claude Code subagents write `tools: Read, Grep` at the
    // top; either way no tool is bound, which deserves a word but not a refusal.
    const refuse = source.field === "metadata.tools" && typeof entries !== "string";
    report(
      refuse ? "error" : "warning",
      "tools-not-list",
      `${source.field} is ${describe(entries)}; tools are declared as a list of entries with name, description, script and input_schema, so this skill binds no tools`,
      base,
    );
    return findings;
  }
  if (entries.length > MAX_TOOLS_PER_SKILL) {
    report(
      "error",
      "tools-too-many",
      `${source.field} declares ${formatNumber(entries.length)} tools; a skill may bind at most ${formatNumber(MAX_TOOLS_PER_SKILL)}`,
      [...base, MAX_TOOLS_PER_SKILL],
    );
  }

  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const at = [...base, index];
    const label = `tool ${index + 1}`;
    if (!isMap(entry)) {
      report(
        "error",
        "tool-not-mapping",
        `${label} of ${source.field} must be a map with name, description, script and input_schema (got ${describe(entry)})`,
        at,
      );
      return;
    }
    const name = checkName(entry, at, label, seen, report);
    const called = name ? `tool "${name}"` : label;
    checkDescription(entry, at, called, report);
    checkScript(entry, at, called, files, report);
    checkSchema(entry, at, called, report);
    for (const key of Object.keys(entry)) {
      if (KNOWN_KEYS.includes(key)) continue;
      report("warning", "tool-key-unknown", `${called} has "${key}", which is not read; a tool has name, description, script and input_schema`, [...at, key]);
    }
  });
  return findings;
}

type Report = (severity: Finding["severity"], code: Finding["code"], message: string, path: readonly Segment[]) => void;

function checkName(entry: Record<string, unknown>, at: Segment[], label: string, seen: Map<string, number>, report: Report): string | null {
  if (!("name" in entry) || entry.name === null || entry.name === "") {
    report("error", "tool-name-missing", `${label} has no name; add one like \`name: lookup_order\` (letters, digits, _ and -)`, [...at, "name"]);
    return null;
  }
  const name = entry.name;
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    report(
      "error",
      "tool-name-invalid",
      `${label}'s name ${typeof name === "string" ? JSON.stringify(name) : describe(name)} is not a tool name: start with a letter, then letters, digits, _ or -, at most 64 characters`,
      [...at, "name"],
    );
    return null;
  }
  if (RESERVED_TOOL_NAMES.includes(name)) {
    report("error", "tool-name-reserved", `tool name "${name}" is the playground's own tool; choose another name`, [...at, "name"]);
  }
  const first = seen.get(name);
  if (first !== undefined) {
    report(
      "error",
      "tool-name-duplicate",
      `tool name "${name}" is declared twice (tools ${first + 1} and ${Number(at.at(-1)) + 1}); tool names must be unique`,
      [...at, "name"],
    );
  } else seen.set(name, Number(at.at(-1)));
  return name;
}

function checkDescription(entry: Record<string, unknown>, at: Segment[], called: string, report: Report): void {
  const description = entry.description;
  if (!("description" in entry) || description === null) {
    report("error", "tool-description-missing", `${called} has no description; say what it does and when to call it`, [...at, "description"]);
  } else if (typeof description !== "string" || description.trim() === "") {
    report("error", "tool-description-invalid", `${called}'s description must be non-empty text (got ${describe(description)})`, [...at, "description"]);
  }
}

function checkScript(entry: Record<string, unknown>, at: Segment[], called: string, files: readonly string[] | undefined, report: Report): void {
  const script = entry.script;
  if (!("script" in entry) || script === null || script === "") {
    report("error", "tool-script-missing", `${called} has no script; name the file under scripts/ that runs it, like \`script: scripts/lookup.py\``, [
      ...at,
      "script",
    ]);
    return;
  }
  const path = typeof script === "string" ? script.replace(/^\.\//, "") : null;
  const segments = path?.split("/") ?? [];
  if (path === null || segments[0] !== "scripts" || segments.length < 2 || segments.some((s) => s === "" || s === "." || s === "..") || path.includes("\\")) {
    report("error", "tool-script-invalid", `${called}'s script must be a file under scripts/, like scripts/lookup.py (got ${describe(script)})`, [
      ...at,
      "script",
    ]);
    return;
  }
  if (files && !files.includes(path)) {
    const scripts = files.filter((f) => f.startsWith("scripts/"));
    const held = scripts.length
      ? `; scripts/ holds ${scripts.slice(0, 5).join(", ")}${scripts.length > 5 ? ", ..." : ""}`
      : "; the skill has no scripts/ folder";
    report("error", "tool-script-not-found", `${called}'s script ${path} is not in the skill${held}`, [...at, "script"]);
  }
}

function checkSchema(entry: Record<string, unknown>, at: Segment[], called: string, report: Report): void {
  const key = SCHEMA_KEYS.find((k) => k in entry);
  // No schema is a tool without arguments (read as an empty object schema).
  if (key === undefined) return;
  const schema = entry[key];
  const where = [...at, key];
  if (!isMap(schema)) {
    report("error", "tool-schema-not-object", `${called}'s ${key} must be a JSON Schema map with type: object (got ${describe(schema)})`, where);
    return;
  }
  if ("type" in schema && schema.type !== "object") {
    report(
      "error",
      "tool-schema-not-object",
      `${called}'s ${key} must describe an object (type: object), since a tool's arguments are named (got type ${describe(schema.type)})`,
      [...where, "type"],
    );
  }
  for (const problem of checkJsonSchema(schema)) {
    if (problem.path.length === 1 && problem.path[0] === "type" && "type" in schema && schema.type !== "object") continue;
    report("error", "tool-schema-invalid", `${called}'s ${key} is not a valid JSON Schema: ${problem.message}`, [...where, ...problem.path]);
  }
}
