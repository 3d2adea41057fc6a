import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

// The catalog a turn reads is kept between turns (catalog-rows.ts): these prove that what is kept
// never outlives a change to the skills or to who may see them, and never crosses viewers.

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const teams = await import("../teams");
const playground = await import("./playground");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER", linus: "MEMBER" } });

const teamDeploy = await skills.createSkill(ada, {
  skill: makeSkill("deploy-guide", { description: "How the team deploys.", files: { "references/steps.md": "# Steps\n" } }),
  destination: { scope: "TEAM", teamId: team.id },
});
const gracePrivate = await skills.createSkill(grace, {
  skill: makeSkill("grace-diary", { description: "Grace's own notes." }),
  destination: { scope: "PERSONAL" },
});

const load = (viewer: { id: string }) => playground.loadSkillSource(viewer, { kind: "all" });
const names = async (viewer: { id: string }) => (await load(viewer)).source.skills.map((s) => s.name);

describe("the kept playground catalog", () => {
  it("hands a viewer the same skills again while nothing changed, and never another viewer's", async () => {
    const first = await load(grace);
    const again = await load(grace);
    expect(again.source.skills).toBe(first.source.skills);
    expect(first.source.skills.map((s) => s.name)).toEqual(["deploy-guide", "grace-diary"]);
    // ada and linus read after grace, whose personal skill was kept: neither sees it.
    expect(await names(ada)).toEqual(["deploy-guide"]);
    expect(await names(linus)).toEqual(["deploy-guide"]);
    expect(await names(grace)).toEqual(["deploy-guide", "grace-diary"]);
  });

  it("shows a new version at once, with its description and files", async () => {
    await load(linus);
    await skills.addSkillVersion(ada, teamDeploy.skillId, {
      skill: makeSkill("deploy-guide", { description: "How the team deploys, second edition.", files: { "references/rollback.md": "# Back\n" } }),
      message: "v2",
    });
    const skill = (await load(linus)).source.skills.find((s) => s.name === "deploy-guide")!;
    expect(skill).toMatchObject({ version: 2, description: "How the team deploys, second edition." });
    expect(skill.files.map((f) => f.path)).toEqual(["references/rollback.md"]);
  });

  it("follows a rename, an archive and a review state", async () => {
    await load(linus);
    await skills.renameSkill(ada, teamDeploy.skillId, "release-guide");
    expect(await names(linus)).toEqual(["release-guide"]);

    const version = await db.skill.findUniqueOrThrow({ where: { id: teamDeploy.skillId }, select: { currentVersionId: true } });
    await db.skillVersion.update({ where: { id: version.currentVersionId! }, data: { reviewStatus: "needs_review" } });
    expect((await load(linus)).source.skills[0]).toMatchObject({ name: "release-guide", reviewStatus: "needs_review" });

    await skills.setSkillArchived(ada, teamDeploy.skillId, true);
    expect(await names(linus)).toEqual([]);
    await skills.setSkillArchived(ada, teamDeploy.skillId, false);
    expect(await names(linus)).toEqual(["release-guide"]);
  });

  it("follows who may see what: a member who leaves, a skill shared with the team, a renamed team", async () => {
    expect(await names(linus)).toEqual(["release-guide"]);
    await teams.removeTeamMember(ada, team.id, linus.id);
    expect(await names(linus)).toEqual([]);

    expect(await names(ada)).toEqual(["release-guide"]);
    await skills.changeSkillScope(grace, gracePrivate.skillId, { scope: "TEAM", teamId: team.id });
    expect(await names(ada)).toEqual(["grace-diary", "release-guide"]);
    expect(await names(linus)).toEqual([]);

    await db.team.update({ where: { id: team.id }, data: { name: "Operations" } });
    expect([...(await load(ada)).places.values()]).toContain("Team Operations");
  });

  it("leaves out a skill deleted since it was kept", async () => {
    await load(ada);
    await skills.deleteSkill(ada, gracePrivate.skillId);
    expect(await names(ada)).toEqual(["release-guide"]);
    expect(await names(linus)).toEqual([]);
  });
});
