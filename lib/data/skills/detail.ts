import "server-only";
import { canAddVersion, canManageSkill, explainShadowing, resolveShadowing } from "@/lib/skills/permissions/permissions";
import { canReviewVersion } from "@/lib/skills/vetting/policy";
import type { ArchiveNote, SkillDetail, SkillSummary, SkillVersionDetail } from "@/lib/types/skills";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { readAuditDetail } from "../core/json-columns";
import { accessOf, findVisibleSkill, findVisibleVersion, visibleTo } from "../core/skill-access";
import { shadowingFor, summarySelect, toSummary, toVersionDetail, userRef, versionSelect } from "./rows";

// One skill as its page shows it, one version of it, and the catalog an agent of the viewer sees.

/** A skill with its current version, or null when it does not exist or the viewer may not see it. */
export async function getSkill(viewer: ViewerRef, skillId: string): Promise<SkillDetail | null> {
  const actor = await loadActor(db, viewer);
  const row = await findVisibleSkill(db, actor, skillId, {
    ...summarySelect,
    currentVersion: { select: { ...summarySelect.currentVersion.select, ...versionSelect } },
    versions: {
      orderBy: { number: "desc" },
      select: {
        number: true,
        message: true,
        createdAt: true,
        totalBytes: true,
        catalogTokens: true,
        bodyTokens: true,
        resourceTokens: true,
        warningCount: true,
        errorCount: true,
        publishedAt: true,
        labels: { select: { name: true }, orderBy: { name: "asc" } },
        author: userRef,
      },
    },
  });
  if (!row || !row.currentVersion) return null;
  const shadows = await shadowingFor(actor, [row]);
  const access = accessOf(row);
  return {
    ...toSummary(row, shadows.get(row.id) ?? null),
    current: await toVersionDetail(row.currentVersion),
    versions: row.versions.map(({ publishedAt, labels, ...v }) => ({ ...v, labels: labels.map((l) => l.name), proposed: publishedAt === null })),
    can: {
      addVersion: canAddVersion(actor, access),
      manage: canManageSkill(actor, access),
      review: canReviewVersion(actor, access, row.currentVersion.scanHighest),
    },
    archive: row.archived ? await archiveNote(row.id) : null,
  };
}

/**
 * When and by whom an archived skill was archived, from its latest archive event. Shown to every
 * reader of the skill: who archived it says who to ask, unlike the rest of the trail.
 */
export async function archiveNote(skillId: string): Promise<ArchiveNote> {
  const event = await db.auditEvent.findFirst({
    where: { skillId, action: "skill.archive" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { createdAt: true, detail: true, actorId: true },
  });
  if (!event) return { at: null, by: null, reason: null };
  const actor = event.actorId ? await db.user.findUnique({ where: { id: event.actorId }, select: { name: true } }) : null;
  const reason = readAuditDetail(event.detail).reason;
  return { at: event.createdAt, by: event.actorId ? (actor?.name ?? "a deleted user") : null, reason: typeof reason === "string" ? reason : null };
}

/** One version of a visible skill, or null. */
export async function getSkillVersion(viewer: ViewerRef, skillId: string, number: number): Promise<SkillVersionDetail | null> {
  const actor = await loadActor(db, viewer);
  const row = await findVisibleVersion(db, actor, skillId, number, versionSelect);
  return row ? await toVersionDetail(row) : null;
}

/**
 * Every skill an agent of this viewer sees: one per name, shadowing resolved, archived left out.
 * The playground's catalog.
 */
export async function resolveVisibleSkills(viewer: ViewerRef): Promise<{ visible: SkillSummary[]; shadowed: SkillSummary[] }> {
  const actor = await loadActor(db, viewer);
  const rows = await db.skill.findMany({ where: { AND: [visibleTo(actor), { archived: false }] }, select: summarySelect, orderBy: { name: "asc" } });
  const { visible, shadowedBy } = resolveShadowing(rows.map((row) => ({ ...row, scope: row.scope, rank: row.team?.name })));
  return {
    visible: visible.map((row) => toSummary(row)).sort((a, b) => a.name.localeCompare(b.name)),
    shadowed: rows
      .filter((row) => shadowedBy.has(row.id))
      .map((row) => {
        const winner = shadowedBy.get(row.id)!;
        return toSummary(row, {
          id: winner.id,
          name: winner.name,
          scope: winner.scope,
          reason: explainShadowing({ scope: row.scope }, winner, winner.team?.name),
        });
      }),
  };
}
