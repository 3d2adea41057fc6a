import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

// What other people's agent profiles reveal and hold: a viewer who cannot manage a skill sees
// only counts, and their profiles do not keep the skill or its versions from its managers.

const { db, cleanup } = await createTestDatabase();
const data = await import("../skills");
afterAll(cleanup);

const { team, ada, grace, linus, viewers } = await createCast(db, {
  extra: ["owner"],
  names: { grace: "Grace Hopper", linus: "Linus T", owner: "Team Owner" },
  team: { owner: "OWNER", grace: "MEMBER" },
});
const owner = viewers.owner;

async function publicSkill(name: string) {
  const { skillId } = await data.createSkill(ada, { skill: makeSkill(name), destination: { scope: "PUBLIC" } });
  return skillId;
}

describe("the manage dialog's data, seen by someone else", () => {
  it("names no other user's profile or owner and shows no one else's audit events", async () => {
    const skillId = await publicSkill("shared-tool");
    const secret = await db.agentProfile.create({ data: { ownerId: "grace", name: "Grace secret bot", skills: { create: { skillId, pinnedVersion: 1 } } } });
    await data.recordDownload(grace, skillId, 1);
    await data.recordDownload(linus, skillId, 1);
    const mine = await db.agentProfile.create({ data: { ownerId: "linus", name: "Linus bot", skills: { create: { skillId } } } });

    const references = await data.listSkillReferences(linus, skillId);
    expect(references).toEqual({ mine: [{ profileId: mine.id, profileName: "Linus bot" }], others: 1, holding: 0 });
    expect(JSON.stringify(references)).not.toMatch(/Grace|grace|secret/);
    expect(JSON.stringify(references)).not.toContain(secret.id);

    const audit = await data.listSkillAudit(linus, skillId);
    expect(audit?.map((e) => [e.action, e.actorId])).toEqual([["skill.download", "linus"]]);
    expect(JSON.stringify(audit)).not.toMatch(/Grace|grace|ada/);

    // Those who may manage it keep the whole trail.
    expect((await data.listSkillAudit(ada, skillId))?.map((e) => e.actorId).sort()).toEqual(["ada", "grace", "linus"]);
    expect(await data.listSkillReferences(ada, skillId)).toEqual({ mine: [], others: 2, holding: 0 });
  });

  it("a delete refusal names the caller's own profiles and counts everyone else's", async () => {
    const skillId = await publicSkill("admin-tool");
    await db.agentProfile.create({ data: { ownerId: "ada", name: "Ada bot", skills: { create: { skillId } } } });
    await db.agentProfile.create({ data: { ownerId: "grace", name: "Grace private bot", skills: { create: { skillId } } } });
    await db.agentProfile.create({ data: { ownerId: "linus", name: "Linus private bot", skills: { create: { skillId } } } });

    const error = await data.deleteSkill(ada, skillId).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: "REFERENCED",
      message: `"admin-tool" is used by your profile “Ada bot” and 2 other people's profiles.`,
      details: { references: { mine: [{ profileName: "Ada bot" }], others: 2, holding: 1 } },
    });
    expect(JSON.stringify((error as { details: unknown }).details)).not.toMatch(/Grace|Linus|grace|linus/);
  });
});

describe("profiles of people who cannot manage a skill do not hold it", () => {
  it("a reader's profile does not block delete: it loses the skill", async () => {
    const skillId = await publicSkill("reader-held");
    const profile = await db.agentProfile.create({ data: { ownerId: "grace", name: "Reader bot", skills: { create: { skillId, pinnedVersion: 1 } } } });
    await data.deleteSkill(ada, skillId);
    expect(await db.skill.findUnique({ where: { id: skillId } })).toBeNull();
    expect(await db.agentProfileSkill.count({ where: { profileId: profile.id } })).toBe(0);
  });

  it("a member's pin does not stop the team's owners pruning; it then follows the current version", async () => {
    const { skillId } = await data.createSkill(owner, { skill: makeSkill("team-pinned", { body: "# 1\n" }), destination: { scope: "TEAM", teamId: team.id } });
    for (const n of [2, 3, 4]) await data.addSkillVersion(owner, skillId, { skill: makeSkill("team-pinned", { body: `# ${n}\n` }), message: `v${n}` });
    const member = await db.agentProfile.create({ data: { ownerId: "grace", name: "Member bot", skills: { create: { skillId, pinnedVersion: 1 } } } });
    const manager = await db.agentProfile.create({ data: { ownerId: "owner", name: "Owner bot", skills: { create: { skillId, pinnedVersion: 2 } } } });

    expect(await data.pruneSkillVersions(owner, skillId, 1)).toEqual([1, 3]);
    expect((await db.agentProfileSkill.findFirstOrThrow({ where: { profileId: member.id } })).pinnedVersion).toBeNull();
    expect((await db.agentProfileSkill.findFirstOrThrow({ where: { profileId: manager.id } })).pinnedVersion).toBe(2);

    // The manager's own profile still holds the skill against delete; the member's does not count.
    await expect(data.deleteSkill(owner, skillId)).rejects.toMatchObject({
      code: "REFERENCED",
      details: { references: { mine: [{ profileId: manager.id, profileName: "Owner bot" }], others: 1, holding: 1 } },
    });
  });
});
