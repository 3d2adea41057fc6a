// Which agent profiles that use a skill may hold it in place, and how to speak about them without
// naming anyone else's. Pure: the data layer decides with it and the manage dialog words with it.
import { canManageSkill, type Actor, type SkillAccess } from "./permissions";

/**
 * A profile keeps the skill from being deleted (and its pinned version from being pruned) only
 * when its owner may manage the skill: otherwise anyone who can see a team or public skill could
 * freeze it for the people who answer for it. Other profiles follow the current version once
 * their pin is pruned, and lose the skill when it is deleted.
 */
export function referenceHolds(profileOwner: Actor, skill: SkillAccess): boolean {
  return canManageSkill(profileOwner, skill);
}

/** What a viewer may know about the profiles using a skill. */
export interface ReferenceSummary {
  /** The viewer's own profiles, by name. */
  mine: { profileId: string; profileName: string }[];
  /** Other people's profiles: only counted, their names are their owners' to know. */
  others: number;
  /** How many of all these profiles hold the skill in place (see referenceHolds). */
  holding: number;
}

export function summarizeReferences(
  viewerId: string,
  references: readonly { profileId: string; profileName: string; ownerId: string; holds: boolean }[],
): ReferenceSummary {
  const mine = references.filter((r) => r.ownerId === viewerId).map(({ profileId, profileName }) => ({ profileId, profileName }));
  mine.sort((a, b) => a.profileName.localeCompare(b.profileName));
  return { mine, others: references.length - mine.length, holding: references.filter((r) => r.holds).length };
}

/** "your profile “Release bot” and 2 other people's profiles" (empty when nothing uses it). */
export function describeReferences(summary: Pick<ReferenceSummary, "mine" | "others">): string {
  const parts: string[] = [];
  if (summary.mine.length) parts.push(`your ${summary.mine.length === 1 ? "profile" : "profiles"} ${summary.mine.map((p) => `“${p.profileName}”`).join(", ")}`);
  if (summary.others) parts.push(summary.others === 1 ? "another person's profile" : `${summary.others.toLocaleString("en-US")} other people's profiles`);
  return parts.join(" and ");
}
