import { readFile, readdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { readBundle } from "@/lib/skills/archive/bundle";
import { createTestDatabase, createUser, makeSkill, testDialect } from "@/lib/test/database";
import type { SkillListItem } from "@/lib/types/skills";

const { db, cleanup } = await createTestDatabase();
const data = await import("./");
afterAll(cleanup);

await createUser(db, "ada", { role: "ADMIN", name: "Ada" });
await createUser(db, "grace", { name: "Grace" });
await createUser(db, "linus", { name: "Linus" });
const team = await db.team.create({
  data: {
    name: "Platform",
    memberships: {
      create: [
        { userId: "ada", role: "OWNER" },
        { userId: "grace", role: "MEMBER" },
      ],
    },
  },
});
const otherTeam = await db.team.create({ data: { name: "Kernel", memberships: { create: [{ userId: "linus", role: "OWNER" }] } } });

const ada = { id: "ada" };
const grace = { id: "grace" };
const linus = { id: "linus" };
const viewers = { ada, grace, linus };

const names = (page: { items: SkillListItem[] }) => page.items.map((item) => item.name);
const marked = (segments: { text: string; match: boolean }[] | null | undefined) => (segments ?? []).filter((s) => s.match).map((s) => s.text.toLowerCase());

/** A skill with one warning (an unknown frontmatter key). */
function skillWithWarning(name: string, body: string) {
  const text = `---\nname: ${name}\ndescription: Has a warning. Use when testing warnings.\nflavour: odd\n---\n\n${body}`;
  const skill = readBundle({ kind: "files", files: [{ path: `${name}/SKILL.md`, bytes: new TextEncoder().encode(text) }] }).skills[0];
  if (!skill?.ok || !skill.findings.some((f) => f.severity === "warning")) throw new Error("expected a valid skill with a warning");
  return skill;
}

/** What the index says, straight from the database, for one search term. */
async function indexed(term: string) {
  const rows =
    testDialect === "postgres"
      ? await db.$queryRawUnsafe<{ skillId: string }[]>(
          `SELECT e."skillId" AS "skillId" FROM "SkillSearchText" t JOIN "SkillSearchEntry" e ON e."id" = t."id" WHERE t."document" @@ to_tsquery('public.skillshelf_search', $1)`,
          `'${term}'`,
        )
      : await db.$queryRawUnsafe<{ skillId: string }[]>(
          `SELECT e."skillId" AS "skillId" FROM "SkillSearch" JOIN "SkillSearchEntry" e ON e."id" = "SkillSearch"."rowid" WHERE "SkillSearch" MATCH ?`,
          `"${term}"`,
        );
  return rows.map((row) => row.skillId);
}

describe("ranking and highlighting", () => {
  it("ranks a name match above a description match above a body match", async () => {
    await data.createSkill(ada, {
      skill: makeSkill("notes-helper", {
        description: "Writes notes. Use when asked.",
        body: "# Notes\n\nMention of flamingo once, deep in the instructions.\n",
      }),
      destination: { scope: "PUBLIC" },
    });
    await data.createSkill(ada, {
      skill: makeSkill("flamingo-care", { description: "Looks after birds. Use when asked about birds." }),
      destination: { scope: "PUBLIC" },
    });
    await data.createSkill(ada, {
      skill: makeSkill("bird-watch", { description: "Spots the flamingo and other birds. Use for birdwatching." }),
      destination: { scope: "PUBLIC" },
    });
    const page = await data.listSkills(grace, { q: "flamingo" });
    expect(names(page)).toEqual(["flamingo-care", "bird-watch", "notes-helper"]);
    expect(page.total).toBe(3);
  });

  it("puts an exact name first", async () => {
    await data.createSkill(ada, {
      skill: makeSkill("pelican", { description: "Pelican pelican pelican. Use for pelicans." }),
      destination: { scope: "PUBLIC" },
    });
    await data.createSkill(ada, {
      skill: makeSkill("pelican-pouch", { description: "Pelican pouch pelican. Use for pelicans and pelican pouches." }),
      destination: { scope: "PUBLIC" },
    });
    expect(names(await data.listSkills(grace, { q: "Pelican" }))[0]).toBe("pelican");
  });

  it("searches the SKILL.md body and shows where it matched", async () => {
    await data.createSkill(grace, {
      skill: makeSkill("body-only", { body: "# Steps\n\n1. Open the **quetzal** console.\n2. Check the logs.\n" }),
      destination: { scope: "PERSONAL" },
    });
    const [hit] = (await data.listSkills(grace, { q: "quetzal" })).items;
    expect(hit.name).toBe("body-only");
    expect(marked(hit.match?.body)).toEqual(["quetzal"]);
    // Markdown punctuation is dropped from the excerpt.
    expect(hit.match?.body?.map((s) => s.text).join("")).toContain("Open the quetzal console.");
    expect(marked(hit.match?.name)).toEqual([]);
    expect(hit.match?.name.map((s) => s.text).join("")).toBe("body-only");
  });

  it("searches the frontmatter metadata (tags, owner) as well as the body", async () => {
    await data.createSkill(grace, {
      skill: makeSkill("tagged-runbook", { frontmatter: "metadata:\n  tags: observability pagerduty\n  owner: sre-oncall\n" }),
      destination: { scope: "PERSONAL" },
    });
    expect(names(await data.listSkills(grace, { q: "pagerduty" }))).toEqual(["tagged-runbook"]);
    expect(names(await data.listSkills(grace, { q: "sre-oncall" }))).toEqual(["tagged-runbook"]);
    // The version's own body (what the playground and the page read) is not changed by it.
    const version = await db.skillVersion.findFirstOrThrow({ where: { skill: { name: "tagged-runbook" } }, select: { body: true } });
    expect(version.body).not.toContain("pagerduty");
  });

  it("marks matched terms in the name and description, including a prefix being typed", async () => {
    await data.createSkill(grace, {
      skill: makeSkill("invoice-parser", {
        description: "Parses invoices and invoice PDFs. Use when the user shares an invoice.",
        body: "# Parser\n\nRead the totals.\n",
      }),
      destination: { scope: "PERSONAL" },
    });
    const [hit] = (await data.listSkills(grace, { q: "invoi" })).items;
    expect(hit.name).toBe("invoice-parser");
    expect(marked(hit.match?.name)).toEqual(["invoice"]);
    expect(marked(hit.match?.description)).toEqual(["invoices", "invoice", "invoice"]);
    expect(hit.match?.body).toBeNull();
    expect(hit.match?.description.map((s) => s.text).join("")).toBe("Parses invoices and invoice PDFs. Use when the user shares an invoice.");
  });

  it("ANDs words, matches quoted phrases exactly, and splits hyphenated names into words", async () => {
    expect(names(await data.listSkills(grace, { q: "invoice pdfs" }))).toEqual(["invoice-parser"]);
    expect(names(await data.listSkills(grace, { q: "invoice flamingo" }))).toEqual([]);
    expect(names(await data.listSkills(grace, { q: '"invoice PDFs"' }))).toEqual(["invoice-parser"]);
    expect(names(await data.listSkills(grace, { q: '"PDFs invoice"' }))).toEqual([]);
    expect(names(await data.listSkills(grace, { q: "invoice-parser" }))).toEqual(["invoice-parser"]);
    // Quoted means whole words only: no prefix.
    expect(names(await data.listSkills(grace, { q: '"invoi"' }))).toEqual([]);
  });

  it("never renders markup from the content as anything but text", async () => {
    await data.createSkill(grace, {
      skill: makeSkill("markup-skill", { body: "# X\n\n<img src=x onerror=alert(1)> the walrus <script>alert(2)</script>\n" }),
      destination: { scope: "PERSONAL" },
    });
    const [hit] = (await data.listSkills(grace, { q: "walrus" })).items;
    const text = hit.match?.body?.map((s) => s.text).join("") ?? "";
    expect(text).toContain("<img src=x onerror=alert(1)>");
    expect(marked(hit.match?.body)).toEqual(["walrus"]);
  });
});

describe("hostile queries", () => {
  const hostile = [
    '"',
    '"""',
    'a"b',
    '"unbalanced phrase',
    "*",
    "**",
    "pdf*",
    "*pdf",
    "-",
    "-pdf",
    "pdf -tools",
    ":",
    "name:",
    "name:flamingo",
    "{name}: flamingo",
    "body:quetzal",
    "NOT",
    "AND OR NOT",
    "flamingo OR quetzal",
    "NEAR(flamingo quetzal)",
    "NEAR(",
    "(",
    ")",
    "^flamingo",
    "+",
    "'",
    "' OR 1=1 --",
    '"; DROP TABLE "Skill"; --',
    "\\",
    "%",
    "_",
    "\u0000",
    "\u0002flamingo\u0003",
    "🦩",
    "x".repeat(200),
    Array.from({ length: 60 }, () => "a").join(" "),
  ];

  it.each(hostile)("searching %j never throws", async (q) => {
    const page = await data.listSkills(grace, { q });
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
  });

  it("treats operators and column filters as plain words", async () => {
    // "name:flamingo" is the phrase "name flamingo", not a column filter: no skill says that.
    expect((await data.listSkills(grace, { q: "name:flamingo" })).total).toBe(0);
    expect((await data.listSkills(grace, { q: "flamingo OR quetzal" })).total).toBe(0);
    expect(names(await data.listSkills(grace, { q: "-flamingo" }))).toContain("flamingo-care");
  });

  it("answers an empty page when nothing searchable was typed", async () => {
    for (const q of ['"', "*", "- : ^"]) expect(await data.listSkills(grace, { q })).toMatchObject({ items: [], total: 0 });
    // The hostile queries above left the skills where they were.
    expect(await db.skill.count()).toBeGreaterThan(0);
  });
});

describe("the index follows every write", () => {
  it("indexes the new current version and forgets the old one", async () => {
    const { skillId } = await data.createSkill(grace, {
      skill: makeSkill("evolving", { body: "# Old\n\nMentions the armadillo.\n" }),
      destination: { scope: "TEAM", teamId: team.id },
    });
    expect(names(await data.listSkills(grace, { q: "armadillo" }))).toEqual(["evolving"]);
    await data.addSkillVersion(ada, skillId, { skill: makeSkill("evolving", { body: "# New\n\nMentions the capybara.\n" }), message: "Swap animals" });
    expect(names(await data.listSkills(grace, { q: "armadillo" }))).toEqual([]);
    expect(names(await data.listSkills(grace, { q: "capybara" }))).toEqual(["evolving"]);

    await data.restoreSkillVersion(grace, skillId, 1);
    expect(names(await data.listSkills(grace, { q: "armadillo" }))).toEqual(["evolving"]);
    expect(names(await data.listSkills(grace, { q: "capybara" }))).toEqual([]);
    expect(await data.pruneSkillVersions(ada, skillId, 1)).toEqual([1, 2]);
    expect(names(await data.listSkills(grace, { q: "armadillo" }))).toEqual(["evolving"]);
  });

  it("filters and sorts on the current version's author, warnings and date", async () => {
    const { skillId } = await data.createSkill(grace, {
      skill: makeSkill("handover", { body: "# H\n\nThe okapi.\n" }),
      destination: { scope: "TEAM", teamId: team.id },
    });
    await data.createSkill(grace, { skill: makeSkill("handover-two", { body: "# H\n\nAnother okapi.\n" }), destination: { scope: "TEAM", teamId: team.id } });
    expect(names(await data.listSkills(grace, { q: "okapi", sort: "updated" }))).toEqual(["handover-two", "handover"]);
    await data.addSkillVersion(ada, skillId, { skill: skillWithWarning("handover", "# H\n\nThe okapi, revised.\n"), message: "Ada's turn" });
    expect(names(await data.listSkills(grace, { q: "okapi", sort: "updated" }))).toEqual(["handover", "handover-two"]);
    expect(names(await data.listSkills(grace, { q: "okapi", authorId: "ada" }))).toEqual(["handover"]);
    expect(names(await data.listSkills(grace, { q: "okapi", authorId: "grace" }))).toEqual(["handover-two"]);
    expect(names(await data.listSkills(grace, { q: "okapi", hasWarnings: true }))).toEqual(["handover"]);
  });

  it("follows a rename", async () => {
    const { skillId } = await data.createSkill(grace, { skill: makeSkill("old-moniker"), destination: { scope: "PERSONAL" } });
    await data.addSkillVersion(grace, skillId, {
      skill: makeSkill("new-moniker", { description: "Renamed skill. Use when testing renames." }),
      message: "Rename",
    });
    expect(names(await data.listSkills(grace, { q: "new-moniker" }))).toEqual(["new-moniker"]);
    expect(names(await data.listSkills(grace, { q: "old-moniker" }))).toEqual([]);
    expect(await indexed("old")).not.toContain(skillId);
  });

  it("leaves archived skills out, and brings them back", async () => {
    const { skillId } = await data.createSkill(ada, {
      skill: makeSkill("archivable", { body: "# A\n\nThe ocelot.\n" }),
      destination: { scope: "TEAM", teamId: team.id },
    });
    await data.setSkillArchived(ada, skillId, true);
    expect((await data.listSkills(grace, { q: "ocelot" })).total).toBe(0);
    expect(names(await data.listSkills(grace, { q: "ocelot", includeArchived: true }))).toEqual(["archivable"]);
    await data.setSkillArchived(ada, skillId, false);
    expect(names(await data.listSkills(grace, { q: "ocelot" }))).toEqual(["archivable"]);
  });

  it("drops a deleted skill from the index", async () => {
    const { skillId } = await data.createSkill(grace, { skill: makeSkill("doomed", { body: "# D\n\nThe dodo.\n" }), destination: { scope: "PERSONAL" } });
    expect(await indexed("dodo")).toEqual([skillId]);
    await data.deleteSkill(grace, skillId);
    expect(await indexed("dodo")).toEqual([]);
    expect((await data.listSkills(grace, { q: "dodo" })).total).toBe(0);
  });

  it("follows a scope change: who can find it changes at once", async () => {
    const { skillId } = await data.createSkill(grace, { skill: makeSkill("mover", { body: "# M\n\nThe narwhal.\n" }), destination: { scope: "PERSONAL" } });
    expect((await data.listSkills(ada, { q: "narwhal" })).total).toBe(0);
    await data.changeSkillScope(grace, skillId, { scope: "TEAM", teamId: team.id });
    expect(names(await data.listSkills(ada, { q: "narwhal" }))).toEqual(["mover"]);
    expect((await data.listSkills(linus, { q: "narwhal" })).total).toBe(0);
    await data.changeSkillScope(ada, skillId, { scope: "PUBLIC" });
    expect(names(await data.listSkills(linus, { q: "narwhal" }))).toEqual(["mover"]);
  });

  it("stays consistent with the skills table", async () => {
    const [{ entries, texts }] = await db.$queryRawUnsafe<{ entries: number; texts: number }[]>(
      `SELECT (SELECT count(*) FROM "SkillSearchEntry") AS entries, (SELECT count(*) FROM "SkillSearchText") AS texts`,
    );
    expect(Number(entries)).toBe(await db.skill.count({ where: { currentVersionId: { not: null } } }));
    expect(Number(texts)).toBe(Number(entries));
    // Every entry mirrors its skill and current version.
    const differs = testDialect === "postgres" ? "IS DISTINCT FROM" : "IS NOT";
    // The indexed body is the version's body and then its frontmatter metadata as JSON, when it has some.
    const metadata =
      testDialect === "postgres"
        ? `coalesce(E'\\n' || (v."frontmatter"::jsonb -> 'metadata')::text, '')`
        : `coalesce(char(10) || json_extract(v."frontmatter", '$.metadata'), '')`;
    const [{ stale }] = await db.$queryRawUnsafe<{ stale: number }[]>(
      `
      SELECT count(*) AS stale FROM "SkillSearchEntry" e JOIN "Skill" s ON s."id" = e."skillId" JOIN "SkillVersion" v ON v."id" = s."currentVersionId" JOIN "SkillSearchText" t ON t."id" = e."id"
      WHERE e."scope" ${differs} CAST(s."scope" AS TEXT) OR e."ownerId" ${differs} s."ownerId" OR e."teamId" ${differs} s."teamId" OR e."archived" ${differs} s."archived"
         OR e."name" ${differs} s."name" OR e."updatedAt" ${differs} s."updatedAt" OR e."authorId" ${differs} v."authorId" OR e."warningCount" ${differs} v."warningCount"
         OR e."bodyTokens" ${differs} v."bodyTokens" OR e."totalBytes" ${differs} v."totalBytes" OR t."name" ${differs} s."name" OR t."description" ${differs} v."description"
         OR t."body" ${differs} (v."body" || ${metadata})`,
    );
    expect(Number(stale)).toBe(0);
    if (testDialect === "sqlite") {
      // FTS5 verifies its index against the content table, and throws when they disagree.
      await db.$executeRawUnsafe(`INSERT INTO "SkillSearch" ("SkillSearch", rank) VALUES ('integrity-check', 1)`);
    } else {
      // The tsvector is a generated column of the text row, so it cannot disagree with it; every
      // text row is found by its own name.
      const [{ unfound }] = await db.$queryRawUnsafe<{ unfound: number }[]>(
        `SELECT count(*) AS unfound FROM "SkillSearchText" t WHERE NOT t."document" @@ plainto_tsquery('public.skillshelf_search', public.skillshelf_search_words(t."name"))`,
      );
      expect(Number(unfound)).toBe(0);
    }
  });
});

describe("visibility", () => {
  it("never returns a skill the viewer cannot see, and agrees with the plain list for every viewer and scope", async () => {
    const body = "# V\n\nThe axolotl appears here.\n";
    await data.createSkill(ada, { skill: makeSkill("vis-ada-personal", { body }), destination: { scope: "PERSONAL" } });
    await data.createSkill(grace, { skill: makeSkill("vis-grace-personal", { body }), destination: { scope: "PERSONAL" } });
    await data.createSkill(grace, { skill: makeSkill("vis-platform", { body }), destination: { scope: "TEAM", teamId: team.id } });
    await data.createSkill(linus, { skill: makeSkill("vis-kernel", { body }), destination: { scope: "TEAM", teamId: otherTeam.id } });
    await data.createSkill(ada, { skill: makeSkill("vis-public", { body }), destination: { scope: "PUBLIC" } });
    const { syncBuiltinSkills } = await import("./builtin");
    await syncBuiltinSkills([makeSkill("vis-builtin", { body })]);

    const expected = {
      ada: ["vis-ada-personal", "vis-builtin", "vis-platform", "vis-public"],
      grace: ["vis-builtin", "vis-grace-personal", "vis-platform", "vis-public"],
      linus: ["vis-builtin", "vis-kernel", "vis-public"],
    };
    for (const [who, viewer] of Object.entries(viewers) as [keyof typeof viewers, { id: string }][]) {
      const found = await data.listSkills(viewer, { q: "axolotl", sort: "name", pageSize: 100 });
      expect([who, names(found)]).toEqual([who, expected[who]]);
      for (const scope of ["all", "personal", "team", "public", "builtin"] as const) {
        const searched = (await data.listSkills(viewer, { q: "axolotl", scope, pageSize: 100 })).items.map((i) => i.id).sort();
        const listed = (await data.listSkills(viewer, { scope, pageSize: 100 })).items
          .filter((i) => i.name.startsWith("vis-"))
          .map((i) => i.id)
          .sort();
        expect([who, scope, searched]).toEqual([who, scope, listed]);
      }
    }
    // A team filter for a team the viewer is not in finds nothing, even by id.
    expect((await data.listSkills(grace, { q: "axolotl", scope: "team", teamId: otherTeam.id })).total).toBe(0);
  });

  it("lists only authors of skills the viewer can see", async () => {
    for (const viewer of Object.values(viewers)) {
      const authors = (await data.listSkillFacets(viewer)).authors;
      const visible = (await data.listSkills(viewer, { pageSize: 100 })).items;
      const expected = new Map<string, number>();
      for (const item of visible) if (item.author) expected.set(item.author.name, (expected.get(item.author.name) ?? 0) + 1);
      expect(authors.map((a) => [a.name, a.skillCount])).toEqual([...expected].sort());
    }
    // Grace wrote skills in her personal space and the Platform team; linus sees only the one she moved to public.
    expect((await data.listSkillFacets(linus)).authors.find((a) => a.id === "grace")?.skillCount).toBe(1);
  });
});

describe("filters and sorting within a search", () => {
  it("filters by author, warnings, scope and team, sorts and pages", async () => {
    const body = (n: number) => `# S\n\nThe gecko ${"gecko ".repeat(n)}\n\n${"Filler text. ".repeat(n * 20)}`;
    await data.createSkill(grace, { skill: makeSkill("gecko-a", { body: body(1) }), destination: { scope: "TEAM", teamId: team.id } });
    await data.createSkill(ada, { skill: makeSkill("gecko-b", { body: body(5) }), destination: { scope: "TEAM", teamId: team.id } });
    await data.createSkill(grace, { skill: skillWithWarning("gecko-c", body(3)), destination: { scope: "PERSONAL" } });

    expect(names(await data.listSkills(grace, { q: "gecko", authorId: "grace", sort: "name" }))).toEqual(["gecko-a", "gecko-c"]);
    expect(names(await data.listSkills(grace, { q: "gecko", hasWarnings: true }))).toEqual(["gecko-c"]);
    expect(names(await data.listSkills(grace, { q: "gecko", hasWarnings: false, sort: "name" }))).toEqual(["gecko-a", "gecko-b"]);
    expect(names(await data.listSkills(grace, { q: "gecko", scope: "team", teamId: team.id, sort: "name" }))).toEqual(["gecko-a", "gecko-b"]);
    expect(names(await data.listSkills(grace, { q: "gecko", scope: "personal" }))).toEqual(["gecko-c"]);
    expect(names(await data.listSkills(grace, { q: "gecko", sort: "tokens" }))).toEqual(["gecko-b", "gecko-c", "gecko-a"]);
    expect(names(await data.listSkills(grace, { q: "gecko", sort: "size" }))).toEqual(["gecko-b", "gecko-c", "gecko-a"]);
    expect(names(await data.listSkills(grace, { q: "gecko", sort: "updated" }))).toEqual(["gecko-c", "gecko-b", "gecko-a"]);

    const first = await data.listSkills(grace, { q: "gecko", sort: "name", pageSize: 2 });
    const second = await data.listSkills(grace, { q: "gecko", sort: "name", pageSize: 2, page: 2 });
    expect([first.total, second.total]).toEqual([3, 3]);
    expect([...names(first), ...names(second)]).toEqual(["gecko-a", "gecko-b", "gecko-c"]);
    expect(second.items[0].match?.name.some((s) => s.match)).toBe(true);
  });

  it("counts each scope tab for the current search and filters", async () => {
    const counts = (await data.listSkillFacets(grace, { q: "gecko" })).counts;
    expect(counts).toEqual({ all: 3, personal: 1, public: 0, builtin: 0, teams: { [team.id]: 2 } });
    expect((await data.listSkillFacets(grace, { q: "gecko", authorId: "ada" })).counts).toEqual({
      all: 1,
      personal: 0,
      public: 0,
      builtin: 0,
      teams: { [team.id]: 1 },
    });
    expect((await data.listSkillFacets(grace, { hasWarnings: true })).counts.all).toBe((await data.listSkills(grace, { hasWarnings: true })).total);
    expect((await data.listSkillFacets(grace, { q: '"' })).counts.all).toBe(0);
    expect((await data.listSkillFacets(linus, { q: "gecko" })).counts.all).toBe(0);
  });

  it("marks shadowed skills in search results too", async () => {
    await data.createSkill(grace, { skill: makeSkill("gecko-a", { body: "# Mine\n\nMy gecko.\n" }), destination: { scope: "PERSONAL" } });
    const hits = (await data.listSkills(grace, { q: "gecko-a" })).items;
    expect(hits.find((h) => h.scope === "TEAM")?.shadowedBy?.reason).toMatch(/personal skills take priority/);
    expect(hits.find((h) => h.scope === "PERSONAL")?.shadowedBy).toBeNull();
  });
});

describe("the migration", () => {
  it("backfills the index for skills that existed before it", async () => {
    const migrationsDir = path.join(process.cwd(), "prisma", "migrations");
    const folders = (await readdir(migrationsDir, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const searchIndex = folders.findIndex((name) => name.endsWith("_skill_search"));
    expect(searchIndex).toBeGreaterThan(0);
    const dir = await mkdtemp(path.join(os.tmpdir(), "skillshelf-backfill-"));
    const raw = new Database(path.join(dir, "old.db"));
    try {
      for (const folder of folders.slice(0, searchIndex)) raw.exec(await readFile(path.join(migrationsDir, folder, "migration.sql"), "utf8"));
      raw.exec(
        `INSERT INTO "Skill" ("id", "name", "scope", "space", "updatedAt") VALUES ('s1', 'legacy-skill', 'BUILTIN', 'builtin', '2026-01-01T00:00:00.000+00:00'), ('s2', 'no-version', 'BUILTIN', 'builtin', '2026-01-01T00:00:00.000+00:00')`,
      );
      raw.exec(`INSERT INTO "SkillVersion" ("id", "skillId", "number", "name", "description", "frontmatter", "body", "catalogTokens", "bodyTokens", "resourceTokens", "totalBytes", "fileCount", "digest", "findings", "message")
                VALUES ('v1', 's1', 1, 'legacy-skill', 'An old description.', '{}', 'An old body about the tapir.', 1, 1, 0, 1, 1, 'x', '[]', 'm')`);
      raw.exec(`UPDATE "Skill" SET "currentVersionId" = 'v1' WHERE "id" = 's1'`);
      raw.exec(await readFile(path.join(migrationsDir, folders[searchIndex], "migration.sql"), "utf8"));
      const hits = raw
        .prepare(`SELECT e."skillId" AS id FROM "SkillSearch" JOIN "SkillSearchEntry" e ON e."id" = "SkillSearch"."rowid" WHERE "SkillSearch" MATCH ?`)
        .all('"tapir"');
      expect(hits).toEqual([{ id: "s1" }]);
      expect(raw.prepare(`SELECT count(*) AS n FROM "SkillSearchEntry"`).get()).toEqual({ n: 1 });
      expect(raw.prepare(`SELECT "scope", "name", "bodyTokens" FROM "SkillSearchEntry"`).get()).toEqual({
        scope: "BUILTIN",
        name: "legacy-skill",
        bodyTokens: 1,
      });
    } finally {
      raw.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
