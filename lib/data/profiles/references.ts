import "server-only";
import type { Actor, SkillAccess } from "@/lib/skills/permissions/permissions";
import { referenceHolds } from "@/lib/skills/permissions/references";
import type { Db, Tx } from "@/lib/db/client";

// The agent profiles that use one skill, each with whether it holds the skill in place
// (lib/skills/permissions/references.ts). Never returned to a viewer as is: callers summarize it first.

export interface SkillReference {
  profileId: string;
  profileName: string;
  ownerId: string;
  pinnedVersion: number | null;
  holds: boolean;
}

export async function skillReferences(tx: Tx | Db, skillId: string, skill: SkillAccess): Promise<SkillReference[]> {
  const rows = await tx.agentProfileSkill.findMany({
    where: { skillId },
    select: {
      pinnedVersion: true,
      profile: { select: { id: true, name: true, owner: { select: { id: true, role: true, memberships: { select: { teamId: true, role: true } } } } } },
    },
  });
  return rows.map(({ pinnedVersion, profile }) => {
    const owner: Actor = {
      id: profile.owner.id,
      role: profile.owner.role,
      teamRoles: Object.fromEntries(profile.owner.memberships.map((m) => [m.teamId, m.role])),
    };
    return { profileId: profile.id, profileName: profile.name, ownerId: owner.id, pinnedVersion, holds: referenceHolds(owner, skill) };
  });
}
