import type { TeamRole } from "@/lib/skills/permissions/permissions";

/** One of a skill's owners as its page shows it: a person, or a role of the skill's team. */
export type SkillOwnerView = { kind: "user"; id: string; name: string } | { kind: "role"; role: TeamRole; label: string };

/** A skill's tags, stars and owners, and what the viewer may change of them (the skill page). */
export interface SkillMeta {
  tags: string[];
  /** The team's tag list for a team skill; null where tags are free (personal and public skills). */
  tagChoices: string[] | null;
  starred: boolean;
  starCount: number;
  owners: SkillOwnerView[];
  /** Who may be made an owner: people who can read the skill, and team roles (team skills only). Empty unless can.setOwners. */
  ownerChoices: { people: { id: string; name: string }[]; roles: TeamRole[] };
  can: { tag: boolean; setOwners: boolean };
}

/** A team's tag list, with how many of its skills carry each tag. */
export interface TeamTags {
  tags: { name: string; skillCount: number }[];
  canManage: boolean;
}

/** A tag of the list's facet: how many listed skills carry it under the other filters. */
export interface TagFacet {
  name: string;
  count: number;
}
