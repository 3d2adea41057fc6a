import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SkillAuthor } from "@/lib/types/skills";
import { loadActor, type ViewerRef } from "../actor";
import { db } from "@/lib/db/server";
import { visibleTo, visibleToSql } from "../skill-access";
import { shadowingFor, summarySelect, toSummary } from "./rows";
import { archivedSql } from "./search-backend";
import { searchBackend, searchSkills } from "./search";
import type { ListSkillsOptions, ScopeFilter, SkillPage, SkillSort } from "./list-options";

// Lists of skills: a page of the visible ones (by full-text search when there is a query), the
// author filter's choices and the scope tabs' counts.

function scopeWhere(filter: ScopeFilter, teamId?: string): Prisma.SkillWhereInput {
  switch (filter) {
    case "all":
      return {};
    case "personal":
      return { scope: "PERSONAL" };
    case "team":
      return teamId ? { scope: "TEAM", teamId } : { scope: "TEAM" };
    case "public":
      return { scope: "PUBLIC" };
    case "builtin":
      return { scope: "BUILTIN" };
  }
}

/** Archived skills are left out unless asked for; the Archived filter shows only them. */
const archivedWhere = (options: Pick<ListSkillsOptions, "includeArchived" | "onlyArchived">): Prisma.SkillWhereInput =>
  options.onlyArchived ? { archived: true } : options.includeArchived ? {} : { archived: false };

function filterWhere(options: Pick<ListSkillsOptions, "authorId" | "hasWarnings">): Prisma.SkillWhereInput[] {
  return [
    options.authorId ? { currentVersion: { authorId: options.authorId } } : {},
    options.hasWarnings === undefined ? {} : options.hasWarnings ? { currentVersion: { warningCount: { gt: 0 } } } : { currentVersion: { warningCount: 0 } },
  ];
}

const sortOrder: Record<Exclude<SkillSort, "relevance">, Prisma.SkillOrderByWithRelationInput[]> = {
  updated: [{ updatedAt: "desc" }, { id: "asc" }],
  name: [{ name: "asc" }, { id: "asc" }],
  tokens: [{ currentVersion: { bodyTokens: "desc" } }, { id: "asc" }],
  size: [{ currentVersion: { totalBytes: "desc" } }, { id: "asc" }],
};

export async function listSkills(viewer: ViewerRef, options: ListSkillsOptions = {}): Promise<SkillPage> {
  const actor = await loadActor(db, viewer);
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const pageSize = Math.min(100, Math.max(1, Math.floor(options.pageSize ?? 24)));
  const q = options.q?.trim();
  if (q) return searchSkills(actor, q, { ...options, page, pageSize });
  const where: Prisma.SkillWhereInput = {
    AND: [visibleTo(actor), scopeWhere(options.scope ?? "all", options.teamId), archivedWhere(options), ...filterWhere(options)],
  };
  const sort = !options.sort || options.sort === "relevance" ? "updated" : options.sort;
  const [rows, total] = await Promise.all([
    db.skill.findMany({ where, select: summarySelect, orderBy: sortOrder[sort], skip: (page - 1) * pageSize, take: pageSize }),
    db.skill.count({ where }),
  ]);
  const shadows = await shadowingFor(actor, rows);
  return { items: rows.map((row) => ({ ...toSummary(row, shadows.get(row.id) ?? null), match: null })), total, page, pageSize };
}

/** Everyone who wrote the current version of a visible, unarchived (or, with onlyArchived, archived) skill, with how many: the author filter's choices. */
export async function listSkillAuthors(viewer: ViewerRef, options: Pick<ListSkillsOptions, "onlyArchived"> = {}): Promise<SkillAuthor[]> {
  const actor = await loadActor(db, viewer);
  // The search index's entries hold each skill's current author: no need to read the versions.
  const rows = await db.$queryRaw<{ id: string; name: string; skillCount: number | bigint }[]>`
    SELECT u."id" AS "id", u."name" AS "name", a."n" AS "skillCount"
    FROM (SELECT e."authorId", count(*) AS "n" FROM "SkillSearchEntry" e WHERE ${visibleToSql(actor, "e")} AND ${archivedSql(options)} AND e."authorId" IS NOT NULL GROUP BY e."authorId") a
    JOIN "user" u ON u."id" = a."authorId"
    ORDER BY u."name", u."id"`;
  return rows.map((row) => ({ id: row.id, name: row.name, skillCount: Number(row.skillCount) }));
}

export type ScopeCounts = { all: number; personal: number; public: number; builtin: number; teams: Record<string, number> };

/**
 * Count of visible, unarchived skills per scope tab (and per team); with filters, of those that
 * match them, so each tab says what it would show for the current search. With onlyArchived, of
 * the archived ones: the same tabs under the Archived filter.
 */
export async function countSkillsByScope(
  viewer: ViewerRef,
  filters: Pick<ListSkillsOptions, "q" | "authorId" | "hasWarnings" | "onlyArchived"> = {},
): Promise<ScopeCounts> {
  const actor = await loadActor(db, viewer);
  const q = filters.q?.trim();
  let groups: { scope: string; teamId: string | null; n: number }[];
  if (q) {
    groups = await searchBackend().countByScope(actor, q, filters);
  } else {
    const where: Prisma.SkillWhereInput = { AND: [visibleTo(actor), archivedWhere(filters), ...filterWhere(filters)] };
    groups = (await db.skill.groupBy({ by: ["scope", "teamId"], where, _count: { _all: true } })).map((group) => ({
      scope: group.scope,
      teamId: group.teamId,
      n: group._count._all,
    }));
  }
  const counts: ScopeCounts = { all: 0, personal: 0, public: 0, builtin: 0, teams: {} };
  for (const { scope, teamId, n } of groups) {
    counts.all += n;
    if (scope === "PERSONAL") counts.personal += n;
    else if (scope === "PUBLIC") counts.public += n;
    else if (scope === "BUILTIN") counts.builtin += n;
    else if (teamId) counts.teams[teamId] = (counts.teams[teamId] ?? 0) + n;
  }
  return counts;
}
