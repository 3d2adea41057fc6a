import { formatNumber } from "@/lib/display";
import { LOAD_SKILL, READ_SKILL_RESOURCE, SEARCH_LIMIT } from "@/lib/playground/tools";
import type { PlaygroundSkill } from "@/lib/playground/domain";

// What the MCP server says in words: its instructions, its tools' descriptions and the list_skills
// output. Pure, so the wording is tested without a server; load and read outputs are the
// playground's own (lib/playground/tools.ts).

export const LIST_SKILLS = "list_skills";

/** One skill as list_skills reports it (the structured result; the text renders the same fields). */
export interface ListedSkill {
  name: string;
  description: string;
  /** Where it lives: "Personal", "Team Platform", "Public", "Built-in". */
  place: string;
  /** The version load_skill returns (a profile may pin an older one). */
  version: number;
  /** What loading it adds to the context: its SKILL.md body. */
  tokens: number;
  /** The relevance to the query, when there was one. */
  score?: number;
}

export function listedSkill(skill: PlaygroundSkill, place: string, score?: number): ListedSkill {
  return {
    name: skill.name,
    description: skill.description,
    place,
    version: skill.version,
    tokens: skill.bodyTokens,
    ...(score === undefined ? {} : { score: Math.round(score * 100) / 100 }),
  };
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const facts = (s: ListedSkill) => `[${s.place}, v${s.version}, ${formatNumber(s.tokens)} tokens]`;

/** The list_skills text: the catalog (or the query's best matches) one skill per line, then any notices. */
export function renderSkillList(skills: readonly ListedSkill[], query: string | null, notices: readonly string[] = []): string {
  const lines: string[] = [];
  if (query !== null) {
    if (skills.length === 0) lines.push(`No skill matches "${query}". Call ${LIST_SKILLS} without a query to see every skill.`);
    else lines.push(`Skills matching "${query}", best first (at most ${SEARCH_LIMIT}):`);
    skills.forEach((s, i) => lines.push(`${i + 1}. ${s.name} (score ${(s.score ?? 0).toFixed(2)}): ${oneLine(s.description)} ${facts(s)}`));
  } else if (skills.length === 0) {
    lines.push("No skills are available to you here.");
  } else {
    lines.push(
      `${skills.length} ${skills.length === 1 ? "skill" : "skills"}, one per name. Call ${LOAD_SKILL} with a name when a task matches its description.`,
    );
    for (const s of skills) lines.push(`- ${s.name}: ${oneLine(s.description)} ${facts(s)}`);
  }
  for (const notice of notices) lines.push(`Note: ${notice}`);
  return lines.join("\n");
}

export interface ProfileFacts {
  name: string;
  instructions: string;
}

/** What the server tells a client about itself at initialization (clients put it in the model's context). */
export function serverInstructions(profile: ProfileFacts | null): string {
  const whose = profile
    ? `the Agent Skills of agent profile "${profile.name}" on Skillshelf`
    : "the Agent Skills your teams keep on Skillshelf (your own, your teams' and public ones)";
  const lines = [
    `This server offers ${whose}: folders of instructions and reference files written for specific tasks. They are disclosed in levels, so only what a task needs enters the conversation:`,
    `1. ${LIST_SKILLS} gives each skill's name and description (with a query: the best matches). Read it to decide whether a skill fits the task.`,
    `2. When one fits, call ${LOAD_SKILL} with its name before doing the task, and follow the instructions it returns. It also lists the skill's resource files (paths and sizes, not their content). Do not load skills that do not apply.`,
    `3. When the instructions or the user point at one of the listed files, call ${READ_SKILL_RESOURCE} with the skill name and that exact path.`,
  ];
  const own = profile?.instructions.trim();
  if (own) lines.push("", `The profile's instructions:`, own);
  return lines.join("\n");
}

export const TOOL_DESCRIPTIONS = {
  [LIST_SKILLS]: `List the skills available to you: each skill's name, description, where it lives, its version and the tokens loading it costs. With a query, returns only the best matches (at most ${SEARCH_LIMIT}), best first. Call this first, then ${LOAD_SKILL} a skill whose description matches the task.`,
  [LOAD_SKILL]: `Load a skill: returns its SKILL.md instructions and the list of its resource files (paths and sizes; read one with ${READ_SKILL_RESOURCE}). Load a skill only when the task matches its description; follow its instructions.`,
  [READ_SKILL_RESOURCE]: `Read one resource file of a skill, by the path ${LOAD_SKILL} listed. Text files are returned in full; binary files are described (type and size), not returned.`,
} as const;
