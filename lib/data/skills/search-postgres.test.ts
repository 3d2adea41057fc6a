import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { SEARCH_BODY_CHARS } from "@/lib/skills/list/search";
import { createDatabase, findPostgresBin, NO_POSTGRES_MESSAGE } from "@/lib/test/postgres-cluster";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";

// What only the PostgreSQL search does or needs: its migration's backfill and triggers, its use
// of the GIN and trigram indexes, and the near-name fallback. On a SQLite run this file starts a
// cluster of its own. The behaviour both databases share is tested in search.test.ts.

if (!findPostgresBin()) console.warn(`[search-postgres.test] skipped: ${NO_POSTGRES_MESSAGE}`);

describe.runIf(findPostgresBin())("the PostgreSQL search", async () => {
  const { db, databasePath, cleanup } = await createTestDatabase("postgres");
  const data = await import("./");
  const { postgresDialect } = await import("./search-postgres");
  afterAll(cleanup);

  await createUser(db, "ada", { role: "ADMIN", name: "Ada" });
  const ada = { id: "ada" };
  await data.createSkill(ada, {
    skill: makeSkill("systematic-debugging", { description: "Finds the root cause of a bug. Use when something fails." }),
    destination: { scope: "PUBLIC" },
  });
  await data.createSkill(ada, { skill: makeSkill("release-notes", { body: "# Notes\n\nDrafts the changelog.\n" }), destination: { scope: "PERSONAL" } });

  it("serves a search from the GIN index and a near-name match from the trigram index", async () => {
    // A few hundred skills written in SQL, as a restore would: the triggers index them too.
    await db.$executeRawUnsafe(`
      INSERT INTO "Skill" ("id", "name", "scope", "space", "updatedAt") SELECT 'bulk' || i, 'bulk-skill-' || i, 'PUBLIC', 'public', now() FROM generate_series(1, 300) i`);
    await db.$executeRawUnsafe(`
      INSERT INTO "SkillVersion" ("id", "skillId", "number", "name", "description", "frontmatter", "body", "catalogTokens", "bodyTokens", "resourceTokens", "totalBytes", "fileCount", "digest", "findings", "message")
      SELECT 'v' || s."id", s."id", 1, s."name", 'Bulk skill ' || s."name" || '. Use for load.', '{}', 'Body of ' || s."name", 1, 1, 0, 1, 1, 'x', '[]', 'm'
      FROM "Skill" s WHERE s."id" LIKE 'bulk%'`);
    await db.$executeRawUnsafe(`UPDATE "Skill" SET "currentVersionId" = 'v' || "id" WHERE "id" LIKE 'bulk%'`);
    await db.$executeRawUnsafe(`ANALYZE "SkillSearchText", "SkillSearchEntry"`);
    expect((await data.listSkills(ada, { q: "bulk" })).total).toBe(300);

    const text = postgresDialect.match("changelog")!;
    const near = postgresDialect.nearMatch!("debuging")!;
    // With so few rows the planner rightly prefers reading the whole table (in order or along its
    // primary key); forbidding both asks whether the index can serve the condition at all, which
    // is what must hold at 100,000 skills (bench:scale measures that).
    const plans = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      await tx.$executeRawUnsafe("SET LOCAL enable_indexscan = off");
      const explain = async (condition: typeof text.condition) =>
        (await tx.$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN SELECT e."skillId" FROM ${postgresDialect.from} WHERE ${condition}`)
          .map((row) => row["QUERY PLAN"])
          .join("\n");
      return { text: await explain(text.condition), near: await explain(near.condition) };
    });
    expect(plans.text).toContain("SkillSearchText_document_idx");
    expect(plans.near).toContain("SkillSearchEntry_name_trgm_idx");
  });

  it("offers names a one-word query nearly matches, only when nothing matches it as text", async () => {
    const page = await data.listSkills(ada, { q: "debuging" });
    expect(page.items.map((item) => item.name)).toEqual(["systematic-debugging"]);
    expect(page.items[0].match?.body).toBeNull();
    expect((await data.listSkillFacets(ada, { q: "debuging" })).counts).toMatchObject({ all: 1, public: 1 });
    // The text matches a personal skill: the public tab says none, rather than near misses.
    expect((await data.listSkills(ada, { q: "changelog", scope: "public" })).total).toBe(0);
    expect((await data.listSkillFacets(ada, { q: "changelog" })).counts).toMatchObject({ all: 1, personal: 1, public: 0 });
    // Phrases, several words and short words get no near misses.
    for (const q of ['"debuging"', "debuging root", "dbg"]) expect((await data.listSkills(ada, { q })).total).toBe(0);
  });

  it("backfills skills stored before the search migration, bounds their bodies and keeps them current", async () => {
    const dir = path.join(process.cwd(), "prisma", "postgres", "migrations");
    const folders = (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const searchIndex = folders.findIndex((name) => name.endsWith("_skill_search"));
    expect(searchIndex).toBeGreaterThan(0);
    const serverUrl = databasePath.replace(/\/[^/]*$/, "/postgres");
    const name = `backfill_${randomBytes(4).toString("hex")}`;
    await createDatabase(serverUrl, name);
    const client = new pg.Client(databasePath.replace(/\/[^/]*$/, `/${name}`));
    await client.connect();
    try {
      for (const folder of folders.slice(0, searchIndex)) await client.query(await readFile(path.join(dir, folder, "migration.sql"), "utf8"));
      await client.query(
        `INSERT INTO "Skill" ("id", "name", "scope", "space", "updatedAt") VALUES ('s1', 'legacy-skill', 'BUILTIN', 'builtin', now()), ('s2', 'no-version', 'BUILTIN', 'builtin', now())`,
      );
      await client.query(
        `INSERT INTO "SkillVersion" ("id", "skillId", "number", "name", "description", "frontmatter", "body", "catalogTokens", "bodyTokens", "resourceTokens", "totalBytes", "fileCount", "digest", "findings", "message")
         VALUES ('v1', 's1', 1, 'legacy-skill', 'An old description.', '{}', $1, 1, 1, 0, 1, 1, 'x', '[]', 'm')`,
        [`The tapir leads. ${"filler words ".repeat(10_000)} The capybara trails.`],
      );
      await client.query(`UPDATE "Skill" SET "currentVersionId" = 'v1' WHERE "id" = 's1'`);
      await client.query(await readFile(path.join(dir, folders[searchIndex], "migration.sql"), "utf8"));

      const find = async (word: string) =>
        (
          await client.query(
            `SELECT e."skillId" FROM "SkillSearchText" t JOIN "SkillSearchEntry" e ON e."id" = t."id" WHERE t."document" @@ to_tsquery('public.skillshelf_search', $1)`,
            [word],
          )
        ).rows.map((row) => row.skillId);
      expect(await find("tapir")).toEqual(["s1"]);
      // Past SEARCH_BODY_CHARS, as on SQLite.
      expect(await find("capybara")).toEqual([]);
      expect((await client.query(`SELECT "scope", "name", "bodyTokens" FROM "SkillSearchEntry"`)).rows).toEqual([
        { scope: "BUILTIN", name: "legacy-skill", bodyTokens: 1 },
      ]);
      expect((await client.query(`SELECT length("body") AS n FROM "SkillSearchText"`)).rows).toEqual([{ n: SEARCH_BODY_CHARS }]);

      // A repair made by hand in SQL reindexes; archiving, a rename and a delete follow.
      await client.query(`UPDATE "SkillVersion" SET "body" = 'Now about the okapi.', "warningCount" = 2 WHERE "id" = 'v1'`);
      expect([await find("okapi"), await find("tapir")]).toEqual([["s1"], []]);
      await client.query(`UPDATE "Skill" SET "archived" = true, "name" = 'renamed-skill' WHERE "id" = 's1'`);
      expect((await client.query(`SELECT "archived", "name", "warningCount" FROM "SkillSearchEntry"`)).rows).toEqual([
        { archived: true, name: "renamed-skill", warningCount: 2 },
      ]);
      expect(await find("renamed")).toEqual(["s1"]);
      await client.query(`DELETE FROM "Skill" WHERE "id" = 's1'`);
      expect((await client.query(`SELECT (SELECT count(*) FROM "SkillSearchEntry") + (SELECT count(*) FROM "SkillSearchText") AS n`)).rows).toEqual([
        { n: "0" },
      ]);
    } finally {
      await client.end();
      const admin = new pg.Client(serverUrl);
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.end());
    }
  });
});
