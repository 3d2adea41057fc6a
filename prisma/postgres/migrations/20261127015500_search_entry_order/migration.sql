-- The skill list without a query pages through the search index's narrow entries table
-- (lib/data/skills/search-backend.ts browseEntries). In the list's default orders these let the
-- database walk the entries already sorted and stop at the page, instead of sorting every
-- visible skill: at 100,000 skills that was a sort of ~23,000 rows per page.
CREATE INDEX "SkillSearchEntry_archived_updatedAt_idx" ON "SkillSearchEntry"("archived", "updatedAt" DESC, "skillId");
CREATE INDEX "SkillSearchEntry_archived_name_idx" ON "SkillSearchEntry"("archived", "name", "skillId");
