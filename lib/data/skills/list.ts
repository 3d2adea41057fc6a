import "server-only";
import type { SkillAuthor } from "@/lib/types/skills";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { readSummaries } from "./summaries";
import type { TagFacet } from "@/lib/types/skill-meta";
import { browseEntries, readFacets, type FacetFilters, type FacetRow } from "./search-backend";
import { searchBackend, searchSkills } from "./search";
import type { ListSkillsOptions, ScopeFilter, SkillPage } from "./list-options";

// Lists of skills: a page of the visible ones (by full-text search when there is a query), and
// what the list's tabs and filters offer.

export async function listSkills(viewer: ViewerRef, options: ListSkillsOptions = {}): Promise<SkillPage> {
  const actor = await loadActor(db, viewer);
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const pageSize = Math.min(100, Math.max(1, Math.floor(options.pageSize ?? 24)));
  const q = options.q?.trim();
  if (q) return searchSkills(actor, q, { ...options, page, pageSize });
  const { ids, total } = await browseEntries(actor, { ...options, page, pageSize });
  if (!ids.length) return { items: [], total, page, pageSize };
  const items = await readSummaries(actor, ids, { loads30: options.loads30 });
  return { items: items.map((summary) => ({ ...summary, match: null })), total, page, pageSize };
}

export type ScopeCounts = { all: number; personal: number; public: number; builtin: number; teams: Record<string, number> };

/** How many skills a scope tab lists, from the tabs' counts: browseEntries' total, known without counting again. */
export function scopeCount(counts: ScopeCounts, scope: ScopeFilter = "all", teamId?: string): number {
  if (scope === "team") return teamId ? (counts.teams[teamId] ?? 0) : Object.values(counts.teams).reduce((sum, n) => sum + n, 0);
  return counts[scope];
}

/** What the list's tabs and filters offer, read together (readFacets). */
export type SkillListFacets = {
  /**
   * Count of visible, unarchived skills per scope tab (and per team); with filters, of those that
   * match them, so each tab says what it would show for the current search. With onlyArchived, of
   * the archived ones: the same tabs under the Archived filter.
   */
  counts: ScopeCounts;
  /** The tag filter's choices: tags of the skills the list shows (its other filters and scope applied) with how many carry each. */
  tags: TagFacet[];
  /** Everyone who wrote the current version of a visible, unarchived (or, with onlyArchived, archived) skill, with how many: the author filter's choices. */
  authors: SkillAuthor[];
  /** The viewer's teams, by name: the team tabs. */
  teams: { id: string; name: string }[];
  /** With a query: the counts and tags are of the near match, the full-text one having found nothing (as the list then shows). */
  near: boolean;
};

/** The list's tabs and filter choices for a viewer, the list's filters and scope applied as each needs (see SkillListFacets), in one statement. */
export async function listSkillFacets(viewer: ViewerRef, filters: FacetFilters & Pick<ListSkillsOptions, "q"> = {}): Promise<SkillListFacets> {
  const actor = await loadActor(db, viewer);
  const q = filters.q?.trim();
  const { rows, near } = q ? await searchBackend().facets(actor, q, filters) : { rows: await readFacets(actor, filters), near: false };
  const counts: ScopeCounts = { all: 0, personal: 0, public: 0, builtin: 0, teams: {} };
  const listed = (kind: FacetRow["kind"]) => rows.filter((row) => row.kind === kind).sort((a, b) => Number(a.rank) - Number(b.rank));
  for (const { key: scope, label: teamId, n: count } of listed("scope")) {
    const n = Number(count);
    counts.all += n;
    if (scope === "PERSONAL") counts.personal += n;
    else if (scope === "PUBLIC") counts.public += n;
    else if (scope === "BUILTIN") counts.builtin += n;
    else if (teamId) counts.teams[teamId] = (counts.teams[teamId] ?? 0) + n;
  }
  return {
    counts,
    near,
    tags: listed("tag").map((row) => ({ name: row.key, count: Number(row.n) })),
    authors: listed("author").map((row) => ({ id: row.key, name: row.label ?? "", skillCount: Number(row.n) })),
    teams: listed("team").map((row) => ({ id: row.key, name: row.label ?? "" })),
  };
}
