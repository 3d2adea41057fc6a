import { describe, expect, it } from "vitest";
import { draftChanges, editText, entryText } from "./draft";
import { draftFromProposal, sameEntries } from "./proposal";

const file = (path: string, text: string | null, sha256 = `sha-${path}-${text}`) => ({
  path,
  size: text?.length ?? 10,
  sha256,
  mediaType: text === null ? "image/png" : "text/markdown",
  text,
});

const base = { number: 3, files: [file("SKILL.md", "old"), file("references/a.md", "same"), file("gone.md", "bye"), file("logo.png", null, "png-1")] };
const proposed = { number: 5, files: [file("SKILL.md", "new"), file("references/a.md", "same"), file("added.md", "hi"), file("logo.png", null, "png-2")] };

describe("draftFromProposal", () => {
  const draft = draftFromProposal("s1", base, proposed, 1);

  it("builds on the base and holds the proposal's changes", () => {
    expect(draft.baseVersion).toBe(3);
    expect(draftChanges(draft, base.files)).toEqual([
      { path: "SKILL.md", kind: "modified" },
      { path: "added.md", kind: "added" },
      { path: "gone.md", kind: "deleted" },
      { path: "logo.png", kind: "modified" },
    ]);
  });

  it("keeps unchanged files as references to the base, changed binaries as references to the proposal", () => {
    const entries = Object.fromEntries(draft.entries.map((e) => [e.path, e.source]));
    expect(entries["references/a.md"]).toEqual({ kind: "stored", version: 3, path: "references/a.md" });
    expect(entries["logo.png"]).toEqual({ kind: "stored", version: 5, path: "logo.png" });
    expect(entries["SKILL.md"]).toEqual({ kind: "text", text: "new" });
  });

  it("gives the editor every text to show", () => {
    const baseMap = new Map(base.files.map((f) => [f.path, f]));
    expect(draft.entries.map((e) => entryText(draft, e, baseMap))).toEqual(["new", "hi", null, "same"]);
  });

  it("tells a draft still equal to the proposal from an edited one", () => {
    expect(sameEntries(draft, draftFromProposal("s1", base, proposed, 2))).toBe(true);
    const edited = editText(draft, base.files, "SKILL.md", "newer");
    expect(sameEntries(draft, edited)).toBe(false);
    expect(sameEntries(draft, editText(edited, base.files, "SKILL.md", "new"))).toBe(true);
  });
});
