import "server-only";
import type { Actor } from "@/lib/skills/permissions/permissions";
import type { ApproverRule } from "@/lib/skills/review-requests/policy";
import type { Prisma } from "@/lib/generated/prisma/client";

// Which requests an actor may decide on (isEligibleReviewer, lib/skills/review-requests/policy.ts),
// written once as clauses and rendered to a Prisma filter.

/** Requests with this approver rule whose reviewed place is one of `teamIds` (any place when absent). */
type ReviewerClause = { approvers: ApproverRule; teamIds?: string[] };

function reviewerClauses(actor: Actor): ReviewerClause[] {
  const teams = Object.keys(actor.teamRoles);
  const managed = teams.filter((id) => actor.teamRoles[id] === "OWNER" || actor.teamRoles[id] === "ADMIN");
  const clauses: ReviewerClause[] = [
    { approvers: "managers", teamIds: managed },
    { approvers: "members", teamIds: teams },
  ];
  if (actor.role === "ADMIN") clauses.push({ approvers: "instance-admins" });
  return clauses;
}

/** The reviewed place is a move's target team, else the skill's own team (a team skill not being moved). */
function clauseWhere({ approvers, teamIds }: ReviewerClause): Prisma.ReviewRequestWhereInput {
  if (!teamIds) return { approvers };
  return { approvers, OR: [{ targetTeamId: { in: teamIds } }, { targetScope: null, skill: { teamId: { in: teamIds }, scope: "TEAM" } }] };
}

/** Requests the actor may decide on, as a filter (the author excluded). */
export function reviewerWhere(actor: Actor): Prisma.ReviewRequestWhereInput {
  return { OR: reviewerClauses(actor).map(clauseWhere), NOT: { authorId: actor.id } };
}
