import "server-only";
import { prepareIndex, type SkillText } from "@/lib/playground/skill-ranking";
import { SEARCH_BODY_CHARS } from "@/lib/skills/list/search";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/server";

// Retrieve, then rerank: the database's full-text index finds the matches and orders them by its
// own rank (bm25 on SQLite, ts_rank on PostgreSQL, which disagree), and its best RERANK_DEPTH are
// reordered by the whole-skill ranking the router, search_skills and MCP list_skills use
// (lib/playground/skill-ranking.ts), so every surface answers a request in the same order and both
// databases list the same data the same way.

/**
 * How many of the database's best matches are reranked: the pages people read. Deeper matches
 * keep the database's order; reading and analysing more texts on every search would cost more than
 * the order of page nine is worth.
 */
export const RERANK_DEPTH = 200;

// SKILL.md bodies are read cut at the search index's bound (lib/skills/list/search.ts): a body
// under 256 KB can still be too long to read 200 times on every search, and the bodies people write
// fit whole (the longest seen in public collections is 74 KB). Those fitting share the router's
// analysis through the same key; a cut one gets a key of its own, or the router would reuse the
// analysis of its prefix.
const BODY_CHARS = Prisma.raw(String(SEARCH_BODY_CHARS));

/**
 * The current version's text of these skills, by skill id, as the ranking reads it: name,
 * description, SKILL.md body and resource paths. The ids come from a search that checked
 * visibility, and what is read here only orders them.
 */
async function candidateTexts(ids: readonly string[]): Promise<Map<string, SkillText>> {
  const list = Prisma.join(ids.map((id) => Prisma.sql`${id}`));
  // One statement: a row per skill with its current version's texts, and one per resource file of that version.
  const rows = await db.$queryRaw<
    {
      kind: "skill" | "file";
      id: string;
      name: string | null;
      number: number | bigint | null;
      description: string | null;
      body: string | null;
      cut: number | boolean | null;
      path: string | null;
    }[]
  >`
    SELECT 'skill' AS "kind", s."id" AS "id", s."name" AS "name", v."number" AS "number", v."description" AS "description",
      substr(v."body", 1, ${BODY_CHARS}) AS "body", length(v."body") > ${BODY_CHARS} AS "cut", CAST(NULL AS TEXT) AS "path"
      FROM "Skill" s JOIN "SkillVersion" v ON v."id" = s."currentVersionId" WHERE s."id" IN (${list})
    UNION ALL SELECT 'file', s."id", NULL, NULL, NULL, NULL, NULL, f."path"
      FROM "Skill" s JOIN "SkillFile" f ON f."versionId" = s."currentVersionId" WHERE s."id" IN (${list}) AND f."path" <> 'SKILL.md'
    ORDER BY "path"`;
  const files = new Map<string, string[]>();
  for (const row of rows) if (row.kind === "file" && row.path !== null) files.set(row.id, [...(files.get(row.id) ?? []), row.path]);
  return new Map(
    rows
      .filter((row) => row.kind === "skill")
      .map((row) => [
        row.id,
        {
          name: row.name ?? "",
          description: row.description ?? "",
          body: row.body ?? "",
          files: files.get(row.id) ?? [],
          key: `${row.id}@${Number(row.number)}${row.cut ? `/${SEARCH_BODY_CHARS}` : ""}`,
        },
      ]),
  );
}

/**
 * The candidates (in the database's order) in the shared ranking's order: those it scores, best
 * first, then those it does not (a prefix match such as "rev" for "review" has no whole word in
 * common with the query), in the database's order.
 *
 * The ranking identifies skills by name, while the list may hold two of the same name (a personal
 * and a team "foo"): the index covers each name once, through its best-matching text by the
 * database, and a namesake takes its twin's place, after it in the database's order.
 */
export async function rerank<T extends { id: string }>(q: string, candidates: readonly T[]): Promise<T[]> {
  if (candidates.length < 2) return [...candidates];
  const texts = await candidateTexts(candidates.map((c) => c.id));
  const unique = new Map<string, SkillText>();
  for (const candidate of candidates) {
    const text = texts.get(candidate.id);
    if (text && !unique.has(text.name)) unique.set(text.name, text);
  }
  const index = await prepareIndex([...unique.values()]);
  const position = new Map(index.rank(q).map((ranked, i) => [ranked.name, i]));
  const at = (candidate: T) => position.get(texts.get(candidate.id)?.name ?? "") ?? candidates.length;
  // Array.prototype.sort is stable: equal positions (namesakes, unscored) keep the database's order.
  return [...candidates].sort((a, b) => at(a) - at(b));
}
