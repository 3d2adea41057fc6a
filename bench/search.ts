// Heavy-search benchmark (`npm run bench:search`), in process against a temporary database:
//   1. a team skill whose SKILL.md body is 4.9 MB of random printable words, stored as a
//      database from before the SKILL.md limit holds them (the index fills through its triggers),
//      and 200 ordinary skills.
//   2. "bounded": the data layer's search (`listSkills`, q = "d", largest first so the page holds
//      the huge skills' excerpts) as a team member, and a health
//      check issued while that search runs.
//   3. "unbounded": the same query, ranking and snippet() against an index of the whole bodies
//      (what every search did before the index held a bounded prefix), the huge skills on its
//      page too, on the same data, with the
//      same health check beside it.
// SQLite runs on the request thread, so the health latency is how long every other user waits.
// Each figure prints on its own line as "<figure>: <number> <unit>".
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { applyMigrations } from "../server/db/migrator";
import { MARK_CLOSE, MARK_OPEN } from "../lib/skills/list/search";
import { figure, seededRandom, sized } from "./bench-kit";

const HUGE_SKILLS = 1;
const HUGE_BODY_CHARS = sized(4_900_000, 100_000);
const ORDINARY_SKILLS = sized(200, 20);
// The unbounded query takes seconds (it is what froze the server): once is enough.
const RUNS = sized(3, 1);

const { random, between } = seededRandom(0x5ea4c4);

function randomWords(chars: number): string {
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    let word = "";
    for (let i = between(1, 9); i > 0; i--) word += String.fromCharCode(97 + Math.floor(random() * 26));
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(" ").slice(0, chars);
}

const makeBody = (name: string) => `# ${name}\n\nDeploy the dashboards, then check the logs for ${name}.\n`;

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "skillshelf-bench-search-"));
  const databasePath = path.join(dir, "bench.db");
  try {
    await applyMigrations(databasePath);
    process.env.DATABASE_URL = `file:${databasePath}`;
    const { db } = await import("../lib/db/server");
    const { createSkill, listSkills } = await import("../lib/data/skills");
    const { checkHealth } = await import("../lib/data/platform/health");
    const { readBundle } = await import("../lib/skills/archive/bundle");
    await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    await db.user.create({ data: { id: "ada", name: "Ada", email: "ada@example.com" } });
    const team = await db.team.create({ data: { name: "Platform", memberships: { create: [{ userId: "ada", role: "OWNER" }] } } });
    const viewer = { id: "ada" };
    const skill = (name: string) => {
      const text = `---\nname: ${name}\ndescription: Does ${name} things. Use when the user asks about ${name}.\n---\n\n${makeBody(name)}`;
      const [read] = readBundle({ kind: "files", files: [{ path: `${name}/SKILL.md`, bytes: new TextEncoder().encode(text) }] }).skills;
      return read;
    };
    for (let i = 0; i < ORDINARY_SKILLS; i++) await createSkill(viewer, { skill: skill(`ordinary-${i}`), destination: { scope: "TEAM", teamId: team.id } });
    for (let i = 0; i < HUGE_SKILLS; i++) {
      const { skillId } = await createSkill(viewer, { skill: skill(`huge-${i}`), destination: { scope: "TEAM", teamId: team.id } });
      const { currentVersionId } = await db.skill.findUniqueOrThrow({ where: { id: skillId }, select: { currentVersionId: true } });
      const body = `${makeBody(`huge-${i}`)}${randomWords(HUGE_BODY_CHARS)}`;
      await db.$executeRawUnsafe(`UPDATE "SkillVersion" SET "body" = ?, "totalBytes" = ? WHERE "id" = ?`, body, body.length, currentVersionId);
    }

    // The index as it was before: whole bodies, same tokenizer, same query and excerpt.
    const raw = new Database(databasePath);
    raw.exec(
      `CREATE VIRTUAL TABLE temp."UnboundedSearch" USING fts5("name", "description", "body", tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`,
    );
    raw.exec(
      `INSERT INTO temp."UnboundedSearch" ("rowid", "name", "description", "body") SELECT s."rowid", s."name", v."description", v."body" FROM "Skill" s JOIN "SkillVersion" v ON v."id" = s."currentVersionId"`,
    );
    const unbounded = raw.prepare(
      `SELECT "rowid", highlight("UnboundedSearch", 0, ?, ?), highlight("UnboundedSearch", 1, ?, ?), snippet("UnboundedSearch", 2, ?, ?, '…', 14)
       FROM "UnboundedSearch" WHERE "UnboundedSearch" MATCH ? ORDER BY "rowid" IN (SELECT "rowid" FROM "Skill" WHERE "name" LIKE 'huge-%') DESC, bm25("UnboundedSearch", 10.0, 4.0, 1.0) LIMIT 24`,
    );

    /** The work, and a health check issued just after it started: how long each took. */
    async function measure(work: () => Promise<unknown>): Promise<{ search: number; health: number }> {
      const started = performance.now();
      const search = work().then(() => performance.now() - started);
      // The next request arrives now, and is handled a macrotask later, as the server would.
      const healthStarted = performance.now();
      await new Promise((resolve) => setImmediate(resolve));
      const health = checkHealth().then((answer) => {
        if (!answer.ok) throw new Error(`health failed: ${answer.error}`);
        return performance.now() - healthStarted;
      });
      const [searchMs, healthMs] = await Promise.all([search, health]);
      return { search: searchMs, health: healthMs };
    }
    const best = async (work: () => Promise<unknown>, times: number) => {
      const runs = [];
      for (let i = 0; i < times; i++) runs.push(await measure(work));
      return { search: Math.min(...runs.map((r) => r.search)), health: Math.max(...runs.map((r) => r.health)) };
    };

    const page = await listSkills(viewer, { q: "d", sort: "size" });
    if (!page.items.some((item) => item.name.startsWith("huge-"))) throw new Error("the search did not reach the huge skills");
    const bounded = await best(() => listSkills(viewer, { q: "d", sort: "size" }), RUNS);
    // Started a macrotask later, as a request would be, so the health check arrives behind it.
    const old = await best(
      () => new Promise((resolve) => setImmediate(() => resolve(unbounded.all(MARK_OPEN, MARK_CLOSE, MARK_OPEN, MARK_CLOSE, MARK_OPEN, MARK_CLOSE, '"d"*')))),
      1,
    );
    raw.close();
    await db.$disconnect();

    console.log(
      `${HUGE_SKILLS} skill(s) with a ${(HUGE_BODY_CHARS / 1e6).toFixed(1)} MB body among ${ORDINARY_SKILLS + HUGE_SKILLS}; query "d"; bounded: best of ${RUNS} searches and worst health check; unbounded: one run`,
    );
    figure("search bounded (this index)", bounded.search, "ms");
    figure("health during bounded search", bounded.health, "ms");
    figure("search unbounded (whole bodies, before)", old.search, "ms");
    figure("health during unbounded search", old.health, "ms");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
