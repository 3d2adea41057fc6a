import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill, refusal, setReviewPolicy } from "@/lib/test/support";

// Release labels through the data layer (SQLite here, PostgreSQL in CI's database pass): a profile
// following stable keeps its version while latest moves, a rollback moves it back without writing
// a version, every delivery path answers the labelled version, a reviewed move waits for approval.

const { db, cleanup } = await createTestDatabase();
const skills = await import("./");
const labels = await import("./labels");
const profiles = await import("../profiles/profiles");
const reviews = await import("../reviews");
const { listDeliveredSkills, findDeliveredSkill } = await import("../distribution/discovery");
const { listServedSkills } = await import("../distribution/mcp-skills");
const { loadSkillSource } = await import("../playground/playground");
const feeds = await import("../distribution/feeds");
const { team, ada, grace } = await createCast(db);
afterAll(cleanup);

const body = (n: number) => ({ body: `# Deploy\n\nVersion ${n} of the steps.\n` });

/** A skill of grace's with versions 1..count. */
async function skillWithVersions(name: string, count: number, destination: Parameters<typeof skills.createSkill>[1]["destination"] = { scope: "PERSONAL" }) {
  const viewer = destination.scope === "TEAM" ? ada : grace;
  const { skillId } = await skills.createSkill(viewer, { skill: makeSkill(name, body(1)), destination });
  for (let n = 2; n <= count; n++) await skills.addSkillVersion(viewer, skillId!, { skill: makeSkill(name, body(n)), message: `v${n}` });
  return skillId!;
}

const versionOf = async (name: string, options: Parameters<typeof listDeliveredSkills>[1]) =>
  (await listDeliveredSkills(grace, options)).find((s) => s.name === name)?.version;

describe("release labels", () => {
  it("a profile following stable keeps v2 while latest moves to v4, and a rollback points it back at v1 without writing a version", async () => {
    const skillId = await skillWithVersions("deploy-steps", 2);
    expect(await labels.moveLabel(grace, skillId, "stable", 2)).toMatchObject({ kind: "moved", from: null, version: 2 });
    const profile = await profiles.createProfile(grace, { name: "prod agent", instructions: "", label: "stable", skills: [{ skillId, pinnedVersion: null }] });
    for (const n of [3, 4]) await skills.addSkillVersion(grace, skillId, { skill: makeSkill("deploy-steps", body(n)), message: `v${n}` });

    expect(await versionOf("deploy-steps", { profile: profile.id })).toBe(2);
    expect(await versionOf("deploy-steps", {})).toBe(4);

    const before = await db.skillVersion.count({ where: { skillId } });
    expect(await labels.moveLabel(grace, skillId, "stable", 1)).toMatchObject({ kind: "moved", from: 2, version: 1 });
    expect(await db.skillVersion.count({ where: { skillId } })).toBe(before);
    expect(await versionOf("deploy-steps", { profile: profile.id })).toBe(1);
    const audits = await db.auditEvent.findMany({ where: { skillId, action: "skill.label" }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => JSON.parse(a.detail))).toMatchObject([
      { label: "stable", from: null, to: 2 },
      { label: "stable", from: 2, to: 1 },
    ]);
  });

  it("every delivery path answers the labelled version: discovery, a delivery link, MCP, the playground with a profile, the API's resolution", async () => {
    const skillId = await skillWithVersions("release-notes", 3);
    await labels.moveLabel(grace, skillId, "beta", 2);
    const profile = await profiles.createProfile(grace, { name: "beta agent", instructions: "", label: "beta", skills: [{ skillId, pinnedVersion: null }] });

    expect(await findDeliveredSkill(grace, "release-notes", { label: "beta" })).toMatchObject({ version: 2, label: "beta", labelFallback: false });
    expect((await listServedSkills(grace, null, { label: "beta" })).find((s) => s.name === "release-notes")?.version).toBe(2);
    const playground = await loadSkillSource(grace, { kind: "profile", profileId: profile.id });
    expect(playground.source.skills.find((s) => s.name === "release-notes")?.version).toBe(2);
    // The MCP tools without a profile (`?label=beta` or a token following beta): the whole catalog at the label.
    const tools = await loadSkillSource(grace, { kind: "all", label: "beta" });
    expect(tools.source.skills.find((s) => s.name === "release-notes")?.version).toBe(2);
    expect(tools.source.skills.find((s) => s.name === "deploy-steps")?.version).toBe(4);
    expect(tools.notices.join(" ")).toMatch(/skill\(s\) have no beta label, so their latest versions are offered/);
    expect((await loadSkillSource(grace, { kind: "all" })).source.skills.find((s) => s.name === "release-notes")?.version).toBe(3);
    expect(await labels.resolveSkillLabel(grace, skillId, "beta")).toEqual({ version: 2, label: "beta", fallback: false });

    const { secret } = await feeds.createFeed(grace, { name: "beta link", label: "beta" });
    const check = await feeds.checkFeedSecret(secret);
    if (!check.ok) throw new Error("the link should work");
    expect(await findDeliveredSkill(check.viewer, "release-notes", check.options)).toMatchObject({ version: 2, label: "beta" });
  });

  it("a skill without the label followed answers its latest version, and says so", async () => {
    await skillWithVersions("no-labels", 2);
    expect(await findDeliveredSkill(grace, "no-labels", { label: "stable" })).toMatchObject({ version: 2, label: "latest", labelFallback: true });
    const profile = await profiles.createProfile(grace, {
      name: "fallback agent",
      instructions: "",
      label: "stable",
      skills: [{ skillId: (await db.skill.findFirstOrThrow({ where: { name: "no-labels" } })).id, pinnedVersion: null }],
    });
    const loaded = await loadSkillSource(grace, { kind: "profile", profileId: profile.id });
    expect(loaded.notices).toContain(`"no-labels" has no stable label, so its latest version is offered.`);
  });

  it("refuses a proposal that was never published, latest, a bad name, and strangers", async () => {
    const skillId = await skillWithVersions("team-runbook", 1, { scope: "TEAM", teamId: team.id });
    await setReviewPolicy(db, team.id, { mode: "approval", approvals: 1, approvers: "managers", managersBypass: false });
    const proposed = await skills.addSkillVersion(grace, skillId, { skill: makeSkill("team-runbook", body(2)), message: "v2" });
    expect(proposed.proposal).toBeTruthy();
    expect((await refusal(labels.moveLabel(ada, skillId, "beta", 2))).message).toMatch(/proposal that was never published/);
    expect((await refusal(labels.moveLabel(ada, skillId, "latest", 1))).code).toBe("INVALID");
    expect((await refusal(labels.moveLabel(ada, skillId, "Not A Label", 1))).details).toMatchObject({ field: "label" });
    expect((await refusal(labels.moveLabel({ id: "linus" }, skillId, "beta", 1))).code).toBe("NOT_FOUND");
    await setReviewPolicy(db, team.id, { mode: "direct" });
  });

  it("under a policy that reviews stable, a move is a review request that moves the label only on approval", async () => {
    const skillId = await skillWithVersions("team-deploy", 2, { scope: "TEAM", teamId: team.id });
    await setReviewPolicy(db, team.id, { mode: "approval", approvals: 1, approvers: "managers", managersBypass: false });
    const outcome = await labels.moveLabel(grace, skillId, "stable", 1);
    if (outcome.kind !== "proposed") throw new Error("the move should wait for review");
    expect(await db.skillLabel.findFirst({ where: { skillId, name: "stable" } })).toBeNull();
    // beta is not named by the policy: it moves at once.
    expect(await labels.moveLabel(grace, skillId, "beta", 1)).toMatchObject({ kind: "moved" });

    const decision = await reviews.decideRequest(ada, outcome.request.requestId, { verdict: "approve", revision: 1 });
    expect(decision.merged).toEqual({ version: 1 });
    const moved = await db.skillLabel.findFirstOrThrow({ where: { skillId, name: "stable" }, include: { version: true } });
    expect(moved.version.number).toBe(1);
    // No version was written or published by the merge: latest is still v2.
    expect((await db.skill.findUniqueOrThrow({ where: { id: skillId }, include: { currentVersion: true } })).currentVersion?.number).toBe(2);
    await setReviewPolicy(db, team.id, { mode: "direct" });
  });

  it("a prune keeps labelled versions; custom labels are deleted, stable is not; an archived skill stays reachable through its label", async () => {
    const skillId = await skillWithVersions("prunable", 4);
    await labels.moveLabel(grace, skillId, "canary", 1);
    await labels.moveLabel(grace, skillId, "stable", 2);
    expect(await skills.pruneSkillVersions(grace, skillId, 1)).toEqual([3]);
    expect((await refusal(labels.deleteLabel(grace, skillId, "stable"))).code).toBe("INVALID");
    await labels.deleteLabel(grace, skillId, "canary");
    expect((await labels.listSkillLabels(grace, skillId))?.labels.map((l) => [l.name, l.version])).toEqual([
      ["latest", 4],
      ["stable", 2],
      ["beta", null],
    ]);

    const profile = await profiles.createProfile(grace, {
      name: "archive follower",
      instructions: "",
      label: "stable",
      skills: [{ skillId, pinnedVersion: null }],
    });
    await skills.setSkillArchived(grace, skillId, true);
    expect(await versionOf("prunable", { profile: profile.id })).toBe(2);
    expect(await versionOf("prunable", {})).toBeUndefined();
  });
});

describe("two moves of one label at once", () => {
  it("end with one winner and an audit row each, the second recording the first's version as where it was", async () => {
    const skillId = await skillWithVersions("raced", 3);
    const results = await Promise.all([labels.moveLabel(grace, skillId, "stable", 2), labels.moveLabel(grace, skillId, "stable", 3)]);
    expect(results.map((r) => r.kind)).toEqual(["moved", "moved"]);
    const rows = await db.auditEvent.findMany({ where: { skillId, action: "skill.label" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    const moves = rows.map((r) => JSON.parse(r.detail) as { from: number | null; to: number });
    expect(moves).toHaveLength(2);
    // Serialized: one of them found nothing, the other found the first's version; the label holds the later one.
    const first = moves.find((m) => m.from === null)!;
    const second = moves.find((m) => m.from !== null)!;
    expect(second.from).toBe(first.to);
    const stored = await db.skillLabel.findFirstOrThrow({ where: { skillId, name: "stable" }, include: { version: true } });
    expect(stored.version.number).toBe(second.to);
    expect(await db.skillLabel.count({ where: { skillId, name: "stable" } })).toBe(1);
  });
});
