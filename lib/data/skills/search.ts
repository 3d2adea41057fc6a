import "server-only";
import { buildFtsQuery, cleanSnippet, hasMatch, MARK_CLOSE, MARK_OPEN, splitMarked } from "@/lib/skills/list/search";
import type { Actor } from "@/lib/skills/permissions/permissions";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SkillSearchMatch } from "@/lib/types/skills";
import { db } from "@/lib/db/server";
import { visibleTo, visibleToSql } from "../skill-access";
import type { ListSkillsOptions, SkillPage, SkillSort, ScopeFilter } from "./list-options";
import { shadowingFor, summarySelect, toSummary } from "./rows";

// The full-text path of listing: FTS5 ranks, filters and pages in SQL over the search index.

const RANK = Prisma.sql`bm25("SkillSearch", 10.0, 4.0, 1.0)`;

const searchOrder: Record<Exclude<SkillSort, "relevance">, Prisma.Sql> = {
  updated: Prisma.sql`e."updatedAt" DESC, e."skillId"`,
  name: Prisma.sql`e."name", e."skillId"`,
  tokens: Prisma.sql`e."bodyTokens" DESC, e."skillId"`,
  size: Prisma.sql`e."totalBytes" DESC, e."skillId"`,
};

function scopeSql(filter: ScopeFilter, teamId?: string): Prisma.Sql {
  switch (filter) {
    case "all":
      return Prisma.sql`1`;
    case "personal":
      return Prisma.sql`e."scope" = 'PERSONAL'`;
    case "team":
      return teamId ? Prisma.sql`e."scope" = 'TEAM' AND e."teamId" = ${teamId}` : Prisma.sql`e."scope" = 'TEAM'`;
    case "public":
      return Prisma.sql`e."scope" = 'PUBLIC'`;
    case "builtin":
      return Prisma.sql`e."scope" = 'BUILTIN'`;
  }
}

// The index drives the join; each match then costs one primary-key lookup in the narrow entries
// table, which carries every column a search filters or sorts on (see the migration).
export const searchFrom = Prisma.sql`"SkillSearch" CROSS JOIN "SkillSearchEntry" e ON e."id" = "SkillSearch"."rowid"`;

export function searchWhere(actor: Actor, match: string, options: ListSkillsOptions): Prisma.Sql {
  return Prisma.join(
    [
      Prisma.sql`"SkillSearch" MATCH ${match}`,
      visibleToSql(actor, "e"),
      scopeSql(options.scope ?? "all", options.teamId),
      options.onlyArchived ? Prisma.sql`e."archived" = 1` : options.includeArchived ? Prisma.sql`1` : Prisma.sql`e."archived" = 0`,
      options.authorId ? Prisma.sql`e."authorId" = ${options.authorId}` : Prisma.sql`1`,
      options.hasWarnings === undefined ? Prisma.sql`1` : options.hasWarnings ? Prisma.sql`e."warningCount" > 0` : Prisma.sql`e."warningCount" = 0`,
    ].map((condition) => Prisma.sql`(${condition})`),
    " AND ",
  );
}

/**
 * The FTS5 path of listSkills: one query ranks and pages the matching visible skills, a second
 * marks the matched terms in that page only (highlighting every match would re-read every body),
 * and the rows then load through Prisma like any list.
 */
export async function searchSkills(actor: Actor, q: string, options: ListSkillsOptions & { page: number; pageSize: number }): Promise<SkillPage> {
  const { page, pageSize } = options;
  const match = buildFtsQuery(q);
  if (!match) return { items: [], total: 0, page, pageSize };
  const where = searchWhere(actor, match, options);
  // A query that is a skill's exact name puts that skill first, whatever bm25 thinks.
  const order =
    !options.sort || options.sort === "relevance"
      ? Prisma.sql`(e."name" = ${q.toLowerCase()}) DESC, ${RANK}, e."name", e."skillId"`
      : searchOrder[options.sort];
  const [hits, [{ total }]] = await Promise.all([
    db.$queryRaw<
      { id: string; rowid: number | bigint }[]
    >`SELECT e."skillId" AS "id", e."id" AS "rowid" FROM ${searchFrom} WHERE ${where} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    db.$queryRaw<{ total: number | bigint }[]>`SELECT count(*) AS "total" FROM ${searchFrom} WHERE ${where}`,
  ]);
  if (!hits.length) return { items: [], total: Number(total), page, pageSize };

  // FTS5 answers `rowid IN (...)` by running the whole query once per id (~0.4 ms each for a
  // common prefix); a rowid range is one pass over the matches, and the unary + keeps the IN list
  // a plain filter on that pass.
  const rowids = hits.map((hit) => Number(hit.rowid));
  const [lowest, highest] = [Math.min(...rowids), Math.max(...rowids)];

  const [marked, rows] = await Promise.all([
    db.$queryRaw<{ rowid: number | bigint; name: string; description: string; body: string }[]>`
      SELECT "rowid" AS "rowid",
        highlight("SkillSearch", 0, ${MARK_OPEN}, ${MARK_CLOSE}) AS "name",
        highlight("SkillSearch", 1, ${MARK_OPEN}, ${MARK_CLOSE}) AS "description",
        snippet("SkillSearch", 2, ${MARK_OPEN}, ${MARK_CLOSE}, '…', 14) AS "body"
      FROM "SkillSearch" WHERE "SkillSearch" MATCH ${match} AND "rowid" BETWEEN ${lowest} AND ${highest} AND +"rowid" IN (${Prisma.join(rowids)})`,
    db.skill.findMany({ where: { AND: [{ id: { in: hits.map((hit) => hit.id) } }, visibleTo(actor)] }, select: summarySelect }),
  ]);
  const matches = new Map<string, SkillSearchMatch>();
  const idByRowid = new Map(hits.map((hit) => [String(hit.rowid), hit.id]));
  for (const row of marked) {
    const body = splitMarked(cleanSnippet(row.body));
    matches.set(idByRowid.get(String(row.rowid))!, {
      name: splitMarked(row.name),
      description: splitMarked(row.description),
      body: hasMatch(body) ? body : null,
    });
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = hits.flatMap((hit) => byId.get(hit.id) ?? []);
  const shadows = await shadowingFor(actor, ordered);
  return {
    items: ordered.map((row) => ({ ...toSummary(row, shadows.get(row.id) ?? null), match: matches.get(row.id) ?? null })),
    total: Number(total),
    page,
    pageSize,
  };
}
