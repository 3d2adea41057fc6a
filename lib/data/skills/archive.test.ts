import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill, refusal } from "@/lib/test/support";

// Archived skills: the list's Archived filter (only what the viewer could see unarchived), the
// note the skill page shows, restore, and agents never getting them.

const { db, cleanup } = await createTestDatabase();
const skills = await import("./index");
const playground = await import("../playground/playground");
const profiles = await import("../profiles/profiles");
const { syncBuiltinSkills } = await import("./builtin");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER" } });

const create = (viewer: { id: string }, name: string, destination: Parameters<typeof skills.createSkill>[1]["destination"]) =>
  skills.createSkill(viewer, { skill: makeSkill(name, { body: `# ${name}\n\nThe pangolin.\n` }), destination }).then((r) => r.skillId);

const gracePersonal = await create(grace, "grace-old", { scope: "PERSONAL" });
const teamOld = await create(ada, "team-old", { scope: "TEAM", teamId: team.id });
const publicOld = await create(ada, "public-old", { scope: "PUBLIC" });
const linusPersonal = await create(linus, "linus-old", { scope: "PERSONAL" });
const active = await create(grace, "grace-active", { scope: "PERSONAL" });
await skills.setSkillArchived(grace, gracePersonal, true);
await skills.setSkillArchived(ada, teamOld, true);
await skills.setSkillArchived(ada, publicOld, true);
await skills.setSkillArchived(linus, linusPersonal, true);

const ids = (page: { items: { id: string }[] }) => page.items.map((s) => s.id).sort();

describe("the Archived filter", () => {
  it("lists only archived skills, and only those the viewer could see were they not archived", async () => {
    expect(ids(await skills.listSkills(grace, { onlyArchived: true }))).toEqual([gracePersonal, teamOld, publicOld].sort());
    expect(ids(await skills.listSkills(linus, { onlyArchived: true }))).toEqual([linusPersonal, publicOld].sort());
    // An instance admin sees no one else's personal skills here either.
    expect(ids(await skills.listSkills(ada, { onlyArchived: true }))).toEqual([teamOld, publicOld].sort());
    expect(ids(await skills.listSkills(grace, { onlyArchived: true, scope: "team", teamId: team.id }))).toEqual([teamOld]);
    expect(ids(await skills.listSkills(grace, { onlyArchived: true, q: "pangolin" }))).toEqual([gracePersonal, teamOld, publicOld].sort());
    expect(ids(await skills.listSkills(grace, { q: "pangolin" }))).toEqual([active]);
  });

  it("counts the archived skills per scope tab, with the search", async () => {
    const expected = { all: 3, personal: 1, public: 1, builtin: 0, teams: { [team.id]: 1 } };
    expect((await skills.listSkillFacets(grace, { onlyArchived: true })).counts).toEqual(expected);
    expect((await skills.listSkillFacets(grace, { onlyArchived: true, q: "pangolin" })).counts).toEqual(expected);
    expect((await skills.listSkillFacets(linus, { onlyArchived: true })).counts).toEqual({ all: 2, personal: 1, public: 1, builtin: 0, teams: {} });
    expect((await skills.listSkillFacets(grace, { onlyArchived: true })).authors.map((a) => [a.id, a.skillCount])).toEqual([
      ["ada", 2],
      ["grace", 1],
    ]);
  });
});

describe("an archived skill's page and restore", () => {
  it("says when and by whom it was archived; nothing when it is not", async () => {
    const skill = await skills.getSkill(grace, teamOld);
    expect(skill?.archive).toEqual({ at: expect.any(Date), by: "ada", reason: null });
    expect((await skills.getSkill(grace, active))?.archive).toBeNull();
  });

  it("says Skillshelf retired a built-in that is no longer shipped", async () => {
    await syncBuiltinSkills([makeSkill("retired-builtin")]);
    await syncBuiltinSkills([]);
    const builtin = await db.skill.findFirstOrThrow({ where: { name: "retired-builtin" }, select: { id: true } });
    expect((await skills.getSkill(linus, builtin.id))?.archive).toEqual({ at: expect.any(Date), by: null, reason: "no longer shipped" });
  });

  it("is restored by those who manage the skill, audited; a member's attempt changes nothing", async () => {
    const error = await refusal(skills.setSkillArchived(grace, teamOld, false));
    expect(error).toMatchObject({ code: "FORBIDDEN", message: "You cannot archive this skill." });
    expect((await db.skill.findUniqueOrThrow({ where: { id: teamOld } })).archived).toBe(true);

    await skills.setSkillArchived(ada, teamOld, false);
    expect((await skills.getSkill(grace, teamOld))?.archive).toBeNull();
    expect(ids(await skills.listSkills(grace, { scope: "team", teamId: team.id }))).toEqual([teamOld]);
    expect(await db.auditEvent.findFirst({ where: { skillId: teamOld, action: "skill.unarchive" }, select: { actorId: true } })).toEqual({ actorId: "ada" });
    await skills.setSkillArchived(ada, teamOld, true);
  });
});

describe("agents never get an archived skill", () => {
  it("leaves it out of the playground catalog and of agent profiles, and brings it back on restore", async () => {
    await skills.setSkillArchived(grace, gracePersonal, false);
    const profile = await profiles.createProfile(grace, {
      name: "Old habits",
      instructions: "",
      skills: [
        { skillId: active, pinnedVersion: null },
        { skillId: gracePersonal, pinnedVersion: null },
      ],
    });
    const agentSkills = async () => ({
      catalog: (await playground.getPlaygroundCatalog(grace)).entries.map((e) => e.name),
      all: (await playground.loadSkillSource(grace, { kind: "all" })).source.skills.map((s) => s.name),
      profile: (await playground.loadSkillSource(grace, { kind: "profile", profileId: profile.id })).source.skills.map((s) => s.name),
    });
    const both = ["grace-active", "grace-old"];
    expect(await agentSkills()).toEqual({ catalog: both, all: both, profile: both });

    await skills.setSkillArchived(grace, gracePersonal, true);
    expect(await agentSkills()).toEqual({ catalog: ["grace-active"], all: ["grace-active"], profile: ["grace-active"] });

    await skills.setSkillArchived(grace, gracePersonal, false);
    expect(await agentSkills()).toEqual({ catalog: both, all: both, profile: both });
    await skills.setSkillArchived(grace, gracePersonal, true);
    await profiles.deleteProfile(grace, profile.id);
  });
});
