import { afterAll, describe, expect, it, vi } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { countStatements, recordStatements } from "@/lib/test/sql-statements";

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

  it("reads a page of search results in 7 statements (12 before), the rows in the same two", async () => {
    const { result, statements } = await countStatements(() => skills.listSkills(grace, { q: "deploy" }));
    expect(result.items.map((s) => s.id).sort()).toEqual([teamDeploy, personalDeploy, publicDeploy].sort());
    // The backend's page of hits and their count, its highlighting of that page (three statements),
    // then the rows and their tags with the same-named skills as above.
    expect(statements).toHaveLength(7);
    expect(new Set(statements).size).toBe(statements.length);
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
