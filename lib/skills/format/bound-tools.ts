import { countTokens } from "./tokens";

// Tools a skill binds: declared in its frontmatter, implemented by a script in its bundle, offered
// to a model only while the skill is loaded (AgentScope's progressive disclosure of tools, Wegent's
// `tools` list, pydantic-harness's load/unload). The canonical place is `metadata.tools`, so a
// skill stays valid under the agentskills.io specification (whose only open map is `metadata`);
// a top-level `tools` list, as Wegent writes it, is read the same way. Each entry:
//
//   metadata:
//     tools:
//       - name: lookup_order            # tool-name shaped: letters, digits, _ and -, at most 64
//         description: Look up one order by its id.
//         script: scripts/lookup_order.py   # gets the arguments as JSON on stdin
//         input_schema:                 # JSON Schema of the arguments (an object schema)
//           type: object
//           properties: { order_id: { type: string } }
//           required: [order_id]
//
// `inputSchema` and `input-schema` are accepted for `input_schema` (MCP spells it inputSchema).
// Pure and isomorphic: the editor runs it in the browser.

export interface ToolDeclaration {
  name: string;
  description: string;
  /** JSON Schema of the arguments; an object schema. */
  inputSchema: Record<string, unknown>;
  /** The implementing script, relative to the skill root (under scripts/). */
  script: string;
}

/** The playground's own tools: a skill cannot bind a tool of these names. */
export const RESERVED_TOOL_NAMES: readonly string[] = ["load_skill", "read_skill_resource", "search_skills", "skill_run", "unload_skill"];

/** MCP's and the providers' tool-name rule (OpenAI, Anthropic: ^[a-zA-Z0-9_-]{1,64}$), starting with a letter. */
export const TOOL_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** Most tools one skill may bind. */
export const MAX_TOOLS_PER_SKILL = 20;

const isMap = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Where the declarations are: `metadata.tools` (canonical) or a top-level `tools` list; null when neither. */
export function toolDeclarationSource(frontmatter: Record<string, unknown> | null | undefined): { field: "metadata.tools" | "tools"; entries: unknown } | null {
  if (!frontmatter) return null;
  const metadata = frontmatter.metadata;
  if (isMap(metadata) && "tools" in metadata) return { field: "metadata.tools", entries: metadata.tools };
  if ("tools" in frontmatter) return { field: "tools", entries: frontmatter.tools };
  return null;
}

/**
 * The well-formed declarations, in order. An entry the validator would refuse (a bad name, a
 * missing script path, a schema that is not an object schema, a duplicate) is left out here; the
 * validator reports it with its line.
 */
export function readToolDeclarations(frontmatter: Record<string, unknown> | null | undefined): ToolDeclaration[] {
  const source = toolDeclarationSource(frontmatter);
  if (!source || !Array.isArray(source.entries)) return [];
  const out: ToolDeclaration[] = [];
  const seen = new Set<string>();
  for (const entry of source.entries.slice(0, MAX_TOOLS_PER_SKILL)) {
    if (!isMap(entry)) continue;
    const { name, description, script } = entry;
    const schema = entry.input_schema ?? entry.inputSchema ?? entry["input-schema"] ?? { type: "object", properties: {} };
    if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name) || RESERVED_TOOL_NAMES.includes(name) || seen.has(name)) continue;
    if (typeof description !== "string" || description.trim() === "") continue;
    if (typeof script !== "string" || !script.replace(/^\.\//, "").startsWith("scripts/") || script.split("/").includes("..")) continue;
    if (!isMap(schema) || (schema.type !== undefined && schema.type !== "object")) continue;
    seen.add(name);
    out.push({ name, description: description.trim(), inputSchema: { type: "object", ...schema }, script: script.replace(/^\.\//, "") });
  }
  return out;
}

/** The definition a model receives for a tool, as the providers serialise it: its context cost. */
export function toolDefinitionText(tool: Pick<ToolDeclaration, "name" | "description" | "inputSchema">): string {
  return JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.inputSchema });
}

export function toolDefinitionTokens(tool: Pick<ToolDeclaration, "name" | "description" | "inputSchema">): number {
  return countTokens(toolDefinitionText(tool));
}

/**
 * allowed-tools, normalised to a list of entries: the specification's space-separated string
 * ("Read Bash(git:*)") and the YAML list real skills ship (Claude Code, Stripe, Trail of Bits)
 * give the same list. A string splits on whitespace outside parentheses (so "Bash(git diff:*)"
 * stays one entry) and on commas, which Claude Code also accepts.
 */
export function normalizeAllowedTools(value: unknown): string[] {
  const items = typeof value === "string" ? splitOutsideParens(value) : Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  const out: string[] = [];
  for (const item of items.map((s) => s.trim()).filter(Boolean)) if (!out.includes(item)) out.push(item);
  return out;
}

function splitOutsideParens(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "(") depth++;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (/\s/.test(char) || char === ",")) {
      if (current) out.push(current);
      current = "";
    } else current += char;
  }
  if (current) out.push(current);
  return out;
}

/**
 * Claude Code's invocation keys: `disable-model-invocation: true` keeps the skill out of the
 * catalog the model sees (only a $mention brings it in); `user-invocable: false` keeps it out of
 * the user's $ completion. Anything but the boolean that flips them leaves the default.
 */
export function invocationFlags(frontmatter: Record<string, unknown> | null | undefined): { modelInvocable: boolean; userInvocable: boolean } {
  return {
    modelInvocable: frontmatter?.["disable-model-invocation"] !== true,
    userInvocable: frontmatter?.["user-invocable"] !== false,
  };
}
