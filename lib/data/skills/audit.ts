import "server-only";
import { canManageSkill } from "@/lib/skills/permissions/permissions";
import { summarizeReferences, type ReferenceSummary } from "@/lib/skills/permissions/references";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { readAuditDetail } from "../core/json-columns";
import { skillReferences } from "../profiles/references";
import { accessFields, accessOf, findVisibleSkill, requireSkill } from "../core/skill-access";
import { audit } from "../notifications/audit";

// What happened to a skill and who uses it: its audit trail, downloads recorded in it, and the
// agent profiles that hold it.

/**
 * Who uses a visible skill in agent profiles, as the viewer may know it: their own profiles by
 * name, everyone else's as a count.
 */
export async function listSkillReferences(viewer: ViewerRef, skillId: string): Promise<ReferenceSummary | null> {
  const actor = await loadActor(db, viewer);
  const skill = await findVisibleSkill(db, actor, skillId, accessFields);
  return skill ? summarizeReferences(actor.id, await skillReferences(db, skillId, accessOf(skill))) : null;
}

/**
 * The audit trail of a visible skill, newest first. Whole for those who may manage the skill;
 * anyone else sees only their own events (who downloaded what is not every reader's business).
 */
export async function listSkillAudit(viewer: ViewerRef, skillId: string, limit = 20) {
  const actor = await loadActor(db, viewer);
  const skill = await findVisibleSkill(db, actor, skillId, accessFields);
  if (!skill) return null;
  const events = await db.auditEvent.findMany({
    where: { skillId, ...(canManageSkill(actor, accessOf(skill)) ? {} : { actorId: actor.id }) },
    orderBy: { createdAt: "desc" },
    take: limit,
  });
  const actors = await db.user.findMany({ where: { id: { in: events.flatMap((e) => (e.actorId ? [e.actorId] : [])) } }, select: { id: true, name: true } });
  const names = new Map(actors.map((a) => [a.id, a.name]));
  return events.map((e) => ({ ...e, actorName: e.actorId ? (names.get(e.actorId) ?? "deleted user") : "system", detail: readAuditDetail(e.detail) }));
}

/** Record that someone downloaded a version (for the audit trail); `detail` says how (`{ via: "discovery" }`). */
export async function recordDownload(viewer: ViewerRef, skillId: string, version: number, detail?: Record<string, unknown>): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await requireSkill(tx, actor, skillId, "view");
    await audit(tx, { actorId: actor.id, action: "skill.download", skillId, skillName: skill.name, version, teamId: skill.teamId, detail });
  });
}
