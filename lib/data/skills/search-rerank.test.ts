import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { testDialect } from "@/lib/test/database";
import type { SkillListItem } from "@/lib/types/skills";

// The list's relevance order is the shared ranking's (lib/playground/skill-ranking.ts) over the
// database's best matches, whichever database ranked them first.

const { db, cleanup } = await createTestDatabase();
const data = await import("../skills");
afterAll(cleanup);
const { ada, grace } = await createCast(db);

const names = (page: { items: SkillListItem[] }) => page.items.map((item) => item.name);

// Both texts have about as many words. harbor-guide has "lighthouse" once in its body, as a
// heading, and as a resource file's name, which the database does not index; notes-keeper has it
// twice in its prose. bm25 and ts_rank count occurrences in the body; the shared ranking weighs a
// heading above prose and reads resource names.
const harbor = makeSkill("harbor-guide", {
  description: "Guides ships into port. Use when planning a harbor approach.",
  body: "# Harbor\n\n## Lighthouse\n\nRead the chart and the tide table first, then follow the buoys in.\n",
  files: { "lighthouse.md": "Signals.\n" },
});
const notes = makeSkill("notes-keeper", {
  description: "Keeps field notes. Use when writing up a trip.",
  body: "# Notes\n\nDate each entry and name the lighthouse you passed, the lighthouse you saw next, and the weather.\n",
});
// A prefix match only: the database finds "lighthouseman" for "lighthouse" (the last word typed is
// a prefix), the ranking's whole words do not.
const keeper = makeSkill("lighthouseman", { description: "Keeps a lighthouseman's log. Use when logging a watch." });

await data.createSkill(ada, { skill: harbor, destination: { scope: "PUBLIC" } });
await data.createSkill(ada, { skill: notes, destination: { scope: "PUBLIC" } });
await data.createSkill(ada, { skill: keeper, destination: { scope: "PUBLIC" } });
// A namesake in grace's personal space, with the same text: the list shows both.
await data.createSkill(grace, { skill: harbor, destination: { scope: "PERSONAL" } });

/** The database's own rank order for one word, read straight from the index. */
async function databaseOrder(word: string): Promise<string[]> {
  const rows =
    testDialect === "postgres"
      ? await db.$queryRawUnsafe<{ name: string }[]>(
          `SELECT e."name" AS "name" FROM "SkillSearchText" t JOIN "SkillSearchEntry" e ON e."id" = t."id"
           WHERE t."document" @@ to_tsquery('public.skillshelf_search', $1) AND e."scope" = 'PUBLIC'
           ORDER BY ts_rank('{0, 0.1, 0.4, 1}'::float4[], t."document", to_tsquery('public.skillshelf_search', $1), 1) DESC, e."name", e."skillId"`,
          `'${word}'`,
        )
      : await db.$queryRawUnsafe<{ name: string }[]>(
          `SELECT e."name" AS "name" FROM "SkillSearch" JOIN "SkillSearchEntry" e ON e."id" = "SkillSearch"."rowid"
           WHERE "SkillSearch" MATCH ? AND e."scope" = 'PUBLIC' ORDER BY bm25("SkillSearch", 10.0, 4.0, 1.0), e."name", e."skillId"`,
          `"${word}"`,
        );
  return rows.map((row) => row.name);
}

describe("the list search ranks with the shared ranking", () => {
  it("orders matches as the shared ranking does where the database's rank disagrees", async () => {
    // The premise: the database alone would put notes-keeper first.
    expect(await databaseOrder("lighthouse")).toEqual(["notes-keeper", "harbor-guide"]);
    const page = await data.listSkills(ada, { q: "lighthouse" });
    expect(names(page)).toEqual(["harbor-guide", "notes-keeper", "lighthouseman"]);
    expect(page.total).toBe(3);
  });

  it("lists namesakes together at the place the ranking gives their name", async () => {
    const page = await data.listSkills(grace, { q: "lighthouse" });
    expect(names(page)).toEqual(["harbor-guide", "harbor-guide", "notes-keeper", "lighthouseman"]);
    expect(page.items.slice(0, 2).map((item) => item.scope)).toEqual(expect.arrayContaining(["PERSONAL", "PUBLIC"]));
    expect(page.total).toBe(4);
  });

  it("continues the order on the next page", async () => {
    const all = await data.listSkills(grace, { q: "lighthouse" });
    const pages = await Promise.all([1, 2].map((page) => data.listSkills(grace, { q: "lighthouse", page, pageSize: 2 })));
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(all.items.map((item) => item.id));
    expect(pages.map((page) => page.total)).toEqual([4, 4]);
  });

  it("puts a skill whose exact name is the query first", async () => {
    expect(names(await data.listSkills(ada, { q: "notes-keeper" }))[0]).toBe("notes-keeper");
  });

  it("leaves the other sorts to the database", async () => {
    expect(names(await data.listSkills(ada, { q: "lighthouse", sort: "name" }))).toEqual(["harbor-guide", "lighthouseman", "notes-keeper"]);
  });
});

describe("past the reranked depth", () => {
  it("keeps the database's order after the best RERANK_DEPTH matches, and pages straight across", async () => {
    const { RERANK_DEPTH } = await import("./search-rerank");
    for (let i = 0; i < RERANK_DEPTH + 5; i++) {
      const name = `anchorage-${String(i).padStart(3, "0")}`;
      const body = `# Anchorages\n\n${"Check the anchorage. ".repeat(1 + (i % 7))}\n`;
      await data.createSkill(ada, {
        skill: makeSkill(name, { body, description: `Marks channel ${i}. Use when charting.` }),
        destination: { scope: "PUBLIC" },
      });
    }
    const database = await databaseOrder("anchorage");
    const byHundred = await Promise.all([1, 2, 3].map((page) => data.listSkills(ada, { q: "anchorage", page, pageSize: 100 })));
    const byThirty = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((page) => data.listSkills(ada, { q: "anchorage", page, pageSize: 30 })));
    const listed = byHundred.flatMap((page) => names(page));
    expect(byThirty.flatMap((page) => names(page))).toEqual(listed);
    expect(new Set(listed.slice(0, RERANK_DEPTH))).toEqual(new Set(database.slice(0, RERANK_DEPTH)));
    expect(listed.slice(RERANK_DEPTH)).toEqual(database.slice(RERANK_DEPTH));
    expect(byHundred[2].total).toBe(RERANK_DEPTH + 5);
  }, 60_000);
});
