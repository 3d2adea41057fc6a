import "server-only";
import { canSetSkillOwners } from "@/lib/skills/owners/owners";
import { canTagSkill } from "@/lib/skills/tags/tags";
import { db } from "@/lib/db/server";
import type { SkillMeta } from "@/lib/types/skill-meta";
import { loadActor, type ViewerRef } from "../core/actor";
import { accessOf, findVisibleSkill } from "../core/skill-access";
import { ownerChoices, ownerViews } from "./owners";
import { teamTagNames } from "../intake/tags";

/** A visible skill's tags, stars and owners with what the viewer may change; null when the viewer may not see it. */
export async function getSkillMeta(viewer: ViewerRef, skillId: string): Promise<SkillMeta | null> {
  const actor = await loadActor(db, viewer);
  const skill = await findVisibleSkill(db, actor, skillId, {
    scope: true,
    ownerId: true,
    teamId: true,
    tags: { select: { name: true }, orderBy: { name: "asc" } },
    stars: { where: { userId: actor.id }, select: { userId: true } },
    _count: { select: { stars: true } },
  });
  if (!skill) return null;
  const access = accessOf(skill);
  const can = { tag: canTagSkill(actor, access), setOwners: canSetSkillOwners(actor, access) };
  const [owners, choices, tagChoices] = await Promise.all([
    ownerViews(db, skillId),
    can.setOwners ? ownerChoices(db, access) : { people: [], roles: [] },
    access.scope === "TEAM" && access.teamId ? teamTagNames(db, access.teamId) : null,
  ]);
  return {
    tags: skill.tags.map((t) => t.name),
    tagChoices,
    starred: skill.stars.length > 0,
    starCount: skill._count.stars,
    owners,
    ownerChoices: choices,
    can,
  };
}
