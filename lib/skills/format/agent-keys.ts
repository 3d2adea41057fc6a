import type { FrontmatterValue } from "./skill-md";

// Frontmatter keys that one agent defines beyond the specification's six. Claude Code documents
// these for its skills (code.claude.com/docs/en/skills, "Frontmatter reference"); real skills
// ship them (Trail of Bits, Sentry, Stripe: when_to_use, user-invocable, effort…). Knowing them
// lets the validator say whose key it is and check its value instead of calling it unknown.

type KeyType = "string" | "boolean" | "mapping" | "string-or-list";

export interface AgentKey {
  agent: "Claude Code";
  type: KeyType;
  /** The values the agent documents, when it documents a closed set. */
  values?: readonly string[];
  summary: string;
}

export const AGENT_KEYS: Readonly<Record<string, AgentKey>> = {
  when_to_use: { agent: "Claude Code", type: "string", summary: "when Claude should use the skill, beside the description" },
  // Written unquoted, `[issue-number]` is a YAML list; Claude Code shows it all the same.
  "argument-hint": { agent: "Claude Code", type: "string-or-list", summary: "hint shown in the / menu for the skill's arguments" },
  "disable-model-invocation": { agent: "Claude Code", type: "boolean", summary: "true: only the user can invoke it, Claude never loads it on its own" },
  "user-invocable": { agent: "Claude Code", type: "boolean", summary: "false: hidden from the / menu, loaded by Claude only" },
  model: { agent: "Claude Code", type: "string", summary: "the model that runs the skill" },
  effort: { agent: "Claude Code", type: "string", values: ["low", "medium", "high", "max"], summary: "the reasoning effort while the skill runs" },
  context: { agent: "Claude Code", type: "string", values: ["fork"], summary: "fork: run the skill in a subagent's own context" },
  agent: { agent: "Claude Code", type: "string", summary: "the subagent type that runs a forked skill" },
  hooks: { agent: "Claude Code", type: "mapping", summary: "hooks active while the skill runs" },
  paths: { agent: "Claude Code", type: "string-or-list", summary: "file patterns that make the skill relevant" },
  shell: { agent: "Claude Code", type: "string", summary: "the shell for the skill's ! commands" },
};

export function agentKey(key: string): AgentKey | undefined {
  return Object.hasOwn(AGENT_KEYS, key) ? AGENT_KEYS[key] : undefined;
}

/** What is wrong with a known agent key's value, or null when the agent would accept it. */
export function agentKeyProblem(key: string, value: FrontmatterValue): string | null {
  const known = agentKey(key);
  if (!known) return null;
  const fits =
    known.type === "boolean"
      ? typeof value === "boolean"
      : known.type === "mapping"
        ? value !== null && typeof value === "object" && !Array.isArray(value)
        : known.type === "string-or-list"
          ? typeof value === "string" || (Array.isArray(value) && value.every((item) => typeof item === "string"))
          : typeof value === "string";
  const expected = { boolean: "true or false", mapping: "a mapping", "string-or-list": "text or a list of text", string: "text" }[known.type];
  if (!fits) return `${key} is ${known.agent}'s key for ${known.summary}; it must be ${expected}`;
  if (known.values && typeof value === "string" && !known.values.includes(value))
    return `${key} is ${known.agent}'s key for ${known.summary}; it must be one of ${known.values.join(", ")} (got "${value}")`;
  return null;
}
