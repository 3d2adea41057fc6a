import { afterAll, describe, expect, it } from "vitest";
import type { TeamRole } from "@/lib/skills/permissions/permissions";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";

const { db, cleanup } = await createTestDatabase();
const teams = await import("./teams");
const skills = await import("../skills");
const { DataError } = await import("../errors");
afterAll(cleanup);

// "owner", "admin" and "member" get those roles in the teams built by teamWith(); "outsider" owns
// a team of its own; "root" is an instance admin in no team; "newcomer" is in no team.
for (const id of ["owner", "admin", "member", "outsider", "newcomer", "second", "third"]) await createUser(db, id);
await createUser(db, "root", { role: "ADMIN" });

const as = (id: string) => ({ id });
let teamCounter = 0;

/** A fresh team made through the data layer: `owner` creates it and adds the others. */
async function teamWith(members: Record<string, TeamRole> = { admin: "ADMIN", member: "MEMBER" }) {
  const team = await teams.createTeam(as("owner"), `Team ${++teamCounter}`);
  for (const [userId, role] of Object.entries(members)) await teams.addTeamMember(as("owner"), team.id, `${userId}@example.com`, role);
  return team;
}

async function roleOf(teamId: string, userId: string) {
  return (await db.membership.findUnique({ where: { teamId_userId: { teamId, userId } } }))?.role ?? null;
}

async function teamState() {
  const [teamRows, memberships, audit] = await Promise.all([
    db.team.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } }),
    db.membership.findMany({ select: { teamId: true, userId: true, role: true }, orderBy: [{ teamId: "asc" }, { userId: "asc" }] }),
    db.auditEvent.count(),
  ]);
  return { teamRows, memberships, audit };
}

/** Expects a DataError with `code`, and no team, membership or audit row changed by the attempt. */
async function refused(code: InstanceType<typeof DataError>["code"], attempt: () => Promise<unknown>) {
  const before = await teamState();
  const error = await attempt().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DataError);
  expect((error as InstanceType<typeof DataError>).code).toBe(code);
  expect(await teamState()).toEqual(before);
  return error as InstanceType<typeof DataError>;
}

describe("createTeam", () => {
  it("makes the creator its owner, and records it", async () => {
    const team = await teams.createTeam(as("second"), "Data Platform");
    expect(team.name).toBe("Data Platform");
    const detail = await teams.getTeam(as("second"), team.id);
    expect(detail).toMatchObject({ name: "Data Platform", role: "OWNER", memberCount: 1, skillCount: 0, can: { manageMembers: true } });
    expect(detail?.members).toEqual([expect.objectContaining({ userId: "second", role: "OWNER", email: "second@example.com" })]);
    const event = await db.auditEvent.findFirstOrThrow({ where: { teamId: team.id } });
    expect(event).toMatchObject({ action: "team.create", actorId: "second" });
  });

  it("trims a name and collapses its inner spaces", async () => {
    const team = await teams.createTeam(as("second"), "  Site   Reliability  ");
    expect(team.name).toBe("Site Reliability");
  });

  it.each([
    ["empty", ""],
    ["only spaces", "   "],
    ["a leading dash", "-platform"],
    ["a slash", "infra/platform"],
    ["an emoji", "team 🚀"],
    ["49 characters", "a".repeat(49)],
  ])("refuses a name with %s", async (_, name) => {
    await refused("INVALID", () => teams.createTeam(as("second"), name));
  });

  it("accepts 48 characters, letters beyond ASCII, dots, dashes and underscores", async () => {
    await expect(teams.createTeam(as("second"), "b".repeat(48))).resolves.toMatchObject({ name: "b".repeat(48) });
    await expect(teams.createTeam(as("second"), "Équipe_docs-2.0")).resolves.toMatchObject({ name: "Équipe_docs-2.0" });
  });

  it("refuses a name another team has, even written with extra spaces", async () => {
    await teams.createTeam(as("third"), "Mobile Apps");
    const error = await refused("CONFLICT", () => teams.createTeam(as("second"), " Mobile  Apps "));
    expect(error.message).toContain("Mobile Apps");
    await refused("CONFLICT", () => teams.createTeam(as("second"), "mobile apps"));
  });

  it("refuses an account that no longer exists", async () => {
    await refused("FORBIDDEN", () => teams.createTeam(as("ghost"), "Ghost Team"));
  });
});

describe("addTeamMember", () => {
  it("adds an existing user by email, whatever its case and spacing, as a member by default", async () => {
    const team = await teamWith({});
    await teams.addTeamMember(as("owner"), team.id, "  NewComer@Example.com ");
    expect(await roleOf(team.id, "newcomer")).toBe("MEMBER");
    const event = await db.auditEvent.findFirstOrThrow({ where: { teamId: team.id, action: "team.member.add" } });
    expect(JSON.parse(event.detail)).toEqual({ userId: "newcomer", role: "MEMBER" });
  });

  it("refuses an email no account uses, and one already in the team", async () => {
    const team = await teamWith();
    const unknown = await refused("INVALID", () => teams.addTeamMember(as("owner"), team.id, "nobody@example.com"));
    expect(unknown.message).toContain("nobody@example.com");
    await refused("CONFLICT", () => teams.addTeamMember(as("owner"), team.id, "member@example.com"));
    // Adding again under another role is still a conflict, not a role change.
    await refused("CONFLICT", () => teams.addTeamMember(as("owner"), team.id, "member@example.com", "ADMIN"));
    expect(await roleOf(team.id, "member")).toBe("MEMBER");
  });

  it("lets an owner add owners, admins and members", async () => {
    const team = await teamWith({});
    await teams.addTeamMember(as("owner"), team.id, "second@example.com", "OWNER");
    await teams.addTeamMember(as("owner"), team.id, "third@example.com", "ADMIN");
    await teams.addTeamMember(as("owner"), team.id, "newcomer@example.com", "MEMBER");
    expect([await roleOf(team.id, "second"), await roleOf(team.id, "third"), await roleOf(team.id, "newcomer")]).toEqual(["OWNER", "ADMIN", "MEMBER"]);
  });

  it("lets an admin add admins and members, never owners", async () => {
    const team = await teamWith();
    await refused("FORBIDDEN", () => teams.addTeamMember(as("admin"), team.id, "newcomer@example.com", "OWNER"));
    await teams.addTeamMember(as("admin"), team.id, "newcomer@example.com", "ADMIN");
    await teams.addTeamMember(as("admin"), team.id, "second@example.com");
    expect([await roleOf(team.id, "newcomer"), await roleOf(team.id, "second")]).toEqual(["ADMIN", "MEMBER"]);
  });

  it("lets a member add no one", async () => {
    const team = await teamWith();
    for (const role of ["MEMBER", "ADMIN", "OWNER"] as const) {
      await refused("FORBIDDEN", () => teams.addTeamMember(as("member"), team.id, "newcomer@example.com", role));
    }
  });

  it("answers NOT_FOUND to non-members, instance admins included, and for a team that does not exist", async () => {
    const team = await teamWith();
    await refused("NOT_FOUND", () => teams.addTeamMember(as("outsider"), team.id, "newcomer@example.com"));
    await refused("NOT_FOUND", () => teams.addTeamMember(as("root"), team.id, "newcomer@example.com"));
    await refused("NOT_FOUND", () => teams.addTeamMember(as("owner"), "no-such-team", "newcomer@example.com"));
    // A non-member learns nothing about the email either: the team check comes first.
    await refused("NOT_FOUND", () => teams.addTeamMember(as("outsider"), team.id, "nobody@example.com"));
  });
});

describe("changeTeamRole", () => {
  it("lets only owners make and unmake owners", async () => {
    const team = await teamWith({ admin: "ADMIN", member: "MEMBER", second: "OWNER" });
    await refused("FORBIDDEN", () => teams.changeTeamRole(as("admin"), team.id, "member", "OWNER"));
    await refused("FORBIDDEN", () => teams.changeTeamRole(as("admin"), team.id, "second", "ADMIN"));
    await refused("FORBIDDEN", () => teams.changeTeamRole(as("admin"), team.id, "admin", "OWNER"));
    await teams.changeTeamRole(as("owner"), team.id, "member", "OWNER");
    expect(await roleOf(team.id, "member")).toBe("OWNER");
    await teams.changeTeamRole(as("owner"), team.id, "second", "MEMBER");
    expect(await roleOf(team.id, "second")).toBe("MEMBER");
  });

  it("lets admins move others between member and admin; members change nothing", async () => {
    const team = await teamWith({ admin: "ADMIN", member: "MEMBER", second: "ADMIN" });
    await teams.changeTeamRole(as("admin"), team.id, "member", "ADMIN");
    await teams.changeTeamRole(as("admin"), team.id, "second", "MEMBER");
    expect([await roleOf(team.id, "member"), await roleOf(team.id, "second")]).toEqual(["ADMIN", "MEMBER"]);
    await refused("FORBIDDEN", () => teams.changeTeamRole(as("second"), team.id, "second", "ADMIN"));
    await refused("FORBIDDEN", () => teams.changeTeamRole(as("second"), team.id, "member", "MEMBER"));
  });

  it("never leaves a team without an owner", async () => {
    const team = await teamWith();
    const error = await refused("CONFLICT", () => teams.changeTeamRole(as("owner"), team.id, "owner", "ADMIN"));
    expect(error.message).toMatch(/keeps an owner/);
    await teams.changeTeamRole(as("owner"), team.id, "admin", "OWNER");
    await teams.changeTeamRole(as("owner"), team.id, "owner", "ADMIN");
    expect([await roleOf(team.id, "owner"), await roleOf(team.id, "admin")]).toEqual(["ADMIN", "OWNER"]);
    await refused("CONFLICT", () => teams.changeTeamRole(as("admin"), team.id, "admin", "MEMBER"));
  });

  it("answers NOT_FOUND for a non-member viewer and for a user outside the team", async () => {
    const team = await teamWith();
    await refused("NOT_FOUND", () => teams.changeTeamRole(as("outsider"), team.id, "member", "ADMIN"));
    await refused("NOT_FOUND", () => teams.changeTeamRole(as("root"), team.id, "member", "ADMIN"));
    await refused("NOT_FOUND", () => teams.changeTeamRole(as("owner"), team.id, "newcomer", "ADMIN"));
  });

  it("records who changed which role", async () => {
    const team = await teamWith();
    await teams.changeTeamRole(as("owner"), team.id, "member", "ADMIN");
    const event = await db.auditEvent.findFirstOrThrow({ where: { teamId: team.id, action: "team.member.role" } });
    expect(event.actorId).toBe("owner");
    expect(JSON.parse(event.detail)).toEqual({ userId: "member", from: "MEMBER", to: "ADMIN" });
  });
});

describe("removeTeamMember and leaveTeam", () => {
  it("the last owner cannot leave or be removed; with a second owner it can", async () => {
    const team = await teamWith();
    await refused("CONFLICT", () => teams.leaveTeam(as("owner"), team.id));
    await refused("CONFLICT", () => teams.removeTeamMember(as("owner"), team.id, "owner"));
    await teams.changeTeamRole(as("owner"), team.id, "admin", "OWNER");
    await teams.leaveTeam(as("owner"), team.id);
    expect(await roleOf(team.id, "owner")).toBeNull();
    expect(await db.membership.count({ where: { teamId: team.id, role: "OWNER" } })).toBe(1);
  });

  it("a member can leave", async () => {
    const team = await teamWith();
    await teams.leaveTeam(as("member"), team.id);
    expect(await roleOf(team.id, "member")).toBeNull();
    expect(await teams.getTeam(as("member"), team.id)).toBeNull();
    const event = await db.auditEvent.findFirstOrThrow({ where: { teamId: team.id, action: "team.member.leave" } });
    expect(event.actorId).toBe("member");
  });

  it("owners remove anyone; admins remove members and admins but not owners; members remove no one else", async () => {
    const team = await teamWith({ admin: "ADMIN", member: "MEMBER", second: "MEMBER", third: "ADMIN", newcomer: "OWNER" });
    await refused("FORBIDDEN", () => teams.removeTeamMember(as("member"), team.id, "second"));
    await refused("FORBIDDEN", () => teams.removeTeamMember(as("admin"), team.id, "newcomer"));
    await teams.removeTeamMember(as("admin"), team.id, "second");
    await teams.removeTeamMember(as("admin"), team.id, "third");
    await teams.removeTeamMember(as("owner"), team.id, "admin");
    await teams.removeTeamMember(as("owner"), team.id, "newcomer");
    const remaining = await db.membership.findMany({ where: { teamId: team.id }, select: { userId: true }, orderBy: { userId: "asc" } });
    expect(remaining.map((m) => m.userId)).toEqual(["member", "owner"]);
    const removal = await db.auditEvent.findFirstOrThrow({ where: { teamId: team.id, action: "team.member.remove", actorId: "admin" } });
    expect(JSON.parse(removal.detail)).toMatchObject({ userId: "second", role: "MEMBER" });
  });

  it("answers NOT_FOUND to non-members and for users outside the team", async () => {
    const team = await teamWith();
    await refused("NOT_FOUND", () => teams.leaveTeam(as("outsider"), team.id));
    await refused("NOT_FOUND", () => teams.removeTeamMember(as("outsider"), team.id, "member"));
    await refused("NOT_FOUND", () => teams.removeTeamMember(as("root"), team.id, "member"));
    await refused("NOT_FOUND", () => teams.removeTeamMember(as("owner"), team.id, "newcomer"));
  });
});

describe("listMyTeams and getTeam", () => {
  it("lists the viewer's teams by name with its role, member and unarchived skill counts", async () => {
    await createUser(db, "lister");
    const zeta = await teams.createTeam(as("lister"), "Zeta crew");
    const alpha = await teams.createTeam(as("owner"), "Alpha crew");
    await teams.addTeamMember(as("owner"), alpha.id, "lister@example.com", "ADMIN");
    await teams.addTeamMember(as("owner"), alpha.id, "member@example.com");
    const [kept, hidden] = await skills.importSkills(as("lister"), [
      { skill: makeSkill("alpha-kept"), destination: { scope: "TEAM", teamId: alpha.id } },
      { skill: makeSkill("alpha-hidden"), destination: { scope: "TEAM", teamId: alpha.id } },
    ]);
    await skills.setSkillArchived(as("owner"), hidden.skillId, true);
    expect(kept.created).toBe(true);

    expect(await teams.listMyTeams(as("lister"))).toEqual([
      { id: alpha.id, name: "Alpha crew", description: "", role: "ADMIN", memberCount: 3, skillCount: 1 },
      { id: zeta.id, name: "Zeta crew", description: "", role: "OWNER", memberCount: 1, skillCount: 0 },
    ]);
    expect((await teams.listMyTeams(as("outsider"))).map((t) => t.id)).not.toContain(alpha.id);
    expect(await teams.listMyTeams(as("root"))).toEqual([]);
  });

  it("getTeam shows members to members only: null for outsiders, instance admins and unknown ids", async () => {
    const team = await teamWith();
    const forMember = await teams.getTeam(as("member"), team.id);
    expect(forMember).toMatchObject({ role: "MEMBER", memberCount: 3, can: { manageMembers: false } });
    expect(forMember?.members.map((m) => [m.userId, m.role])).toEqual([
      ["owner", "OWNER"],
      ["admin", "ADMIN"],
      ["member", "MEMBER"],
    ]);
    expect((await teams.getTeam(as("admin"), team.id))?.can.manageMembers).toBe(true);
    expect(await teams.getTeam(as("outsider"), team.id)).toBeNull();
    expect(await teams.getTeam(as("root"), team.id)).toBeNull();
    expect(await teams.getTeam(as("owner"), "no-such-team")).toBeNull();
  });
});

describe("membership decides what a user sees", () => {
  it("a removed member stops seeing the team's skills at once", async () => {
    const team = await teamWith();
    const { skillId } = await skills.createSkill(as("member"), {
      skill: makeSkill("team-runbook", { files: { "references/steps.md": "# Steps\n" } }),
      destination: { scope: "TEAM", teamId: team.id },
    });
    expect(await skills.getSkill(as("member"), skillId)).not.toBeNull();
    expect((await skills.listSkills(as("member"), { scope: "team", teamId: team.id })).items.map((s) => s.id)).toEqual([skillId]);

    await teams.removeTeamMember(as("admin"), team.id, "member");

    expect(await skills.getSkill(as("member"), skillId)).toBeNull();
    expect((await skills.listSkills(as("member"), { scope: "team", teamId: team.id })).total).toBe(0);
    expect(await skills.readSkillFile(as("member"), skillId, "references/steps.md")).toBeNull();
    expect(await skills.getSkillVersion(as("member"), skillId, 1)).toBeNull();
    expect((await skills.resolveVisibleSkills(as("member"))).visible.map((s) => s.id)).not.toContain(skillId);
    const error = await skills
      .addSkillVersion(as("member"), skillId, { skill: makeSkill("team-runbook", { body: "# after\n" }), message: "too late" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect((error as InstanceType<typeof DataError>).code).toBe("NOT_FOUND");
    // The skill itself stays with the team.
    expect((await skills.getSkill(as("owner"), skillId))?.version).toBe(1);
  });

  it("a member who leaves loses the team's skills, and one who is added gains them", async () => {
    const team = await teamWith({ member: "MEMBER" });
    const { skillId } = await skills.createSkill(as("owner"), { skill: makeSkill("handbook"), destination: { scope: "TEAM", teamId: team.id } });
    expect(await skills.getSkill(as("newcomer"), skillId)).toBeNull();
    await teams.addTeamMember(as("owner"), team.id, "newcomer@example.com");
    expect(await skills.getSkill(as("newcomer"), skillId)).not.toBeNull();
    await teams.leaveTeam(as("member"), team.id);
    expect(await skills.getSkill(as("member"), skillId)).toBeNull();
  });
});
