-- Search reads a SKILL.md's frontmatter `metadata` (tags, owner, any other key) as well as its
-- body: the indexed body text is the body (its first 65,536 characters, as before) followed by a
-- line holding the `metadata` value as JSON. Mirrors the SQLite migration of the same name; the
-- version's own "body" column is unchanged.

-- A frontmatter that is not JSON (a hand repair gone wrong) indexes without its metadata rather
-- than failing the write: the read that parses it names the column (lib/data/json-columns.ts).
CREATE OR REPLACE FUNCTION public.skillshelf_frontmatter_metadata(frontmatter TEXT) RETURNS TEXT
    LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN (frontmatter::jsonb -> 'metadata')::text;
EXCEPTION WHEN invalid_text_representation THEN
    RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION public.skillshelf_search_refresh(skill_id TEXT) RETURNS void
    LANGUAGE plpgsql AS $$
DECLARE
    entry_id INTEGER;
BEGIN
    INSERT INTO public."SkillSearchEntry" ("skillId", "scope", "ownerId", "teamId", "archived", "name", "updatedAt", "authorId", "warningCount", "bodyTokens", "totalBytes")
    SELECT s."id", s."scope"::text, s."ownerId", s."teamId", s."archived", s."name", s."updatedAt", v."authorId", v."warningCount", v."bodyTokens", v."totalBytes"
    FROM public."Skill" s JOIN public."SkillVersion" v ON v."id" = s."currentVersionId"
    WHERE s."id" = skill_id
    ON CONFLICT ("skillId") DO UPDATE SET
        "scope" = excluded."scope", "ownerId" = excluded."ownerId", "teamId" = excluded."teamId", "archived" = excluded."archived", "name" = excluded."name",
        "updatedAt" = excluded."updatedAt", "authorId" = excluded."authorId", "warningCount" = excluded."warningCount", "bodyTokens" = excluded."bodyTokens", "totalBytes" = excluded."totalBytes"
    RETURNING "id" INTO entry_id;

    IF entry_id IS NULL THEN
        -- No current version: the skill leaves the index.
        DELETE FROM public."SkillSearchText" WHERE "id" = (SELECT "id" FROM public."SkillSearchEntry" WHERE "skillId" = skill_id);
        DELETE FROM public."SkillSearchEntry" WHERE "skillId" = skill_id;
        RETURN;
    END IF;

    INSERT INTO public."SkillSearchText" ("id", "name", "description", "body")
    SELECT entry_id, s."name", v."description", left(v."body", 65536) || coalesce(E'\n' || public.skillshelf_frontmatter_metadata(v."frontmatter"), '')
    FROM public."Skill" s JOIN public."SkillVersion" v ON v."id" = s."currentVersionId"
    WHERE s."id" = skill_id
    ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "description" = excluded."description", "body" = excluded."body"
    -- Unchanged text keeps its tsvector: no rewrite, no GIN update.
    WHERE (public."SkillSearchText"."name", public."SkillSearchText"."description", public."SkillSearchText"."body")
        IS DISTINCT FROM (excluded."name", excluded."description", excluded."body");
END;
$$;

-- The version trigger fires on "body" changes; a hand repair of "frontmatter" reindexes too.
DROP TRIGGER "SkillVersion_search_au" ON public."SkillVersion";
CREATE TRIGGER "SkillVersion_search_au" AFTER UPDATE OF "authorId", "warningCount", "bodyTokens", "totalBytes", "description", "body", "frontmatter" ON public."SkillVersion"
    FOR EACH ROW WHEN (
        NEW."authorId" IS DISTINCT FROM OLD."authorId" OR NEW."warningCount" IS DISTINCT FROM OLD."warningCount"
        OR NEW."bodyTokens" IS DISTINCT FROM OLD."bodyTokens" OR NEW."totalBytes" IS DISTINCT FROM OLD."totalBytes"
        OR NEW."description" IS DISTINCT FROM OLD."description" OR NEW."body" IS DISTINCT FROM OLD."body"
        OR NEW."frontmatter" IS DISTINCT FROM OLD."frontmatter"
    )
    EXECUTE FUNCTION public.skillshelf_search_version_update();

-- Skills stored already, those whose current version has metadata.
SELECT public.skillshelf_search_refresh(s."id")
FROM public."Skill" s JOIN public."SkillVersion" v ON v."id" = s."currentVersionId"
WHERE public.skillshelf_frontmatter_metadata(v."frontmatter") IS NOT NULL;
