import { afterAll, describe, expect, it, vi } from "vitest";
import { boundToolSkill as toolSkill } from "@/lib/test/bound-tool-bundle";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { countStatements, recordStatements } from "@/lib/test/sql-statements";

// The playground page's catalog (getPlaygroundCatalog) is the turn's catalog (readCatalog):
// one statement when nothing the viewer sees changed since their last read, where it took ten
// (the skills with Prisma's summary relations, then their teams and current versions again).
// Checked against that earlier path, kept here as the oracle, for viewers with different rights.

vi.mock("@/lib/data/core/actor", async (original) => (await import("@/lib/test/sql-statements")).actorReadOncePerViewer(await original()));

recordStatements(); // before the first connection (see the file)
const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const playground = await import("./playground");
const teams = await import("../teams/teams");
const { placeLabel } = await import("@/lib/labels");
const { readFrontmatter } = await import("../core/json-columns");
const { skillToolFields } = await import("../skills/tool-fields");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER" } });

const made = (viewer: { id: string }, name: string, destination: Parameters<typeof skills.createSkill>[1]["destination"]) =>
  skills.createSkill(viewer, { skill: makeSkill(name, { description: `${name} in ${destination.scope}` }), destination });
// Same names in every scope (shadowing), a second version, an archived skill, tools bound and withheld.
await made(grace, "deploy-checklist", { scope: "PERSONAL" });
const teamDeploy = (await made(grace, "deploy-checklist", { scope: "TEAM", teamId: team.id })).skillId!;
await made(ada, "deploy-checklist", { scope: "PUBLIC" });
await made(ada, "code-review", { scope: "TEAM", teamId: team.id });
await made(ada, "code-review", { scope: "PUBLIC" });
await made(linus, "release-notes", { scope: "PERSONAL" });
const archived = (await made(ada, "old-runbook", { scope: "PUBLIC" })).skillId!;
await skills.setSkillArchived(ada, archived, true);
await skills.addSkillVersion(grace, teamDeploy, { skill: makeSkill("deploy-checklist", { body: "# Deploy\n\nSecond.\n" }), message: "Second" });
await skills.createSkill(ada, { skill: toolSkill("public-orders"), destination: { scope: "PUBLIC" } });
await skills.createSkill(grace, { skill: toolSkill("team-orders"), destination: { scope: "TEAM", teamId: team.id } });
await skills.createSkill(grace, { skill: toolSkill("personal-orders"), destination: { scope: "PERSONAL" } });
await skills.createSkill(grace, {
  skill: toolSkill("explicit-only", "disable-model-invocation: true\nuser-invocable: false\n"),
  destination: { scope: "PERSONAL" },
});
await teams.setTeamBoundTools(ada, team.id, true);

/** getPlaygroundCatalog as it was: the viewer's skills with Prisma's summary relations, then their teams and current versions. */
async function earlierCatalog(viewer: { id: string }) {
  const { visible, shadowed } = await skills.resolveVisibleSkills(viewer);
  const versions = await db.skill.findMany({
    where: { id: { in: visible.map((s) => s.id) } },
    select: {
      id: true,
      team: { select: { name: true, allowBoundTools: true } },
      currentVersion: { select: { number: true, reviewStatus: true, frontmatter: true } },
    },
  });
  const current = new Map(versions.map((row) => [row.id, row]));
  return {
    entries: visible.map((s) => {
      const row = current.get(s.id)!;
      const text = row.currentVersion!.frontmatter;
      const facts = { scope: s.scope, team: row.team, version: row.currentVersion!.number, reviewStatus: s.reviewStatus };
      const { tools, toolsWithheld, modelInvocable, userInvocable } = skillToolFields(text, () => readFrontmatter(text), facts);
      return {
        skillId: s.id,
        name: s.name,
        description: s.description,
        version: s.version,
        scope: s.scope,
        place: placeLabel(s.scope, s.team?.name),
        catalogTokens: s.catalogTokens,
        bodyTokens: s.bodyTokens,
        resourceTokens: s.resourceTokens,
        reviewStatus: s.reviewStatus,
        modelInvocable,
        userInvocable,
        tools: tools.map(({ name, tokens }) => ({ name, tokens })),
        toolsWithheld: toolsWithheld ?? null,
      };
    }),
    shadowed: shadowed.map((s) => ({
      skillId: s.id,
      name: s.name,
      place: placeLabel(s.scope, s.team?.name),
      winnerId: s.shadowedBy!.id,
      reason: s.shadowedBy!.reason,
    })),
  };
}

describe("the playground page's catalog", () => {
  it("shows each viewer what the earlier read showed, archived skills left out", async () => {
    for (const viewer of [ada, grace, linus]) {
      const now = await playground.getPlaygroundCatalog(viewer);
      const before = await earlierCatalog(viewer);
      expect(now.entries).toEqual(before.entries);
      // Same-named hidden skills: the earlier order among equal names was the database's.
      const byId = (a: { skillId: string }, b: { skillId: string }) => a.skillId.localeCompare(b.skillId);
      expect([...now.shadowed].sort(byId)).toEqual([...before.shadowed].sort(byId));
      expect(now.entries.map((e) => e.name)).not.toContain("old-runbook");
    }
    const forGrace = await playground.getPlaygroundCatalog(grace);
    expect(forGrace.entries.find((e) => e.name === "deploy-checklist")).toMatchObject({ scope: "PERSONAL", version: 1 });
    expect(forGrace.shadowed.map((s) => s.place).sort()).toEqual(["Public", "Public", "Team Platform"]);
    expect(forGrace.entries.find((e) => e.name === "team-orders")?.tools.map((t) => t.name)).toEqual(["lookup_order"]);
    expect(forGrace.entries.find((e) => e.name === "personal-orders")?.toolsWithheld?.names).toEqual(["lookup_order"]);
    expect(forGrace.entries.find((e) => e.name === "explicit-only")).toMatchObject({ modelInvocable: false, userInvocable: false });
    expect((await playground.getPlaygroundCatalog(linus)).entries.map((e) => e.name)).not.toContain("team-orders");
  });

  it("reads in one statement when nothing changed since the viewer's last read, ten before", async () => {
    await playground.getPlaygroundCatalog(grace);
    const again = await countStatements(() => playground.getPlaygroundCatalog(grace));
    expect(again.statements).toHaveLength(1);
    const earlier = await countStatements(() => earlierCatalog(grace));
    expect(earlier.statements.length).toBeGreaterThanOrEqual(9);

    // A new version is read (its contents once), and shows.
    await skills.addSkillVersion(grace, teamDeploy, { skill: makeSkill("deploy-checklist", { description: "Third, for the team." }), message: "Third" });
    const changed = await countStatements(() => playground.getPlaygroundCatalog(ada));
    expect(changed.statements.length).toBeLessThanOrEqual(2);
    expect(changed.result.entries.find((e) => e.skillId === teamDeploy)).toMatchObject({ version: 3, description: "Third, for the team." });
    expect(changed.result.entries).toEqual((await earlierCatalog(ada)).entries);
  });
});
