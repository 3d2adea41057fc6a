import "server-only";
import {
  canAddVersion,
  canManageSkill,
  canViewSkill,
  visibilityClauses,
  SCOPES,
  type Actor,
  type Scope,
  type SkillAccess,
  type VisibilityClause,
} from "@/lib/skills/permissions/permissions";
import type { Db, Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { DataError, notFound } from "../errors";

// Every read and write of a skill finds it here: the visibility rule (lib/skills/permissions/permissions.ts,
// written once as clauses) rendered to a Prisma filter and to SQL, and the one preamble of a write:
// load the skill, answer "not found" to whoever may not see it, "forbidden" to whoever may see it
// but not act on it.

/** Access facts of a stored skill row. */
export const accessOf = (row: { scope: Scope; ownerId: string | null; teamId: string | null }): SkillAccess => ({
  scope: row.scope,
  ownerId: row.ownerId,
  teamId: row.teamId,
});

/** The columns accessOf reads. */
export const accessFields = { scope: true, ownerId: true, teamId: true } as const satisfies Prisma.SkillSelect;

function clauseWhere(clause: VisibilityClause): Prisma.SkillWhereInput {
  return {
    scope: clause.scopes.length === 1 ? clause.scopes[0] : { in: [...clause.scopes] },
    ...(clause.ownerId !== undefined ? { ownerId: clause.ownerId } : {}),
    ...(clause.teamIds !== undefined ? { teamId: { in: [...clause.teamIds] } } : {}),
  };
}

/** The Prisma filter for "skills this actor may see"; every skill query goes through it. */
export function visibleTo(actor: Actor): Prisma.SkillWhereInput {
  return { OR: visibilityClauses(actor).map(clauseWhere) };
}

// Scopes are constants of the rule, not input: written as literals, as an index expects them.
const scopeLiteral = (scope: Scope) => {
  if (!SCOPES.includes(scope)) throw new Error(`Unknown scope ${scope}`);
  return Prisma.raw(`'${scope}'`);
};

function clauseSql(clause: VisibilityClause, t: Prisma.Sql): Prisma.Sql {
  const parts = [Prisma.sql`${t}."scope" IN (${Prisma.join(clause.scopes.map(scopeLiteral))})`];
  if (clause.ownerId !== undefined) parts.push(Prisma.sql`${t}."ownerId" = ${clause.ownerId}`);
  // FALSE, not 0: PostgreSQL wants a boolean where SQLite takes any number.
  if (clause.teamIds !== undefined) parts.push(clause.teamIds.length ? Prisma.sql`${t}."teamId" IN (${Prisma.join([...clause.teamIds])})` : Prisma.sql`FALSE`);
  return Prisma.sql`(${Prisma.join(parts, " AND ")})`;
}

/**
 * visibleTo for raw SQL, over a table with "scope", "ownerId" and "teamId" columns under `alias`
 * ("Skill", or the search index's entries).
 */
export function visibleToSql(actor: Actor, alias: "s" | "e" = "s"): Prisma.Sql {
  return Prisma.sql`(${Prisma.join(
    visibilityClauses(actor).map((clause) => clauseSql(clause, Prisma.raw(alias))),
    " OR ",
  )})`;
}

/** A visible skill by id with the fields asked for, or null: for reads that answer "nothing" to outsiders. */
export function findVisibleSkill<S extends Prisma.SkillSelect>(client: Db | Tx, actor: Actor, skillId: string, select: S) {
  return client.skill.findFirst({ where: { AND: [{ id: skillId }, visibleTo(actor)] }, select });
}

/** One version of a visible skill with the fields asked for, or null. */
export function findVisibleVersion<S extends Prisma.SkillVersionSelect>(client: Db | Tx, actor: Actor, skillId: string, number: number, select: S) {
  return client.skillVersion.findFirst({ where: { number, skill: { AND: [{ id: skillId }, visibleTo(actor)] } }, select });
}

/** The refusal of a new version to someone who may read the skill. */
export const addVersionForbidden = (skill: SkillAccess) =>
  skill.scope === "BUILTIN" ? "Built-in skills are read-only." : "You cannot add versions to this skill.";

export type SkillAbility = "view" | "addVersion" | "manage";

const allowed: Record<SkillAbility, (actor: Actor, skill: SkillAccess) => boolean> = {
  view: canViewSkill,
  addVersion: canAddVersion,
  manage: canManageSkill,
};

const accessSelect = { id: true, name: true, scope: true, ownerId: true, teamId: true } as const satisfies Prisma.SkillSelect;

export interface RequireSkillOptions<S extends Prisma.SkillSelect> {
  /** More fields to load with the access facts. */
  select?: S;
  /** The refusal for someone who may see the skill but not do this; may depend on the skill. */
  forbidden?: string | ((skill: SkillAccess) => string);
}

/**
 * The skill a write acts on, loaded (inside the write's transaction) with its access facts and the
 * fields asked for. Throws NOT_FOUND when it does not exist or the actor may not see it, FORBIDDEN
 * when the actor may see it but lacks `ability`.
 */
export async function requireSkill<S extends Prisma.SkillSelect = Record<never, never>>(
  client: Db | Tx,
  actor: Actor,
  skillId: string,
  ability: SkillAbility,
  options: RequireSkillOptions<S> = {},
): Promise<Prisma.SkillGetPayload<{ select: typeof accessSelect & S }> & { access: SkillAccess }> {
  type Row = Prisma.SkillGetPayload<{ select: typeof accessSelect & S }>;
  const row = await client.skill.findUnique({ where: { id: skillId }, select: { ...options.select, ...accessSelect } });
  const access = row ? accessOf(row) : null;
  if (!row || !access || !canViewSkill(actor, access)) throw notFound();
  if (!allowed[ability](actor, access)) {
    const message = typeof options.forbidden === "function" ? options.forbidden(access) : (options.forbidden ?? "You cannot do that with this skill.");
    throw new DataError("FORBIDDEN", message);
  }
  // The select always holds accessSelect's fields; Prisma's type cannot see through the spread.
  return Object.assign(row as unknown as Row, { access });
}
