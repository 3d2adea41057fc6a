import "server-only";
import type { Actor, Destination } from "@/lib/skills/permissions/permissions";
import { canRevise, type RequestPolicy } from "@/lib/skills/review-requests/policy";
import type { Tx } from "@/lib/db/client";
import type { ProposalOutcome } from "@/lib/types/reviews";
import { DataError } from "../errors";
import { audit } from "../notifications/audit";
import { factsOf, requestFactsSelect, reviewUrl } from "../core/request-facts";

// Opening a review request and pushing revisions to it, inside the transaction of the write that
// made the proposed version (lib/data/intake/write.ts addVersionInTx) or asked for the move.

const MAX_TITLE = 200;

/** The request's title: the first line of the proposal's message. */
function titleOf(message: string): string {
  const first = message.trim().split(/\r?\n/, 1)[0] ?? "";
  return first.length > MAX_TITLE ? `${first.slice(0, MAX_TITLE - 1)}…` : first || "Proposed change";
}

interface SkillRef {
  id: string;
  name: string;
  teamId: string | null;
}

/** Open a request for a proposed version (already written, unpublished). */
export async function openVersionRequest(
  tx: Tx,
  actor: Actor,
  skill: SkillRef,
  input: { versionId: string; versionNumber: number; baseVersion: number | null; message: string; policy: RequestPolicy; via: string },
): Promise<ProposalOutcome> {
  const request = await tx.reviewRequest.create({
    data: {
      skillId: skill.id,
      kind: "version",
      authorId: actor.id,
      title: titleOf(input.message),
      requiredApprovals: input.policy.requiredApprovals,
      approvers: input.policy.approvers,
      revision: 1,
      baseVersion: input.baseVersion,
      revisions: {
        create: {
          number: 1,
          versionId: input.versionId,
          versionNumber: input.versionNumber,
          baseVersion: input.baseVersion,
          message: input.message,
          authorId: actor.id,
        },
      },
    },
    select: { id: true },
  });
  await audit(tx, {
    actorId: actor.id,
    action: "review.propose",
    skillId: skill.id,
    skillName: skill.name,
    version: input.versionNumber,
    teamId: skill.teamId,
    detail: {
      requestId: request.id,
      kind: "version",
      baseVersion: input.baseVersion,
      via: input.via,
      requiredApprovals: input.policy.requiredApprovals,
      approvers: input.policy.approvers,
    },
  });
  return { requestId: request.id, revision: 1, url: reviewUrl(request.id) };
}

/**
 * The open request `requestId` of this skill that `actor` may push a revision to, loaded before
 * the version is written (so a refusal writes nothing).
 */
export async function requireRevisableRequest(tx: Tx, actor: Actor, requestId: string, skillId: string): Promise<{ id: string; revision: number }> {
  const row = await tx.reviewRequest.findUnique({ where: { id: requestId }, select: requestFactsSelect });
  if (!row || row.skillId !== skillId) throw new DataError("NOT_FOUND", "Review request not found.");
  if (row.kind !== "version") throw new DataError("INVALID", "A move request has no revisions to push; withdraw it and request the move again.");
  if (row.state !== "open")
    throw new DataError("CONFLICT", `This request was ${row.state === "merged" ? "merged" : "withdrawn"}; save as a new proposal instead.`, {
      reason: "request-closed",
    });
  if (!canRevise(actor, factsOf(row))) throw new DataError("FORBIDDEN", "Only the request's author can push a new revision to it.");
  return { id: row.id, revision: row.revision };
}

/** Push a new revision (a version already written, unpublished): earlier verdicts are dismissed. */
export async function pushRevision(
  tx: Tx,
  actor: Actor,
  skill: SkillRef,
  request: { id: string; revision: number },
  input: { versionId: string; versionNumber: number; baseVersion: number | null; message: string },
): Promise<ProposalOutcome> {
  const revision = request.revision + 1;
  // Guarded on the revision read before: two pushes at once cannot both become revision n+1.
  const moved = await tx.reviewRequest.updateMany({
    where: { id: request.id, state: "open", revision: request.revision },
    data: { revision, baseVersion: input.baseVersion },
  });
  if (moved.count !== 1) throw new DataError("CONFLICT", "The request changed while you were saving; reload it and push again.", { reason: "request-moved" });
  await tx.reviewRevision.create({
    data: {
      requestId: request.id,
      number: revision,
      versionId: input.versionId,
      versionNumber: input.versionNumber,
      baseVersion: input.baseVersion,
      message: input.message,
      authorId: actor.id,
    },
  });
  const dismissed = await tx.reviewVerdictRow.updateMany({ where: { requestId: request.id, dismissed: false }, data: { dismissed: true } });
  await audit(tx, {
    actorId: actor.id,
    action: "review.revise",
    skillId: skill.id,
    skillName: skill.name,
    version: input.versionNumber,
    teamId: skill.teamId,
    detail: { requestId: request.id, revision, baseVersion: input.baseVersion, dismissedVerdicts: dismissed.count },
  });
  return { requestId: request.id, revision, url: reviewUrl(request.id) };
}

/** Open a request to move a skill (its current version) into a reviewed space. */
export async function openMoveRequest(
  tx: Tx,
  actor: Actor,
  skill: SkillRef & { currentVersion: { id: string; number: number } },
  destination: Destination,
  input: { policy: RequestPolicy; message?: string },
): Promise<ProposalOutcome> {
  const existing = await tx.reviewRequest.findFirst({ where: { skillId: skill.id, kind: "move", state: "open" }, select: { id: true } });
  if (existing) {
    throw new DataError("CONFLICT", `A move of "${skill.name}" is already waiting for approval; withdraw that request first.`, {
      reason: "move-requested",
      requestId: existing.id,
    });
  }
  const teamId = destination.scope === "TEAM" ? (destination.teamId ?? null) : null;
  const where = destination.scope === "PUBLIC" ? "the public space" : "the team";
  const message = input.message?.trim() || `Move "${skill.name}" to ${where}`;
  const request = await tx.reviewRequest.create({
    data: {
      skillId: skill.id,
      kind: "move",
      authorId: actor.id,
      title: titleOf(message),
      targetScope: destination.scope,
      targetTeamId: teamId,
      requiredApprovals: input.policy.requiredApprovals,
      approvers: input.policy.approvers,
      revision: 1,
      baseVersion: skill.currentVersion.number,
      revisions: {
        create: {
          number: 1,
          versionId: skill.currentVersion.id,
          versionNumber: skill.currentVersion.number,
          baseVersion: skill.currentVersion.number,
          message,
          authorId: actor.id,
        },
      },
    },
    select: { id: true },
  });
  await audit(tx, {
    actorId: actor.id,
    action: "review.propose",
    skillId: skill.id,
    skillName: skill.name,
    version: skill.currentVersion.number,
    teamId: teamId ?? skill.teamId,
    detail: {
      requestId: request.id,
      kind: "move",
      to: { scope: destination.scope, teamId },
      requiredApprovals: input.policy.requiredApprovals,
      approvers: input.policy.approvers,
    },
  });
  return { requestId: request.id, revision: 1, url: reviewUrl(request.id) };
}
