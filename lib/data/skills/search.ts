import "server-only";
import type { Actor } from "@/lib/skills/permissions/permissions";
import { db } from "@/lib/db/server";
import { visibleTo } from "../core/skill-access";
import type { ListSkillsOptions, SkillPage } from "./list-options";
import { shadowingFor, summarySelect, toSummary } from "./rows";
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
 * and the rows then load through Prisma like any list.
 */
export async function searchSkills(actor: Actor, q: string, options: ListSkillsOptions & { page: number; pageSize: number }): Promise<SkillPage> {
  const { page, pageSize } = options;
  const backend = searchBackend();
  const { hits, total } = await backend.page(actor, q, options);
  if (!hits.length) return { items: [], total, page, pageSize };
  const [matches, rows] = await Promise.all([
    backend.highlight(q, hits),
    db.skill.findMany({ where: { AND: [{ id: { in: hits.map((hit) => hit.id) } }, visibleTo(actor)] }, select: summarySelect }),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = hits.flatMap((hit) => byId.get(hit.id) ?? []);
  const shadows = await shadowingFor(actor, ordered);
  return {
    items: ordered.map((row) => ({ ...toSummary(row, shadows.get(row.id) ?? null), match: matches.get(row.id) ?? null })),
    total,
    page,
    pageSize,
  };
}
