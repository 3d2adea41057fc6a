-- The search index holds only the first 65,536 characters of each SKILL.md body
-- (SEARCH_BODY_CHARS in lib/skills/search.ts). A match, bm25 and snippet() all walk what is
-- indexed for a row, so one 5 MB body made every search that reached it take seconds inside the
-- synchronous SQLite call, freezing the whole server. Bounded, a search costs the same whatever
-- was uploaded. The bodies people write are far shorter (the longest seen in public skill
-- collections is 74 KB, most are under 20 KB); names and descriptions stay indexed whole.
--
-- Hand-written like 20261120224600_skill_search: the three triggers that copy a version's body
-- are recreated with substr(), the rest are unchanged.

DROP TRIGGER "Skill_search_ai";
CREATE TRIGGER "Skill_search_ai" AFTER INSERT ON "Skill" WHEN new."currentVersionId" IS NOT NULL BEGIN
    INSERT INTO "SkillSearchEntry" ("skillId", "scope", "ownerId", "teamId", "archived", "name", "updatedAt", "authorId", "warningCount", "bodyTokens", "totalBytes")
    SELECT new."id", new."scope", new."ownerId", new."teamId", new."archived", new."name", new."updatedAt", v."authorId", v."warningCount", v."bodyTokens", v."totalBytes"
    FROM "SkillVersion" v WHERE v."id" = new."currentVersionId";
    INSERT INTO "SkillSearchText" ("id", "name", "description", "body")
    SELECT e."id", new."name", v."description", substr(v."body", 1, 65536) FROM "SkillSearchEntry" e JOIN "SkillVersion" v ON v."id" = new."currentVersionId" WHERE e."skillId" = new."id";
END;

DROP TRIGGER "Skill_search_au_current";
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
    SELECT e."id", new."name", v."description", substr(v."body", 1, 65536) FROM "SkillSearchEntry" e JOIN "SkillVersion" v ON v."id" = new."currentVersionId" WHERE e."skillId" = new."id"
    ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "description" = excluded."description", "body" = excluded."body";
END;

DROP TRIGGER "SkillVersion_search_au";
CREATE TRIGGER "SkillVersion_search_au" AFTER UPDATE ON "SkillVersion"
WHEN EXISTS (SELECT 1 FROM "Skill" s WHERE s."id" = new."skillId" AND s."currentVersionId" = new."id") BEGIN
    UPDATE "SkillSearchEntry" SET "authorId" = new."authorId", "warningCount" = new."warningCount", "bodyTokens" = new."bodyTokens", "totalBytes" = new."totalBytes"
    WHERE "skillId" = new."skillId";
    UPDATE "SkillSearchText" SET "description" = new."description", "body" = substr(new."body", 1, 65536)
    WHERE "id" = (SELECT "id" FROM "SkillSearchEntry" WHERE "skillId" = new."skillId") AND ("description" IS NOT new."description" OR "body" IS NOT substr(new."body", 1, 65536));
END;

-- Skills stored already: the text trigger swaps each long body's index entries for its prefix's.
UPDATE "SkillSearchText" SET "body" = substr("body", 1, 65536) WHERE length("body") > 65536;
