-- Search reads a SKILL.md's frontmatter `metadata` (tags, owner, any other key) as well as its
-- body: the indexed body text is the body (its first 65,536 characters, as before) followed by a
-- line holding the `metadata` value as JSON, whose words the tokenizer splits out. The version's
-- own "body" column is unchanged (the playground and the page read it).
--
-- A row whose frontmatter is not JSON (a hand repair gone wrong) indexes without its metadata
-- rather than failing the write: the read that parses it names the column (lib/data/json-columns.ts).
--
-- Hand-written like 20261123200000_search_bounded_body: the three triggers that copy a version's
-- text are recreated, the rest are unchanged.

DROP TRIGGER "Skill_search_ai";
CREATE TRIGGER "Skill_search_ai" AFTER INSERT ON "Skill" WHEN new."currentVersionId" IS NOT NULL BEGIN
    INSERT INTO "SkillSearchEntry" ("skillId", "scope", "ownerId", "teamId", "archived", "name", "updatedAt", "authorId", "warningCount", "bodyTokens", "totalBytes")
    SELECT new."id", new."scope", new."ownerId", new."teamId", new."archived", new."name", new."updatedAt", v."authorId", v."warningCount", v."bodyTokens", v."totalBytes"
    FROM "SkillVersion" v WHERE v."id" = new."currentVersionId";
    INSERT INTO "SkillSearchText" ("id", "name", "description", "body")
    SELECT e."id", new."name", v."description", substr(v."body", 1, 65536) || coalesce(char(10) || CASE WHEN json_valid(v."frontmatter") THEN json_extract(v."frontmatter", '$.metadata') END, '') FROM "SkillSearchEntry" e JOIN "SkillVersion" v ON v."id" = new."currentVersionId" WHERE e."skillId" = new."id";
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
    SELECT e."id", new."name", v."description", substr(v."body", 1, 65536) || coalesce(char(10) || CASE WHEN json_valid(v."frontmatter") THEN json_extract(v."frontmatter", '$.metadata') END, '') FROM "SkillSearchEntry" e JOIN "SkillVersion" v ON v."id" = new."currentVersionId" WHERE e."skillId" = new."id"
    ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "description" = excluded."description", "body" = excluded."body";
END;

DROP TRIGGER "SkillVersion_search_au";
CREATE TRIGGER "SkillVersion_search_au" AFTER UPDATE ON "SkillVersion"
WHEN EXISTS (SELECT 1 FROM "Skill" s WHERE s."id" = new."skillId" AND s."currentVersionId" = new."id") BEGIN
    UPDATE "SkillSearchEntry" SET "authorId" = new."authorId", "warningCount" = new."warningCount", "bodyTokens" = new."bodyTokens", "totalBytes" = new."totalBytes"
    WHERE "skillId" = new."skillId";
    UPDATE "SkillSearchText" SET "description" = new."description", "body" = substr(new."body", 1, 65536) || coalesce(char(10) || CASE WHEN json_valid(new."frontmatter") THEN json_extract(new."frontmatter", '$.metadata') END, '')
    WHERE "id" = (SELECT "id" FROM "SkillSearchEntry" WHERE "skillId" = new."skillId") AND ("description" IS NOT new."description" OR "body" IS NOT substr(new."body", 1, 65536) || coalesce(char(10) || CASE WHEN json_valid(new."frontmatter") THEN json_extract(new."frontmatter", '$.metadata') END, ''));
END;

-- Skills stored already.
UPDATE "SkillSearchText" SET "body" = (
    SELECT substr(v."body", 1, 65536) || coalesce(char(10) || CASE WHEN json_valid(v."frontmatter") THEN json_extract(v."frontmatter", '$.metadata') END, '')
    FROM "SkillSearchEntry" e JOIN "Skill" s ON s."id" = e."skillId" JOIN "SkillVersion" v ON v."id" = s."currentVersionId"
    WHERE e."id" = "SkillSearchText"."id"
)
WHERE EXISTS (
    SELECT 1 FROM "SkillSearchEntry" e JOIN "Skill" s ON s."id" = e."skillId" JOIN "SkillVersion" v ON v."id" = s."currentVersionId"
    WHERE e."id" = "SkillSearchText"."id" AND CASE WHEN json_valid(v."frontmatter") THEN json_extract(v."frontmatter", '$.metadata') END IS NOT NULL
);
