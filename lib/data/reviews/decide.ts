import "server-only";
import { canManageSkill, type Actor } from "@/lib/skills/permissions/permissions";
import {
  canWithdraw,
  decideRefusal,
  isEligibleReviewer,
  MAX_COMMENT,
  mergeReadiness,
  type MergeReadiness,
  type RequestFacts,
} from "@/lib/skills/review-requests/policy";
import type { Tx } from "@/lib/db/client";
import type { ReviewVerdict } from "@/lib/types/reviews";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { DataError } from "../errors";
import { assertNameFree } from "../intake";
import { moveSkillInTx } from "../skills/lifecycle";
import { audit } from "../notifications/audit";
import { lockRow } from "@/lib/db/locks";
import { setLabelInTx } from "../skills/labels";
import { isOutOfDate, requireRequest, targetOf, type RequestRow } from "../core/request-facts";

export interface DecisionResult {
  verdict: ReviewVerdict;
  /** Approvals on the revision after this decision, and how many are needed. */
  approvals: number;
  required: number;
  /** The approval completed the count and the proposal is now the current version (or the skill moved). */
  merged: { version: number } | null;
  /** The approval completed the count but the current version moved: the author must rebase. */
  outOfDate: boolean;
}

/**
 * Approve or request changes on the latest revision (`revision` must be it: a decision on what the
 * reviewer saw). When approvals reach the policy's number the proposal merges in the same
 * transaction. Audited "review.approve" / "review.changes" / "review.merge".
 */
export async function decideRequest(
  viewer: ViewerRef,
  requestId: string,
  input: { verdict: ReviewVerdict; revision: number; note?: string },
): Promise<DecisionResult> {
  const note = (input.note ?? "").trim();
  if (input.verdict === "changes" && !note) throw new DataError("INVALID", "Say what should change: a request for changes needs a note.", { field: "note" });
  if (note.length > MAX_COMMENT) throw new DataError("INVALID", `Keep the note under ${MAX_COMMENT} characters.`, { field: "note" });
  return db.$transaction(async (tx) => {
    // Decisions queue on the skill, as its new versions do (lib/data/intake/write.ts): what is read
    // next (the request, the current version it may be out of date with) holds until the merge.
    const target = await tx.reviewRequest.findUnique({ where: { id: requestId }, select: { skillId: true } });
    if (target) await lockRow(tx, "Skill", target.skillId);
    const actor = await loadActor(tx, viewer);
    const { row, facts } = await requireRequest(tx, actor, requestId);
    const refusal = decideRefusal(actor, facts);
    if (refusal)
      throw new DataError(row.state === "open" ? "FORBIDDEN" : "CONFLICT", refusal, {
        reason: row.state === "open" ? "not-a-reviewer" : `request-${row.state}`,
      });
    // Guarded again on the row itself, so two approvals at the same moment both count and the second merges exactly once.
    const locked = await tx.reviewRequest.update({ where: { id: requestId }, data: { updatedAt: new Date() }, select: { revision: true, state: true } });
    if (locked.state !== "open") throw new DataError("CONFLICT", `This request is already ${locked.state}.`, { reason: `request-${locked.state}` });
    if (input.revision !== locked.revision) {
      throw new DataError("CONFLICT", `Revision ${locked.revision} is now the latest; reload the request and review it.`, {
        reason: "revision-moved",
        revision: locked.revision,
      });
    }
    await tx.reviewVerdictRow.create({ data: { requestId, revision: locked.revision, reviewerId: actor.id, verdict: input.verdict, note } });
    await audit(tx, {
      actorId: actor.id,
      action: input.verdict === "approve" ? "review.approve" : "review.changes",
      skillId: row.skillId,
      skillName: row.skill.name,
      version: await revisionVersion(tx, requestId, locked.revision),
      teamId: row.targetTeamId ?? row.skill.teamId,
      detail: { requestId, revision: locked.revision, ...(note ? { note } : {}) },
    });
    const readiness = await readinessOf(tx, row, facts, locked.revision);
    const result: DecisionResult = { verdict: input.verdict, approvals: readiness.approvals, required: readiness.required, merged: null, outOfDate: false };
    if (input.verdict !== "approve" || !readiness.ready) return result;
    if (isOutOfDate(row)) return { ...result, outOfDate: true };
    return { ...result, merged: await merge(tx, actor, row, locked.revision) };
  });
}

async function revisionVersion(tx: Tx, requestId: string, revision: number): Promise<number | undefined> {
  const row = await tx.reviewRevision.findUnique({ where: { requestId_number: { requestId, number: revision } }, select: { versionNumber: true } });
  return row?.versionNumber;
}

/** Counts the revision's approvals, each reviewer's latest verdict once, from people who may still give it. */
export async function readinessOf(client: Tx | typeof db, row: RequestRow, facts: RequestFacts, revision: number): Promise<MergeReadiness> {
  const verdicts = await client.reviewVerdictRow.findMany({
    where: { requestId: row.id, revision },
    select: { reviewerId: true, verdict: true, revision: true, dismissed: true, createdAt: true, id: true },
  });
  const reviewers = new Map<string, boolean>();
  for (const id of new Set(verdicts.map((v) => v.reviewerId))) {
    const reviewer = await loadActor(client, { id }).catch(() => null);
    reviewers.set(id, reviewer !== null && isEligibleReviewer(reviewer, facts));
  }
  return mergeReadiness(
    verdicts.map((v, index) => ({
      reviewerId: v.reviewerId,
      verdict: v.verdict,
      revision: v.revision,
      dismissed: v.dismissed,
      at: v.createdAt.getTime() * 1000 + index,
    })),
    revision,
    row.requiredApprovals,
    (id) => reviewers.get(id) ?? false,
  );
}

/**
 * The one atomic write that makes a proposal current (or moves the skill), guarded on the
 * request still being open at this revision so it happens once.
 */
async function merge(tx: Tx, actor: Actor, row: RequestRow, revision: number): Promise<{ version: number }> {
  const rev = await tx.reviewRevision.findUnique({
    where: { requestId_number: { requestId: row.id, number: revision } },
    select: { versionId: true, versionNumber: true },
  });
  if (!rev?.versionId) throw new DataError("CONFLICT", "The proposed version no longer exists.", { reason: "version-missing" });
  const closed = await tx.reviewRequest.updateMany({
    where: { id: row.id, state: "open", revision },
    data: { state: "merged", mergedVersion: rev.versionNumber, closedAt: new Date(), closedById: actor.id },
  });
  if (closed.count !== 1) throw new DataError("CONFLICT", "This request was merged or changed meanwhile; reload it.", { reason: "request-moved" });
  const teamId = row.targetTeamId ?? row.skill.teamId;
  if (row.kind === "move") {
    const target = targetOf(row)!;
    const author = row.authorId ? await loadActor(tx, { id: row.authorId }).catch(() => null) : null;
    if (!author || !canManageSkill(author, { scope: row.skill.scope, ownerId: row.skill.ownerId, teamId: row.skill.teamId })) {
      throw new DataError("CONFLICT", "The request's author can no longer move this skill; it stays where it is.", { reason: "author-lost-access" });
    }
    await moveSkillInTx(tx, actor.id, row.skill, target, row.skill.ownerId ?? author.id, { requestId: row.id });
  } else if (row.kind === "label") {
    // A label moves to a version that stays as it is: nothing is published or written.
    await setLabelInTx(
      tx,
      actor.id,
      row.skill,
      row.targetLabel!,
      { id: rev.versionId, number: rev.versionNumber },
      { requestId: row.id, authorId: row.authorId },
    );
  } else {
    const version = await tx.skillVersion.update({ where: { id: rev.versionId }, data: { publishedAt: new Date() }, select: { name: true } });
    if (version.name !== row.skill.name) await assertNameFree(tx, row.skill.space, version.name, row.skillId);
    await tx.skill.update({ where: { id: row.skillId }, data: { currentVersionId: rev.versionId, name: version.name, updatedAt: new Date() } });
  }
  await audit(tx, {
    actorId: actor.id,
    action: "review.merge",
    skillId: row.skillId,
    skillName: row.skill.name,
    version: rev.versionNumber,
    teamId,
    detail: {
      requestId: row.id,
      revision,
      kind: row.kind,
      authorId: row.authorId,
      ...(row.kind === "move" ? { to: { scope: row.targetScope, teamId: row.targetTeamId } } : {}),
      ...(row.kind === "label" ? { label: row.targetLabel } : {}),
    },
  });
  return { version: rev.versionNumber };
}

/** The author withdraws an open request (audited "review.withdraw"). Its versions stay, unpublished. */
export async function withdrawRequest(viewer: ViewerRef, requestId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const { row, facts } = await requireRequest(tx, actor, requestId);
    if (row.state !== "open") throw new DataError("CONFLICT", `This request is already ${row.state}.`, { reason: `request-${row.state}` });
    if (!canWithdraw(actor, facts)) throw new DataError("FORBIDDEN", "Only the request's author can withdraw it.");
    const closed = await tx.reviewRequest.updateMany({
      where: { id: requestId, state: "open" },
      data: { state: "withdrawn", closedAt: new Date(), closedById: actor.id },
    });
    if (closed.count !== 1) throw new DataError("CONFLICT", "This request was closed meanwhile; reload it.", { reason: "request-moved" });
    await audit(tx, {
      actorId: actor.id,
      action: "review.withdraw",
      skillId: row.skillId,
      skillName: row.skill.name,
      teamId: row.targetTeamId ?? row.skill.teamId,
      detail: { requestId, revision: row.revision },
    });
  });
}
