import { describe, expect, it } from "vitest";
import { addTextFile, createDraft, entryText, findEntry, isDraftDirty, type Draft } from "@/lib/skills/draft/draft";
import type { EditorSkill, EditorVersion } from "@/lib/types/editor";
import { editorReducer, initialEditorState, type EditorAction, type EditorState } from "./editor-state";

const file = (path: string, text: string | null) => ({
  path,
  size: text?.length ?? 10,
  sha256: `sha-${path}-${text}`,
  mediaType: text === null ? "image/png" : "text/markdown",
  text,
  tokens: 1,
});
const version = (number: number, files: EditorVersion["files"]): EditorVersion => ({
  number,
  message: `v${number}`,
  author: null,
  createdAt: new Date(0),
  files,
});

const v1 = version(1, [file("SKILL.md", "---\nname: demo\n---\nOne\n"), file("references/api.md", "# API\n")]);
const v2 = version(2, [file("SKILL.md", "---\nname: demo\n---\nTwo\n"), file("references/api.md", "# API\n")]);
const skillAt = (current: EditorVersion): EditorSkill => ({
  id: "s1",
  name: "demo",
  scope: "PERSONAL",
  team: null,
  current,
  nextVersion: current.number + 1,
  proposes: null,
});
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const text = (state: EditorState, path: string) => entryText(state.draft, findEntry(state.draft, path)!, new Map(state.base.files.map((f) => [f.path, f])));

/** A draft of `base` with one file added: dirty. */
const withNote = (base: EditorVersion): Draft => addTextFile(createDraft("s1", base.number, base.files, 5), "references/note.md", "hi", 7);

describe("initialEditorState", () => {
  it("opens the requested file when the version has it, else SKILL.md", () => {
    expect(initialEditorState(skillAt(v1), "references/api.md", null).selected).toBe("references/api.md");
    expect(initialEditorState(skillAt(v1), "nope.md", null).selected).toBe("SKILL.md");
    expect(initialEditorState(skillAt(v1), null, null)).toMatchObject({ base: v1, editorKey: 0, restoredAt: null, offer: null, conflict: null, saved: false });
  });

  it("restores a kept draft of the current version at once", () => {
    const stored = withNote(v1);
    const state = initialEditorState(skillAt(v1), "references/note.md", stored);
    expect(state).toMatchObject({ draft: stored, restoredAt: 7, offer: null, selected: "SKILL.md" });
  });

  it("ignores a kept draft with no changes", () => {
    const state = initialEditorState(skillAt(v1), null, createDraft("s1", 1, v1.files, 5));
    expect(state.restoredAt).toBeNull();
    expect(isDraftDirty(state.draft, v1.files)).toBe(false);
  });

  it("offers back a kept draft of an older version instead of restoring it", () => {
    const stored = withNote(v1);
    const state = initialEditorState(skillAt(v2), null, stored);
    expect(state.offer).toEqual({ draft: stored, loading: false, error: null });
    expect(state.draft.baseVersion).toBe(2);
  });
});

describe("editing", () => {
  const start = initialEditorState(skillAt(v1), null, null);

  it("selects files and edits their text", () => {
    const edited = run(start, { type: "select", path: "references/api.md" }, { type: "edit", path: "references/api.md", text: "# API v2\n" });
    expect(edited.selected).toBe("references/api.md");
    expect(text(edited, "references/api.md")).toBe("# API v2\n");
  });

  it("drops a keystroke for a file that is gone", () => {
    expect(editorReducer(start, { type: "edit", path: "gone.md", text: "x" })).toBe(start);
  });

  it("takes a file operation's draft, selecting what it names", () => {
    const next = withNote(v1);
    expect(editorReducer(start, { type: "setDraft", draft: next, select: "references/note.md" })).toMatchObject({
      draft: next,
      selected: "references/note.md",
    });
    expect(editorReducer(start, { type: "setDraft", draft: next }).selected).toBe("SKILL.md");
  });

  it("discarding starts over from the base, with a fresh code editor on SKILL.md", () => {
    const restored = initialEditorState(skillAt(v1), null, withNote(v1));
    const discarded = run(restored, { type: "select", path: "references/note.md" }, { type: "discardDraft" });
    expect(discarded).toMatchObject({ restoredAt: null, editorKey: 1, selected: "SKILL.md" });
    expect(isDraftDirty(discarded.draft, v1.files)).toBe(false);
  });
});

describe("a kept draft of an older version", () => {
  const offered = initialEditorState(skillAt(v2), null, withNote(v1));

  it("shows loading, then the failure, while their version loads", () => {
    const loading = editorReducer(offered, { type: "offerLoading" });
    expect(loading.offer).toMatchObject({ loading: true, error: null });
    expect(editorReducer(loading, { type: "offerFailed", error: "Offline." }).offer).toMatchObject({ loading: false, error: "Offline." });
  });

  it("restored: builds on its own version, in conflict with the current one", () => {
    const restored = run(offered, { type: "offerLoading" }, { type: "offerRestored", base: v1, current: v2 });
    expect(restored).toMatchObject({ offer: null, base: v1, editorKey: 1 });
    expect(findEntry(restored.draft, "references/note.md")).toBeDefined();
    expect(restored.conflict).toEqual({ message: "Your draft was based on v1; the skill is now at v2.", currentVersion: 2, theirs: v2, error: null });
  });

  it("discarded: gone, the fresh draft stays", () => {
    const discarded = editorReducer(offered, { type: "offerDiscarded" });
    expect(discarded.offer).toBeNull();
    expect(discarded.draft).toBe(offered.draft);
  });

  it("without an offer, the offer actions change nothing", () => {
    const plain = initialEditorState(skillAt(v2), null, null);
    for (const action of [{ type: "offerLoading" }, { type: "offerFailed", error: "x" }, { type: "offerRestored", base: v1, current: v2 }] as EditorAction[]) {
      expect(editorReducer(plain, action)).toBe(plain);
    }
  });
});

describe("a conflict on save", () => {
  const edited = run(
    initialEditorState(skillAt(v1), null, null),
    { type: "edit", path: "references/api.md", text: "# Mine\n" },
    { type: "select", path: "references/api.md" },
  );
  const conflicted = editorReducer(edited, { type: "conflict", message: "Someone saved v2.", currentVersion: 2 });

  it("opens while their version loads, and takes it when it arrives", () => {
    expect(conflicted.conflict).toEqual({ message: "Someone saved v2.", currentVersion: 2, theirs: null, error: null });
    expect(editorReducer(conflicted, { type: "theirsLoaded", currentVersion: 2, theirs: v2, error: null }).conflict?.theirs).toBe(v2);
    expect(editorReducer(conflicted, { type: "theirsLoaded", currentVersion: 2, theirs: null, error: "Offline." }).conflict?.error).toBe("Offline.");
  });

  it("drops an answer about an older conflict", () => {
    expect(editorReducer(conflicted, { type: "theirsLoaded", currentVersion: 3, theirs: v2, error: null })).toBe(conflicted);
  });

  it("rebases onto their version, keeping the user's edits", () => {
    const rebased = run(conflicted, { type: "theirsLoaded", currentVersion: 2, theirs: v2, error: null }, { type: "rebase" });
    expect(rebased).toMatchObject({ base: v2, conflict: null, editorKey: 1, selected: "references/api.md" });
    expect(rebased.draft.baseVersion).toBe(2);
    expect(text(rebased, "references/api.md")).toBe("# Mine\n");
    expect(text(rebased, "SKILL.md")).toContain("Two");
  });

  it("cannot rebase before their version is there", () => {
    expect(editorReducer(conflicted, { type: "rebase" })).toBe(conflicted);
  });
});

it("remembers that the draft was saved", () => {
  const start = initialEditorState(skillAt(v1), null, null);
  expect(editorReducer(start, { type: "saved" }).saved).toBe(true);
});

describe("a review request's revision", () => {
  const v3 = version(3, [file("SKILL.md", "---\nname: demo\n---\nThree\n"), file("references/api.md", "# API\n")]);
  const revising = (currentVersion: number): EditorSkill => ({
    ...skillAt(v1),
    request: { id: "r1", title: "Say two", revision: 1, proposed: v2, currentVersion },
  });

  it("opens on the base holding the proposal's changes", () => {
    const state = initialEditorState(revising(1), null, null);
    expect(state.base).toBe(v1);
    expect(state.draft.baseVersion).toBe(1);
    expect(text(state, "SKILL.md")).toContain("Two");
    expect(state.conflict).toBeNull();
  });

  it("opens in the conflict state when the current version moved past the base", () => {
    const state = initialEditorState(revising(3), null, null);
    expect(state.conflict).toMatchObject({ currentVersion: 3, theirs: null });
    expect(state.conflict?.message).toBe("The skill's current version is v3; your proposal was based on v1. Compare, bring your draft up to date, then push.");
    const rebased = run(state, { type: "theirsLoaded", currentVersion: 3, theirs: v3, error: null }, { type: "rebase" });
    expect(rebased.draft.baseVersion).toBe(3);
    // The proposal's change survives the rebase: it was part of the draft, not of the base.
    expect(text(rebased, "SKILL.md")).toContain("Two");
  });

  it("ignores a kept draft on another base, and discards back to the proposal", () => {
    expect(initialEditorState(revising(1), null, withNote(v2)).offer).toBeNull();
    const start = initialEditorState(revising(1), null, null);
    const edited = run(start, { type: "edit", path: "SKILL.md", text: "changed" }, { type: "discardDraft", start: start.draft });
    expect(text(edited, "SKILL.md")).toContain("Two");
  });
});
