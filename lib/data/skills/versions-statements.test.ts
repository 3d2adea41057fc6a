import { afterAll, describe, expect, it, vi } from "vitest";
import { createCast, createTeam, createTestDatabase, makeSkill, setReviewPolicy } from "@/lib/test/support";
import { countStatements, recordStatements } from "@/lib/test/sql-statements";

// How many SQL statements the versions page (app/(app)/skills/[skillId]/versions/page.tsx) sends
// for one view, beyond the layout's (session, actor, header counts), for a team skill with
// everything the page shows: versions direct and proposed (a request with two revisions), labels,
// profile pins, trigger-test runs and a source. Issue 44: every page toward 8.

// The actor read once per viewer, as the layout has read it for the page in a render.
vi.mock("@/lib/data/core/actor", async (original) => (await import("@/lib/test/sql-statements")).actorReadOncePerViewer(await original()));

recordStatements(); // before the first connection (see the file)
const { db, cleanup } = await createTestDatabase();
const skills = await import("./");
const { listTriggerEvalRuns } = await import("../playground");
afterAll(cleanup);

// ada owns the team (and is an instance admin), grace is a member, linus sees none of it. Both are
// in another team too, so a pin's owner comes with more than one membership.
const { ada, grace, linus, team } = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER" } });
await createTeam(db, "Other", { grace: "OWNER", ada: "MEMBER" });
const name = "deploy-checklist";
const { skillId: id } = await skills.createSkill(grace, { skill: makeSkill(name, { body: "# Deploy\n" }), destination: { scope: "TEAM", teamId: team.id } });
const skillId = id!;
await skills.addSkillVersion(ada, skillId, { skill: makeSkill(name, { body: "# Deploy\n\nTwice.\n" }), message: "Twice" });
await skills.moveLabel(grace, skillId, "stable", 1);
await skills.moveLabel(grace, skillId, "canary", 2);
// From here a member's version is a proposal: revision 1 (v3), then revision 2 (v4) supersedes it.
await setReviewPolicy(db, team.id, { mode: "approval", approvals: 1, approvers: "managers", managersBypass: false });
const proposed = await skills.addSkillVersion(grace, skillId, { skill: makeSkill(name, { body: "# Deploy\n\nThrice.\n" }), message: "Thrice", baseVersion: 2 });
const requestId = proposed.proposal!.requestId;
await skills.addSkillVersion(grace, skillId, { skill: makeSkill(name, { body: "# Deploy\n\nThrice!\n" }), message: "Again", baseVersion: 2, requestId });

// Kept in sync from a repository; v2 came from a commit there.
const source = await db.skillSource.create({
  data: { kind: "git", url: "https://example.com/skills.git", scope: "TEAM", teamId: team.id, space: `team:${team.id}`, webhookSecret: "x" },
});
await db.skill.update({ where: { id: skillId }, data: { sourceId: source.id, sourcePath: "skills/deploy" } });
await db.skillVersion.update({
  where: { skillId_number: { skillId, number: 2 } },
  data: { sourceId: source.id, sourceUrl: source.url, sourceRevision: "abc123", sourcePath: "skills/deploy", commitAuthor: "Ada <ada@example.com>" },
});

// ada's pin holds (she manages the skill), grace's does not, and a profile following the current version pins nothing.
await db.agentProfile.create({ data: { ownerId: "ada", name: "Release", skills: { create: { skillId, pinnedVersion: 1 } } } });
await db.agentProfile.create({ data: { ownerId: "grace", name: "Reader", skills: { create: { skillId, pinnedVersion: 2 } } } });
await db.agentProfile.create({ data: { ownerId: "grace", name: "Follower", skills: { create: { skillId } } } });

// Runs: a team-catalog run each of v1 and v2 (the team sees them), ada's own run of v1 against
// everything she sees (only she does), a proposed description and an A/B arm of another version's.
const versionIds = new Map((await db.skillVersion.findMany({ where: { skillId }, select: { id: true, number: true } })).map((v) => [v.number, v.id]));
const result = (passed: boolean, shouldTrigger = true) => ({
  query: "q",
  shouldTrigger,
  disclosed: [],
  triggered: passed === shouldTrigger,
  passed,
  competitor: null,
  ranking: null,
  toolCalls: [],
  inputTokens: null,
  outputTokens: null,
});
let minute = 0;
async function run(
  version: number,
  runner: string,
  catalog: "team" | "all",
  results: ReturnType<typeof result>[],
  extra: { arm?: string; descriptionOf?: number } = {},
) {
  await db.triggerEvalRun.create({
    data: {
      skillId,
      versionId: versionIds.get(version)!,
      arm: extra.arm ?? "version",
      description: "d",
      descriptionOf: extra.descriptionOf ?? null,
      catalogKind: catalog,
      catalogRef: catalog === "team" ? team.id : null,
      catalogLabel: catalog,
      catalogSize: 3,
      modelId: "offline",
      mode: "full",
      tests: results.length,
      passed: results.filter((r) => r.passed).length,
      positives: 0,
      truePositives: 0,
      falsePositives: 0,
      results: JSON.stringify(results),
      createdById: runner,
      createdAt: new Date(Date.UTC(2026, 11, 1, 12, ++minute)),
    },
  });
}
await run(1, "grace", "team", [result(true), result(false)]);
await run(2, "grace", "team", [result(true), result(true, false)]);
await run(1, "ada", "all", [result(true), result(true), result(false)]);
await run(2, "grace", "team", [result(false)], { arm: "proposed" });
await run(2, "grace", "team", [result(false), result(false)], { descriptionOf: 1 });

/** What the page read before: listSkillVersions, and latestOwnRuns over listTriggerEvalRuns. */
async function separately(viewer: { id: string }, skill: string) {
  const [history, runs] = await Promise.all([skills.listSkillVersions(viewer, skill), listTriggerEvalRuns(viewer, skill)]);
  if (!history) return null;
  // latestOwnRuns (components/skills/triggers/history-groups.ts), which a data-layer test may not import.
  const triggers: Record<number, { passed: number; tests: number }> = {};
  for (const r of runs ?? []) {
    if (r.arm === "version" && r.descriptionVersion === null && !(r.version in triggers))
      triggers[r.version] = { passed: r.summary.passed, tests: r.summary.tests };
  }
  return { history, triggers };
}

// The actor, read once per viewer as the layout would have.
for (const viewer of [ada, grace, linus]) await skills.getSkill(viewer, skillId);

describe("the versions page's statements", () => {
  it("reads the versions page in 4 statements (19 before), none twice", async () => {
    const { result: page, statements } = await countStatements(() => skills.getSkillVersionsPage(grace, skillId));
    expect(page?.history.versions).toHaveLength(4);
    // The skill, its versions with authors and proposals, its labels and pins, its runs' latest results.
    expect(statements).toHaveLength(4);
    expect(new Set(statements).size).toBe(statements.length);
    expect(statements.some((sql) => /IN \(NULL\)/i.test(sql))).toBe(false);
    const before = await countStatements(() => separately(grace, skillId));
    expect(before.statements).toHaveLength(19);
  });

  it("reads a skill with nothing but one version in as many", async () => {
    const { skillId: bare } = await skills.createSkill(grace, { skill: makeSkill("bare-skill"), destination: { scope: "PERSONAL" } });
    const { result: page, statements } = await countStatements(() => skills.getSkillVersionsPage(grace, bare!));
    expect(page?.history.versions.map((v) => v.number)).toEqual([1]);
    expect(page?.triggers).toEqual({});
    expect(statements).toHaveLength(4);
    expect((await countStatements(() => skills.getSkillVersionsPage(linus, bare!))).statements).toHaveLength(1);
  });

  it("shows what listSkillVersions and listTriggerEvalRuns show, to each viewer", async () => {
    for (const viewer of [ada, grace, linus]) expect(await skills.getSkillVersionsPage(viewer, skillId)).toEqual(await separately(viewer, skillId));
    expect(await skills.getSkillVersionsPage(linus, skillId)).toBeNull();
    expect(await skills.getSkillVersionsPage(grace, "no-such-skill")).toBeNull();
    const page = await skills.getSkillVersionsPage(grace, skillId);
    expect(page?.history.versions.map((v) => [v.number, v.labels, v.pinnedBy, v.proposal?.state ?? null, v.provenance?.revision ?? null])).toEqual([
      [4, [], 0, "open", null],
      [3, [], 0, "superseded", null],
      [2, ["canary"], 0, null, "abc123"],
      [1, ["stable"], 1, null, null],
    ]);
    expect(page?.history.skill).toMatchObject({ currentVersion: 2, syncedFrom: "https://example.com/skills.git", team: { id: team.id, name: team.name } });
    expect(page?.history.reviewedLabels).toEqual(["stable"]);
    expect(page?.triggers).toEqual({ 1: { passed: 1, tests: 2 }, 2: { passed: 2, tests: 2 } });
    expect((await skills.getSkillVersionsPage(ada, skillId))?.triggers).toEqual({ 1: { passed: 2, tests: 3 }, 2: { passed: 2, tests: 2 } });
  });
});
