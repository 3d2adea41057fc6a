import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readBundle, type BundleSkill } from "@/lib/skills/archive/bundle";
import { readTree, SHARED_DIR } from "@/lib/skills/test-helpers/shared";
import { findPostgresBin, NO_POSTGRES_MESSAGE } from "@/lib/test/postgres-cluster";
import { createTestDatabase, createUser } from "@/lib/test/database";
import type { SkillListItem } from "@/lib/types/skills";

// The two search backends side by side on 43 real skills nobody on this team wrote
// (../shared/corpus): SQLite's FTS5 and PostgreSQL's tsvector, each behind its own data layer in
// this one file, whichever database the run uses.
//
// What must hold: the same skills found for every query (the same words are indexed and the same
// terms searched), the same first result for a query that names a skill, and matched terms marked
// wherever FTS5 marks them. What may legitimately differ: the order among the other results. FTS5's
// bm25 and PostgreSQL's ts_rank weigh term frequency, rarity across the corpus and document length
// differently (ts_rank knows nothing of rarity), so two skills that both mention a word in their
// bodies may swap places. One designed difference: a one-word query that matches nothing as text
// may find near names on PostgreSQL (pg_trgm); SQLite then finds nothing.

const CORPUS = process.env.SKILLSHELF_CORPUS_DIR ?? path.join(SHARED_DIR, "corpus");
const hasCorpus = existsSync(CORPUS);
const hasPostgres = findPostgresBin() !== null;
if (!hasCorpus) console.warn(`[search-corpus.test] skipped: no corpus at ${CORPUS} (set SKILLSHELF_CORPUS_DIR to the folder with the 43 skills)`);
else if (!hasPostgres) console.warn(`[search-corpus.test] skipped: ${NO_POSTGRES_MESSAGE}`);

// Where each collection goes: two scopes, so that visibility and the scope columns take part, and
// the two skill-creator skills (a name clash across collections) land in different scopes.
const DESTINATIONS: Record<string, "PUBLIC" | "PERSONAL"> = {
  "anthropics-skills": "PUBLIC",
  "openai-skills": "PERSONAL",
  "obra-superpowers": "PUBLIC",
  "vercel-labs-agent-skills": "PERSONAL",
};

// Queries written for this corpus: single words, prefixes being typed, several words, phrases,
// hyphenated names, mixed case, and words that appear only in bodies.
const QUERIES = [
  "pdf",
  "react",
  "git worktree",
  "test driven",
  "debug",
  "notion",
  "slack gif",
  "mcp server",
  "code review",
  '"code review"',
  "frontend design",
  "canvas",
  "playwright",
  "typescript",
  "plan",
  "web",
  "theme",
  "commit",
  "Vercel deploy",
  "subagent",
  "brand colors",
  "brainstorm",
  "verif",
  "skill-creator",
  "linear issue",
  "animation",
  "accessibility",
  "token",
  "README.md",
  "e.g",
];

// A query that is a skill's name, or a word only one name holds: the same first result on both.
const NAME_QUERIES: [string, string][] = [
  ["systematic-debugging", "systematic-debugging"],
  ["brainstorming", "brainstorming"],
  ["writing-plans", "writing-plans"],
  ["webapp-testing", "webapp-testing"],
  ["mcp-builder", "mcp-builder"],
  ["theme-factory", "theme-factory"],
  ["algorithmic-art", "algorithmic-art"],
  ["using-git-worktrees", "using-git-worktrees"],
  ["Linear", "linear"],
];

type Data = typeof import("./");

/** A data layer of its own over a fresh database of this dialect, with the corpus imported. */
async function backendWithCorpus(dialect: "sqlite" | "postgres", skills: { collection: string; skill: BundleSkill }[]) {
  const database = await createTestDatabase(dialect);
  // The data layer keeps one client per process (lib/db/server.ts): a fresh module graph and no
  // cached client give this dialect its own.
  vi.resetModules();
  delete (globalThis as { skillshelfDb?: unknown }).skillshelfDb;
  const data: Data = await import("./");
  await createUser(database.db, "ada", { role: "ADMIN", name: "Ada" });
  for (const { collection, skill } of skills) await data.createSkill({ id: "ada" }, { skill, destination: { scope: DESTINATIONS[collection] } });
  return { ...database, data };
}

const key = (item: SkillListItem) => `${item.scope}:${item.name}`;
const markedIn = (item: SkillListItem) => [item.match?.name, item.match?.description].map((segments) => (segments ?? []).some((segment) => segment.match));

describe.runIf(hasCorpus && hasPostgres)("search on the corpus: SQLite and PostgreSQL", () => {
  let backends: { sqlite: Awaited<ReturnType<typeof backendWithCorpus>>; postgres: Awaited<ReturnType<typeof backendWithCorpus>> };
  let imported = 0;

  beforeAll(async () => {
    const bundle = readBundle({ kind: "files", files: readTree(CORPUS, "corpus") });
    // Skills with errors (claude-api's description is over the limit) cannot be stored.
    const skills = bundle.skills.flatMap((skill) => (skill.ok ? [{ collection: skill.root.split("/")[1], skill }] : []));
    imported = skills.length;
    backends = { sqlite: await backendWithCorpus("sqlite", skills), postgres: await backendWithCorpus("postgres", skills) };
  }, 120_000);
  afterAll(async () => {
    await backends?.sqlite.cleanup();
    await backends?.postgres.cleanup();
  });

  const search = async (q: string) => {
    const [sqlite, postgres] = await Promise.all(
      [backends.sqlite, backends.postgres].map((backend) => backend.data.listSkills({ id: "ada" }, { q, pageSize: 100 })),
    );
    return { sqlite, postgres };
  };

  it("imports the corpus into both", async () => {
    expect(imported).toBeGreaterThanOrEqual(40);
    for (const backend of [backends.sqlite, backends.postgres]) expect((await backend.data.listSkills({ id: "ada" }, { pageSize: 100 })).total).toBe(imported);
  });

  it.each(QUERIES)("finds the same skills for %j", async (q) => {
    const { sqlite, postgres } = await search(q);
    expect(postgres.items.map(key).sort()).toEqual(sqlite.items.map(key).sort());
    expect(postgres.total).toBe(sqlite.total);
    // Every field FTS5 marks, ts_headline marks too. It may mark more: the words of a phrase
    // ("skill-creator" is skill <-> creator) wherever each stands alone, where FTS5 marks only the phrase.
    const marks = (items: SkillListItem[]) => Object.fromEntries(items.map((item) => [key(item), markedIn(item)]));
    const onPostgres = marks(postgres.items);
    const missing = Object.entries(marks(sqlite.items)).flatMap(([skill, fields]) =>
      fields.flatMap((marked, field) => (marked && !onPostgres[skill][field] ? [`${skill} ${field ? "description" : "name"}`] : [])),
    );
    expect(missing).toEqual([]);
    const counts = await Promise.all(
      [backends.sqlite, backends.postgres].map((backend) => backend.data.listSkillFacets({ id: "ada" }, { q }).then((facets) => facets.counts)),
    );
    expect(counts[1]).toEqual(counts[0]);
  });

  it("finds something for most queries, so the comparison says something", async () => {
    const found = await Promise.all(QUERIES.map(async (q) => (await search(q)).sqlite.total > 0));
    expect(found.filter(Boolean).length).toBeGreaterThanOrEqual(QUERIES.length - 3);
  });

  it.each(NAME_QUERIES)("puts the same skill first for %j", async (q, first) => {
    const { sqlite, postgres } = await search(q);
    expect([sqlite.items[0]?.name, postgres.items[0]?.name]).toEqual([first, first]);
  });

  it("ranks a name match above body-only matches on both", async () => {
    for (const result of Object.values(await search("worktree"))) {
      const names = result.items.map((item) => item.name);
      expect(names[0]).toBe("using-git-worktrees");
    }
  });

  it("differs by design on a misspelt name: PostgreSQL offers the near name, SQLite nothing", async () => {
    const { sqlite, postgres } = await search("debuging");
    expect(sqlite.total).toBe(0);
    expect(postgres.items.map((item) => item.name)).toContain("systematic-debugging");
  });
});
