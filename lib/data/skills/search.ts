import "server-only";
import type { Actor } from "@/lib/skills/permissions/permissions";
import { db } from "@/lib/db/server";
import type { ListSkillsOptions, SkillPage } from "./list-options";
import { readSummaries } from "./summaries";
import type { SkillSearchBackend } from "./search-backend";
import { postgresSearch } from "./search-postgres";
import { sqliteSearch } from "./search-sqlite";

// The full-text path of listing: the database's search backend filters in SQL over its search
// index, orders (by relevance: its best matches reranked by the shared ranking) and pages, and
// marks the matched terms of that page.

/** The search backend of the database in use. */
export const searchBackend = (): SkillSearchBackend => (db.$dialect === "postgres" ? postgresSearch : sqliteSearch);

/**
 * The search path of listSkills: one query ranks and pages the matching visible skills, a second
 * marks the matched terms in that page only (highlighting every match would re-read every body),
 * and the rows then load as any list's (readSummaries).
 */
export async function searchSkills(actor: Actor, q: string, options: ListSkillsOptions & { page: number; pageSize: number }): Promise<SkillPage> {
  const { page, pageSize } = options;
  const backend = searchBackend();
  const { hits, total } = await backend.page(actor, q, options);
  if (!hits.length) return { items: [], total, page, pageSize };
  const [matches, items] = await Promise.all([
    backend.highlight(q, hits),
    readSummaries(
      actor,
      hits.map((hit) => hit.id),
      { loads30: options.loads30 },
    ),
  ]);
  return {
    items: items.map((summary) => ({ ...summary, match: matches.get(summary.id) ?? null })),
    total,
    page,
    pageSize,
  };
}
