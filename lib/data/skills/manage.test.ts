import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

// The manage dialog's data: what it offers each viewer, worded by lib/labels.ts.

const { db, cleanup } = await createTestDatabase();
const skills = await import("./");
const { getSkillManageInfo } = await import("./manage");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db);

describe("getSkillManageInfo", () => {
  it("offers a member's personal skill their team, and the public space as a request an instance admin approves", async () => {
    const { skillId } = await skills.createSkill(grace, { skill: makeSkill("notes-helper"), destination: { scope: "PERSONAL" } });
    const info = await getSkillManageInfo(grace, skillId);
    expect(info?.moveTargets).toEqual([
      { key: `team:${team.id}`, label: "Team Platform", note: null },
      { key: "public", label: "Public (everyone on this instance)", note: "needs an instance admin's approval" },
    ]);
    expect(info?.moveNote).toBeNull();
    expect(info?.audit.map((e) => [e.action, e.summary])).toEqual([["skill.create", "in Personal"]]);
  });

  it("sums up a move with the places' names, and answers null to someone who cannot see the skill", async () => {
    const { skillId } = await skills.createSkill(ada, { skill: makeSkill("deploy-guide"), destination: { scope: "PERSONAL" } });
    await skills.changeSkillScope(ada, skillId, { scope: "TEAM", teamId: team.id });
    const info = await getSkillManageInfo(ada, skillId);
    expect(info?.audit[0]).toMatchObject({ action: "skill.scope", summary: "Personal → Team Platform" });
    expect(info?.moveTargets.map((t) => t.key)).toEqual(["personal", "public"]);
    expect(await getSkillManageInfo(linus, skillId)).toBeNull();
  });

  it("says a move into a team whose changes need approval is a request", async () => {
    await db.team.update({
      where: { id: team.id },
      data: { reviewPolicy: JSON.stringify({ mode: "approval", approvals: 2, approvers: "members", managersBypass: true }) },
    });
    const { skillId } = await skills.createSkill(grace, { skill: makeSkill("policy-helper"), destination: { scope: "PERSONAL" } });
    const info = await getSkillManageInfo(grace, skillId);
    expect(info?.moveTargets[0]).toEqual({ key: `team:${team.id}`, label: "Team Platform", note: "needs 2 approvals from the team's members" });
    await db.team.update({ where: { id: team.id }, data: { reviewPolicy: JSON.stringify({ mode: "direct" }) } });
  });
});
