import "server-only";
import type { Actor } from "@/lib/skills/permissions/permissions";
import { Prisma } from "@/lib/generated/prisma/client";

// Who sees a stored trigger-test run: its runner, and for a run against a team's catalog, that
// team's members (a run names the skills that won its requests, and a personal catalog's skills are
// nobody else's business). Written once, rendered to a Prisma filter and to SQL, for the playground's
// run lists and the versions page's results.

/** How many runs a skill's run list shows unless asked for more. */
export const LISTED_RUNS = 50;

/** The Prisma filter for "runs this actor may see". */
export function runsVisibleTo(actor: Actor): Prisma.TriggerEvalRunWhereInput {
  return { OR: [{ createdById: actor.id }, { catalogKind: "team", catalogRef: { in: Object.keys(actor.teamRoles) } }] };
}

/** runsVisibleTo for raw SQL over "TriggerEvalRun" r. */
export function runsVisibleToSql(actor: Actor): Prisma.Sql {
  const teamIds = Object.keys(actor.teamRoles);
  // FALSE, not 0: PostgreSQL wants a boolean where SQLite takes any number.
  const team = teamIds.length ? Prisma.sql`(r."catalogKind" = 'team' AND r."catalogRef" IN (${Prisma.join(teamIds)}))` : Prisma.sql`FALSE`;
  return Prisma.sql`(r."createdById" = ${actor.id} OR ${team})`;
}
