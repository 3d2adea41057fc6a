import "server-only";
import { buildFtsQuery, MARK_CLOSE, MARK_OPEN } from "@/lib/skills/list/search";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/server";
import { searchBackendOf } from "./search-backend";

// SQLite: the FTS5 index "SkillSearch" over "SkillSearchText", its rowid the entry's id
// (prisma/migrations/*_skill_search, *_search_bounded_body).

// bm25 weights for the indexed columns (name, description, body): a word in a skill's name says
// far more about what it is for than the same word somewhere in its instructions.
const RANK = Prisma.sql`bm25("SkillSearch", 10.0, 4.0, 1.0)`;

export const sqliteSearch = searchBackendOf({
  // The index drives the join; each match then costs one primary-key lookup in the narrow entries
  // table, which carries every column a search filters or sorts on (see the migration).
  from: Prisma.sql`"SkillSearch" CROSS JOIN "SkillSearchEntry" e ON e."id" = "SkillSearch"."rowid"`,

  match(q) {
    const match = buildFtsQuery(q);
    return match ? { condition: Prisma.sql`"SkillSearch" MATCH ${match}`, rank: RANK } : null;
  },

  marked(q, keys) {
    // FTS5 answers `rowid IN (...)` by running the whole query once per id (~0.4 ms each for a
    // common prefix); a rowid range is one pass over the matches, and the unary + keeps the IN list
    // a plain filter on that pass.
    const [lowest, highest] = [Math.min(...keys), Math.max(...keys)];
    return db.$queryRaw<{ key: number | bigint; name: string; description: string; body: string }[]>`
      SELECT "rowid" AS "key",
        highlight("SkillSearch", 0, ${MARK_OPEN}, ${MARK_CLOSE}) AS "name",
        highlight("SkillSearch", 1, ${MARK_OPEN}, ${MARK_CLOSE}) AS "description",
        snippet("SkillSearch", 2, ${MARK_OPEN}, ${MARK_CLOSE}, '…', 14) AS "body"
      FROM "SkillSearch" WHERE "SkillSearch" MATCH ${buildFtsQuery(q)} AND "rowid" BETWEEN ${lowest} AND ${highest} AND +"rowid" IN (${Prisma.join(keys)})`;
  },
});
