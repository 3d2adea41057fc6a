import { describe, expect, it } from "vitest";
import {
  addTextFile,
  checkDraftPath,
  createDraft,
  deleteFile,
  draftChanges,
  draftManifest,
  editText,
  entryText,
  isDraftDirty,
  parseStoredDraft,
  putBytes,
  rebaseDraft,
  renameFile,
  restoreFile,
  type DraftBaseFile,
} from "./draft";

const file = (path: string, text: string | null, sha = path): DraftBaseFile => ({
  path,
  size: text?.length ?? 10,
  sha256: sha,
  mediaType: text === null ? "image/png" : "text/markdown",
  text,
});

const v1: DraftBaseFile[] = [
  file("SKILL.md", "---\nname: demo\ndescription: d\n---\nBody\n"),
  file("references/api.md", "# API\n"),
  file("assets/logo.png", null),
];

describe("draft model", () => {
  it("starts clean, with every base file referenced by version and path", () => {
    const draft = createDraft("s1", 1, v1, 0);
    expect(isDraftDirty(draft, v1)).toBe(false);
    expect(draftManifest(draft).entries).toEqual([
      { path: "SKILL.md", stored: { version: 1, path: "SKILL.md" } },
      { path: "assets/logo.png", stored: { version: 1, path: "assets/logo.png" } },
      { path: "references/api.md", stored: { version: 1, path: "references/api.md" } },
    ]);
  });

  it("tracks an edit, and typing the original text back makes the file clean again", () => {
    const base = createDraft("s1", 1, v1, 0);
    const edited = editText(base, v1, "SKILL.md", "changed", 1);
    expect(draftChanges(edited, v1)).toEqual([{ path: "SKILL.md", kind: "modified" }]);
    expect(draftManifest(edited).entries[0]).toEqual({ path: "SKILL.md", text: "changed" });
    const back = editText(edited, v1, "SKILL.md", v1[0].text!, 2);
    expect(isDraftDirty(back, v1)).toBe(false);
  });

  it("adds, renames, deletes and restores files", () => {
    let draft = createDraft("s1", 1, v1, 0);
    draft = addTextFile(draft, "references/new.md", "# New\n");
    const renamed = renameFile(draft, "references/api.md", "docs/api.md");
    draft = deleteFile(renamed.draft, "assets/logo.png");
    expect(renamed.path).toBe("docs/api.md");
    expect(draftChanges(draft, v1)).toEqual([
      { path: "assets/logo.png", kind: "deleted" },
      { path: "docs/api.md", kind: "renamed", from: "references/api.md", modified: false },
      { path: "references/new.md", kind: "added" },
    ]);
    // the renamed file still comes from the stored version, not from the browser
    expect(draftManifest(draft).entries.find((e) => e.path === "docs/api.md")).toEqual({
      path: "docs/api.md",
      stored: { version: 1, path: "references/api.md" },
    });
    draft = restoreFile(draft, v1, "assets/logo.png");
    expect(draftChanges(draft, v1).map((c) => c.kind)).toEqual(["renamed", "added"]);
  });

  it("refuses to delete or rename SKILL.md, and paths the format core rejects", () => {
    const draft = createDraft("s1", 1, v1, 0);
    expect(() => deleteFile(draft, "SKILL.md")).toThrow(/cannot be deleted/);
    expect(() => renameFile(draft, "SKILL.md", "README.md")).toThrow(/cannot be renamed/);
    expect(checkDraftPath(draft, "../escape.md")).toMatch(/\.\./);
    expect(checkDraftPath(draft, "/abs.md")).toMatch(/absolute/);
    expect(checkDraftPath(draft, ".hidden/x.md")).toMatch(/hidden/);
    expect(checkDraftPath(draft, "References/API.md")).toMatch(/collides with references\/api.md/);
    expect(checkDraftPath(draft, "references/api.md")).toMatch(/already exists/);
    expect(checkDraftPath(draft, "references")).toMatch(/is a folder/);
    expect(checkDraftPath(draft, "assets/logo.png/x.txt")).toMatch(/is a file/);
    expect(checkDraftPath(draft, "skill.md")).toMatch(/main file/);
    expect(checkDraftPath(draft, "notes/a|b.md")).toMatch(/Windows/);
    expect(checkDraftPath(draft, "references/api.md", "references/api.md")).toBeNull();
    expect(() => addTextFile(draft, "references/api.md")).toThrow(/already exists/);
  });

  it("sends uploads as numbered parts and replaces a binary in place", () => {
    let draft = createDraft("s1", 1, v1, 0);
    draft = putBytes(draft, "assets/logo.png", "AAEC", 3);
    draft = putBytes(draft, "assets/icon.png", "AwQ=", 2);
    expect(draftChanges(draft, v1)).toEqual([
      { path: "assets/icon.png", kind: "added" },
      { path: "assets/logo.png", kind: "modified" },
    ]);
    const manifest = draftManifest(draft);
    expect(manifest.uploads).toEqual([
      { path: "assets/icon.png", base64: "AwQ=" },
      { path: "assets/logo.png", base64: "AAEC" },
    ]);
    expect(manifest.entries.filter((e) => "upload" in e)).toEqual([
      { path: "assets/icon.png", upload: 0 },
      { path: "assets/logo.png", upload: 1 },
    ]);
  });

  it("rebases onto their version, keeping every change of mine and taking theirs elsewhere", () => {
    let mine = createDraft("s1", 1, v1, 0);
    mine = editText(mine, v1, "SKILL.md", "my skill md");
    mine = addTextFile(mine, "references/new.md", "new");
    mine = deleteFile(mine, "assets/logo.png");
    mine = renameFile(mine, "references/api.md", "docs/api.md").draft;
    const v2: DraftBaseFile[] = [
      file("SKILL.md", "their skill md"),
      file("references/api.md", "# API v2\n"),
      file("assets/logo.png", null, "logo2"),
      file("scripts/run.sh", "echo\n"),
    ];
    const rebased = rebaseDraft(mine, v1, v2, 2, 5);
    expect(rebased.baseVersion).toBe(2);
    expect(rebased.entries.map((e) => [e.path, e.origin, e.source])).toEqual([
      ["SKILL.md", "SKILL.md", { kind: "text", text: "my skill md" }],
      // my rename carries their newer content along
      ["docs/api.md", "references/api.md", { kind: "stored", version: 2, path: "references/api.md" }],
      ["references/new.md", null, { kind: "text", text: "new" }],
      ["scripts/run.sh", "scripts/run.sh", { kind: "stored", version: 2, path: "scripts/run.sh" }],
    ]);
    expect(draftChanges(rebased, v2).map((c) => `${c.kind} ${c.path}`)).toEqual([
      "modified SKILL.md",
      "deleted assets/logo.png",
      "renamed docs/api.md",
      "added references/new.md",
    ]);
  });

  it("rebasing an edit that matches theirs leaves nothing to save", () => {
    const mine = editText(createDraft("s1", 1, v1, 0), v1, "SKILL.md", "same text");
    const v2 = [file("SKILL.md", "same text"), v1[1], v1[2]];
    expect(isDraftDirty(rebaseDraft(mine, v1, v2, 2), v2)).toBe(false);
  });

  it("keeps the text of a renamed file whose origin they deleted", () => {
    const mine = renameFile(createDraft("s1", 1, v1, 0), "references/api.md", "docs/api.md").draft;
    const v2 = [v1[0], v1[2]];
    const rebased = rebaseDraft(mine, v1, v2, 2);
    const entry = rebased.entries.find((e) => e.path === "docs/api.md")!;
    expect(entry).toEqual({ path: "docs/api.md", origin: null, source: { kind: "text", text: "# API\n" } });
    expect(entryText(rebased, entry, new Map(v2.map((f) => [f.path, f])))).toBe("# API\n");
  });

  it("round-trips through JSON and rejects what is not a draft of this skill", () => {
    const draft = editText(createDraft("s1", 3, v1, 0), v1, "SKILL.md", "x", 9);
    expect(parseStoredDraft(JSON.stringify(draft), "s1")).toEqual(draft);
    expect(parseStoredDraft(JSON.stringify(draft), "other")).toBeNull();
    expect(parseStoredDraft("{not json", "s1")).toBeNull();
    expect(parseStoredDraft(JSON.stringify({ ...draft, entries: [{ path: "SKILL.md", origin: null, source: { kind: "evil" } }] }), "s1")).toBeNull();
    expect(parseStoredDraft(null, "s1")).toBeNull();
  });
});
