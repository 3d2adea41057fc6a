import { describe, expect, it } from "vitest";
import type { DiffInputFile } from "@/lib/skills/diff/diff";
import { diffSkillFiles } from "@/lib/skills/diff/skill-diff";
import type { LineAnchor, ReviewThread } from "@/lib/types/reviews";
import { anchorKey, anchorPlace, approvalsText, conversationItems, lineAnchors, placeThreads, revisionLabel, visibleAnchorKeys } from "./review-anchors";

const text = (path: string, body: string): DiffInputFile => ({ path, size: body.length, sha256: `${path}:${body}`, mediaType: "text/plain", text: body });
const lines = (n: number, change?: { at: number; to: string }) =>
  Array.from({ length: n }, (_, i) => (change && i + 1 === change.at ? change.to : `line ${i + 1}`)).join("\n") + "\n";

// v5 -> v7: notes.md line 20 changed (removed old 20, added new 20), the rest unchanged; guide.md removed, docs/guide.md added.
const before = [text("notes.md", lines(40)), text("guide.md", lines(3))];
const after = [text("notes.md", lines(40, { at: 20, to: "changed" })), text("docs/guide.md", lines(3, { at: 2, to: "two" }))];
const diff = diffSkillFiles(before, after);
const shown = { from: 5, to: 7 };
const notes = diff.files.find((f) => f.path === "notes.md")!;

const thread = (id: string, anchor: LineAnchor | null, outdated = false, at = 0): ReviewThread => ({
  id,
  anchor,
  outdated,
  resolved: null,
  comments: [{ id: `${id}-c`, author: null, body: "x", createdAt: new Date(at), canEdit: false }],
});

describe("lineAnchors", () => {
  const all = notes.content!.kind === "text" ? notes.content!.segments.flatMap((s) => s.lines) : [];
  it("anchors an added line to the proposed version and a removed one to the base", () => {
    const added = all.find((l) => l.kind === "add")!;
    const removed = all.find((l) => l.kind === "remove")!;
    expect(lineAnchors(notes, added, shown)).toEqual({
      comment: { version: 7, path: "notes.md", line: 20 },
      shows: [{ version: 7, path: "notes.md", line: 20 }],
    });
    expect(lineAnchors(notes, removed, shown).comment).toEqual({ version: 5, path: "notes.md", line: 20 });
  });

  it("comments on an unchanged line on the new side but shows threads of both versions there", () => {
    const context = all.find((l) => l.kind === "context" && l.newLine === 18)!;
    expect(lineAnchors(notes, context, shown)).toEqual({
      comment: { version: 7, path: "notes.md", line: 18 },
      shows: [
        { version: 7, path: "notes.md", line: 18 },
        { version: 5, path: "notes.md", line: 18 },
      ],
    });
  });

  it("anchors the lines of a removed file to the base", () => {
    const gone = diff.files.find((f) => f.path === "guide.md")!;
    const removed = (gone.content!.kind === "text" ? gone.content!.segments.flatMap((s) => s.lines) : [])[1];
    expect(lineAnchors(gone, removed, shown).comment).toEqual({ version: 5, path: "guide.md", line: 2 });
  });

  it("has no old side without a base version", () => {
    const first = diffSkillFiles([], after);
    const file = first.files[0];
    const line = file.content!.kind === "text" ? file.content!.segments[0].lines[0] : null;
    expect(lineAnchors(file, line!, { from: null, to: 1 }).shows).toEqual([{ version: 1, path: file.path, line: 1 }]);
  });
});

describe("placeThreads", () => {
  it("puts a thread under its line when the line is on screen, collapsed unchanged runs included", () => {
    const keys = visibleAnchorKeys(diff, shown);
    expect(keys.has(anchorKey({ version: 7, path: "notes.md", line: 20 }))).toBe(true);
    expect(keys.has(anchorKey({ version: 7, path: "notes.md", line: 1 }))).toBe(true);
    expect(keys.has(anchorKey({ version: 7, path: "notes.md", line: 41 }))).toBe(false);
  });

  it("lists whole-request threads, outdated ones and lines not on screen in the conversation", () => {
    const onLine = thread("a", { version: 7, path: "notes.md", line: 20 });
    const onBase = thread("b", { version: 5, path: "guide.md", line: 2 });
    const whole = thread("c", null);
    const outdated = thread("d", { version: 6, path: "notes.md", line: 20 }, true);
    const gone = thread("e", { version: 7, path: "missing.md", line: 1 });
    const placed = placeThreads([onLine, onBase, whole, outdated, gone], diff, shown);
    expect([...placed.inline.keys()]).toEqual([anchorKey(onLine.anchor!), anchorKey(onBase.anchor!)]);
    expect([...placed.paths]).toEqual(["notes.md", "guide.md"]);
    expect(placed.listed.map((t) => t.id)).toEqual(["c", "d", "e"]);
  });
});

describe("conversationItems", () => {
  it("orders threads, verdicts and later revisions by time, leaving out the first revision", () => {
    const revision = (number: number, at: number) => ({
      number,
      versionNumber: number + 5,
      baseVersion: 5,
      message: "",
      author: null,
      createdAt: new Date(at),
      pruned: false,
    });
    const verdict = { id: "v", reviewer: null, verdict: "changes" as const, note: "fix", revision: 1, dismissed: true, createdAt: new Date(20) };
    const items = conversationItems({ revisions: [revision(1, 0), revision(2, 30)], verdicts: [verdict] }, [
      thread("t", null, false, 10),
      thread("u", null, false, 40),
    ]);
    expect(items.map((i) => i.kind)).toEqual(["thread", "verdict", "revision", "thread"]);
  });
});

describe("labels", () => {
  it("says where a thread is, what a revision is and how many approvals there are", () => {
    expect(anchorPlace({ version: 6, path: "SKILL.md", line: 12 })).toBe("on v6, SKILL.md:12");
    expect(revisionLabel({ number: 2, versionNumber: 7, baseVersion: 5 })).toBe("Revision 2 (v7, based on v5)");
    expect(revisionLabel({ number: 1, versionNumber: 1, baseVersion: null })).toBe("Revision 1 (v1)");
    expect(approvalsText(1, 2)).toBe("1 of 2 approvals");
    expect(approvalsText(0, 1)).toBe("0 of 1 approval");
  });
});
