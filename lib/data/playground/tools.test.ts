import { afterAll, describe, expect, it } from "vitest";
import { boundToolSkill as toolSkill } from "@/lib/test/bound-tool-bundle";
import { LOOKUP_ORDER_TOOLS } from "@/lib/test/bound-tool-skill";
import { createCast, createTestDatabase, createUser, refusedUnchanged } from "@/lib/test/support";

// Bound tools reach the playground only where the policy allows (lib/skills/permissions/bound-tools.ts):
// the source the chat reads (every catalog source), the setup panel's catalog, and the team
// owners' switch.

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const playground = await import("./playground");
const profiles = await import("../profiles/profiles");
const teams = await import("../teams/teams");
afterAll(cleanup);

// ada owns team Platform, hopper is one of its admins, grace a member.
const { team, ada, grace, viewers } = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER", hopper: "ADMIN" }, extra: ["hopper"] });
const hopper = viewers.hopper;

const publicOrders = await skills.createSkill(ada, {
  skill: toolSkill("public-orders", `${LOOKUP_ORDER_TOOLS}allowed-tools:\n  - lookup_order\n  - Bash(python3:*)\n`),
  destination: { scope: "PUBLIC" },
});
const personalOrders = await skills.createSkill(grace, { skill: toolSkill("personal-orders"), destination: { scope: "PERSONAL" } });
const teamOrders = await skills.createSkill(grace, { skill: toolSkill("team-orders"), destination: { scope: "TEAM", teamId: team.id } });
const reviewOrders = await skills.createSkill(ada, { skill: toolSkill("review-orders"), destination: { scope: "PUBLIC" } });
await db.skillVersion.updateMany({ where: { skillId: reviewOrders.skillId }, data: { reviewStatus: "needs_review" } });
const explicitOnly = await skills.createSkill(grace, {
  skill: toolSkill("explicit-only", "disable-model-invocation: true\nuser-invocable: false\n"),
  destination: { scope: "PERSONAL" },
});

async function sourceSkill(viewer: { id: string }, name: string) {
  const { source } = await playground.loadSkillSource(viewer, { kind: "all" });
  return source.skills.find((s) => s.name === name)!;
}

describe("loadSkillSource: bound tools by scope and review", () => {
  it("offers a public skill's tools with their definition tokens, and its allowed-tools normalised", async () => {
    const skill = await sourceSkill(grace, "public-orders");
    expect(skill.tools).toEqual([
      {
        name: "lookup_order",
        description: "Look up one order by its id.",
        script: "scripts/lookup_order.py",
        inputSchema: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
        tokens: expect.any(Number),
      },
    ]);
    expect(skill.tools![0].tokens).toBeGreaterThan(10);
    expect(skill.toolsWithheld).toBeUndefined();
    expect(skill).toMatchObject({ allowedTools: ["lookup_order", "Bash(python3:*)"], modelInvocable: true, userInvocable: true });
  });

  it("withholds a personal skill's tools and says why", async () => {
    const skill = await sourceSkill(grace, "personal-orders");
    expect(skill.tools).toEqual([]);
    expect(skill.toolsWithheld).toEqual({
      names: ["lookup_order"],
      reason: "personal skills cannot bind tools; publish it or move it to a team whose owners allow bound tools",
    });
  });

  it("withholds the tools of a version that needs security review, even a public one", async () => {
    const skill = await sourceSkill(grace, "review-orders");
    expect(skill.tools).toEqual([]);
    expect(skill.toolsWithheld).toEqual({ names: ["lookup_order"], reason: "v1 needs security review before its tools can run" });
  });

  it("reads the invocation flags, and leaves a skill without tools with none withheld", async () => {
    const skill = await sourceSkill(grace, "explicit-only");
    expect(skill).toMatchObject({ modelInvocable: false, userInvocable: false, tools: [], allowedTools: [] });
    expect(skill.toolsWithheld).toBeUndefined();
  });

  it("serves the same fields through a hand-picked set and a profile's pinned version", async () => {
    const picked = await playground.loadSkillSource(grace, { kind: "picked", skillIds: [publicOrders.skillId, personalOrders.skillId] });
    expect(picked.source.skills.map((s) => [s.name, s.tools!.length, s.toolsWithheld?.names ?? null])).toEqual([
      ["personal-orders", 0, ["lookup_order"]],
      ["public-orders", 1, null],
    ]);
    const profile = await profiles.createProfile(grace, {
      name: "Orders",
      instructions: "",
      skills: [
        { skillId: publicOrders.skillId, pinnedVersion: 1 },
        { skillId: teamOrders.skillId, pinnedVersion: null },
        { skillId: explicitOnly.skillId, pinnedVersion: null },
      ],
    });
    const loaded = await playground.loadSkillSource(grace, { kind: "profile", profileId: profile.id });
    const byName = new Map(loaded.source.skills.map((s) => [s.name, s]));
    expect(byName.get("public-orders")).toMatchObject({
      tools: [expect.objectContaining({ name: "lookup_order" })],
      allowedTools: ["lookup_order", "Bash(python3:*)"],
    });
    expect(byName.get("team-orders")?.toolsWithheld?.reason).toContain("team Platform does not allow bound tools");
    expect(byName.get("explicit-only")).toMatchObject({ modelInvocable: false, userInvocable: false });
    await profiles.deleteProfile(grace, profile.id);
  });
});

describe("the team owners' switch", () => {
  const state = async () => ({
    team: await db.team.findUniqueOrThrow({ where: { id: team.id }, select: { allowBoundTools: true } }),
    audit: await db.auditEvent.count({ where: { action: "team.bound-tools" } }),
  });

  it("is off by default: a team skill's tools are withheld, naming the team and who can change it", async () => {
    expect((await teams.getTeam(grace, team.id))!).toMatchObject({ allowBoundTools: false, can: expect.objectContaining({ setBoundTools: false }) });
    const skill = await sourceSkill(grace, "team-orders");
    expect(skill.toolsWithheld).toEqual({
      names: ["lookup_order"],
      reason: "team Platform does not allow bound tools (a team owner can turn it on in the team's settings)",
    });
  });

  it("a member or a team admin cannot change it, and outsiders do not see the team", async () => {
    const member = await refusedUnchanged(state, "FORBIDDEN", () => teams.setTeamBoundTools(grace, team.id, true));
    expect(member.message).toBe("Only team owners can allow or stop bound tools for the team's skills.");
    await refusedUnchanged(state, "FORBIDDEN", () => teams.setTeamBoundTools(hopper, team.id, true));
    await createUser(db, "stranger");
    await refusedUnchanged(state, "NOT_FOUND", () => teams.setTeamBoundTools({ id: "stranger" }, team.id, true));
  });

  it("an owner turns it on (audited): the team's skill then binds its tools, in the source and the setup catalog", async () => {
    expect((await teams.getTeam(ada, team.id))!.can.setBoundTools).toBe(true);
    await teams.setTeamBoundTools(ada, team.id, true);
    expect(await state()).toEqual({ team: { allowBoundTools: true }, audit: 1 });
    const event = await db.auditEvent.findFirstOrThrow({ where: { action: "team.bound-tools" } });
    expect([event.actorId, event.teamId, JSON.parse(event.detail)]).toEqual(["ada", team.id, { from: false, to: true }]);
    // Saving the same value again changes nothing and records nothing.
    await teams.setTeamBoundTools(ada, team.id, true);
    expect((await state()).audit).toBe(1);

    const skill = await sourceSkill(grace, "team-orders");
    expect(skill.tools!.map((t) => t.name)).toEqual(["lookup_order"]);
    expect(skill.toolsWithheld).toBeUndefined();
    const entry = (await playground.getPlaygroundCatalog(grace)).entries.find((e) => e.name === "team-orders")!;
    expect(entry).toMatchObject({ tools: [{ name: "lookup_order", tokens: skill.tools![0].tokens }], toolsWithheld: null });

    await teams.setTeamBoundTools(ada, team.id, false);
    expect((await sourceSkill(grace, "team-orders")).toolsWithheld?.names).toEqual(["lookup_order"]);
  });
});

describe("getPlaygroundCatalog", () => {
  it("gives the setup panel each skill's flags, tools and withheld tools", async () => {
    const { entries } = await playground.getPlaygroundCatalog(grace);
    const row = (name: string) => {
      const e = entries.find((x) => x.name === name)!;
      return [e.modelInvocable, e.userInvocable, e.tools.map((t) => t.name), e.toolsWithheld?.reason ?? null];
    };
    expect(row("public-orders")).toEqual([true, true, ["lookup_order"], null]);
    expect(row("personal-orders")).toEqual([true, true, [], expect.stringContaining("personal skills cannot bind tools")]);
    expect(row("review-orders")).toEqual([true, true, [], "v1 needs security review before its tools can run"]);
    expect(row("explicit-only")).toEqual([false, false, [], null]);
  });
});
