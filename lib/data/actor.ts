import "server-only";
import type { Actor, InstanceRole, TeamRole } from "@/lib/skills/permissions/permissions";
import type { Db, Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { DataError } from "./errors";

/** Who is asking. Only the id is trusted: roles and memberships are read fresh from the database. */
export type ViewerRef = { id: string };

export async function loadActor(db: Db | Tx, viewer: ViewerRef): Promise<Actor> {
  const user = await db.user.findUnique({
    where: { id: viewer.id },
    select: { id: true, role: true, memberships: { select: { teamId: true, role: true } } },
  });
  if (!user) throw new DataError("FORBIDDEN", "Your account no longer exists.");
  return {
    id: user.id,
    role: user.role as InstanceRole,
    teamRoles: Object.fromEntries(user.memberships.map((m) => [m.teamId, m.role as TeamRole])),
  };
}

/** The Prisma filter for "skills this actor may see"; every skill query goes through it. */
export function visibleTo(actor: Actor) {
  return {
    OR: [
      { scope: "PERSONAL", ownerId: actor.id },
      { scope: "TEAM", teamId: { in: Object.keys(actor.teamRoles) } },
      { scope: { in: ["PUBLIC", "BUILTIN"] } },
    ],
  };
}

/**
 * visibleTo for raw SQL, over a table with "scope", "ownerId" and "teamId" columns under `alias`
 * ("Skill", or the search index's entries). The same three rules; keep the two in step
 * (lib/data/search.test.ts checks that searches and lists agree for every viewer).
 */
export function visibleToSql(actor: Actor, alias: "s" | "e" = "s"): Prisma.Sql {
  const t = Prisma.raw(alias);
  const teamIds = Object.keys(actor.teamRoles);
  const team = teamIds.length ? Prisma.sql`(${t}."scope" = 'TEAM' AND ${t}."teamId" IN (${Prisma.join(teamIds)}))` : Prisma.sql`0`;
  return Prisma.sql`((${t}."scope" = 'PERSONAL' AND ${t}."ownerId" = ${actor.id}) OR ${team} OR ${t}."scope" IN ('PUBLIC', 'BUILTIN'))`;
}
