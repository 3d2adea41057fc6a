import "server-only";
import type { BoundTool, PlaygroundSkill } from "@/lib/playground/types";
import { invocationFlags, normalizeAllowedTools, readToolDeclarations, toolDefinitionTokens } from "@/lib/skills/format/bound-tools";
import { toolBindingRefusal, type ToolBindingFacts } from "@/lib/skills/permissions/bound-tools";

// What a version's frontmatter decides for the playground beyond name and description: the tools
// it binds (or why they are withheld here), allowed-tools and Claude Code's invocation flags.

export type SkillToolFields = Required<Pick<PlaygroundSkill, "tools" | "allowedTools" | "modelInvocable" | "userInvocable">> &
  Pick<PlaygroundSkill, "toolsWithheld">;

// Frontmatter is stored as JSON text; without one of these keys every field keeps its default, so
// the catalog of every turn parses only the few skills that set one.
const RELEVANT_KEY = /"(?:tools|allowed-tools|disable-model-invocation|user-invocable)"\s*:/;

/**
 * The fields for one version. `frontmatter` parses the stored text and is called only when the
 * text holds a relevant key; `facts` are the skill's scope, team setting and the version's review.
 */
export function skillToolFields(frontmatterText: string, frontmatter: () => Record<string, unknown>, facts: ToolBindingFacts): SkillToolFields {
  if (!RELEVANT_KEY.test(frontmatterText)) return { tools: [], allowedTools: [], modelInvocable: true, userInvocable: true };
  const fields = frontmatter();
  const declared = readToolDeclarations(fields);
  const refusal = declared.length ? toolBindingRefusal(facts) : null;
  return {
    tools: refusal ? [] : declared.map((tool): BoundTool => ({ ...tool, tokens: toolDefinitionTokens(tool) })),
    ...(refusal ? { toolsWithheld: { names: declared.map((tool) => tool.name), reason: refusal } } : {}),
    allowedTools: normalizeAllowedTools(fields["allowed-tools"]),
    ...invocationFlags(fields),
  };
}
