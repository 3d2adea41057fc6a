import "server-only";
import type { SkillAuthor } from "@/lib/types/skills";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { visibleToSql } from "../core/skill-access";
import { readSummaries } from "./summaries";
import type { TagFacet } from "@/lib/types/skill-meta";
import { archivedSql, browseEntries, countEntriesByScope, countEntriesByTag, type FacetFilters } from "./search-backend";
import { searchBackend, searchSkills } from "./search";
import type { ListSkillsOptions, SkillPage } from "./list-options";

// Lists of skills: a page of the visible ones (by full-text search when there is a query), the
// author filter's choices and the scope tabs' counts.

export async function listSkills(viewer: ViewerRef, options: ListSkillsOptions = {}): Promise<SkillPage> {
  const actor = await loadActor(db, viewer);
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const pageSize = Math.min(100, Math.max(1, Math.floor(options.pageSize ?? 24)));
  const q = options.q?.trim();
  if (q) return searchSkills(actor, q, { ...options, page, pageSize });
  const { ids, total } = await browseEntries(actor, { ...options, page, pageSize });
  if (!ids.length) return { items: [], total, page, pageSize };
  const items = await readSummaries(actor, ids);
  return { items: items.map((summary) => ({ ...summary, match: null })), total, page, pageSize };
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
  filters: Pick<ListSkillsOptions, "q" | "authorId" | "hasWarnings" | "onlyArchived" | "tag" | "starred"> = {},
): Promise<ScopeCounts> {
  const actor = await loadActor(db, viewer);
  const q = filters.q?.trim();
  let groups: { scope: string; teamId: string | null; n: number }[];
  if (q) {
    groups = await searchBackend().countByScope(actor, q, filters);
  } else {
    groups = await countEntriesByScope(actor, filters);
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

/** The tag filter's choices: tags of the skills the list shows (its other filters and scope applied) with how many carry each. */
export async function listTagFacets(viewer: ViewerRef, filters: FacetFilters & Pick<ListSkillsOptions, "q"> = {}): Promise<TagFacet[]> {
  const actor = await loadActor(db, viewer);
  const q = filters.q?.trim();
  return q ? searchBackend().countByTag(actor, q, filters) : countEntriesByTag(actor, filters);
}
