import type { SkillListPage } from "@/lib/types/skills";

export type ScopeFilter = "all" | "personal" | "team" | "public" | "builtin";
/** "relevance" orders a search by match quality; without a query it means "updated". */
/** "used": most loads in 30 days; "trending": loads of the last 7 days against the 7 before (lib/skills/usage/events.ts trendScore). */
export type SkillSort = "relevance" | "updated" | "name" | "tokens" | "size" | "used" | "trending";

export interface ListSkillsOptions {
  scope?: ScopeFilter;
  /** With scope "team": one team's skills. */
  teamId?: string;
  /**
   * Full-text search over the name, description and SKILL.md body of each skill's current
   * version; words are ANDed, the last matches as a prefix, "quoted phrases" match exactly.
   * Ranked by relevance unless another sort is asked for, with matched terms in `match`.
   */
  q?: string;
  /** Author of the current version. */
  authorId?: string;
  hasWarnings?: boolean;
  /** Only skills with this tag. */
  tag?: string;
  /** Only skills the viewer starred. */
  starred?: boolean;
  /** Only skills with no load in the last 30 days. */
  unused30?: boolean;
  includeArchived?: boolean;
  /** Only archived skills (the list's Archived filter); wins over includeArchived. */
  onlyArchived?: boolean;
  /** Defaults to "relevance" with a query, "updated" without. */
  sort?: SkillSort;
  page?: number;
  pageSize?: number;
  /** Each item's loads per day over the last 30 days (`loads30`, the card's sparkline), read with the page's tags. */
  loads30?: boolean;
  /**
   * How many skills these options list, as the caller already counts them (the scope tab's count
   * from listSkillFacets, scopeCount), so the list does not count them again. With a query, the
   * full-text match's count: undefined when the caller counted another (the near match), and the
   * list then counts its own.
   */
  knownTotal?: Promise<number | undefined>;
}

export type SkillPage = SkillListPage;
