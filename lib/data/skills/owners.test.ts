import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill, refusal, setReviewPolicy } from "@/lib/test/support";

// Per-skill owners through the data layer: people or a team role, checked against who can read the
// skill; told of the skill's changes instead of its creator, and asked first for review.

const { db, cleanup } = await createTestDatabase();
const skills = await import("./");
const { setSkillOwners } = await import("./owners");
const { explicitOwnerIds, skillOwnerIds } = await import("../core/owner-ids");
const { getSkillMeta } = await import("./meta");
const reviews = await import("../reviews");
const { ada, grace, linus, viewers, team } = await createCast(db, {
  team: { ada: "OWNER", grace: "MEMBER", linus: "ADMIN", hopper: "MEMBER" },
  extra: ["hopper", "outsider"],
  names: { grace: "Grace Hopper", hopper: "Hop" },
});
afterAll(cleanup);

const teamSkill = (await skills.createSkill(ada, { skill: makeSkill("deploy-steps"), destination: { scope: "TEAM", teamId: team.id } })).skillId!;
const personal = (await skills.createSkill(grace, { skill: makeSkill("my-notes"), destination: { scope: "PERSONAL" } })).skillId!;

/** Who got a notification of this kind about the skill, sorted. */
const told = async (kind: string) =>
  (await db.notification.findMany({ where: { event: { kind, skillId: teamSkill } }, select: { userId: true } })).map((n) => n.userId).sort();

describe("skill owners", () => {
  it("are people or a team role, shown on the skill page, and resolve to people", async () => {
    expect(await skillOwnerIds(db, teamSkill)).toEqual(["ada"]);
    // Shown people first, whatever order they were chosen in.
    await setSkillOwners(grace, teamSkill, [
      { kind: "role", role: "ADMIN" },
      { kind: "user", userId: "grace" },
      { kind: "user", userId: "grace" },
    ]);
    expect((await getSkillMeta(grace, teamSkill))?.owners).toEqual([
      { kind: "user", id: "grace", name: "Grace Hopper" },
      { kind: "role", role: "ADMIN", label: "Team owners and admins" },
    ]);
    expect((await explicitOwnerIds(db, teamSkill)).sort()).toEqual(["ada", "grace", "linus"]);
    expect((await getSkillMeta(grace, teamSkill))?.ownerChoices).toEqual({
      people: [
        { id: "ada", name: "ada" },
        { id: "grace", name: "Grace Hopper" },
        { id: "hopper", name: "Hop" },
        { id: "linus", name: "linus" },
      ],
      roles: ["OWNER", "ADMIN", "MEMBER"],
    });
  });

  it("offer a team skill's members with enabled accounts, on the skill page as in its meta", async () => {
    await db.user.update({ where: { id: "hopper" }, data: { disabledAt: new Date() } });
    const people = [
      { id: "ada", name: "ada" },
      { id: "grace", name: "Grace Hopper" },
      { id: "linus", name: "linus" },
    ];
    expect((await getSkillMeta(grace, teamSkill))?.ownerChoices).toEqual({ people, roles: ["OWNER", "ADMIN", "MEMBER"] });
    expect((await skills.getSkillPage(grace, teamSkill))?.meta.ownerChoices).toEqual({ people, roles: ["OWNER", "ADMIN", "MEMBER"] });
    await db.user.update({ where: { id: "hopper" }, data: { disabledAt: null } });
    expect((await skills.getSkillPage(grace, personal))?.meta.ownerChoices).toEqual({ people: [{ id: "grace", name: "Grace Hopper" }], roles: [] });
  });

  it("refuse what cannot own the skill, naming the problem", async () => {
    expect((await refusal(setSkillOwners(grace, teamSkill, [{ kind: "user", userId: "outsider" }]))).message).toBe(
      "outsider cannot read this skill, so cannot own it.",
    );
    expect((await refusal(setSkillOwners(grace, teamSkill, [{ kind: "user", userId: "nobody" }]))).message).toMatch(/^Unknown user "nobody"/);
    expect((await refusal(setSkillOwners(grace, personal, [{ kind: "role", role: "OWNER" }]))).message).toBe("Only a team skill can be owned by a team role.");
    expect((await refusal(setSkillOwners(viewers.outsider, teamSkill, []))).code).toBe("NOT_FOUND");
    expect((await refusal(setSkillOwners(ada, personal, []))).code).toBe("NOT_FOUND");
    const many = Array.from({ length: 5_000 }, (_, i) => ({ kind: "user" as const, userId: `u${i}` }));
    expect((await refusal(setSkillOwners(grace, teamSkill, many))).message).toBe("A skill has at most 10 owners; 5000 were given.");
    expect((await explicitOwnerIds(db, teamSkill)).sort()).toEqual(["ada", "grace", "linus"]);
  });

  it("are told of the skill's changes (not only its creator)", async () => {
    await skills.addSkillVersion(ada, teamSkill, { skill: makeSkill("deploy-steps", { body: "Newer." }), message: "v2" });
    expect(await told("skill.changed")).toEqual(["grace", "linus"]);
  });

  it("are asked first for review: only the eligible owners are asked, or everyone eligible when no owner is", async () => {
    await setReviewPolicy(db, team.id, { mode: "approval", approvals: 1, approvers: "members", managersBypass: false });
    await setSkillOwners(ada, teamSkill, [{ kind: "user", userId: "hopper" }]);
    const proposed = await skills.addSkillVersion(grace, teamSkill, { skill: makeSkill("deploy-steps", { body: "Proposed." }), message: "p1" });
    expect(await told("review.requested")).toEqual(["hopper"]);
    // The request's page names them.
    expect((await reviews.getReviewRequest(ada, proposed.proposal!.requestId))?.askedFirst).toEqual([{ id: "hopper", name: "Hop" }]);

    await db.notification.deleteMany({ where: { event: { kind: "review.requested" } } });
    // The only owner is the author, who never reviews their own change: everyone eligible is asked.
    await setSkillOwners(ada, teamSkill, [{ kind: "user", userId: "linus" }]);
    const other = await skills.addSkillVersion(linus, teamSkill, { skill: makeSkill("deploy-steps", { body: "Other." }), message: "p2" });
    expect(await told("review.requested")).toEqual(["ada", "grace", "hopper"]);
    expect((await reviews.getReviewRequest(ada, other.proposal!.requestId))?.askedFirst).toEqual([]);
  });
});
