import { renderCatalogEntryXml } from "@/lib/skills/format/catalog";
import { countTokens } from "@/lib/skills/format/tokens";
import { validateSkillMd } from "@/lib/skills/format/validate";
import type { Finding } from "@/lib/skills/format/findings";

// The editor's checks, loaded on demand: validation counts body tokens, and the tokenizer's tables
// are most of this chunk, so the editor paints first and checks a moment later.

export interface SkillMdAnalysis {
  findings: Finding[];
  name: string | null;
  description: string | null;
  catalogTokens: number;
  bodyTokens: number;
}

/** `files`: the draft's paths, so a bound tool's script is checked against the files being edited. */
export function analyzeSkillMd(text: string, files?: readonly string[]): SkillMdAnalysis {
  const result = validateSkillMd(text, { files });
  const catalogTokens = result.name && result.description ? countTokens(renderCatalogEntryXml({ name: result.name, description: result.description })) : 0;
  return { findings: result.findings, name: result.name, description: result.description, catalogTokens, bodyTokens: result.bodyTokens ?? 0 };
}

export { countTokens };
