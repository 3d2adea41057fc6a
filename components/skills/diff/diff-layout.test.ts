import { describe, expect, it } from "vitest";
import type { SkillDiff } from "@/lib/skills/diff/diff";
import { fileAnchor, LARGE_FILE_LINES, openByDefault, PAGE_LINE_BUDGET, summaryText } from "./diff-layout";

const file = (path: string, linesAdded: number, linesRemoved = 0) => ({ path, linesAdded, linesRemoved });

describe("openByDefault", () => {
  it("opens small files and folds one over the large-file limit", () => {
    const open = openByDefault([file("a.md", 10), file("big.md", LARGE_FILE_LINES, 1), file("b.md", 3)]);
    expect([...open]).toEqual([
      ["a.md", true],
      ["big.md", false],
      ["b.md", true],
    ]);
  });

  it("folds files once the page budget is spent, counting folded big files against it", () => {
    const open = openByDefault([file("a", 300), file("b", 300), file("c", 300)], 500);
    expect([...open.values()]).toEqual([true, false, false]);
  });

  it("spends the default budget across many files", () => {
    const files = Array.from({ length: 6 }, (_, i) => file(`f${i}`, LARGE_FILE_LINES));
    const open = [...openByDefault(files).values()];
    expect(open.filter(Boolean)).toHaveLength(PAGE_LINE_BUDGET / LARGE_FILE_LINES);
    expect(open.at(-1)).toBe(false);
  });
});

describe("summaryText", () => {
  const stats = (over: Partial<SkillDiff["stats"]>): SkillDiff["stats"] => ({
    filesChanged: 0,
    filesAdded: 0,
    filesRemoved: 0,
    filesRenamed: 0,
    filesUnchanged: 0,
    linesAdded: 0,
    linesRemoved: 0,
    ...over,
  });

  it("counts every changed file and names the kinds that are not plain edits", () => {
    expect(summaryText(stats({ filesChanged: 1 }))).toBe("1 file changed");
    expect(summaryText(stats({ filesChanged: 1, filesAdded: 2, filesRenamed: 1 }))).toBe("4 files changed (2 added, 1 moved)");
    expect(summaryText(stats({ filesRemoved: 1 }))).toBe("1 file changed (1 removed)");
  });
});

describe("fileAnchor", () => {
  it("makes a path safe for an id", () => {
    expect(fileAnchor("d1", "scripts/run me.py")).toBe("d1-scripts-run-me-py");
  });
});
