import { needsReviewWarning, renderResourceList, toolLines } from "./tools";
import type { BoundTool, PlaygroundSkill } from "./domain";

// `$skill-name` in a user message puts that skill's body into this turn's model messages (Codex's
// explicit mention). Code is not prose: `$name` inside a code span or a fenced block is an
// example, a shell variable or a template, never a request to load a skill.

// A skill name (lowercase letters, digits, single hyphens) right after "$", not glued to a word
// before ("US$5", "a$b") or continuing into other name characters after. At least one letter is
// required, so prices such as "$5" or "$100-200" are not read as mentions.
const MENTION = /(?<![\p{L}\p{N}_$])\$([a-z0-9]+(?:-[a-z0-9]+)*)(?![\p{L}\p{N}_-])/gu;

/** The text with fenced code blocks and inline code spans blanked out (same length, newlines kept). */
export function blankCode(text: string): string {
  const lines = text.split("\n");
  let fence: { char: string; length: number } | null = null;
  const out = lines.map((line) => {
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const closer = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (closer && closer[1][0] === fence.char && closer[1].length >= fence.length) fence = null;
      return " ".repeat(line.length);
    }
    if (opener && !(opener[1][0] === "`" && line.slice(opener[0].length).includes("`"))) {
      fence = { char: opener[1][0], length: opener[1].length };
      return " ".repeat(line.length);
    }
    return line;
  });
  // Inline spans: a run of N backticks up to the next run of exactly N (CommonMark), across lines.
  return out.join("\n").replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (span) => span.replace(/[^\n]/g, " "));
}

/** Mentioned names in order of first appearance, without duplicates. */
export function parseMentions(text: string): string[] {
  const names: string[] = [];
  for (const match of blankCode(text).matchAll(MENTION)) {
    const name = match[1];
    if (!/[a-z]/.test(name) || name.length > 64) continue;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

export interface ResolvedMentions {
  skills: PlaygroundSkill[];
  /** Mentioned names that are not in the catalog (unknown, or not visible to this user). */
  unknown: string[];
}

export function resolveMentions(text: string, skills: readonly PlaygroundSkill[]): ResolvedMentions {
  const byName = new Map(skills.map((s) => [s.name, s]));
  const resolved: ResolvedMentions = { skills: [], unknown: [] };
  for (const name of parseMentions(text)) {
    const skill = byName.get(name);
    if (skill) resolved.skills.push(skill);
    else resolved.unknown.push(name);
  }
  return resolved;
}

export function unknownMentionNotice(name: string): string {
  return `$${name} is not in this catalog; ignored.`;
}

/**
 * The block a mention adds to this turn's user message, after the user's own text. The stored
 * message keeps only what the user typed (CAMEL's rule: injected content is not memory), so the
 * block is rebuilt for the turn that mentions it and absent from later turns.
 */
export function renderMentionBlock(skill: PlaygroundSkill, body: string, tools: readonly BoundTool[] = []): string {
  const warning = skill.reviewStatus === "needs_review" ? `${needsReviewWarning(skill.name)}\n` : "";
  const block = `<skill name="${skill.name}" version="${skill.version}" source="mention">\n${warning}${body.trim()}\n</skill>`;
  // Listed like load_skill lists them, so the model can read a file, run a script or call a tool of a skill the user mentioned.
  return [block, ...(skill.files.length > 0 ? [renderResourceList(skill, true)] : []), ...toolLines(skill, tools)].join("\n");
}

/** The resource lists of a message's mention blocks, by skill. */
export function mentionResourceLists(text: string): Map<string, string> {
  return new Map([...text.matchAll(MENTION_RESOURCES)].map((m) => [m[1], m[0]]));
}

const MENTION_RESOURCES = /<skill_resources name="([a-z0-9-]+)"[^>]*>[\s\S]*?<\/skill_resources>/g;

/** Names of the skills whose mention blocks a message text carries (what the offline router reads). */
export function parseMentionBlocks(text: string): string[] {
  return [...text.matchAll(/<skill name="([a-z0-9-]+)" version="\d+" source="mention">/g)].map((m) => m[1]);
}

/** The message without its mention blocks: the user's own words. */
export function stripMentionBlocks(text: string): string {
  return text
    .replace(/<skill name="[a-z0-9-]+" version="\d+" source="mention">[\s\S]*?\n<\/skill>/g, "")
    .replace(MENTION_RESOURCES, "")
    .trim();
}
