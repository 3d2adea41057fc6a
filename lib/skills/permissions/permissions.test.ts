import { describe, expect, it } from "vitest";
import {
  canAddVersion,
  canCreateIn,
  canCreateTeam,
  canDeleteTeam,
  canInvite,
  canManageInvitations,
  canManageSkill,
  canMoveSkill,
  canRemoveMember,
  canRenameTeam,
  canSetMemberRole,
  canViewSkill,
  explainShadowing,
  resolveShadowing,
  type Actor,
  type SkillAccess,
} from "./permissions";

const owner: Actor = { id: "u-owner", role: "USER", teamRoles: { t1: "OWNER" } };
const teamAdmin: Actor = { id: "u-tadmin", role: "USER", teamRoles: { t1: "ADMIN" } };
const member: Actor = { id: "u-member", role: "USER", teamRoles: { t1: "MEMBER" } };
const outsider: Actor = { id: "u-out", role: "USER", teamRoles: { t2: "OWNER" } };
const admin: Actor = { id: "u-admin", role: "ADMIN", teamRoles: {} };

const personal: SkillAccess = { scope: "PERSONAL", ownerId: "u-member", teamId: null };
const team: SkillAccess = { scope: "TEAM", ownerId: null, teamId: "t1" };
const publicSkill: SkillAccess = { scope: "PUBLIC", ownerId: "u-member", teamId: null };
const builtin: SkillAccess = { scope: "BUILTIN", ownerId: null, teamId: null };

describe("skill rules", () => {
  it("personal skills belong to their owner alone, even against instance admins", () => {
    expect([owner, teamAdmin, member, outsider, admin].map((a) => canViewSkill(a, personal))).toEqual([false, false, true, false, false]);
    expect([owner, member, admin].map((a) => canAddVersion(a, personal))).toEqual([false, true, false]);
    expect([owner, member, admin].map((a) => canManageSkill(a, personal))).toEqual([false, true, false]);
  });

  it("team skills: members see and add versions; team owners and admins manage", () => {
    expect([owner, teamAdmin, member, outsider, admin].map((a) => canViewSkill(a, team))).toEqual([true, true, true, false, false]);
    expect([owner, teamAdmin, member, outsider, admin].map((a) => canAddVersion(a, team))).toEqual([true, true, true, false, false]);
    expect([owner, teamAdmin, member, outsider, admin].map((a) => canManageSkill(a, team))).toEqual([true, true, false, false, false]);
  });

  it("public skills: everyone sees; the author and instance admins add versions; instance admins manage", () => {
    expect([owner, member, outsider, admin].every((a) => canViewSkill(a, publicSkill))).toBe(true);
    expect([owner, member, outsider, admin].map((a) => canAddVersion(a, publicSkill))).toEqual([false, true, false, true]);
    expect([owner, member, outsider, admin].map((a) => canManageSkill(a, publicSkill))).toEqual([false, false, false, true]);
  });

  it("built-in skills are read-only for everyone", () => {
    for (const actor of [owner, member, admin]) {
      expect(canViewSkill(actor, builtin)).toBe(true);
      expect(canAddVersion(actor, builtin)).toBe(false);
      expect(canManageSkill(actor, builtin)).toBe(false);
    }
  });

  it("creating: personal always, team for members, public for instance admins, built-in never", () => {
    expect(canCreateIn(member, { scope: "PERSONAL" })).toBe(true);
    expect(canCreateIn(member, { scope: "TEAM", teamId: "t1" })).toBe(true);
    expect(canCreateIn(outsider, { scope: "TEAM", teamId: "t1" })).toBe(false);
    expect(canCreateIn(member, { scope: "PUBLIC" })).toBe(false);
    expect(canCreateIn(admin, { scope: "PUBLIC" })).toBe(true);
    expect(canCreateIn(admin, { scope: "BUILTIN" })).toBe(false);
  });

  it("moving: personal to team by its owner, team to public by an instance admin who manages it", () => {
    expect(canMoveSkill(member, personal, { scope: "TEAM", teamId: "t1" })).toBe(true);
    expect(canMoveSkill(member, personal, { scope: "TEAM", teamId: "t2" })).toBe(false);
    expect(canMoveSkill(member, personal, { scope: "PUBLIC" })).toBe(false);
    expect(canMoveSkill(owner, team, { scope: "PUBLIC" })).toBe(false);
    const adminOwner: Actor = { ...owner, role: "ADMIN" };
    expect(canMoveSkill(adminOwner, team, { scope: "PUBLIC" })).toBe(true);
    expect(canMoveSkill(admin, publicSkill, { scope: "TEAM", teamId: "t1" })).toBe(false); // not a member of t1
    expect(canMoveSkill({ ...admin, teamRoles: { t1: "MEMBER" } }, publicSkill, { scope: "TEAM", teamId: "t1" })).toBe(true);
    expect(canMoveSkill(member, team, { scope: "PERSONAL" })).toBe(false);
    expect(canMoveSkill(member, personal, { scope: "PERSONAL" })).toBe(false); // no-op
  });
});

describe("team membership rules", () => {
  it("only owners make or unmake owners; admins manage the rest; members manage nobody", () => {
    expect(canSetMemberRole(owner, "t1", "MEMBER", "OWNER")).toBe(true);
    expect(canSetMemberRole(teamAdmin, "t1", "MEMBER", "ADMIN")).toBe(true);
    expect(canSetMemberRole(teamAdmin, "t1", "MEMBER", "OWNER")).toBe(false);
    expect(canSetMemberRole(teamAdmin, "t1", "OWNER", "MEMBER")).toBe(false);
    expect(canSetMemberRole(member, "t1", null, "MEMBER")).toBe(false);
    expect(canRemoveMember(teamAdmin, "t1", "x", "MEMBER")).toBe(true);
    expect(canRemoveMember(teamAdmin, "t1", "x", "OWNER")).toBe(false);
    expect(canRemoveMember(member, "t1", "x", "MEMBER")).toBe(false);
    expect(canRemoveMember(member, "t1", member.id, "MEMBER")).toBe(true);
  });
});

describe("team administration rules", () => {
  const everyone = [owner, teamAdmin, member, outsider, admin];
  it("team creation follows the instance setting: anyone, or instance admins only", () => {
    expect(everyone.map((a) => canCreateTeam(a, "anyone"))).toEqual([true, true, true, true, true]);
    expect(everyone.map((a) => canCreateTeam(a, "admins"))).toEqual([false, false, false, false, true]);
  });

  it("owners and admins rename and manage invite links; only owners delete; instance admins outside the team do neither", () => {
    expect(everyone.map((a) => canRenameTeam(a, "t1"))).toEqual([true, true, false, false, false]);
    expect(everyone.map((a) => canManageInvitations(a, "t1"))).toEqual([true, true, false, false, false]);
    expect(everyone.map((a) => canDeleteTeam(a, "t1"))).toEqual([true, false, false, false, false]);
  });

  it("an invite grants at most what its creator could grant by adding a member", () => {
    expect(everyone.map((a) => canInvite(a, "t1", "OWNER"))).toEqual([true, false, false, false, false]);
    expect(everyone.map((a) => canInvite(a, "t1", "ADMIN"))).toEqual([true, true, false, false, false]);
    expect(everyone.map((a) => canInvite(a, "t1", "MEMBER"))).toEqual([true, true, false, false, false]);
  });
});

describe("resolveShadowing", () => {
  const skills = [
    { id: "b", name: "pdf", scope: "BUILTIN" as const },
    { id: "p", name: "pdf", scope: "PUBLIC" as const },
    { id: "t", name: "pdf", scope: "TEAM" as const, rank: "Platform" },
    { id: "t0", name: "pdf", scope: "TEAM" as const, rank: "Alpha" },
    { id: "me", name: "pdf", scope: "PERSONAL" as const },
    { id: "x", name: "xlsx", scope: "PUBLIC" as const },
    { id: "y", name: "xlsx", scope: "BUILTIN" as const },
  ];

  it("keeps one skill per name, personal over team over public over built-in", () => {
    const { visible, shadowedBy } = resolveShadowing(skills);
    expect(visible.map((s) => s.id).sort()).toEqual(["me", "x"]);
    expect(Object.fromEntries([...shadowedBy].map(([id, winner]) => [id, winner.id]))).toEqual({ b: "me", p: "me", t: "me", t0: "me", y: "x" });
  });

  it("without the personal one the team wins, teams tie-broken by rank", () => {
    const { visible, shadowedBy } = resolveShadowing(skills.filter((s) => s.id !== "me"));
    expect(visible.find((s) => s.name === "pdf")?.id).toBe("t0");
    expect(shadowedBy.get("t")?.id).toBe("t0");
    expect(shadowedBy.get("b")?.id).toBe("t0");
  });

  it("explains the reason in words", () => {
    expect(explainShadowing({ scope: "TEAM" }, { scope: "PERSONAL", name: "pdf" })).toBe(
      'Hidden by "pdf" in your personal skills: personal skills take priority over team ones with the same name.',
    );
  });
});
