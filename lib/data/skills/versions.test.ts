import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const data = await import("./");
const versions = await import("./versions");
const { DataError } = await import("../errors");
afterAll(cleanup);

const { team, ada, grace, linus, viewers } = await createCast(db, { extra: ["owner"], team: { owner: "OWNER", grace: "MEMBER" } });
const owner = viewers.owner;

const TEAM = { scope: "TEAM" as const, teamId: team.id };

async function skillWithThreeVersions(name: string) {
  const v1 = await data.createSkill(owner, {
    skill: makeSkill(name, {
      description: "Fill PDF forms quickly. Use for PDF forms.",
      files: { "references/api.md": "# API\n\nCall it.\n", "assets/logo.png": "PNG-ish but text" },
    }),
    destination: TEAM,
    message: "First cut",
  });
  await data.addSkillVersion(grace, v1.skillId, {
    skill: makeSkill(name, {
      description: "Fill PDF forms carefully. Use for PDF forms.",
      body: "# Forms\n\nUse the slow tool.\n",
      files: { "references/api.md": "# API\n\nCall it twice.\n", "references/extra.md": "More.\n" },
    }),
    message: "Be careful",
  });
  await data.addSkillVersion(owner, v1.skillId, {
    skill: makeSkill(name, { description: "Fill PDF forms carefully. Use for PDF forms.", body: "# Forms\n\nUse the slow tool.\n" }),
    message: "Trim",
  });
  return v1.skillId;
}

describe("listSkillVersions", () => {
  it("lists every version newest first with author, message, size, token delta and findings", async () => {
    const skillId = await skillWithThreeVersions("history-list");
    const history = await versions.listSkillVersions(grace, skillId);
    expect(history?.skill).toMatchObject({ id: skillId, name: "history-list", currentVersion: 3 });
    expect(history?.versions.map((v) => [v.number, v.message, v.author?.id, v.current, v.predecessor])).toEqual([
      [3, "Trim", "owner", true, 2],
      [2, "Be careful", "grace", false, 1],
      [1, "First cut", "owner", false, null],
    ]);
    const rows = await db.skillVersion.findMany({ where: { skillId }, orderBy: { number: "asc" } });
    const total = (r: (typeof rows)[number]) => r.catalogTokens + r.bodyTokens + r.resourceTokens;
    const [v3, v2, v1] = history!.versions;
    expect(v1.tokenDelta).toBeNull();
    expect(v2.tokenDelta).toBe(total(rows[1]) - total(rows[0]));
    expect(v3.tokenDelta).toBe(total(rows[2]) - total(rows[1]));
    expect(v3.tokenDelta).toBeLessThan(0); // the references went away
    expect(v2.byteDelta).toBe(rows[1].totalBytes - rows[0].totalBytes);
    expect(v2.tokens.total).toBe(total(rows[1]));
    expect(v1.fileCount).toBe(3);
    expect(v1).toMatchObject({
      errorCount: rows[0].errorCount,
      warningCount: rows[0].warningCount,
      scanHighest: rows[0].scanHighest,
      reviewStatus: rows[0].reviewStatus,
      pinnedBy: 0,
    });
    expect(history?.can).toEqual({ addVersion: true, manage: false });
    expect((await versions.listSkillVersions(owner, skillId))?.can).toEqual({ addVersion: true, manage: true });
  });

  it("answers null to a viewer who cannot see the skill", async () => {
    const skillId = await skillWithThreeVersions("history-hidden");
    expect(await versions.listSkillVersions(linus, skillId)).toBeNull();
    expect(await versions.listSkillVersions(linus, "no-such-skill")).toBeNull();
    // Instance admins see what any member sees of public skills, not other teams' skills.
    expect(await versions.listSkillVersions(ada, skillId)).toBeNull();
  });

  it("counts the pins that hold a version (its managers') and shows scan and review state", async () => {
    const skillId = await skillWithThreeVersions("history-pinned");
    await db.agentProfile.create({ data: { ownerId: "owner", name: "Reviewer", skills: { create: { skillId, pinnedVersion: 1 } } } });
    // A member's pin does not keep a version from its owners' prune, so it is not counted.
    await db.agentProfile.create({ data: { ownerId: "grace", name: "Reader", skills: { create: { skillId, pinnedVersion: 2 } } } });
    await db.skillVersion.update({ where: { skillId_number: { skillId, number: 2 } }, data: { scanHighest: "high", reviewStatus: "needs_review" } });
    const history = await versions.listSkillVersions(grace, skillId);
    expect(history?.versions.map((v) => v.pinnedBy)).toEqual([0, 0, 1]);
    expect(history?.versions[1]).toMatchObject({ scanHighest: "high", reviewStatus: "needs_review" });
  });

  it("measures deltas against the nearest kept version after a prune", async () => {
    const skillId = await skillWithThreeVersions("history-pruned");
    await data.addSkillVersion(owner, skillId, { skill: makeSkill("history-pruned", { body: "# Four\n" }), message: "Four" });
    expect(await data.pruneSkillVersions(owner, skillId, 2)).toEqual([1, 2]);
    const history = await versions.listSkillVersions(owner, skillId);
    expect(history?.versions.map((v) => [v.number, v.predecessor])).toEqual([
      [4, 3],
      [3, null],
    ]);
    expect(history?.versions[1].tokenDelta).toBeNull();
  });
});

describe("diffSkillVersions", () => {
  it("diffs two versions' files: changed, added, removed, frontmatter by field, body on its own", async () => {
    const skillId = await skillWithThreeVersions("history-diff");
    const result = await versions.diffSkillVersions(grace, skillId, 1, 2);
    expect(result?.from).toMatchObject({ number: 1, message: "First cut", author: { id: "owner" } });
    expect(result?.to).toMatchObject({ number: 2, message: "Be careful" });
    const files = result!.diff.files;
    expect(files.map((f) => [f.path, f.status])).toEqual([
      ["SKILL.md", "changed"],
      ["assets/logo.png", "removed"],
      ["references/api.md", "changed"],
      ["references/extra.md", "added"],
    ]);
    const skillMd = files[0].skillMd!;
    expect(skillMd.fields.map((f) => [f.key, f.before, f.after])).toEqual([
      ["description", "Fill PDF forms quickly. Use for PDF forms.", "Fill PDF forms carefully. Use for PDF forms."],
    ]);
    expect(skillMd.body.kind).toBe("text");
    expect(result?.diff.stats).toMatchObject({ filesAdded: 1, filesRemoved: 1, filesChanged: 2 });
  });

  it("compares in either direction, with digests for every file", async () => {
    const skillId = await skillWithThreeVersions("history-binary");
    const backwards = await versions.diffSkillVersions(grace, skillId, 3, 1);
    expect(backwards?.diff.files.find((f) => f.path === "references/api.md")?.status).toBe("added");
    const logo = backwards?.diff.files.find((f) => f.path === "assets/logo.png");
    expect(logo?.status).toBe("added");
    expect(logo?.after?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers null for invisible skills and missing versions", async () => {
    const skillId = await skillWithThreeVersions("history-diff-hidden");
    expect(await versions.diffSkillVersions(linus, skillId, 1, 2)).toBeNull();
    expect(await versions.diffSkillVersions(grace, skillId, 1, 9)).toBeNull();
  });

  it("diffs some files whole (a page's deferred bodies), the same as the full diff; null where the full diff is", async () => {
    const skillId = await skillWithThreeVersions("history-diff-files");
    const full = await versions.diffSkillVersions(grace, skillId, 1, 2);
    const some = await versions.diffSkillVersionFiles(grace, skillId, 1, 2, ["references/api.md", "references/extra.md", "assets/logo.png", "not/there.md"]);
    expect(some?.map((f) => f.path)).toEqual(["assets/logo.png", "references/api.md", "references/extra.md"]);
    for (const file of some!) expect(file).toEqual(full!.diff.files.find((f) => f.path === file.path));
    expect(await versions.diffSkillVersionFiles(linus, skillId, 1, 2, ["references/api.md"])).toBeNull();
    expect(await versions.diffSkillVersionFiles(grace, skillId, 1, 9, ["references/api.md"])).toBeNull();
  });

  it("diffs a restored version as identical to the one it restored", async () => {
    const skillId = await skillWithThreeVersions("history-restore");
    const restored = await data.restoreSkillVersion(grace, skillId, 1);
    expect(restored.version).toBe(4);
    const history = await versions.listSkillVersions(grace, skillId);
    expect(history?.versions[0]).toMatchObject({ number: 4, message: "Restore v1", current: true });
    expect(history?.versions).toHaveLength(4);
    expect((await versions.diffSkillVersions(grace, skillId, 1, 4))?.diff.identical).toBe(true);
    const conflict = await data.restoreSkillVersion(grace, skillId, 2, { baseVersion: 3 }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(DataError);
    expect((conflict as InstanceType<typeof DataError>).code).toBe("CONFLICT");
  });
});
