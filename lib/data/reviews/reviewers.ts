import "server-only";
import type { Actor } from "@/lib/skills/permissions/permissions";
import type { ApproverRule } from "@/lib/skills/review-requests/policy";
import { Prisma } from "@/lib/generated/prisma/client";

// Which requests an actor may decide on (isEligibleReviewer, lib/skills/review-requests/policy.ts),
// written once as clauses and rendered to a Prisma filter (the inbox) and to SQL (the header's counts).

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

function clauseSql({ approvers, teamIds }: ReviewerClause, r: Prisma.Sql, s: Prisma.Sql): Prisma.Sql {
  if (!teamIds) return Prisma.sql`${r}."approvers" = ${approvers}`;
  // FALSE for no teams, as Prisma renders an empty `in`: PostgreSQL wants a boolean where SQLite takes any number.
  if (!teamIds.length) return Prisma.sql`FALSE`;
  const ids = Prisma.join(teamIds);
  return Prisma.sql`(${r}."approvers" = ${approvers} AND (${r}."targetTeamId" IN (${ids}) OR (${r}."targetScope" IS NULL AND ${s}."scope" = 'TEAM' AND ${s}."teamId" IN (${ids}))))`;
}

/**
 * reviewerWhere for raw SQL, over "ReviewRequest" under `request` joined to its "Skill" under
 * `skill`. The author test is Prisma's rendering of its NOT, so a request whose author is gone
 * (null) is left out here as it is from the inbox: NOT (NULL = id) is not true.
 */
export function reviewerSql(actor: Actor, request: string, skill: string): Prisma.Sql {
  const r = Prisma.raw(request);
  const s = Prisma.raw(skill);
  return Prisma.sql`((${Prisma.join(
    reviewerClauses(actor).map((clause) => clauseSql(clause, r, s)),
    " OR ",
  )}) AND NOT (${r}."authorId" = ${actor.id}))`;
}
