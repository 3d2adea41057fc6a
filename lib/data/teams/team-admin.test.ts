import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, createUser, makeSkill, refusedUnchanged as refusedLeaving } from "@/lib/test/support";
import type { DataErrorCode } from "../errors";

// Creating (under the instance setting), renaming, describing and deleting teams. Members and
// roles are in teams.test.ts, invite links in invitations.test.ts.

const { db, cleanup } = await createTestDatabase();
const teams = await import("./teams");
const skills = await import("../skills");
afterAll(cleanup);

// ada: instance admin and owner of Platform; grace: member of Platform; linus: no team.
const { team: platform, ada, grace, linus } = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER" } });

async function setTeamCreation(value: "anyone" | "admins") {
  await db.instanceSetting.upsert({
    where: { key: "teamCreation" },
    create: { key: "teamCreation", value: JSON.stringify(value) },
    update: { value: JSON.stringify(value) },
  });
}

async function state() {
  const [teamRows, memberships, skillRows, audit] = await Promise.all([
    db.team.findMany({ select: { id: true, name: true, description: true }, orderBy: { id: "asc" } }),
    db.membership.findMany({ select: { teamId: true, userId: true, role: true }, orderBy: [{ teamId: "asc" }, { userId: "asc" }] }),
    db.skill.findMany({ select: { id: true, scope: true, teamId: true, ownerId: true }, orderBy: { id: "asc" } }),
    db.auditEvent.count(),
  ]);
  return { teamRows, memberships, skillRows, audit };
}

/** A refusal with `code` that leaves teams, memberships, skills and the audit trail as they were. */
const refusedUnchanged = (code: DataErrorCode, attempt: () => Promise<unknown>) => refusedLeaving(state, code, attempt);

beforeEach(() => setTeamCreation("anyone"));

describe("createTeam and the teamCreation setting", () => {
  it("anyone may create a team by default, with a description", async () => {
    const team = await teams.createTeam(linus, "Linus crew", "  Kernel things.  ");
    expect(await teams.getTeam(linus, team.id)).toMatchObject({ name: "Linus crew", description: "Kernel things.", role: "OWNER" });
    expect(await teams.teamCreationFor(linus)).toEqual({ allowed: true, setting: "anyone" });
  });

  it("with teamCreation=admins only instance admins create teams, and others are told whom to ask", async () => {
    await setTeamCreation("admins");
    const error = await refusedUnchanged("FORBIDDEN", () => teams.createTeam(grace, "Grace crew"));
    expect(error.message).toMatch(/only instance admins create teams/);
    expect(await teams.teamCreationFor(grace)).toEqual({ allowed: false, setting: "admins" });
    expect(await teams.teamCreationFor(ada)).toEqual({ allowed: true, setting: "admins" });
    await expect(teams.createTeam(ada, "Admin made")).resolves.toMatchObject({ name: "Admin made" });
  });

  it("refuses a description over 280 characters", async () => {
    await refusedUnchanged("INVALID", () => teams.createTeam(linus, "Wordy", "x".repeat(281)));
  });
});

describe("updateTeam", () => {
  it("owners and admins rename and describe; each change is audited", async () => {
    const team = await teams.createTeam(linus, "Rename me");
    await teams.addTeamMember(linus, team.id, "grace@example.com", "ADMIN");
    await teams.updateTeam(grace, team.id, { name: "  Renamed   team ", description: "What we do." });
    expect(await db.team.findUniqueOrThrow({ where: { id: team.id } })).toMatchObject({ name: "Renamed team", description: "What we do." });
    const events = await db.auditEvent.findMany({
      where: { teamId: team.id, action: { in: ["team.rename", "team.description"] } },
      orderBy: { action: "desc" },
    });
    expect(events.map((e) => [e.action, e.actorId, JSON.parse(e.detail)])).toEqual([
      ["team.rename", "grace", { from: "Rename me", to: "Renamed team" }],
      ["team.description", "grace", { from: "", to: "What we do." }],
    ]);
    // Only a change in case is a rename too, and the team's own name never clashes with itself.
    await teams.updateTeam(linus, team.id, { name: "renamed TEAM" });
    expect((await db.team.findUniqueOrThrow({ where: { id: team.id } })).name).toBe("renamed TEAM");
  });

  it("refuses another team's name in any case, a bad name, members and outsiders", async () => {
    const team = await teams.createTeam(linus, "Clash test");
    await teams.addTeamMember(linus, team.id, "grace@example.com", "MEMBER");
    const clash = await refusedUnchanged("CONFLICT", () => teams.updateTeam(linus, team.id, { name: "PLATFORM" }));
    expect(clash.message).toContain('"Platform"');
    await refusedUnchanged("INVALID", () => teams.updateTeam(linus, team.id, { name: "-bad" }));
    await refusedUnchanged("FORBIDDEN", () => teams.updateTeam(grace, team.id, { description: "mine now" }));
    await refusedUnchanged("NOT_FOUND", () => teams.updateTeam(ada, team.id, { name: "Taken over" }));
  });
});

describe("deleteTeam", () => {
  it("only owners delete; admins, members and outsiders (instance admins too) are refused", async () => {
    const team = await teams.createTeam(linus, "Doomed");
    await teams.addTeamMember(linus, team.id, "grace@example.com", "ADMIN");
    await refusedUnchanged("FORBIDDEN", () => teams.deleteTeam(grace, team.id));
    await refusedUnchanged("NOT_FOUND", () => teams.deleteTeam(ada, team.id));
    await teams.deleteTeam(linus, team.id);
    expect(await db.team.findUnique({ where: { id: team.id } })).toBeNull();
    expect(await db.membership.count({ where: { teamId: team.id } })).toBe(0);
    const event = await db.auditEvent.findFirstOrThrow({ where: { teamId: team.id, action: "team.delete" } });
    expect(event).toMatchObject({ actorId: "linus" });
    expect(JSON.parse(event.detail)).toEqual({ name: "Doomed", members: 2 });
  });

  it("is refused while the team owns skills, archived ones counted, and goes through once they are moved", async () => {
    const team = await teams.createTeam(ada, "Has skills");
    const [kept, archived] = await skills.importSkills(ada, [
      { skill: makeSkill("kept-skill"), destination: { scope: "TEAM", teamId: team.id } },
      { skill: makeSkill("archived-skill"), destination: { scope: "TEAM", teamId: team.id } },
    ]);
    await skills.setSkillArchived(ada, archived.skillId, true);
    const error = await refusedUnchanged("CONFLICT", () => teams.deleteTeam(ada, team.id));
    expect(error.message).toBe("Team Has skills still owns 2 skills (1 archived). Move them to another place first, then delete the team.");
    expect(error.details).toEqual({ skills: 2, archived: 1 });

    const toMove = await teams.listTeamSkillsToMove(ada, team.id);
    expect(toMove.map((s) => [s.name, s.archived])).toEqual([
      ["archived-skill", true],
      ["kept-skill", false],
    ]);
    // ada is an instance admin and in Platform: personal, Platform and public are all offered, never the team itself.
    const keys = toMove[0].moveTargets.map((t) => t.key);
    expect(keys).toEqual(expect.arrayContaining(["personal", `team:${platform.id}`, "public"]));
    expect(keys).not.toContain(`team:${team.id}`);

    expect(await teams.moveTeamSkills(ada, team.id, { scope: "PERSONAL" }, kept.skillId)).toEqual({ moved: ["kept-skill"], failed: [] });
    expect(await teams.moveTeamSkills(ada, team.id, { scope: "TEAM", teamId: platform.id })).toEqual({ moved: ["archived-skill"], failed: [] });
    expect(await db.skill.findUniqueOrThrow({ where: { id: archived.skillId } })).toMatchObject({ teamId: platform.id, archived: true });
    await teams.deleteTeam(ada, team.id);
    expect(await db.team.findUnique({ where: { id: team.id } })).toBeNull();
  });

  it("a skill that cannot move stays, with the reason, and the team stays", async () => {
    const team = await teams.createTeam(ada, "Clashing");
    await skills.createSkill(ada, { skill: makeSkill("same-name"), destination: { scope: "PERSONAL" } });
    await skills.createSkill(ada, { skill: makeSkill("same-name"), destination: { scope: "TEAM", teamId: team.id } });
    const result = await teams.moveTeamSkills(ada, team.id, { scope: "PERSONAL" });
    expect(result.moved).toEqual([]);
    expect(result.failed).toEqual([{ name: "same-name", message: expect.stringContaining("same-name") }]);
    await refusedUnchanged("CONFLICT", () => teams.deleteTeam(ada, team.id));
  });

  it("only owners list the skills to move, and only to places they may create in", async () => {
    await createUser(db, "solo");
    const solo = { id: "solo" };
    const team = await teams.createTeam(solo, "Move rules");
    await teams.addTeamMember(solo, team.id, "grace@example.com", "ADMIN");
    await expect(teams.listTeamSkillsToMove(grace, team.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(teams.listTeamSkillsToMove(ada, team.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const { skillId } = await skills.createSkill(solo, { skill: makeSkill("solo-skill"), destination: { scope: "TEAM", teamId: team.id } });
    // solo is no instance admin and in no other team: only their personal space.
    expect((await teams.listTeamSkillsToMove(solo, team.id))[0].moveTargets.map((t) => t.key)).toEqual(["personal"]);
    const before = await state();
    const result = await teams.moveTeamSkills(solo, team.id, { scope: "PUBLIC" });
    expect(result).toEqual({ moved: [], failed: [{ name: "solo-skill", message: "Only instance admins can publish skills to the public space." }] });
    expect(await state()).toEqual(before);
    expect((await db.skill.findUniqueOrThrow({ where: { id: skillId } })).teamId).toBe(team.id);
  });
});
