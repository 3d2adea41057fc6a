import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";
import { DataError } from "../errors";

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const editor = await import("./editor");
afterAll(cleanup);

await createUser(db, "ada", { role: "ADMIN" });
await createUser(db, "grace");
const ada = { id: "ada" };
const grace = { id: "grace" };
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const skillMd = (name: string, description = "Edits things. Use when testing the editor.") =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\nSee [the API](references/api.md).\n`;

describe("getEditorSkill", () => {
  it("gives the current version with texts to whoever may add versions, and null to everyone else", async () => {
    const personal = await skills.createSkill(ada, {
      skill: makeSkill("ed-personal", { files: { "references/api.md": "# API\n" } }),
      destination: { scope: "PERSONAL" },
    });
    const published = await skills.createSkill(ada, { skill: makeSkill("ed-public"), destination: { scope: "PUBLIC" } });

    const loaded = await editor.getEditorSkill(ada, personal.skillId);
    expect(loaded).toMatchObject({
      id: personal.skillId,
      name: "ed-personal",
      scope: "PERSONAL",
      current: { number: 1, message: "Initial version", author: "ada" },
    });
    expect(loaded!.current.files.map((f) => [f.path, f.text?.slice(0, 5) ?? null])).toEqual([
      ["SKILL.md", "---\nn"],
      ["references/api.md", "# API"],
    ]);
    expect(loaded!.current.files[1].tokens).toBeGreaterThan(0);

    expect(await editor.getEditorSkill(grace, personal.skillId)).toBeNull(); // not visible
    expect(await editor.getEditorSkill(grace, published.skillId)).toBeNull(); // visible, read-only for her
    expect(await editor.getEditorSkill(ada, published.skillId)).not.toBeNull();
    expect(await editor.getEditorSkill(ada, "missing")).toBeNull();
  });
});

describe("getEditRefusal", () => {
  it("says why a readable skill cannot be edited, and nothing for an invisible or editable one", async () => {
    const personal = await skills.createSkill(ada, { skill: makeSkill("ed-refusal-personal"), destination: { scope: "PERSONAL" } });
    const published = await skills.createSkill(ada, { skill: makeSkill("ed-refusal-public"), destination: { scope: "PUBLIC" } });
    expect(await editor.getEditRefusal(grace, published.skillId)).toEqual({
      id: published.skillId,
      name: "ed-refusal-public",
      reason: "Only its owner or an instance admin can publish new versions of a public skill.",
    });
    expect(await editor.getEditRefusal(grace, personal.skillId)).toBeNull(); // not visible: the editor stays a 404
    expect(await editor.getEditRefusal(ada, published.skillId)).toBeNull(); // editable
    expect(await editor.getEditRefusal(grace, "missing")).toBeNull();
  });
});

describe("mayEditSkill", () => {
  it("is true only for whoever may add versions (the preview asks before rendering)", async () => {
    const personal = await skills.createSkill(ada, { skill: makeSkill("ed-may-personal"), destination: { scope: "PERSONAL" } });
    const published = await skills.createSkill(ada, { skill: makeSkill("ed-may-public"), destination: { scope: "PUBLIC" } });
    expect(await editor.mayEditSkill(ada, personal.skillId)).toBe(true);
    expect(await editor.mayEditSkill(ada, published.skillId)).toBe(true);
    expect(await editor.mayEditSkill(grace, personal.skillId)).toBe(false); // not visible
    expect(await editor.mayEditSkill(grace, published.skillId)).toBe(false); // visible, read-only for her
    expect(await editor.mayEditSkill(grace, "missing")).toBe(false);
  });
});

describe("saveSkillDraft", () => {
  it("rebuilds the bundle from stored references, typed text and uploads, and saves it as the next version", async () => {
    const created = await skills.createSkill(ada, {
      skill: makeSkill("ed-save", { files: { "references/api.md": "# API\n", "references/old.md": "# Old\n" } }),
      destination: { scope: "PERSONAL" },
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const result = await editor.saveSkillDraft(ada, created.skillId, {
      baseVersion: 1,
      message: "  Add a guide  ",
      entries: [
        { path: "SKILL.md", text: skillMd("ed-save") },
        { path: "references/api.md", stored: { version: 1, path: "references/api.md" } },
        { path: "docs/old.md", stored: { version: 1, path: "references/old.md" } },
        { path: "references/guide.md", text: "# Guide\n" },
        { path: "assets/logo.png", upload: 0 },
      ],
      uploads: [png],
    });
    expect(result).toEqual({ skillId: created.skillId, name: "ed-save", version: 2, created: false });
    const v2 = await skills.readSkillVersionFiles(ada, created.skillId, 2);
    expect(v2!.files.map((f) => [f.path, f.mediaType])).toEqual([
      ["SKILL.md", "text/markdown"],
      ["assets/logo.png", "image/png"],
      ["docs/old.md", "text/markdown"],
      ["references/api.md", "text/markdown"],
      ["references/guide.md", "text/markdown"],
    ]);
    expect(decode(v2!.files.find((f) => f.path === "docs/old.md")!.bytes)).toBe("# Old\n");
    const version = await skills.getSkillVersion(ada, created.skillId, 2);
    expect(version).toMatchObject({ message: "Add a guide", description: "Edits things. Use when testing the editor." });
  });

  it("refuses a draft whose SKILL.md breaks the format, naming the problem", async () => {
    const created = await skills.createSkill(ada, { skill: makeSkill("ed-invalid"), destination: { scope: "PERSONAL" } });
    const attempt = editor.saveSkillDraft(ada, created.skillId, {
      baseVersion: 1,
      message: "x",
      entries: [{ path: "SKILL.md", text: skillMd("Bad_Name") }],
      uploads: [],
    });
    await expect(attempt).rejects.toBeInstanceOf(editor.InvalidDraftError);
    await expect(attempt).rejects.toMatchObject({ code: "INVALID", message: expect.stringMatching(/must be lowercase/) });
    const traversal = editor.saveSkillDraft(ada, created.skillId, {
      baseVersion: 1,
      message: "x",
      entries: [
        { path: "SKILL.md", text: skillMd("ed-invalid") },
        { path: "../x.md", text: "x" },
      ],
      uploads: [],
    });
    await expect(traversal).rejects.toMatchObject({ code: "INVALID", message: expect.stringMatching(/\.\./) });
    expect((await skills.getSkill(ada, created.skillId))!.version).toBe(1);
  });

  it("refuses a draft based on an older version, saying which version is current", async () => {
    const created = await skills.createSkill(ada, { skill: makeSkill("ed-race"), destination: { scope: "PERSONAL" } });
    await editor.saveSkillDraft(ada, created.skillId, {
      baseVersion: 1,
      message: "theirs",
      entries: [{ path: "SKILL.md", text: skillMd("ed-race", "Their description. Use when racing.") }],
      uploads: [],
    });
    const mine = editor.saveSkillDraft(ada, created.skillId, {
      baseVersion: 1,
      message: "mine",
      entries: [{ path: "SKILL.md", text: skillMd("ed-race", "My description. Use when racing.") }],
      uploads: [],
    });
    await expect(mine).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "version-moved", currentVersion: 2 } });
    // rebased (stored files now named by their version) it goes through
    const rebased = await editor.saveSkillDraft(ada, created.skillId, {
      baseVersion: 2,
      message: "mine",
      entries: [{ path: "SKILL.md", text: skillMd("ed-race", "My description. Use when racing.") }],
      uploads: [],
    });
    expect(rebased.version).toBe(3);
  });

  it("renames the skill through its frontmatter, refusing a name taken in the same space", async () => {
    await skills.createSkill(ada, { skill: makeSkill("ed-taken"), destination: { scope: "PERSONAL" } });
    const created = await skills.createSkill(ada, { skill: makeSkill("ed-rename"), destination: { scope: "PERSONAL" } });
    const clash = editor.saveSkillDraft(ada, created.skillId, {
      baseVersion: 1,
      message: "rename",
      entries: [{ path: "SKILL.md", text: skillMd("ed-taken") }],
      uploads: [],
    });
    await expect(clash).rejects.toMatchObject({
      code: "CONFLICT",
      message: 'A skill named "ed-taken" already exists there.',
      details: { reason: "name-taken" },
    });
    const renamed = await editor.saveSkillDraft(ada, created.skillId, {
      baseVersion: 1,
      message: "rename",
      entries: [{ path: "SKILL.md", text: skillMd("ed-renamed") }],
      uploads: [],
    });
    expect(renamed).toMatchObject({ name: "ed-renamed", version: 2 });
  });

  it("answers not found to someone who may not edit, and refuses a missing upload or message", async () => {
    const created = await skills.createSkill(ada, { skill: makeSkill("ed-guarded"), destination: { scope: "PERSONAL" } });
    await expect(
      editor.saveSkillDraft(grace, created.skillId, {
        baseVersion: 1,
        message: "x",
        entries: [{ path: "SKILL.md", text: skillMd("ed-guarded") }],
        uploads: [],
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      editor.saveSkillDraft(ada, created.skillId, {
        baseVersion: 1,
        message: "x",
        entries: [
          { path: "SKILL.md", text: skillMd("ed-guarded") },
          { path: "a.bin", upload: 0 },
        ],
        uploads: [],
      }),
    ).rejects.toBeInstanceOf(DataError);
    await expect(
      editor.saveSkillDraft(ada, created.skillId, { baseVersion: 1, message: "  ", entries: [{ path: "SKILL.md", text: skillMd("ed-guarded") }], uploads: [] }),
    ).rejects.toMatchObject({ code: "INVALID", details: { field: "message" } });
    await expect(
      editor.saveSkillDraft(ada, created.skillId, {
        baseVersion: 1,
        message: "x",
        entries: [{ path: "SKILL.md", stored: { version: 9, path: "SKILL.md" } }],
        uploads: [],
      }),
    ).rejects.toMatchObject({ code: "INVALID", message: expect.stringMatching(/Version 9/) });
  });
});
