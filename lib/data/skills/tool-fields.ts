import "server-only";
import type { BoundTool, PlaygroundSkill } from "@/lib/playground/domain";
import { invocationFlags, normalizeAllowedTools, readToolDeclarations, toolDefinitionTokens } from "@/lib/skills/format/bound-tools";
import { toolBindingRefusal, type ToolBindingFacts } from "@/lib/skills/permissions/bound-tools";

// What a version's frontmatter decides for the playground beyond name and description: the tools
// it binds (or why they are withheld here), allowed-tools and Claude Code's invocation flags.

export type SkillToolFields = Required<Pick<PlaygroundSkill, "tools" | "allowedTools" | "modelInvocable" | "userInvocable">> &
  Pick<PlaygroundSkill, "toolsWithheld">;

// Frontmatter is stored as JSON text. Without `tools"` (the keys "tools" and "allowed-tools") or
// `-invoca` ("disable-model-invocation", "user-invocable") in it, every field keeps its default,
// so the catalog of every turn parses only the few skills that set one; a match inside a value
// only costs a parse. (Two includes() over 500 frontmatters cost less than instr() in the query.)
export const mayHaveToolKeys = (frontmatterText: string) => frontmatterText.includes('tools"') || frontmatterText.includes("-invoca");

/** The fields of a version whose frontmatter sets none of the keys. */
export const defaultToolFields = (): SkillToolFields => ({ tools: [], allowedTools: [], modelInvocable: true, userInvocable: true });

type Declared = Omit<SkillToolFields, "toolsWithheld">;

// Every turn builds the catalog afresh, and parsing a tool-binding skill's frontmatter and
// tokenizing its definitions again each time costs more than the rest of its catalog entry (20
// skills of 5 tools: ~1 ms a turn). What they declare depends on the frontmatter text alone, so it
// is read once per process (a bounded number of texts); who may bind them is decided every time.
const MAX_CACHED = 1000;
const declaredByText = new Map<string, Declared>();

function declaredIn(frontmatterText: string, frontmatter: () => Record<string, unknown>): Declared {
  let declared = declaredByText.get(frontmatterText);
  if (!declared) {
    const fields = frontmatter();
    declared = {
      tools: readToolDeclarations(fields).map((tool): BoundTool => ({ ...tool, tokens: toolDefinitionTokens(tool) })),
      allowedTools: normalizeAllowedTools(fields["allowed-tools"]),
      ...invocationFlags(fields),
    };
    if (declaredByText.size >= MAX_CACHED) declaredByText.delete(declaredByText.keys().next().value!);
    declaredByText.set(frontmatterText, declared);
  }
  return declared;
}

/**
 * The fields for one version: `frontmatterText` as stored, `frontmatter` its parse (called only
 * when needed) and the facts the policy reads (scope, team setting, review state). The bound tools
 * are shared between calls: read them, do not change them.
 */
export function skillToolFields(frontmatterText: string, frontmatter: () => Record<string, unknown>, facts: ToolBindingFacts): SkillToolFields {
  if (!mayHaveToolKeys(frontmatterText)) return defaultToolFields();
  const { tools, allowedTools, modelInvocable, userInvocable } = declaredIn(frontmatterText, frontmatter);
  const refusal = tools.length ? toolBindingRefusal(facts) : null;
  return {
    tools: refusal ? [] : [...tools],
    ...(refusal ? { toolsWithheld: { names: tools.map((tool) => tool.name), reason: refusal } } : {}),
    allowedTools: [...allowedTools],
    modelInvocable,
    userInvocable,
  };
}
