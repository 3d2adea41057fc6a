/**
 * Tables that migrations create by hand and Prisma's schema diff must leave alone: the skill
 * search index (FTS5 and the shadow tables SQLite makes for it) and the two tables that feed it.
 * Without this, the next `db:migration` would generate DROP TABLE statements for all of them.
 */
export const externalTables = [
  "SkillSearchEntry",
  "SkillSearchText",
  "SkillSearch",
  "SkillSearch_config",
  "SkillSearch_data",
  "SkillSearch_docsize",
  "SkillSearch_idx",
];

/**
 * The PostgreSQL search index's tables (tsvector + GIN, kept by triggers: see the postgres
 * migrations). Schema-qualified: the engine refuses unqualified external tables on PostgreSQL.
 */
export const postgresExternalTables = ["public.SkillSearchEntry", "public.SkillSearchText"];
