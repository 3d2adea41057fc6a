import { afterAll, describe, expect, it, vi } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { countStatements, recordStatements } from "@/lib/test/sql-statements";
import { dayRange } from "@/lib/skills/usage/events";

// How many SQL statements the skill list sends for one page of skills, beyond the layout's
// (session, actor, header counts): listSkills as app/(app)/skills/(list)/page.tsx calls it, over
// skills of every scope with teams, owners, tags, stars, authors and a shadowed name. Issue 44:
// every page toward 8.

// The actor read once per viewer, as the layout has read it for the page in a render.
vi.mock("@/lib/data/core/actor", async (original) => (await import("@/lib/test/sql-statements")).actorReadOncePerViewer(await original()));

recordStatements(); // before the first connection (see the file)
const { db, cleanup } = await createTestDatabase();
const skills = await import("./");
const { listMyTeams } = await import("../teams");
const { summarySelect, toSummary, shadowingFor } = await import("./rows");
const { loadActor } = await import("../core/actor");
const { visibleTo } = await import("../core/skill-access");
afterAll(cleanup);

const { ada, grace, linus, team } = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER" } });
const made = async (viewer: { id: string }, name: string, destination: Parameters<typeof skills.createSkill>[1]["destination"]) =>
  (await skills.createSkill(viewer, { skill: makeSkill(name, { description: `${name} in ${destination.scope}` }), destination })).skillId!;
const teamDeploy = await made(grace, "deploy-checklist", { scope: "TEAM", teamId: team.id });
const personalDeploy = await made(grace, "deploy-checklist", { scope: "PERSONAL" });
const teamReview = await made(ada, "code-review", { scope: "TEAM", teamId: team.id });
await made(ada, "release-notes", { scope: "PUBLIC" });
await made(linus, "deploy-checklist", { scope: "PERSONAL" });
const publicDeploy = await made(ada, "deploy-checklist", { scope: "PUBLIC" });
await skills.addSkillVersion(ada, teamDeploy, { skill: makeSkill("deploy-checklist", { body: "# Deploy\n\nSecond.\n" }), message: "Second" });
for (const tag of ["deploys", "checklists", "reviews"]) await skills.addTeamTag(ada, team.id, tag);
await skills.setSkillTags(grace, teamDeploy, ["deploys", "checklists"]);
await skills.setSkillTags(ada, teamReview, ["reviews"]);
await skills.setSkillStar(ada, teamDeploy, true);
await skills.setSkillStar(grace, teamDeploy, true);
await skills.setSkillArchived(ada, teamReview, true);

// The actor, read once per viewer as the layout would have.
for (const viewer of [ada, grace, linus]) await skills.listSkills(viewer);

/** The page as the relation loads read it (summarySelect, toSummary, shadowingFor): what the list showed before its own read. */
async function throughRelations(viewer: { id: string }, ids: string[]) {
  const actor = await loadActor(db, viewer);
  const rows = await db.skill.findMany({ where: { AND: [{ id: { in: ids } }, visibleTo(actor)] }, select: summarySelect });
  const ordered = ids.flatMap((id) => rows.find((row) => row.id === id) ?? []);
  const shadows = await shadowingFor(actor, ordered);
  return ordered.map((row) => toSummary(row, shadows.get(row.id) ?? null));
}

describe("the skill list's statements", () => {
  it("reads a page of skills in 4 statements (9 before), none twice", async () => {
    const { result, statements } = await countStatements(() => skills.listSkills(grace, { pageSize: 24 }));
    expect(result.items.map((s) => s.name).sort()).toEqual(["deploy-checklist", "deploy-checklist", "deploy-checklist", "release-notes"]);
    // The page's ids and the total (browseEntries), the rows with their team, owner, stars, current
    // version and author, and their tags with the same-named skills.
    expect(statements).toHaveLength(4);
    expect(new Set(statements).size).toBe(statements.length);
  });

  it("does not count the list again when its scope tab's count is known: 3 statements, that count as its total", async () => {
    for (const [scope, teamId] of [["all"], ["personal"], ["team", team.id], ["team"], ["public"], ["builtin"]] as const) {
      const { counts } = await skills.listSkillFacets(grace, { scope, teamId });
      const counted = await skills.listSkills(grace, { scope, teamId, pageSize: 2 });
      const { result, statements } = await countStatements(() =>
        skills.listSkills(grace, { scope, teamId, pageSize: 2, knownTotal: Promise.resolve(skills.scopeCount(counts, scope, teamId)) }),
      );
      expect(result).toEqual(counted);
      expect(statements).toHaveLength(result.items.length ? 3 : 1);
    }
  });

  it("reads each card's loads per day over 30 days with the page's tags: no statement more, the rollup's load channels summed per day", async () => {
    const days = dayRange(new Date(), 30);
    await db.usageDaily.createMany({
      data: [
        // Two versions and two load channels on one day add up; a read and a day before the 30 do not count.
        { day: days[29], skillId: teamDeploy, version: 1, channel: "load", count: 3 },
        { day: days[29], skillId: teamDeploy, version: 2, channel: "mcp-load", count: 2 },
        { day: days[0], skillId: teamDeploy, version: 2, channel: "feed", count: 7 },
        { day: days[10], skillId: teamDeploy, version: 2, channel: "read", count: 50 },
        { day: dayRange(new Date(), 31)[0], skillId: teamDeploy, version: 1, channel: "load", count: 40 },
        { day: days[5], skillId: publicDeploy, version: 1, channel: "run", count: 1 },
      ],
    });
    const plain = await countStatements(() => skills.listSkills(grace, { pageSize: 24 }));
    const withLoads = await countStatements(() => skills.listSkills(grace, { pageSize: 24, loads30: true }));
    expect(withLoads.statements).toHaveLength(plain.statements.length);
    expect(plain.result.items.every((item) => item.loads30 === undefined)).toBe(true);
    const loads = new Map(withLoads.result.items.map((item) => [item.id, item.loads30]));
    const expected = (values: Record<number, number>) => days.map((_, i) => values[i] ?? 0);
    expect(loads.get(teamDeploy)).toEqual(expected({ 0: 7, 29: 5 }));
    expect(loads.get(publicDeploy)).toEqual(expected({ 5: 1 }));
    expect(loads.get(personalDeploy)).toEqual(expected({}));
    // A search's page too.
    const searched = await skills.listSkills(grace, { q: "deploy", loads30: true });
    expect(searched.items.find((item) => item.id === teamDeploy)?.loads30).toEqual(expected({ 0: 7, 29: 5 }));
    await db.usageDaily.deleteMany({});
  });

  it("reads a page of search results in 6 statements (12 before), the rows in the same two", async () => {
    const { result, statements } = await countStatements(() => skills.listSkills(grace, { q: "deploy" }));
    expect(result.items.map((s) => s.id).sort()).toEqual([teamDeploy, personalDeploy, publicDeploy].sort());
    // The backend's candidates and their count, the rerank's read of their texts (one statement:
    // versions and files), its highlighting of the page, then the rows and their tags with the
    // same-named skills as above.
    expect(statements).toHaveLength(6);
    expect(new Set(statements).size).toBe(statements.length);
  });

  it("takes a search's total from its tab's count when the facets counted the same match: one statement less, the same page", async () => {
    // "checklst" matches no text: PostgreSQL then counts (and lists) the near names, SQLite nothing.
    for (const q of ["deploy", "checklst", "checklist"]) {
      for (const [scope, teamId] of [["all"], ["personal"], ["team", team.id], ["public"]] as const) {
        const { counts, near } = await skills.listSkillFacets(grace, { q, scope, teamId });
        const counted = await countStatements(() => skills.listSkills(grace, { q, scope, teamId, pageSize: 2 }));
        const known = await countStatements(() =>
          skills.listSkills(grace, { q, scope, teamId, pageSize: 2, knownTotal: Promise.resolve(near ? undefined : skills.scopeCount(counts, scope, teamId)) }),
        );
        expect(known.result).toEqual(counted.result);
        expect(known.result.total).toBe(skills.scopeCount(counts, scope, teamId));
        // No statement less when the facets' counts are of the near match: the list counts its own.
        if (!near && counted.result.items.length) expect(known.statements).toHaveLength(counted.statements.length - 1);
      }
    }
  });

  it("reads the list's tabs and filter choices in 1 statement (4 before: scope counts, tags, authors, the viewer's teams)", async () => {
    for (const filters of [{}, { q: "deploy" }, { q: "deploy", tag: "deploys", scope: "team" as const, teamId: team.id }, { onlyArchived: true }]) {
      const { result, statements } = await countStatements(() => skills.listSkillFacets(grace, filters));
      expect(statements).toHaveLength(1);
      expect(result.teams).toEqual([{ id: team.id, name: "Platform" }]);
    }
    // A query with nothing to search for matches nothing, and still lists the authors and teams.
    const { result, statements } = await countStatements(() => skills.listSkillFacets(grace, { q: '"' }));
    expect(statements).toHaveLength(1);
    expect(result).toMatchObject({ counts: { all: 0 }, tags: [], teams: [{ id: team.id }] });
    expect(result.authors.length).toBeGreaterThan(0);
  });

  it("says for each tab, tag and author what the list then shows, to each viewer, browsing or searching", async () => {
    // A tag on a skill without "deploys", so that the tag choices under ?tag=deploys differ from those of the skills it shows.
    await skills.setSkillTags(grace, personalDeploy, ["drafts"]);
    const scopes = (teams: { id: string }[]) => [
      { scope: "all" as const },
      { scope: "personal" as const },
      { scope: "public" as const },
      { scope: "builtin" as const },
      ...teams.map((t) => ({ scope: "team" as const, teamId: t.id })),
    ];
    for (const viewer of [ada, grace, linus]) {
      for (const filters of [{}, { q: "deploy" }, { onlyArchived: true }, { tag: "deploys" }, { starred: true }, { q: "deploy", scope: "personal" as const }]) {
        const facets = await skills.listSkillFacets(viewer, filters);
        expect(facets.teams).toEqual((await listMyTeams(viewer)).map(({ id, name }) => ({ id, name })));
        const { scope: _scope, ...tabFilters } = filters as typeof filters & { scope?: string };
        for (const tab of scopes(facets.teams)) {
          const shown = (await skills.listSkills(viewer, { ...tabFilters, ...tab, pageSize: 100 })).total;
          const counted = tab.scope === "all" ? facets.counts.all : tab.scope === "team" ? (facets.counts.teams[tab.teamId] ?? 0) : facets.counts[tab.scope];
          expect(counted, `${viewer.id} ${JSON.stringify(filters)} ${JSON.stringify(tab)}`).toBe(shown);
        }
        // Each tag choice: what picking it shows in the current scope; a tag that shows nothing is not offered.
        for (const facet of facets.tags) expect(facet.count).toBe((await skills.listSkills(viewer, { ...filters, tag: facet.name })).total);
        const allTags = new Set((await skills.listSkills(viewer, { ...filters, tag: undefined, pageSize: 100 })).items.flatMap((s) => s.tags));
        expect(facets.tags.map((t) => t.name).sort()).toEqual([...allTags].sort());
      }
      // Authors: of the visible skills, archived or not as the list, whatever the other filters.
      for (const onlyArchived of [false, true]) {
        const { authors } = await skills.listSkillFacets(viewer, { onlyArchived, q: "deploy", tag: "deploys" });
        const listed = (await skills.listSkills(viewer, { onlyArchived, pageSize: 100 })).items;
        const expected = [...new Set(listed.flatMap((s) => (s.author ? [s.author.id] : [])))].map((id) => ({
          id,
          skillCount: listed.filter((s) => s.author?.id === id).length,
        }));
        expect(authors.map(({ id, skillCount }) => ({ id, skillCount })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
          expected.sort((a, b) => a.id.localeCompare(b.id)),
        );
      }
    }
  });

  it("reads the viewer's teams for the scope tabs in 1 statement (2 before)", async () => {
    const { result, statements } = await countStatements(() => listMyTeams(grace));
    // The archived skill is not counted.
    expect(result).toEqual([{ id: team.id, name: "Platform", description: "", role: "MEMBER", memberCount: 2, skillCount: 1 }]);
    expect(statements).toHaveLength(1);
    expect(await listMyTeams(linus)).toEqual([]);
  });

  it("shows what the relation loads show, to each viewer, archived or not, browsing or searching", async () => {
    for (const viewer of [ada, grace, linus]) {
      for (const options of [{}, { onlyArchived: true }, { q: "deploy" }, { sort: "name" as const }]) {
        const page = await skills.listSkills(viewer, options);
        const expected = await throughRelations(
          viewer,
          page.items.map((s) => s.id),
        );
        expect(page.items.map(({ match: _match, ...summary }) => summary)).toEqual(expected);
      }
    }
    const page = await skills.listSkills(grace);
    // The viewer's personal skill hides the team's of the same name.
    expect(page.items.find((s) => s.id === teamDeploy)?.shadowedBy).toMatchObject({ id: personalDeploy, scope: "PERSONAL" });
    expect(page.items.find((s) => s.id === teamDeploy)).toMatchObject({ tags: ["checklists", "deploys"], starCount: 2, version: 2, author: { id: "ada" } });
  });
});
