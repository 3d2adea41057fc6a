import { afterAll, describe, expect, it, vi } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { countStatements, recordStatements } from "@/lib/test/sql-statements";

// How many SQL statements the skill page sends for one view, beyond the layout's (session, actor,
// header counts): the data functions app/(app)/skills/[skillId]/skill-page.tsx calls, as it calls them, for a team skill with everything the page shows
// (two versions, a label, tags, a star, owners, linked Markdown files). Issue 44: every page toward 8.

// The actor read once per viewer, as the layout has read it for the page in a render.
vi.mock("@/lib/data/core/actor", async (original) => (await import("@/lib/test/sql-statements")).actorReadOncePerViewer(await original()));

recordStatements(); // before the first connection (see the file)
const { db, cleanup } = await createTestDatabase();
const skills = await import("./");
const { listSkillReviewRequests, setTeamReviewPolicy, withdrawRequest } = await import("../reviews");
const { getSkillSource } = await import("../sources");
afterAll(cleanup);

const { ada, grace, linus, team } = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER" } });
const files = {
  "references/rollback.md": "# Rollback\n\nSee [flags](feature-flags.md).\n",
  "references/feature-flags.md": "# Flags\n\nBack to [rollback](rollback.md).\n",
};
const body = "# Deploy\n\nRead [rollback](references/rollback.md) and [flags](references/feature-flags.md).\n";
const { skillId } = await skills.createSkill(grace, {
  skill: makeSkill("deploy-checklist", { body: "# Deploy\n\nFrom the wiki.\n", files }),
  destination: { scope: "TEAM", teamId: team.id },
});
await skills.addSkillVersion(grace, skillId!, { skill: makeSkill("deploy-checklist", { body, files }), message: "Links" });
await skills.moveLabel(grace, skillId!, "stable", 1);
await skills.addTeamTag(ada, team.id, "deploys");
await skills.addTeamTag(ada, team.id, "checklists");
await skills.setSkillTags(grace, skillId!, ["deploys", "checklists"]);
await skills.setSkillOwners(grace, skillId!, [
  { kind: "user", userId: "grace" },
  { kind: "role", role: "OWNER" },
]);
await skills.setSkillStar(ada, skillId!, true);

/** What skill-page.tsx reads for one view of the current version's Files tab. */
async function viewSkillPage(viewer: { id: string }, id: string) {
  const page = await skills.getSkillPage(viewer, id);
  if (!page) return null;
  const version = page.skill.current;
  const toRead = version.files.filter((f) => f.mediaType === "text/markdown").map((f) => f.path);
  const [read, proposals] = await Promise.all([
    skills.readSkillFiles(viewer, id, version.number, toRead),
    page.hasOpenProposals ? listSkillReviewRequests(viewer, id) : [],
  ]);
  return { page, read, proposals };
}

// The actor, read once per viewer as the layout would have.
for (const viewer of [ada, grace, linus]) await skills.getSkill(viewer, skillId!);

describe("the skill page's statements", () => {
  it("reads the skill page in 5 statements (28 before), none twice", async () => {
    const { result, statements } = await countStatements(() => viewSkillPage(grace, skillId!));
    expect(result?.page.meta.owners).toHaveLength(2);
    expect(result?.read?.size).toBe(3);
    // The skill and its current version, its history, its names (labels, tags, owners, team tags,
    // same-named skills, the team's members to choose owners from), the version's files, the
    // Markdown files' bytes. Whether any
    // proposal is open comes with the skill: none is, so they are not read.
    expect(result?.proposals).toEqual([]);
    expect(statements).toHaveLength(5);
    expect(new Set(statements).size).toBe(statements.length);
  });

  it("reads a version's files with their bytes in one statement, null where the version is not visible", async () => {
    const { result, statements } = await countStatements(() => skills.readSkillFiles(grace, skillId!, 1, ["SKILL.md", "references/rollback.md", "missing.md"]));
    expect(statements).toHaveLength(1);
    expect([...result!.keys()].sort()).toEqual(["SKILL.md", "references/rollback.md"]);
    expect(new TextDecoder().decode(result!.get("references/rollback.md")!.bytes)).toBe(files["references/rollback.md"]);
    expect(result!.get("SKILL.md")).toMatchObject({ mediaType: "text/markdown", executable: false });
    expect(await skills.readSkillFiles(grace, skillId!, 2, [])).toEqual(new Map());
    expect(await skills.readSkillFiles(grace, skillId!, 3, ["SKILL.md"])).toBeNull();
    expect(await skills.readSkillFiles(linus, skillId!, 1, ["SKILL.md"])).toBeNull();
  });

  it("shows what getSkill, getSkillMeta and getSkillSource show, to each viewer", async () => {
    for (const viewer of [ada, grace, linus]) {
      const page = await skills.getSkillPage(viewer, skillId!);
      const skill = await skills.getSkill(viewer, skillId!);
      expect(page?.skill ?? null).toEqual(skill);
      expect(page?.meta ?? null).toEqual(await skills.getSkillMeta(viewer, skillId!));
      expect(page?.source ?? null).toEqual(await getSkillSource(viewer, skillId!));
    }
    expect(await skills.getSkillPage(linus, skillId!)).toBeNull();
    expect((await skills.getSkillPage(grace, skillId!))?.skill.versions.map((v) => [v.number, v.labels])).toEqual([
      [2, []],
      [1, ["stable"]],
    ]);
  });
});

describe("the skill page's shadowing", () => {
  it("names the same-named skill that hides this one from the viewer, as the list does, and only one they see", async () => {
    const personal = await skills.createSkill(grace, { skill: makeSkill("deploy-checklist"), destination: { scope: "PERSONAL" } });
    await skills.createSkill(linus, { skill: makeSkill("deploy-checklist"), destination: { scope: "PERSONAL" } });
    const archived = await skills.createSkill(ada, { skill: makeSkill("deploy-checklist"), destination: { scope: "PERSONAL" } });
    await skills.setSkillArchived(ada, archived.skillId!, true);
    for (const viewer of [ada, grace, linus])
      expect((await skills.getSkillPage(viewer, skillId!))?.skill ?? null).toEqual(await skills.getSkill(viewer, skillId!));
    expect((await skills.getSkillPage(grace, skillId!))?.skill.shadowedBy).toMatchObject({ id: personal.skillId, scope: "PERSONAL" });
    // Ada's own same-named skill is archived, Grace's and Linus's are not hers to see.
    expect((await skills.getSkillPage(ada, skillId!))?.skill.shadowedBy).toBeNull();
    expect((await skills.getSkillPage(grace, personal.skillId!))?.skill.shadowedBy).toBeNull();
    await skills.deleteSkill(grace, personal.skillId!);
  });
});

describe("the skill page's open proposals", () => {
  it("are read when the skill says it has some, to every viewer who sees the skill, and not once they are closed", async () => {
    await setTeamReviewPolicy(ada, team.id, { mode: "approval", approvals: 1, approvers: "managers", managersBypass: false }, { acceptUnreachable: true });
    const proposed = await skills.addSkillVersion(grace, skillId!, {
      skill: makeSkill("deploy-checklist", { body: "# Deploy\n\nProposed.\n", files }),
      message: "Propose",
      baseVersion: 2,
    });
    const requestId = proposed.proposal!.requestId;
    for (const viewer of [ada, grace]) {
      const { result, statements } = await countStatements(() => viewSkillPage(viewer, skillId!));
      expect(result?.page.hasOpenProposals).toBe(true);
      expect(result?.proposals.map((p) => p.id)).toEqual([requestId]);
      expect(statements.length).toBeGreaterThan(5);
    }
    expect(await skills.getSkillPage(linus, skillId!)).toBeNull();
    await withdrawRequest(grace, requestId);
    const after = await viewSkillPage(grace, skillId!);
    expect(after?.page.hasOpenProposals).toBe(false);
    expect(await listSkillReviewRequests(grace, skillId!)).toEqual([]);
  });
});
