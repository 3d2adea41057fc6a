-- Full-text search over each skill's name and its current version's description and SKILL.md body.
-- Hand-written: Prisma does not model FTS5. These tables are declared external (prisma.config.ts,
-- scripts/db/external-tables.ts) so schema diffs leave them alone.
--
-- Three tables, one row per skill that has a current version:
--   "SkillSearchEntry"  narrow: what a search filters and sorts on (visibility, archived, author,
--                       warnings, name, dates, sizes), copied from "Skill" and the current version.
--                       A search visits one row per match, and small rows keep that a cache hit:
--                       joining "Skill"/"SkillVersion" instead costs ~10x at 10,000 skills.
--   "SkillSearchText"   the indexed text, the content table of the index.
--   "SkillSearch"       the FTS5 index (external content, so the text is not stored a third time).
-- Their INTEGER PRIMARY KEY is the index's rowid, which VACUUM never renumbers (Skill's implicit
-- rowid may change). Triggers keep all three in step with every write path, the data layer's and
-- raw SQL alike.
--
-- A migration that redefines "Skill" or "SkillVersion" (Prisma's copy, drop, rename) drops their
-- triggers with them: recreate the *_search_* triggers below in it. lib/data/search.test.ts fails
-- until they are.

-- CreateTable
CREATE TABLE "SkillSearchEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "skillId" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "ownerId" TEXT,
    "teamId" TEXT,
    "archived" BOOLEAN NOT NULL,
    "name" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "authorId" TEXT,
    "warningCount" INTEGER NOT NULL,
    "bodyTokens" INTEGER NOT NULL,
    "totalBytes" INTEGER NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "SkillSearchEntry_skillId_key" ON "SkillSearchEntry"("skillId");

-- CreateTable
CREATE TABLE "SkillSearchText" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "body" TEXT NOT NULL
);

-- No stemmer: the last term is matched as a prefix while typing, and Porter stems a word and its
-- longer forms apart ("deploy" -> "deploi", "deployment" -> "deploy"), so prefixes would miss.
CREATE VIRTUAL TABLE "SkillSearch" USING fts5(
    "name", "description", "body",
    content = 'SkillSearchText',
    content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
);

-- Text -> index.
CREATE TRIGGER "SkillSearchText_ai" AFTER INSERT ON "SkillSearchText" BEGIN
    INSERT INTO "SkillSearch" ("rowid", "name", "description", "body") VALUES (new."id", new."name", new."description", new."body");
END;

CREATE TRIGGER "SkillSearchText_ad" AFTER DELETE ON "SkillSearchText" BEGIN
    INSERT INTO "SkillSearch" ("SkillSearch", "rowid", "name", "description", "body") VALUES ('delete', old."id", old."name", old."description", old."body");
END;

CREATE TRIGGER "SkillSearchText_au" AFTER UPDATE ON "SkillSearchText" BEGIN
    INSERT INTO "SkillSearch" ("SkillSearch", "rowid", "name", "description", "body") VALUES ('delete', old."id", old."name", old."description", old."body");
    INSERT INTO "SkillSearch" ("rowid", "name", "description", "body") VALUES (new."id", new."name", new."description", new."body");
END;

-- Skill -> entry and text. A new version is written before it becomes current, so the switch of
-- "currentVersionId" (also its SET NULL when that version is deleted) is what reindexes, not the
-- version insert.
CREATE TRIGGER "Skill_search_ai" AFTER INSERT ON "Skill" WHEN new."currentVersionId" IS NOT NULL BEGIN
    INSERT INTO "SkillSearchEntry" ("skillId", "scope", "ownerId", "teamId", "archived", "name", "updatedAt", "authorId", "warningCount", "bodyTokens", "totalBytes")
    SELECT new."id", new."scope", new."ownerId", new."teamId", new."archived", new."name", new."updatedAt", v."authorId", v."warningCount", v."bodyTokens", v."totalBytes"
    FROM "SkillVersion" v WHERE v."id" = new."currentVersionId";
    INSERT INTO "SkillSearchText" ("id", "name", "description", "body")
    SELECT e."id", new."name", v."description", v."body" FROM "SkillSearchEntry" e JOIN "SkillVersion" v ON v."id" = new."currentVersionId" WHERE e."skillId" = new."id";
END;

CREATE TRIGGER "Skill_search_au_current" AFTER UPDATE OF "currentVersionId", "name" ON "Skill"
WHEN new."currentVersionId" IS NOT old."currentVersionId" OR new."name" IS NOT old."name" BEGIN
    DELETE FROM "SkillSearchText" WHERE new."currentVersionId" IS NULL AND "id" = (SELECT "id" FROM "SkillSearchEntry" WHERE "skillId" = old."id");
    DELETE FROM "SkillSearchEntry" WHERE new."currentVersionId" IS NULL AND "skillId" = old."id";
    INSERT INTO "SkillSearchEntry" ("skillId", "scope", "ownerId", "teamId", "archived", "name", "updatedAt", "authorId", "warningCount", "bodyTokens", "totalBytes")
    SELECT new."id", new."scope", new."ownerId", new."teamId", new."archived", new."name", new."updatedAt", v."authorId", v."warningCount", v."bodyTokens", v."totalBytes"
    FROM "SkillVersion" v WHERE v."id" = new."currentVersionId"
    ON CONFLICT ("skillId") DO UPDATE SET
        "scope" = excluded."scope", "ownerId" = excluded."ownerId", "teamId" = excluded."teamId", "archived" = excluded."archived", "name" = excluded."name",
        "updatedAt" = excluded."updatedAt", "authorId" = excluded."authorId", "warningCount" = excluded."warningCount", "bodyTokens" = excluded."bodyTokens", "totalBytes" = excluded."totalBytes";
    INSERT INTO "SkillSearchText" ("id", "name", "description", "body")
    SELECT e."id", new."name", v."description", v."body" FROM "SkillSearchEntry" e JOIN "SkillVersion" v ON v."id" = new."currentVersionId" WHERE e."skillId" = new."id"
    ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "description" = excluded."description", "body" = excluded."body";
END;

-- Moves, archiving and touches change only what searches filter and sort on, not the text.
CREATE TRIGGER "Skill_search_au_meta" AFTER UPDATE OF "scope", "ownerId", "teamId", "archived", "updatedAt" ON "Skill" BEGIN
    UPDATE "SkillSearchEntry" SET "scope" = new."scope", "ownerId" = new."ownerId", "teamId" = new."teamId", "archived" = new."archived", "updatedAt" = new."updatedAt"
    WHERE "skillId" = new."id";
END;

CREATE TRIGGER "Skill_search_ad" AFTER DELETE ON "Skill" BEGIN
    DELETE FROM "SkillSearchText" WHERE "id" = (SELECT "id" FROM "SkillSearchEntry" WHERE "skillId" = old."id");
    DELETE FROM "SkillSearchEntry" WHERE "skillId" = old."id";
END;

-- Versions are immutable; this only guards a repair made by hand in SQL.
CREATE TRIGGER "SkillVersion_search_au" AFTER UPDATE ON "SkillVersion"
WHEN EXISTS (SELECT 1 FROM "Skill" s WHERE s."id" = new."skillId" AND s."currentVersionId" = new."id") BEGIN
    UPDATE "SkillSearchEntry" SET "authorId" = new."authorId", "warningCount" = new."warningCount", "bodyTokens" = new."bodyTokens", "totalBytes" = new."totalBytes"
    WHERE "skillId" = new."skillId";
    UPDATE "SkillSearchText" SET "description" = new."description", "body" = new."body"
    WHERE "id" = (SELECT "id" FROM "SkillSearchEntry" WHERE "skillId" = new."skillId") AND ("description" IS NOT new."description" OR "body" IS NOT new."body");
END;

-- Backfill the skills that exist already (the text trigger indexes them).
INSERT INTO "SkillSearchEntry" ("skillId", "scope", "ownerId", "teamId", "archived", "name", "updatedAt", "authorId", "warningCount", "bodyTokens", "totalBytes")
SELECT s."id", s."scope", s."ownerId", s."teamId", s."archived", s."name", s."updatedAt", v."authorId", v."warningCount", v."bodyTokens", v."totalBytes"
FROM "Skill" s JOIN "SkillVersion" v ON v."id" = s."currentVersionId";

INSERT INTO "SkillSearchText" ("id", "name", "description", "body")
SELECT e."id", e."name", v."description", v."body" FROM "SkillSearchEntry" e JOIN "Skill" s ON s."id" = e."skillId" JOIN "SkillVersion" v ON v."id" = s."currentVersionId";
