import "server-only";
import { cleanSnippet, hasMatch, splitMarked } from "@/lib/skills/list/search";
import type { Actor } from "@/lib/skills/permissions/permissions";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SkillSearchMatch } from "@/lib/types/skills";
import { db } from "@/lib/db/server";
import { visibleToSql } from "../core/skill-access";
import type { ListSkillsOptions, ScopeFilter, SkillSort } from "./list-options";
import { dayRange, LOAD_CHANNELS } from "@/lib/skills/usage/events";
import { rerank, RERANK_DEPTH } from "./search-rerank";

// Full-text search behind one interface, with a backend per database: SQLite's FTS5
// (search-sqlite.ts) and PostgreSQL's tsvector + GIN (search-postgres.ts). Both search the same
// narrow entries table ("SkillSearchEntry", alias e, kept by triggers: see the migrations), so what
// a search filters and sorts on is written once, here; a backend says only how text matches, how
// matches rank and how they are marked. Ordered by relevance, the database's best matches are then
// reranked by the ranking every other surface uses (search-rerank.ts).

/** One matching skill: its id and its row in the search index, which highlight() takes back. */
export interface SearchHit {
  id: string;
  key: number;
}

export type SearchFilters = Pick<ListSkillsOptions, "authorId" | "hasWarnings" | "includeArchived" | "onlyArchived" | "tag" | "starred">;

/** The filters of the tag facet: the list's, scope included, the tag itself aside. */
export type FacetFilters = SearchFilters & Pick<ListSkillsOptions, "scope" | "teamId" | "unused30">;

export interface SkillSearchBackend {
  /** One page of the visible skills matching `q` (best first, or in `options.sort`), and how many match in all. */
  page(actor: Actor, q: string, options: ListSkillsOptions & { page: number; pageSize: number }): Promise<{ hits: SearchHit[]; total: number }>;
  /**
   * readFacets over the visible skills matching `q` (its authors and teams do not depend on `q`);
   * `near` when they are of the near match, the full-text one matching nothing under the filters.
   */
  facets(actor: Actor, q: string, filters: FacetFilters): Promise<{ rows: FacetRow[]; near: boolean }>;
  /**
   * Where `q` matched each hit, by skill id: name and description with the matched terms marked,
   * and a short excerpt of the body when it matched. For one page's hits only: marking reads
   * each hit's whole indexed text.
   */
  highlight(q: string, hits: SearchHit[]): Promise<Map<string, SkillSearchMatch>>;
}

/** How one database matches text: a condition on the index joined to the entries, and a rank. */
export interface TextMatch {
  condition: Prisma.Sql;
  /** ORDER BY terms, best match first. */
  rank: Prisma.Sql;
}

export interface SearchDialect {
  /** The index joined to the entries table as `e`. */
  from: Prisma.Sql;
  /** The full-text match for what was typed; null when it holds nothing to search for. */
  match(q: string): TextMatch | null;
  /**
   * A looser match, tried only when the full-text one finds nothing among all the visible
   * skills the filters allow (never beside full-text results, so both databases find the same).
   */
  nearMatch?(q: string): TextMatch | null;
  /** name, description and body excerpt of these index rows, marked with MARK_OPEN/MARK_CLOSE; body with "…" where cut. */
  marked(q: string, keys: number[]): Promise<{ key: number | bigint; name: string; description: string; body: string }[]>;
}

function scopeSql(filter: ScopeFilter, teamId?: string): Prisma.Sql {
  switch (filter) {
    case "all":
      return Prisma.sql`TRUE`;
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

/** The archived filter over the entries: TRUE/FALSE are literals both databases read (SQLite as 1/0). */
export const archivedSql = (options: Pick<ListSkillsOptions, "includeArchived" | "onlyArchived">): Prisma.Sql =>
  options.onlyArchived ? Prisma.sql`e."archived" = TRUE` : options.includeArchived ? Prisma.sql`TRUE` : Prisma.sql`e."archived" = FALSE`;

function entryWhere(actor: Actor, condition: Prisma.Sql, options: ListSkillsOptions): Prisma.Sql {
  return Prisma.join(
    [
      condition,
      visibleToSql(actor, "e"),
      scopeSql(options.scope ?? "all", options.teamId),
      archivedSql(options),
      options.authorId ? Prisma.sql`e."authorId" = ${options.authorId}` : Prisma.sql`TRUE`,
      options.hasWarnings === undefined ? Prisma.sql`TRUE` : options.hasWarnings ? Prisma.sql`e."warningCount" > 0` : Prisma.sql`e."warningCount" = 0`,
      options.tag ? Prisma.sql`EXISTS (SELECT 1 FROM "SkillTag" tg WHERE tg."skillId" = e."skillId" AND tg."name" = ${options.tag})` : Prisma.sql`TRUE`,
      options.starred ? Prisma.sql`EXISTS (SELECT 1 FROM "SkillStar" st WHERE st."skillId" = e."skillId" AND st."userId" = ${actor.id})` : Prisma.sql`TRUE`,
      options.unused30 ? Prisma.sql`NOT EXISTS (SELECT 1 FROM "UsageDaily" u WHERE ${usedSince(30)})` : Prisma.sql`TRUE`,
    ].map((part) => Prisma.sql`(${part})`),
    " AND ",
  );
}

// Usage sorts read the daily rollup (lib/data/usage/usage.ts) per listed entry: its (skillId, day) index answers each.
const usedSince = (days: number, until?: number) =>
  Prisma.sql`u."skillId" = e."skillId" AND u."day" >= ${dayRange(new Date(), days)[0]}${until ? Prisma.sql` AND u."day" < ${dayRange(new Date(), until)[0]}` : Prisma.empty} AND u."channel" IN (${Prisma.join(LOAD_CHANNELS.map((c) => Prisma.sql`${c}`))})`;
const loadsSince = (days: number, until?: number) => Prisma.sql`(SELECT COALESCE(SUM(u."count"), 0) FROM "UsageDaily" u WHERE ${usedSince(days, until)})`;

const sortOrders: Record<Exclude<SkillSort, "relevance">, () => Prisma.Sql> = {
  updated: () => Prisma.sql`e."updatedAt" DESC, e."skillId"`,
  name: () => Prisma.sql`e."name", e."skillId"`,
  tokens: () => Prisma.sql`e."bodyTokens" DESC, e."skillId"`,
  size: () => Prisma.sql`e."totalBytes" DESC, e."skillId"`,
  used: () => Prisma.sql`${loadsSince(30)} DESC, e."updatedAt" DESC, e."skillId"`,
  trending: () => Prisma.sql`(${loadsSince(7)} + 1.0) / (${loadsSince(14, 7)} + 1.0) DESC, ${loadsSince(7)} DESC, e."skillId"`,
};
const sortOrder = (sort: Exclude<SkillSort, "relevance">) => sortOrders[sort]();

/**
 * One page of the visible skills under the filters, without a text query: read from the search
 * index's narrow entries table (one small row per skill with every column a list filters and sorts
 * on) rather than "Skill" joined to its current version. At 100,000 skills the page and its count
 * were 26 ms each over "Skill" on SQLite (an OR of three indexes, then a sort) and 10 ms over the
 * entries (bench:scale).
 */
export async function browseEntries(actor: Actor, options: ListSkillsOptions & { page: number; pageSize: number }): Promise<{ ids: string[]; total: number }> {
  const where = entryWhere(actor, Prisma.sql`TRUE`, options);
  const sort = !options.sort || options.sort === "relevance" ? "updated" : options.sort;
  const [rows, total] = await Promise.all([
    db.$queryRaw<{ id: string }[]>`SELECT e."skillId" AS "id" FROM "SkillSearchEntry" e WHERE ${where}
      ORDER BY ${sortOrder(sort)} LIMIT ${options.pageSize} OFFSET ${(options.page - 1) * options.pageSize}`,
    knownOr(options.knownTotal, () => countWhere(Prisma.sql`"SkillSearchEntry" e`, where)),
  ]);
  return { ids: rows.map((row) => row.id), total };
}

const countWhere = async (from: Prisma.Sql, where: Prisma.Sql) =>
  Number((await db.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS "n" FROM ${from} WHERE ${where}`)[0].n);

/** The caller's count (ListSkillsOptions.knownTotal) when it has one, else `count()`'s. */
const knownOr = async (known: ListSkillsOptions["knownTotal"], count: () => Promise<number>) => (await known) ?? count();

/** The most tags the facet lists, most used first. */
const FACET_LIMIT = 50;

/** One row of readFacets: a scope tab's count, a tag, an author or one of the viewer's teams, with its place in its list. */
export type FacetRow = { kind: "scope" | "tag" | "author" | "team"; key: string; label: string | null; n: number | bigint; rank: number | bigint };

/** A text match over its index (a backend's `from` and condition); without one, every entry. */
type TextFilter = { from: Prisma.Sql; condition: Prisma.Sql };

/**
 * The list's tabs and filter choices in one statement (four before): how many visible skills
 * match per scope and team (the filters applied, the scope aside); the tags of those the list
 * shows (its scope applied, the tag filter aside, so each choice says what picking it would show),
 * most carried first; everyone who wrote the current version of a visible skill (archived or not,
 * as the list), with how many; the viewer's teams (the tabs' names), by name. Over the entries, or
 * a text match's `from`. Each list keeps the database's order through its ROW_NUMBER.
 */
export function readFacets(actor: Actor, filters: FacetFilters, text?: TextFilter): Promise<FacetRow[]> {
  const from = text?.from ?? Prisma.sql`"SkillSearchEntry" e`;
  const condition = text?.condition ?? Prisma.sql`TRUE`;
  return db.$queryRaw<FacetRow[]>`
    SELECT 'scope' AS "kind", CAST(e."scope" AS TEXT) AS "key", e."teamId" AS "label", count(*) AS "n", 0 AS "rank"
      FROM ${from} WHERE ${entryWhere(actor, condition, { ...filters, scope: "all" })} GROUP BY e."scope", e."teamId"
    UNION ALL SELECT 'tag', f."name", CAST(NULL AS TEXT), f."n", ROW_NUMBER() OVER (ORDER BY f."n" DESC, f."name") FROM (
      SELECT g."name" AS "name", count(*) AS "n" FROM ${from} JOIN "SkillTag" g ON g."skillId" = e."skillId"
      WHERE ${entryWhere(actor, condition, { ...filters, tag: undefined })} GROUP BY g."name" ORDER BY count(*) DESC, g."name" LIMIT ${FACET_LIMIT}) f
    UNION ALL SELECT 'author', u."id", u."name", a."n", ROW_NUMBER() OVER (ORDER BY u."name", u."id") FROM (
      SELECT e."authorId", count(*) AS "n" FROM "SkillSearchEntry" e
      WHERE ${visibleToSql(actor, "e")} AND ${archivedSql({ onlyArchived: filters.onlyArchived })} AND e."authorId" IS NOT NULL GROUP BY e."authorId") a
      JOIN "user" u ON u."id" = a."authorId"
    UNION ALL SELECT 'team', t."id", t."name", 0, ROW_NUMBER() OVER (ORDER BY t."name", t."id")
      FROM "Membership" m JOIN "Team" t ON t."id" = m."teamId" WHERE m."userId" = ${actor.id}`;
}

/** The backend over a dialect: filtering, ordering, paging and counting are the same on both databases. */
export function searchBackendOf(dialect: SearchDialect): SkillSearchBackend {
  const count = (where: Prisma.Sql) => countWhere(dialect.from, where);

  /** The near match, when the full-text one finds nothing in any scope under these filters (`found`: that count, when known). */
  async function nearInstead(actor: Actor, q: string, match: TextMatch, filters: SearchFilters, found?: number): Promise<TextMatch | null> {
    const near = dialect.nearMatch?.(q);
    if (!near) return null;
    return (found ?? (await count(entryWhere(actor, match.condition, { ...filters, scope: "all" })))) ? null : near;
  }

  async function pageOf(actor: Actor, match: TextMatch, q: string, options: ListSkillsOptions & { page: number; pageSize: number }) {
    const where = entryWhere(actor, match.condition, options);
    const offset = (options.page - 1) * options.pageSize;
    const hitsOf = async (order: Prisma.Sql, limit: number, skip: number) =>
      (
        await db.$queryRaw<{ id: string; key: number | bigint }[]>`
          SELECT e."skillId" AS "id", e."id" AS "key" FROM ${dialect.from} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${skip}`
      ).map((row): SearchHit => ({ id: row.id, key: Number(row.key) }));
    if (options.sort && options.sort !== "relevance") {
      const [hits, total] = await Promise.all([hitsOf(sortOrder(options.sort), options.pageSize, offset), knownOr(options.knownTotal, () => count(where))]);
      return { hits, total };
    }
    // The database's order: a query that is a skill's exact name puts that skill first, whatever
    // the rank says (the shared ranking agrees; this keeps it so past RERANK_DEPTH too).
    const order = Prisma.sql`(e."name" = ${q.toLowerCase()}) DESC, ${match.rank}, e."name", e."skillId"`;
    const end = offset + options.pageSize;
    const [head, beyond, total] = await Promise.all([
      offset < RERANK_DEPTH ? hitsOf(order, RERANK_DEPTH, 0).then((candidates) => rerank(q, candidates)) : [],
      end > RERANK_DEPTH ? hitsOf(order, end - Math.max(offset, RERANK_DEPTH), Math.max(offset, RERANK_DEPTH)) : [],
      knownOr(options.knownTotal, () => count(where)),
    ]);
    return { hits: [...head.slice(offset, end), ...beyond], total };
  }

  return {
    async page(actor, q, options) {
      const match = dialect.match(q);
      if (!match) return { hits: [], total: 0 };
      const result = await pageOf(actor, match, q, options);
      if (result.total) return result;
      const near = await nearInstead(actor, q, match, options, !options.scope || options.scope === "all" ? 0 : undefined);
      // The caller's count (knownTotal) is of the full-text match: the near one counts its own.
      return near ? pageOf(actor, near, q, { ...options, knownTotal: undefined }) : result;
    },

    async facets(actor, q, filters) {
      const match = dialect.match(q);
      // Nothing to search for: no skill matches, but the author and team lists stand.
      if (!match) return { rows: await readFacets(actor, filters, { from: dialect.from, condition: Prisma.sql`FALSE` }), near: false };
      const rows = await readFacets(actor, filters, { from: dialect.from, condition: match.condition });
      if (rows.some((row) => row.kind === "scope")) return { rows, near: false };
      // No scope counted a match: the full-text search finds nothing under these filters anywhere.
      const near = await nearInstead(actor, q, match, filters, 0);
      return near ? { rows: await readFacets(actor, filters, { from: dialect.from, condition: near.condition }), near: true } : { rows, near: false };
    },

    async highlight(q, hits) {
      const matches = new Map<string, SkillSearchMatch>();
      if (!hits.length) return matches;
      const idByKey = new Map(hits.map((hit) => [hit.key, hit.id]));
      for (const row of await dialect.marked(
        q,
        hits.map((hit) => hit.key),
      )) {
        const body = splitMarked(cleanSnippet(row.body));
        const id = idByKey.get(Number(row.key));
        if (id) matches.set(id, { name: splitMarked(row.name), description: splitMarked(row.description), body: hasMatch(body) ? body : null });
      }
      return matches;
    },
  };
}
