import { escapeXml, renderCatalogXml } from "../skills/format/catalog";
import { countTokens } from "../skills/format/tokens";
import type { PlaygroundSettings, PlaygroundSkill } from "./domain";

// The system prompt is the first disclosure level. It is built here, once, for the preview in the
// setup panel, for the chat route and for the CLI, so all three show and send the same bytes.

/** Used when the editable header is left empty. Written for any model: it names the tools and the levels. */
export const DEFAULT_INSTRUCTIONS = `You are a helpful assistant that can use Agent Skills: folders of instructions and reference files written for specific tasks. Skills are disclosed in levels, so only what a task needs enters the conversation:
1. The catalog lists each skill by name and description. Read it to decide whether a skill fits the user's request.
2. When one fits, call load_skill with its name before answering. It returns the skill's SKILL.md instructions and lists its resource files (paths and sizes, not their content). Do not load skills that do not apply, and do not load a skill again: it stays in the conversation.
3. When the instructions or the user point at one of the listed files, call read_skill_resource with the skill name and that exact path.
A skill the user mentions as $skill-name is already included in their message; follow it without loading it.
If no skill applies, answer directly.`;

/** Search mode replaces the catalog with this note: the model finds skills through the search tool. */
export const SEARCH_MODE_NOTE = `The skill catalog is not listed here because it is large. To find a skill for a task, call search_skills with a short description of the task; it returns matching skill names and descriptions, best first. Then call load_skill with the name of a skill that fits.`;

export interface SystemPrompt {
  /** Header + catalog (full mode) or header + search note (search mode): what the model receives. */
  system: string;
  /** The instruction header used (the default when the setting is blank). */
  header: string;
  /** The rendered `<available_skills>` block; "" in search mode. */
  catalogXml: string;
  /** Tokens of the skill part of the prompt: the catalog (full mode) or the search note (search mode). */
  catalogTokens: number;
  headerTokens: number;
  /** The skills the catalog offers the model: every skill but the explicit-only ones (disable-model-invocation). */
  catalog: readonly PlaygroundSkill[];
}

/** The instruction header a turn uses: the setup's own, else its profile's (blank means the default). */
export function chooseInstructions(setupInstructions: string, profileInstructions: string | null): string {
  return setupInstructions.trim() || profileInstructions || "";
}

/** The share of a model's context the catalog may take before the playground suggests search mode. */
export const CATALOG_BUDGET_SHARE = 0.25;

/** Set when a full-mode catalog takes more of the model's context than the budget allows (search mode never is). */
export function catalogOverBudget(
  mode: PlaygroundSettings["mode"],
  catalogTokens: number,
  contextWindow: number,
): { budget: number; contextWindow: number } | null {
  const budget = Math.floor(contextWindow * CATALOG_BUDGET_SHARE);
  return mode === "full" && catalogTokens > budget ? { budget, contextWindow } : null;
}

export function buildSystemPrompt(
  settings: Pick<PlaygroundSettings, "mode" | "exposeMetadata" | "instructions">,
  everySkill: readonly PlaygroundSkill[],
): SystemPrompt {
  const header = settings.instructions.trim() || DEFAULT_INSTRUCTIONS;
  // Claude Code's disable-model-invocation: the model never sees the skill; a $mention brings it in.
  const skills = everySkill.some((s) => s.modelInvocable === false) ? everySkill.filter((s) => s.modelInvocable !== false) : everySkill;
  if (settings.mode === "search") {
    return {
      system: `${header}\n\n${SEARCH_MODE_NOTE}`,
      header,
      catalogXml: "",
      catalogTokens: cachedTokens(SEARCH_MODE_NOTE),
      headerTokens: cachedTokens(header),
      catalog: skills,
    };
  }
  const catalogXml = renderedCatalog(everySkill, skills, settings.exposeMetadata);
  return {
    system: `${header}\n\n${catalogXml}`,
    header,
    catalogXml,
    catalogTokens: cachedTokens(catalogXml),
    headerTokens: cachedTokens(header),
    catalog: skills,
  };
}

// A source's skill list is one array for as long as the catalog is the same (every test of a trigger
// run, every step of a turn), and escaping a 1,000-skill catalog on each was most of a test's time.
const catalogTexts = new WeakMap<readonly PlaygroundSkill[], { full: boolean; xml: string }>();

function renderedCatalog(everySkill: readonly PlaygroundSkill[], skills: readonly PlaygroundSkill[], full: boolean): string {
  const hit = catalogTexts.get(everySkill);
  if (hit && hit.full === full) return hit.xml;
  const xml = full ? renderFullMetadataCatalog(skills) : renderCatalogXml(skills.map((s) => ({ name: s.name, description: s.description })));
  catalogTexts.set(everySkill, { full, xml });
  return xml;
}

// Every turn of a conversation renders the same catalog; tokenizing a 500-skill catalog is most of
// a turn's own cost, so the last few counts are kept (keyed by the exact text).
const tokenCache = new Map<string, number>();
const TOKEN_CACHE_SIZE = 16;

function cachedTokens(text: string): number {
  const hit = tokenCache.get(text);
  if (hit !== undefined) {
    tokenCache.delete(text);
    tokenCache.set(text, hit);
    return hit;
  }
  const tokens = countTokens(text);
  tokenCache.set(text, tokens);
  if (tokenCache.size > TOKEN_CACHE_SIZE) tokenCache.delete(tokenCache.keys().next().value!);
  return tokens;
}

// XML element names a frontmatter key can be used as as it is; any other key is written as
// <field name="…"> so an odd key can never break the block's structure.
const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * "Expose all metadata" (AgentScope): every frontmatter field of each skill, in source order, in the
 * same one-element-per-line layout as the reference `<available_skills>`. Name and description come
 * first and from the resolved skill, so a catalog parser reading only those two still works.
 * Non-string values are written as JSON.
 */
export function renderFullMetadataCatalog(skills: readonly PlaygroundSkill[]): string {
  if (skills.length === 0) return renderCatalogXml([]);
  const lines = ["<available_skills>"];
  for (const skill of skills) {
    lines.push("<skill>", "<name>", escapeXml(skill.name), "</name>", "<description>", escapeXml(skill.description), "</description>");
    for (const [key, value] of Object.entries(skill.frontmatter)) {
      if (key === "name" || key === "description") continue;
      const text = typeof value === "string" ? value : JSON.stringify(value);
      if (XML_NAME.test(key) && !/^xml/i.test(key)) lines.push(`<${key}>`, escapeXml(text), `</${key}>`);
      else lines.push(`<field name="${escapeXml(key)}">`, escapeXml(text), "</field>");
    }
    lines.push("</skill>");
  }
  lines.push("</available_skills>");
  return lines.join("\n");
}

const XML_UNESCAPES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

export function unescapeXml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => XML_UNESCAPES[entity]);
}

/**
 * Reads the catalog back out of a system prompt (what the offline router sees). Only name and
 * description are taken; a prompt without `<available_skills>` yields null.
 */
export function parseCatalogXml(system: string): { name: string; description: string }[] | null {
  const start = system.indexOf("<available_skills>");
  if (start < 0) return null;
  const end = system.indexOf("</available_skills>", start);
  const block = system.slice(start, end < 0 ? undefined : end);
  const entries: { name: string; description: string }[] = [];
  for (const match of block.matchAll(/<skill>\n<name>\n([^\n]*)\n<\/name>\n<description>\n([\s\S]*?)\n<\/description>/g)) {
    entries.push({ name: unescapeXml(match[1]), description: unescapeXml(match[2]) });
  }
  return entries;
}
