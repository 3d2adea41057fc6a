import { readFile, readdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { SEARCH_BODY_CHARS } from "@/lib/skills/list/search";
import { createTestDatabase, createUser, makeSkill, testDialect } from "@/lib/test/database";

const { db, cleanup } = await createTestDatabase();
const data = await import("./");
const { checkHealth } = await import("../platform/health");
// The data layer's own client (health runs on it), not the test's second one.
const { db: appDb } = await import("@/lib/db/server");
afterAll(cleanup);

await createUser(db, "ada", { name: "Ada" });
const team = await db.team.create({ data: { name: "Platform", memberships: { create: [{ userId: "ada", role: "OWNER" }] } } });
const ada = { id: "ada" };

/** Random printable words, the shape of the body that stalled the server (deterministic). */
function randomText(chars: number, seed = 1): string {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const word = Array.from({ length: 1 + (next() % 8) }, () => String.fromCharCode(97 + (next() % 26))).join("");
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(" ").slice(0, chars);
}

// Uploads now refuse a SKILL.md this large; a body stored before that limit is written in place,
// as an old database holds it, and the repair trigger reindexes it.
async function storeHugeBody(name: string, body: string) {
  const { skillId } = await data.createSkill(ada, { skill: makeSkill(name), destination: { scope: "TEAM", teamId: team.id } });
  const skill = await db.skill.findUniqueOrThrow({ where: { id: skillId }, select: { id: true, currentVersionId: true } });
  await db.skillVersion.update({ where: { id: skill.currentVersionId! }, data: { body } });
  return skill.id;
}

/** What a search can walk for one skill: the text snippet() or ts_headline() is given, and the token instances the index holds for its body. */
async function indexedWork(skillId: string) {
  if (testDialect === "postgres") {
    // The body's word positions are those weighted C in the tsvector.
    const [{ chars, instances }] = await db.$queryRawUnsafe<{ chars: number; instances: bigint }[]>(
      `SELECT length(t."body") AS "chars", (SELECT count(*) FROM unnest(t."document") u, unnest(u."weights") w WHERE w = 'C') AS "instances"
       FROM "SkillSearchText" t JOIN "SkillSearchEntry" e ON e."id" = t."id" WHERE e."skillId" = $1`,
      skillId,
    );
    return { chars: Number(chars), instances: Number(instances) };
  }
  // In a transaction: the temp table exists only on the connection that made it.
  const [{ chars, instances }] = await db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`CREATE VIRTUAL TABLE IF NOT EXISTS temp."SearchInstances" USING fts5vocab(main, 'SkillSearch', 'instance')`);
    return tx.$queryRawUnsafe<{ chars: bigint; instances: bigint }[]>(
      `WITH row AS (SELECT "id" FROM "SkillSearchEntry" WHERE "skillId" = ?)
     SELECT (SELECT length("body") FROM "SkillSearchText" WHERE "id" = (SELECT "id" FROM row)) AS "chars",
            (SELECT count(*) FROM temp."SearchInstances" WHERE "doc" = (SELECT "id" FROM row) AND "col" = 'body') AS "instances"`,
      skillId,
    );
  });
  return { chars: Number(chars), instances: Number(instances) };
}

describe("a search over a 5 MB SKILL.md body", () => {
  it("does bounded work: the index and the excerpt see at most SEARCH_BODY_CHARS of it", { timeout: 60_000 }, async () => {
    const body = `Open the wombat console first. ${randomText(5_000_000)} The okapi appears only at the very end.`;
    const id = await storeHugeBody("huge-body", body);
    const work = await indexedWork(id);
    expect(work.chars).toBe(SEARCH_BODY_CHARS);
    // Every token takes at least one character and one separator.
    expect(work.instances).toBeLessThanOrEqual(SEARCH_BODY_CHARS / 2);
    expect(work.instances).toBeGreaterThan(1000);

    // One-letter searches by a team member, the request that froze the server for 12 s.
    const [hit] = (await data.listSkills(ada, { q: "wombat" })).items;
    expect(hit.name).toBe("huge-body");
    expect(hit.match?.body?.some((segment) => segment.match && segment.text.toLowerCase() === "wombat")).toBe(true);
    expect((await data.listSkills(ada, { q: "d" })).items.map((item) => item.name)).toContain("huge-body");
    // The price of the bound: words past it are not searchable.
    expect((await data.listSkills(ada, { q: "okapi" })).items).toEqual([]);
  });
});

describe("health", () => {
  it("answers while a transaction holds the writer", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const transaction = appDb.$transaction(async (tx) => {
      await tx.team.create({ data: { name: "busy" } });
      started();
      await held;
    });
    await inside;
    // Behind the old process-wide gate this never resolved until the transaction ended.
    const health = await checkHealth();
    release();
    await transaction;
    expect(health).toMatchObject({ ok: true, database: "ok" });
  });
});

describe("the bounded-body migration", () => {
  it("rebuilds the index of skills stored before it from the prefix of their bodies", async () => {
    const migrationsDir = path.join(process.cwd(), "prisma", "migrations");
    const folders = (await readdir(migrationsDir, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const boundIndex = folders.findIndex((name) => name.endsWith("_search_bounded_body"));
    expect(boundIndex).toBeGreaterThan(0);
    const dir = await mkdtemp(path.join(os.tmpdir(), "skillshelf-bounded-"));
    const raw = new Database(path.join(dir, "old.db"));
    try {
      for (const folder of folders.slice(0, boundIndex)) raw.exec(await readFile(path.join(migrationsDir, folder, "migration.sql"), "utf8"));
      raw.exec(
        `INSERT INTO "Skill" ("id", "name", "scope", "space", "updatedAt") VALUES ('s1', 'legacy-skill', 'BUILTIN', 'builtin', '2026-01-01T00:00:00.000+00:00')`,
      );
      raw
        .prepare(
          `INSERT INTO "SkillVersion" ("id", "skillId", "number", "name", "description", "frontmatter", "body", "catalogTokens", "bodyTokens", "resourceTokens", "totalBytes", "fileCount", "digest", "findings", "message")
           VALUES ('v1', 's1', 1, 'legacy-skill', 'An old description.', '{}', ?, 1, 1, 0, 1, 1, 'x', '[]', 'm')`,
        )
        .run(`The tapir leads. ${randomText(200_000)} The capybara trails.`);
      raw.exec(`UPDATE "Skill" SET "currentVersionId" = 'v1' WHERE "id" = 's1'`);
      const find = (term: string) => raw.prepare(`SELECT "rowid" FROM "SkillSearch" WHERE "SkillSearch" MATCH ?`).all(`"${term}"`).length;
      expect(find("capybara")).toBe(1);

      raw.exec(await readFile(path.join(migrationsDir, folders[boundIndex], "migration.sql"), "utf8"));
      expect(find("tapir")).toBe(1);
      expect(find("capybara")).toBe(0);
      expect(raw.prepare(`SELECT length("body") AS n FROM "SkillSearchText"`).get()).toEqual({ n: SEARCH_BODY_CHARS });
      // The external-content index agrees with its text table.
      raw.exec(`INSERT INTO "SkillSearch" ("SkillSearch") VALUES ('integrity-check')`);
      // And the recreated triggers bound what later writes index.
      raw.exec(`UPDATE "SkillVersion" SET "body" = "body" || ' more' WHERE "id" = 'v1'`);
      expect(raw.prepare(`SELECT length("body") AS n FROM "SkillSearchText"`).get()).toEqual({ n: SEARCH_BODY_CHARS });
    } finally {
      raw.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
