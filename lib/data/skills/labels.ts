import "server-only";
import { canViewSkill } from "@/lib/skills/permissions/permissions";
import {
  canDeleteLabel,
  canMoveLabel,
  isCustomLabel,
  labelMovePolicy,
  labelNameProblem,
  LATEST,
  resolveLabel,
  reviewedLabels,
  STANDARD_LABELS,
  type LabelResolution,
} from "@/lib/skills/permissions/labels";
import type { Db, Tx } from "@/lib/db/client";
import { db } from "@/lib/db/server";
import { lockRow } from "@/lib/db/locks";
import type { LabelMoveOutcome, SkillLabelInfo, SkillLabels } from "@/lib/types/labels";
import { loadActor, type ViewerRef } from "../core/actor";
import { DataError, notFound } from "../errors";
import { reviewUrl, teamPolicy } from "../core/request-facts";
import { accessOf, findVisibleSkill, requireSkill } from "../core/skill-access";
import { audit } from "../notifications/audit";

// Release labels (lib/skills/permissions/labels.ts): named pointers to published versions that agent
// profiles, tokens, delivery links and the sync CLI follow. Moving one writes no version; it is
// audited "skill.label", and under a team policy that reviews the label it opens a review request
// (kind "label") that moves it on approval (lib/data/reviews/decide.ts).

export type { LabelResolution };

/** A visible skill's labels (latest, stable, beta, then the team's own), or null when the viewer may not see it. */
export async function listSkillLabels(viewer: ViewerRef, skillId: string): Promise<SkillLabels | null> {
  const actor = await loadActor(db, viewer);
  const skill = await findVisibleSkill(db, actor, skillId, {
    id: true,
    name: true,
    scope: true,
    ownerId: true,
    teamId: true,
    currentVersion: { select: { number: true } },
    labels: { select: { name: true, updatedAt: true, version: { select: { number: true } } }, orderBy: { name: "asc" } },
  });
  if (!skill) return null;
  const current = skill.currentVersion?.number ?? null;
  const stored = new Map(skill.labels.map((l) => [l.name, l]));
  const info = (name: string): SkillLabelInfo => {
    const row = stored.get(name);
    return { name, version: row?.version.number ?? null, automatic: false, custom: isCustomLabel(name), updatedAt: row?.updatedAt ?? null };
  };
  const custom = skill.labels.map((l) => l.name).filter(isCustomLabel);
  const access = accessOf(skill);
  return {
    skillId: skill.id,
    skillName: skill.name,
    current,
    labels: [{ name: LATEST, version: current, automatic: true, custom: false, updatedAt: null }, ...STANDARD_LABELS.map(info), ...custom.map(info)],
    reviewed: skill.scope === "TEAM" ? [...reviewedLabels(await teamPolicy(db, skill.teamId))] : [],
    can: { move: canMoveLabel(actor, access, "stable") },
  };
}

/**
 * Point `label` of a skill at published version `version`: whoever may add versions to it. Under a
 * team policy that reviews the label, a review request instead (nothing moves until approval).
 * Moves of one label queue on the skill's row, so two at once both land, in turn, each audited
 * with the version it found.
 */
export async function moveLabel(viewer: ViewerRef, skillId: string, label: string, version: number, options: { via?: string } = {}): Promise<LabelMoveOutcome> {
  const problem = labelName(label);
  if (!Number.isInteger(version) || version < 1) throw new DataError("INVALID", "Name a version number (1 or more).", { field: "version" });
  return db.$transaction(async (tx) => {
    await lockRow(tx, "Skill", skillId);
    const actor = await loadActor(tx, viewer);
    const skill = await requireSkill(tx, actor, skillId, "view", { select: { teamId: true, name: true, currentVersion: { select: { number: true } } } });
    if (problem) throw problem;
    if (!canMoveLabel(actor, skill.access, label)) throw new DataError("FORBIDDEN", "You cannot move this skill's labels.");
    const target = await tx.skillVersion.findUnique({ where: { skillId_number: { skillId, number: version } }, select: { id: true, publishedAt: true } });
    if (!target) throw new DataError("NOT_FOUND", `Version ${version} not found.`, { field: "version" });
    if (!target.publishedAt)
      throw new DataError("INVALID", `Version ${version} is a proposal that was never published; a label points at published versions only.`, {
        field: "version",
      });
    const policy = labelMovePolicy(actor, skill.access, label, await teamPolicy(tx, skill.teamId));
    if (policy) {
      // The review shows what followers of the label would get instead of what they get now.
      const now = await tx.skillLabel.findUnique({ where: { skillId_name: { skillId, name: label } }, select: { version: { select: { number: true } } } });
      const base = now?.version.number ?? skill.currentVersion?.number ?? null;
      const request = await tx.reviewRequest.create({
        data: {
          skillId,
          kind: "label",
          targetLabel: label,
          authorId: actor.id,
          title: `Point ${label} at v${version}`,
          requiredApprovals: policy.requiredApprovals,
          approvers: policy.approvers,
          revision: 1,
          revisions: {
            create: {
              number: 1,
              versionId: target.id,
              versionNumber: version,
              baseVersion: base,
              message: `Point ${label} at v${version}`,
              authorId: actor.id,
            },
          },
        },
        select: { id: true },
      });
      await audit(tx, {
        actorId: actor.id,
        action: "review.propose",
        skillId,
        skillName: skill.name,
        version,
        teamId: skill.teamId,
        detail: { requestId: request.id, kind: "label", label, via: options.via ?? "web", ...policy },
      });
      return { kind: "proposed", label, version, request: { requestId: request.id, revision: 1, url: reviewUrl(request.id) } };
    }
    const from = await setLabelInTx(
      tx,
      actor.id,
      { id: skillId, name: skill.name, teamId: skill.teamId },
      label,
      { id: target.id, number: version },
      { via: options.via ?? "web" },
    );
    return { kind: "moved", label, version, from };
  });
}

/** The write of a move (also a merged label request's): upsert, audited with where it was. Returns the version it pointed at before. */
export async function setLabelInTx(
  tx: Tx,
  actorId: string,
  skill: { id: string; name: string; teamId: string | null },
  label: string,
  version: { id: string; number: number },
  detail: Record<string, unknown>,
): Promise<number | null> {
  const before = await tx.skillLabel.findUnique({
    where: { skillId_name: { skillId: skill.id, name: label } },
    select: { version: { select: { number: true } } },
  });
  await tx.skillLabel.upsert({
    where: { skillId_name: { skillId: skill.id, name: label } },
    create: { skillId: skill.id, name: label, versionId: version.id, updatedById: actorId },
    update: { versionId: version.id, updatedById: actorId },
  });
  const from = before?.version.number ?? null;
  await audit(tx, {
    actorId,
    action: "skill.label",
    skillId: skill.id,
    skillName: skill.name,
    version: version.number,
    teamId: skill.teamId,
    detail: { label, from, to: version.number, ...detail },
  });
  return from;
}

/** Remove a team's own label (stable, beta and latest always exist); audited "skill.label-delete". */
export async function deleteLabel(viewer: ViewerRef, skillId: string, label: string): Promise<void> {
  const problem = labelName(label);
  await db.$transaction(async (tx) => {
    await lockRow(tx, "Skill", skillId);
    const actor = await loadActor(tx, viewer);
    const skill = await requireSkill(tx, actor, skillId, "view", { select: { teamId: true, name: true } });
    if (problem) throw problem;
    if (!isCustomLabel(label))
      throw new DataError("INVALID", `"${label}" exists for every skill and cannot be deleted; point it at another version instead.`, { field: "label" });
    if (!canDeleteLabel(actor, skill.access, label)) throw new DataError("FORBIDDEN", "You cannot delete this skill's labels.");
    const row = await tx.skillLabel.findUnique({
      where: { skillId_name: { skillId, name: label } },
      select: { id: true, version: { select: { number: true } } },
    });
    if (!row) throw new DataError("NOT_FOUND", `This skill has no label "${label}".`, { field: "label" });
    await tx.skillLabel.delete({ where: { id: row.id } });
    await audit(tx, {
      actorId: actor.id,
      action: "skill.label-delete",
      skillId,
      skillName: skill.name,
      version: row.version.number,
      teamId: skill.teamId,
      detail: { label },
    });
  });
}

function labelName(label: string): DataError | null {
  if (label === LATEST) return new DataError("INVALID", `"latest" follows the current version; publish or restore a version to move it.`, { field: "label" });
  const problem = labelNameProblem(label);
  return problem ? new DataError("INVALID", problem, { field: "label" }) : null;
}

/** A consumer's label as given (a query parameter, a token's, a link's): INVALID naming the problem when it is not a label name. */
export function checkFollowedLabel(label: string, field = "label"): string {
  const problem = labelNameProblem(label);
  if (problem) throw new DataError("INVALID", problem, { field });
  return label;
}

/**
 * For delivery: each skill's version row id under `label` (skills without it are left out, and
 * follow their current version). Callers have already decided the skills are the viewer's to get.
 */
export async function labelledVersionIds(client: Db | Tx, skillIds: readonly string[], label: string): Promise<Map<string, string>> {
  if (label === LATEST || skillIds.length === 0) return new Map();
  const rows = await client.skillLabel.findMany({ where: { skillId: { in: [...skillIds] }, name: label }, select: { skillId: true, versionId: true } });
  return new Map(rows.map((row) => [row.skillId, row.versionId]));
}

/** Which version a viewer following `label` gets of one visible skill (null: not visible, or no version yet). */
export async function resolveSkillLabel(viewer: ViewerRef, skillId: string, label: string): Promise<LabelResolution | null> {
  checkFollowedLabel(label);
  const actor = await loadActor(db, viewer);
  const skill = await db.skill.findUnique({
    where: { id: skillId },
    select: {
      scope: true,
      ownerId: true,
      teamId: true,
      currentVersion: { select: { number: true } },
      labels: { where: { name: label }, select: { name: true, version: { select: { number: true } } } },
    },
  });
  if (!skill || !canViewSkill(actor, accessOf(skill))) throw notFound();
  if (!skill.currentVersion) return null;
  return resolveLabel(label, new Map(skill.labels.map((l) => [l.name, l.version.number])), skill.currentVersion.number);
}
