import "server-only";
import { canViewSkill, type Actor, type Destination } from "@/lib/skills/permissions/permissions";
import { canSeeRequest, DIRECT_POLICY, parseReviewPolicy, type ApproverRule, type RequestFacts, type ReviewPolicy } from "@/lib/skills/review-requests/policy";
import type { Db, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DataError } from "../errors";
import { accessOf } from "./skill-access";

// What every review request operation loads first: the request with the facts the pure rules
// read, authorized for the actor (404 for whoever may not see it).

export const requestFactsSelect = {
  id: true,
  skillId: true,
  kind: true,
  state: true,
  authorId: true,
  title: true,
  targetScope: true,
  targetTeamId: true,
  requiredApprovals: true,
  approvers: true,
  revision: true,
  baseVersion: true,
  targetLabel: true,
  skill: { select: { id: true, name: true, scope: true, ownerId: true, teamId: true, space: true, currentVersion: { select: { number: true } } } },
} as const satisfies Prisma.ReviewRequestSelect;

export type RequestRow = Prisma.ReviewRequestGetPayload<{ select: typeof requestFactsSelect }>;

export function targetOf(row: { targetScope: string | null; targetTeamId: string | null }): Destination | null {
  return row.targetScope ? { scope: row.targetScope as Destination["scope"], teamId: row.targetTeamId } : null;
}

export function factsOf(row: RequestRow): RequestFacts {
  return {
    authorId: row.authorId,
    state: row.state,
    skill: accessOf(row.skill),
    target: targetOf(row),
    approvers: row.approvers as ApproverRule,
  };
}

/**
 * Open, but the skill's current version is no longer the one the latest revision was based on (for
 * a move: the one that was to move, so an approver never moves content they did not see).
 */
export function isOutOfDate(row: { kind?: string; state: string; baseVersion: number | null; skill: { currentVersion: { number: number } | null } }): boolean {
  // A label request points at a published version whatever the current one is now.
  if (row.state !== "open" || row.kind === "label") return false;
  return (row.skill.currentVersion?.number ?? null) !== row.baseVersion;
}

/** A request the actor may see (the skill's viewers, its author, its reviewers), or NOT_FOUND. */
export async function requireRequest(client: Db | Tx, actor: Actor, requestId: string): Promise<{ row: RequestRow; facts: RequestFacts }> {
  const row = await client.reviewRequest.findUnique({ where: { id: requestId }, select: requestFactsSelect });
  if (!row) throw new DataError("NOT_FOUND", "Review request not found.");
  const facts = factsOf(row);
  if (!canSeeRequest(actor, facts, canViewSkill(actor, facts.skill))) throw new DataError("NOT_FOUND", "Review request not found.");
  return { row, facts };
}

/** A team's review policy (direct for anything unreadable or a missing team). */
export async function teamPolicy(client: Db | Tx, teamId: string | null | undefined): Promise<ReviewPolicy> {
  if (!teamId) return DIRECT_POLICY;
  const team = await client.team.findUnique({ where: { id: teamId }, select: { reviewPolicy: true } });
  return parseReviewPolicy(team?.reviewPolicy);
}

export const reviewUrl = (requestId: string) => `/reviews/${requestId}`;
