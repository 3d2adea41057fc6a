import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

// The manage dialog's data: what it offers each viewer, worded by lib/labels.ts.

const { db, cleanup } = await createTestDatabase();
const skills = await import("./skills");
const { getSkillManageInfo } = await import("./manage");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db);

describe("getSkillManageInfo", () => {
  it("offers a member's personal skill their team, not the public space, and says why", async () => {
    const { skillId } = await skills.createSkill(grace, { skill: makeSkill("notes-helper"), destination: { scope: "PERSONAL" } });
    const info = await getSkillManageInfo(grace, skillId);
    expect(info?.moveTargets).toEqual([{ key: `team:${team.id}`, label: "Team Platform" }]);
    expect(info?.moveNote).toBe("Only instance admins can publish skills to the public space.");
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
});
