import "server-only";
import { buildTsQuery, MARK_CLOSE, MARK_OPEN, singleSearchWord } from "@/lib/skills/list/search";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/server";
import { searchBackendOf, type SearchDialect } from "./search-backend";

// PostgreSQL: "SkillSearchText"."document", a tsvector weighted name A, description B, body C,
// under a GIN index, and a trigram index on the entries' names
// (prisma/postgres/migrations/*_skill_search). The query is the same terms SQLite searches for
// (buildTsQuery beside buildFtsQuery), and the text is split into the same words.
//
// Where the two may legitimately differ: the rank. FTS5's bm25 and ts_rank weigh term frequency
// and length differently, so among matches of similar strength the order may differ; the exact
// name comes first and a name match outranks a description match outranks a body match on both
// (lib/data/skills/search.test.ts, lib/data/skills/search-corpus.test.ts).

const CONFIG = Prisma.sql`'public.skillshelf_search'::regconfig`;
const tsQuery = (query: string) => Prisma.sql`to_tsquery(${CONFIG}, ${query})`;

// ts_rank's weights for D, C, B, A: body 1, description 4, name 10, as FTS5's bm25 is given.
// Normalization 1 divides by 1 + log(length), bm25's leaning against long documents.
const rankOf = (query: string) => Prisma.sql`ts_rank('{0, 0.1, 0.4, 1}'::float4[], t."document", ${tsQuery(query)}, 1) DESC`;

const NAME_OPTIONS = `HighlightAll=true, StartSel=${MARK_OPEN}, StopSel=${MARK_CLOSE}`;
// SQLite asks snippet() for 14 tokens, a window FTS5 slides to where the matches are (near the end
// of a text it shows more before them); ts_headline splits its words evenly around the match, so
// it is given more of them to show about as much context.
const BODY_OPTIONS = `MaxFragments=1, MaxWords=20, MinWords=10, ShortWord=0, StartSel=${MARK_OPEN}, StopSel=${MARK_CLOSE}`;

/** ts_headline of text fenced at its punctuation (see the migration), with the fences removed. */
const headline = (column: Prisma.Sql, query: string, options: string) =>
  Prisma.sql`replace(ts_headline(${CONFIG}, public.skillshelf_search_fenced(${column}), ${tsQuery(query)}, ${options}), chr(1), '')`;

export const postgresDialect: SearchDialect = {
  // The GIN index finds the matching texts; each then costs one primary-key lookup in the entries.
  from: Prisma.sql`"SkillSearchText" t JOIN "SkillSearchEntry" e ON e."id" = t."id"`,

  match(q) {
    const query = buildTsQuery(q);
    return query ? { condition: Prisma.sql`t."document" @@ ${tsQuery(query)}`, rank: rankOf(query) } : null;
  },

  // A one-word query that matches no word anywhere may be a typo of a name ("debuging" finds
  // "systematic-debugging"): pg_trgm's word similarity (the `<%` operator, threshold 0.6, served by
  // the trigram index) over the entries' names. SQLite has no such fallback; it finds nothing.
  nearMatch(q) {
    const word = singleSearchWord(q);
    if (!word || word.length < 3) return null;
    return { condition: Prisma.sql`${word} <% e."name"`, rank: Prisma.sql`word_similarity(${word}, e."name") DESC` };
  },

  marked(q, keys) {
    const query = buildTsQuery(q) ?? "";
    // The excerpt gets an ellipsis at either end where the body goes on (words before or after
    // it), as snippet() gives one on SQLite. Only the page's rows are read.
    return db.$queryRaw<{ key: number | bigint; name: string; description: string; body: string }[]>`
      SELECT t."id" AS "key", ${headline(Prisma.sql`t."name"`, query, NAME_OPTIONS)} AS "name",
        ${headline(Prisma.sql`t."description"`, query, NAME_OPTIONS)} AS "description",
        CASE WHEN a."at" > 1 AND left(t."body", a."at" - 1) ~ '[[:alnum:]]' THEN '…' ELSE '' END || b."excerpt"
          || CASE WHEN a."at" > 0 AND substr(t."body", a."at" + length(p."plain")) ~ '[[:alnum:]]' THEN '…' ELSE '' END AS "body"
      FROM "SkillSearchText" t
        CROSS JOIN LATERAL (SELECT ${headline(Prisma.sql`t."body"`, query, BODY_OPTIONS)} AS "excerpt") b
        CROSS JOIN LATERAL (SELECT replace(replace(b."excerpt", ${MARK_OPEN}, ''), ${MARK_CLOSE}, '') AS "plain") p
        CROSS JOIN LATERAL (SELECT strpos(t."body", p."plain") AS "at") a
      WHERE t."id" IN (${Prisma.join(keys)})`;
  },
};

export const postgresSearch = searchBackendOf(postgresDialect);
