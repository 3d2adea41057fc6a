import { canAddVersion, canManageSkill, canViewSkill, type Actor, type SkillAccess, type TeamRole } from "../permissions/permissions";

/**
 * Per-skill owners, CODEOWNERS-like: the people (or a role of the skill's team) who answer for a
 * skill. They are asked first for review of its changes and told when it changes. Pure:
 * lib/data/skills/owners.ts loads the facts and asks here.
 */

export const MAX_SKILL_OWNERS = 10;

export type OwnerEntry = { kind: "user"; userId: string } | { kind: "role"; role: TeamRole };

/** A role entry stands for every member of the skill's team with at least that role. */
const RANK: Record<TeamRole, number> = { OWNER: 0, ADMIN: 1, MEMBER: 2 };

export function roleCovers(entry: TeamRole, memberRole: TeamRole): boolean {
  return RANK[memberRole] <= RANK[entry];
}

export const OWNER_ROLE_LABELS: Readonly<Record<TeamRole, string>> = {
  OWNER: "Team owners",
  ADMIN: "Team owners and admins",
  MEMBER: "All team members",
};

/** Set a skill's owners: whoever may edit it, and those who manage it (a team's owners and admins). */
export function canSetSkillOwners(actor: Actor, skill: SkillAccess): boolean {
  return canAddVersion(actor, skill) || canManageSkill(actor, skill);
}

/**
 * Why these entries cannot be the skill's owners; null when they can. `people` are the actors of
 * the named users that exist and are active: an owner must be able to read the skill.
 */
export function ownerEntriesProblem(entries: readonly OwnerEntry[], skill: SkillAccess, people: ReadonlyMap<string, Actor & { name: string }>): string | null {
  if (entries.length > MAX_SKILL_OWNERS) return `A skill has at most ${MAX_SKILL_OWNERS} owners; ${entries.length} were given.`;
  for (const entry of entries) {
    if (entry.kind === "role") {
      if (skill.scope !== "TEAM") return "Only a team skill can be owned by a team role.";
      continue;
    }
    const person = people.get(entry.userId);
    if (!person) return `Unknown user "${entry.userId}": choose owners among the people who can read this skill.`;
    if (!canViewSkill(person, skill)) return `${person.name} cannot read this skill, so cannot own it.`;
  }
  return null;
}

/** The user ids the entries stand for, given the skill's team's members; each once, people first. */
export function resolveOwnerIds(entries: readonly OwnerEntry[], members: readonly { userId: string; role: TeamRole }[]): string[] {
  const ids = entries.flatMap((e) => (e.kind === "user" ? [e.userId] : []));
  for (const entry of entries) if (entry.kind === "role") for (const member of members) if (roleCovers(entry.role, member.role)) ids.push(member.userId);
  return [...new Set(ids)];
}

/** Reviewers to ask of a request: the eligible owners when there are any (asked first), else every eligible reviewer. */
export function reviewersToAsk(eligible: readonly string[], ownerIds: readonly string[]): string[] {
  const owners = eligible.filter((id) => ownerIds.includes(id));
  return owners.length ? owners : [...eligible];
}
