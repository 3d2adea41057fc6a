import { describe, expect, it } from "vitest";
import type { DiffInputFile } from "./diff";
import { bodyLines, deferBodies } from "./defer";
import { diffSkillFiles, filesToRead } from "./skill-diff";

const text = (p: string, content: string): DiffInputFile => ({
  path: p,
  size: content.length,
  sha256: `sha:${content}`,
  mediaType: "text/markdown",
  text: content,
});
const lines = (n: number, edit = "") => Array.from({ length: n }, (_, i) => (i === 5 ? `line ${i}${edit}` : `line ${i}`)).join("\n") + "\n";

/** Ten files of 20 lines each, one line changed in each, plus an unchanged and a moved file. */
function bigDiff() {
  const paths = Array.from({ length: 10 }, (_, i) => `references/r${i}.md`);
  const before = [...paths.map((p) => text(p, lines(20))), text("same.md", "same\n"), text("old/moved.md", "moved\n")];
  const after = [...paths.map((p) => text(p, lines(20, " edited"))), text("same.md", "same\n"), text("new/moved.md", "moved\n")];
  return diffSkillFiles(before, after);
}

describe("deferBodies", () => {
  it("keeps the first bodies within the budget and defers the rest in page order, headers and counts intact", () => {
    const diff = bigDiff();
    const perFile = bodyLines(diff.files.find((f) => f.path === "references/r0.md")!);
    expect(perFile).toBe(21); // 20 lines, the changed one twice
    const trimmed = deferBodies(diff, { lines: perFile * 3 + 5 });
    const deferred = trimmed.files.filter((f) => f.deferred && f.status !== "unchanged").map((f) => f.path);
    expect(deferred).toEqual([
      "references/r3.md",
      "references/r4.md",
      "references/r5.md",
      "references/r6.md",
      "references/r7.md",
      "references/r8.md",
      "references/r9.md",
    ]);
    const r5 = trimmed.files.find((f) => f.path === "references/r5.md")!;
    expect(r5).toMatchObject({ status: "changed", content: null, skillMd: null, linesAdded: 1, linesRemoved: 1 });
    expect(trimmed.stats).toEqual(diff.stats);
    // A moved file has no body to defer; an unchanged one keeps its path and status, no sides.
    expect(trimmed.files.find((f) => f.path === "new/moved.md")).toEqual(diff.files.find((f) => f.path === "new/moved.md"));
    expect(trimmed.files.find((f) => f.path === "same.md")).toMatchObject({ status: "unchanged", before: null, after: null, deferred: true });
    // The input is not changed.
    expect(diff.files.some((f) => f.deferred)).toBe(false);
  });

  it("always keeps the files asked for (a line thread's file), and every body of a small diff", () => {
    const diff = bigDiff();
    const trimmed = deferBodies(diff, { lines: 30, keep: new Set(["references/r8.md"]) });
    expect(trimmed.files.filter((f) => !f.deferred && f.content).map((f) => f.path)).toEqual(["references/r0.md", "references/r8.md"]);
    expect(
      deferBodies(diff)
        .files.filter((f) => f.deferred)
        .map((f) => f.path),
    ).toEqual(["same.md"]);
  });
});

describe("filesToRead", () => {
  it("reads only files whose digest differs or that one side lacks", () => {
    const before = [
      { path: "a", sha256: "1" },
      { path: "b", sha256: "2" },
      { path: "gone", sha256: "3" },
    ];
    const after = [
      { path: "a", sha256: "1" },
      { path: "b", sha256: "9" },
      { path: "new", sha256: "3" },
    ];
    const read = filesToRead(before, after);
    expect([...read.before]).toEqual(["b", "gone"]);
    expect([...read.after]).toEqual(["b", "new"]);
  });

  it("an unread file still diffs as unchanged (or moved) with its binary flag", () => {
    const diff = diffSkillFiles(
      [
        { path: "logo.png", size: 3, sha256: "x", mediaType: "image/png", text: null, binary: true },
        { path: "a.md", size: 2, sha256: "y", mediaType: "text/markdown", text: null, binary: false },
      ],
      [
        { path: "logo.png", size: 3, sha256: "x", mediaType: "image/png", text: null, binary: true },
        { path: "b.md", size: 2, sha256: "y", mediaType: "text/markdown", text: null, binary: false },
      ],
    );
    expect(diff.files.map((f) => [f.path, f.status, f.after?.binary])).toEqual([
      ["b.md", "renamed", false],
      ["logo.png", "unchanged", true],
    ]);
  });
});
