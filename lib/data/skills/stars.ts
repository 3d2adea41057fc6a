import "server-only";
import { db } from "@/lib/db/server";
import { loadActor, type ViewerRef } from "../core/actor";
import { requireSkill } from "../core/skill-access";

// Favourites: a star per user and skill. A star is its user's own: the data layer only ever writes
// the viewer's, on a skill they can read. Not audited (a preference, like a bookmark).

/** Star or unstar a visible skill for the viewer; the skill's star count after. */
export async function setSkillStar(viewer: ViewerRef, skillId: string, starred: boolean): Promise<{ starred: boolean; starCount: number }> {
  const actor = await loadActor(db, viewer);
  await requireSkill(db, actor, skillId, "view");
  const key = { userId_skillId: { userId: actor.id, skillId } };
  if (starred) await db.skillStar.upsert({ where: key, create: { userId: actor.id, skillId }, update: {} });
  else await db.skillStar.deleteMany({ where: { userId: actor.id, skillId } });
  return { starred, starCount: await db.skillStar.count({ where: { skillId } }) };
}
