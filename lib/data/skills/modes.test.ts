import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill, setReviewPolicy } from "@/lib/test/support";

// The execute bit as the data layer keeps it: written with each version, carried by the editor
// and by restores, compared by the built-in sync, shown by the version diff, read for the sandbox.

const { db, cleanup } = await createTestDatabase();
const skills = await import("./");
const editor = await import("../editor/editor");
const versions = await import("./versions");
const { syncBuiltinSkills } = await import("./builtin");
afterAll(cleanup);

const { team, ada, grace } = await createCast(db);
const script = "#!/bin/sh\necho run\n";
const skillMd = (name: string, body = "Run `scripts/run.sh`.") => `---\nname: ${name}\ndescription: Runs scripts. Use when testing modes.\n---\n\n${body}\n`;

async function executables(skillId: string, number: number): Promise<string[]> {
  const files = await db.skillFile.findMany({ where: { version: { skillId, number }, executable: true }, select: { path: true }, orderBy: { path: "asc" } });
  return files.map((f) => f.path);
}

describe("versions keep the execute bit", () => {
  it("writes it per file, reads it back with the bytes, and readVersionBundle hands it to the sandbox", async () => {
    const created = await skills.createSkill(ada, {
      skill: makeSkill("modes-write", { files: { "scripts/run.sh": script, "scripts/lib.sh": script }, executable: ["scripts/run.sh"] }),
      destination: { scope: "PERSONAL" },
    });
    expect(await executables(created.skillId, 1)).toEqual(["scripts/run.sh"]);
    const read = await skills.readSkillVersionFiles(ada, created.skillId);
    expect(read!.files.map((f) => [f.path, f.executable])).toEqual([
      ["SKILL.md", false],
      ["scripts/lib.sh", false],
      ["scripts/run.sh", true],
    ]);
    expect((await skills.getSkill(ada, created.skillId))!.current.files.find((f) => f.path === "scripts/run.sh")?.executable).toBe(true);

    const version = await db.skillVersion.findFirstOrThrow({ where: { skillId: created.skillId, number: 1 }, select: { id: true } });
    const bundle = await skills.readVersionBundle(version.id);
    expect(bundle.map((f) => [f.path, f.executable, new TextDecoder().decode(f.bytes).slice(0, 9)])).toEqual([
      ["SKILL.md", false, "---\nname:"],
      ["scripts/lib.sh", false, "#!/bin/sh"],
      ["scripts/run.sh", true, "#!/bin/sh"],
    ]);
    expect(await skills.readVersionBundle("no-such-version")).toEqual([]);
  });

  it("a version that changes only a bit is a new version the diff names as a mode change; restoring brings the old bit back", async () => {
    const files = { "scripts/run.sh": script };
    const created = await skills.createSkill(ada, { skill: makeSkill("modes-diff", { files }), destination: { scope: "PERSONAL" } });
    const v2 = await skills.addSkillVersion(ada, created.skillId, {
      skill: makeSkill("modes-diff", { files, executable: ["scripts/run.sh"] }),
      message: "chmod +x",
    });
    expect(v2.version).toBe(2);

    const comparison = await versions.diffSkillVersions(ada, created.skillId, 1, 2);
    expect(comparison!.diff.identical).toBe(false);
    expect(comparison!.diff.files.find((f) => f.path === "scripts/run.sh")).toMatchObject({
      status: "changed",
      modeChange: { from: "644", to: "755" },
      content: null,
    });

    const restored = await skills.restoreSkillVersion(ada, created.skillId, 1);
    expect(await executables(created.skillId, restored.version)).toEqual([]);
    await skills.restoreSkillVersion(ada, created.skillId, 2);
    expect(await executables(created.skillId, 4)).toEqual(["scripts/run.sh"]);
  });
});

describe("the editor keeps the execute bit", () => {
  it("for files left alone, edited, moved or moved and edited; a new file is not executable", async () => {
    const created = await skills.createSkill(ada, {
      skill: makeSkill("modes-editor", {
        body: "Run `scripts/run.sh`.",
        files: { "scripts/run.sh": script, "scripts/tool.sh": script, "scripts/old.sh": script },
        executable: ["scripts/run.sh", "scripts/tool.sh", "scripts/old.sh"],
      }),
      destination: { scope: "PERSONAL" },
    });
    const saved = await editor.saveSkillDraft(ada, created.skillId, {
      baseVersion: 1,
      message: "Edit scripts",
      entries: [
        { path: "SKILL.md", stored: { version: 1, path: "SKILL.md" } },
        { path: "scripts/run.sh", text: `${script}echo edited\n` },
        { path: "bin/tool.sh", stored: { version: 1, path: "scripts/tool.sh" } },
        { path: "bin/older.sh", text: `${script}echo moved and edited\n`, origin: "scripts/old.sh" },
        { path: "scripts/new.sh", text: script },
      ],
      uploads: [],
    });
    expect(await executables(created.skillId, saved.version)).toEqual(["bin/older.sh", "bin/tool.sh", "scripts/run.sh"]);
  });

  it("takes the proposed version's bit when pushing a new revision of a review request", async () => {
    await setReviewPolicy(db, team.id, { mode: "direct" });
    const created = await skills.createSkill(ada, {
      skill: makeSkill("modes-request", { files: { "scripts/run.sh": script } }),
      destination: { scope: "TEAM", teamId: team.id },
    });
    await setReviewPolicy(db, team.id, { mode: "approval", approvals: 1, approvers: "managers", managersBypass: false });
    const proposed = await skills.addSkillVersion(grace, created.skillId, {
      skill: makeSkill("modes-request", {
        files: { "scripts/run.sh": script, "scripts/added.sh": script },
        executable: ["scripts/run.sh", "scripts/added.sh"],
      }),
      message: "Make it runnable",
    });
    const requestId = proposed.proposal!.requestId;
    const pushed = await editor.saveSkillDraft(grace, created.skillId, {
      baseVersion: 1,
      requestId,
      message: "Fix the script",
      entries: [
        { path: "SKILL.md", text: skillMd("modes-request", "Run `scripts/run.sh`, then `scripts/added.sh`.") },
        { path: "scripts/run.sh", text: `${script}echo fixed\n` },
        { path: "scripts/added.sh", text: script },
      ],
      uploads: [],
    });
    expect(pushed.proposal?.requestId).toBe(requestId);
    expect(await executables(created.skillId, pushed.version)).toEqual(["scripts/added.sh", "scripts/run.sh"]);
  });
});

describe("built-in skills", () => {
  it("stay unchanged when nothing changed, and get a version when a shipped bit changes", async () => {
    const shipped = (executable: string[]) => [makeSkill("modes-builtin", { files: { "scripts/run.sh": script }, executable })];
    expect(await syncBuiltinSkills(shipped([]))).toMatchObject({ created: ["modes-builtin"] });
    expect(await syncBuiltinSkills(shipped([]))).toMatchObject({ unchanged: ["modes-builtin"], updated: [] });
    expect(await syncBuiltinSkills(shipped(["scripts/run.sh"]))).toMatchObject({ updated: ["modes-builtin"] });
    expect(await syncBuiltinSkills(shipped(["scripts/run.sh"]))).toMatchObject({ unchanged: ["modes-builtin"], updated: [] });
    const skill = await db.skill.findFirstOrThrow({ where: { name: "modes-builtin", scope: "BUILTIN" }, select: { id: true, versionCount: true } });
    expect(skill.versionCount).toBe(2);
    expect(await executables(skill.id, 2)).toEqual(["scripts/run.sh"]);
  });
});
