import type { Actor, SkillAccess } from "../permissions/permissions";
import { canAddVersion, canManageMembers } from "../permissions/permissions";

/**
 * Tags, as rules: free labels on a skill that the list filters and counts by. A team keeps the list
 * its skills' tags are chosen from (its owners and admins manage it); personal and public skills
 * take free tags from whoever may edit them. Pure: lib/data/skills/tags.ts loads the facts and asks here.
 */

export const TAG_MAX_LENGTH = 32;
export const MAX_SKILL_TAGS = 10;
export const MAX_TEAM_TAGS = 100;

const TAG_NAME = /^[a-z0-9][a-z0-9.+-]*$/;

/** How a typed tag is stored: trimmed, lowercase, inner spaces as dashes ("Data Viz" -> "data-viz"). */
export function normalizeTag(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, "-");
}

/** Why `name` (normalized) cannot be a tag; null when it can. */
export function tagNameProblem(name: string): string | null {
  if (!name) return "A tag needs a name.";
  if (name.length > TAG_MAX_LENGTH) return `The tag "${name.slice(0, TAG_MAX_LENGTH)}…" is too long: a tag has at most ${TAG_MAX_LENGTH} characters.`;
  if (!TAG_NAME.test(name)) return `"${name}" is not a tag name: use lowercase letters, digits, dots, plus signs and dashes, starting with a letter or digit.`;
  return null;
}

/** Typed tags ("a, b" or a list) normalized and de-duplicated, in the order given. */
export function parseTagList(input: string | readonly string[]): string[] {
  const parts = typeof input === "string" ? input.split(",") : input;
  return [...new Set(parts.map(normalizeTag).filter(Boolean))];
}

/**
 * Why these tags cannot be a skill's; null when they can. `allowed` is the team's list for a team
 * skill, null where tags are free.
 */
export function skillTagsProblem(tags: readonly string[], allowed: ReadonlySet<string> | null): string | null {
  for (const tag of tags) {
    const problem = tagNameProblem(tag);
    if (problem) return problem;
  }
  if (tags.length > MAX_SKILL_TAGS) return `A skill has at most ${MAX_SKILL_TAGS} tags; ${tags.length} were given.`;
  const unknown = allowed ? tags.filter((tag) => !allowed.has(tag)) : [];
  if (unknown.length)
    return `Unknown ${unknown.length === 1 ? "tag" : "tags"} ${unknown.map((t) => `"${t}"`).join(", ")}: a team skill's tags come from the team's tag list, which its owners and admins keep.`;
  return null;
}

/**
 * The initial tags of a new skill from its SKILL.md frontmatter's `metadata.tags` (a list, or a
 * comma-separated string). Only well-formed names, and where `allowed` is given only those in it,
 * at most MAX_SKILL_TAGS: an upload is never refused over its tags.
 */
export function tagsFromMetadata(frontmatter: Record<string, unknown> | null | undefined, allowed: ReadonlySet<string> | null): string[] {
  const metadata = frontmatter?.metadata;
  if (!metadata || typeof metadata !== "object" || Array.isArray(metadata)) return [];
  const raw = (metadata as Record<string, unknown>).tags;
  const list = typeof raw === "string" ? raw : Array.isArray(raw) ? raw.filter((t): t is string => typeof t === "string") : [];
  return parseTagList(list)
    .filter((tag) => tagNameProblem(tag) === null && (!allowed || allowed.has(tag)))
    .slice(0, MAX_SKILL_TAGS);
}

/** Change a skill's tags: whoever may edit it (built-in skills have none to change). */
export function canTagSkill(actor: Actor, skill: SkillAccess): boolean {
  return canAddVersion(actor, skill);
}

/** Add to and remove from a team's tag list: its owners and admins. */
export function canManageTeamTags(actor: Actor, teamId: string): boolean {
  return canManageMembers(actor, teamId);
}
