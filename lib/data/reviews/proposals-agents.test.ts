import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill, refusedUnchanged } from "@/lib/test/support";

// Agents never see proposals: every path that hands a skill to an agent (the playground's catalog
// and turns, profiles, "latest" downloads and the skill's current version) still gives the
// published version while a proposal waits for review. A proposal stays readable by number for
// whoever may see the skill (reviewers read and download it). The HTTP routes are in
// lib/http/reviews-api.test.ts.

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const playground = await import("../playground/playground");
const profiles = await import("../profiles/profiles");
const { getSkillManageInfo } = await import("../skills/manage");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db);
await db.team.update({
  where: { id: team.id },
  data: { reviewPolicy: JSON.stringify({ mode: "approval", approvals: 1, approvers: "managers", managersBypass: true }) },
});

const PUBLISHED = "Published steps.";
const PROPOSED = "PROPOSED steps, not approved yet.";
const v1 = makeSkill("team-notes", { body: `# Notes\n\n${PUBLISHED}\n`, files: { "references/guide.md": "# Guide v1\n" } });
const v2 = makeSkill("team-notes", { body: `# Notes\n\n${PROPOSED}\n`, files: { "references/guide.md": "# Guide v2\n" } });

// ada owns the team and the policy lets managers through: v1 is published.
const { skillId } = await skills.createSkill(ada, { skill: v1, destination: { scope: "TEAM", teamId: team.id } });
// grace is a member: her new version is a proposal.
const proposed = await skills.addSkillVersion(grace, skillId, { skill: v2, message: "Rework the steps" });
expect(proposed.proposal).toBeTruthy();

describe("a member's new version under a 'needs approval' policy", () => {
  it("is stored as a proposal: a version that is not current and was never published", async () => {
    expect(proposed.version).toBe(2);
    expect(proposed.proposal).toMatchObject({ revision: 1, url: `/reviews/${proposed.proposal?.requestId}` });
    const row = await db.skill.findUniqueOrThrow({ where: { id: skillId }, select: { currentVersion: { select: { number: true } } } });
    expect(row.currentVersion?.number).toBe(1);
    expect(await db.skillVersion.findUniqueOrThrow({ where: { skillId_number: { skillId, number: 2 } }, select: { publishedAt: true } })).toEqual({
      publishedAt: null,
    });
  });
});

describe("agents get the published version", () => {
  it("in the playground's catalog", async () => {
    for (const viewer of [ada, grace]) {
      const { entries } = await playground.getPlaygroundCatalog(viewer);
      expect(entries.find((e) => e.skillId === skillId)).toMatchObject({ version: 1 });
    }
  });

  it("in a turn's skill source, whether every skill, picked ones or a profile", async () => {
    const profile = await profiles.createProfile(grace, { name: "Notes agent", instructions: "", skills: [{ skillId, pinnedVersion: null }] });
    const sources = [{ kind: "all" as const }, { kind: "picked" as const, skillIds: [skillId] }, { kind: "profile" as const, profileId: profile.id }];
    for (const catalog of sources) {
      const { source } = await playground.loadSkillSource(grace, catalog);
      const skill = source.skills.find((s) => s.skillId === skillId)!;
      expect(skill.version, catalog.kind).toBe(1);
      const body = await source.body(skill);
      expect(body).toContain(PUBLISHED);
      expect(body).not.toContain(PROPOSED);
      expect(await source.resource(skill, "references/guide.md")).toMatchObject({ kind: "text", text: "# Guide v1\n" });
    }
    await profiles.deleteProfile(grace, profile.id);
  });

  it("refuses to pin a proposal in a profile, saying so, and stores nothing", async () => {
    const count = () => db.agentProfile.count();
    const error = await refusedUnchanged(count, "INVALID", () =>
      profiles.createProfile(grace, { name: "Pinned", instructions: "", skills: [{ skillId, pinnedVersion: 2 }] }),
    );
    expect(error.message).toBe('"team-notes" v2 is a proposal under review; pin a published version.');
    const kept = await profiles.createProfile(grace, { name: "Pinned", instructions: "", skills: [{ skillId, pinnedVersion: 1 }] });
    const update = await refusedUnchanged(
      () => profiles.getProfile(grace, kept.id),
      "INVALID",
      () => profiles.updateProfile(grace, kept.id, { name: "Pinned", instructions: "", skills: [{ skillId, pinnedVersion: 2 }] }),
    );
    expect(update.message).toContain("v2 is a proposal under review");
    await profiles.deleteProfile(grace, kept.id);
  });

  it("as the skill's current version and in a download of the latest version", async () => {
    const detail = await skills.getSkill(grace, skillId);
    expect(detail?.version).toBe(1);
    expect(detail?.current.number).toBe(1);
    expect(detail?.versions.map((v) => [v.number, v.proposed])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect((await skills.readSkillVersionFiles(grace, skillId))?.version).toBe(1);
    expect((await skills.readSkillFile(grace, skillId, "references/guide.md"))?.version).toBe(1);
  });
});

describe("the proposal by number", () => {
  it("is readable and downloadable by whoever may see the skill, and nobody else", async () => {
    for (const viewer of [ada, grace]) {
      const files = await skills.readSkillVersionFiles(viewer, skillId, 2);
      expect(files?.version).toBe(2);
      expect(new TextDecoder().decode(files?.files.find((f) => f.path === "SKILL.md")?.bytes)).toContain(PROPOSED);
      expect((await skills.getSkillVersion(viewer, skillId, 2))?.number).toBe(2);
    }
    expect(await skills.readSkillVersionFiles(linus, skillId, 2)).toBeNull();
    expect(await skills.getSkillVersion(linus, skillId, 2)).toBeNull();
  });

  it("is marked as a proposal in the manage dialog's version list (no install command for it)", async () => {
    const info = await getSkillManageInfo(grace, skillId);
    expect(info?.version).toBe(1);
    expect(info?.versions.map((v) => [v.number, v.proposed])).toEqual([
      [2, true],
      [1, false],
    ]);
  });
});
