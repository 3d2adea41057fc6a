import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diffText, formatHunkHeader, wordMarks, type DiffInputFile, type DiffLine, type TextDiff } from "./diff";
import { diffSkillFiles } from "./skill-diff";

const text = (p: string, content: string): DiffInputFile => ({
  path: p,
  size: content.length,
  sha256: `sha:${content}`,
  mediaType: "text/plain",
  text: content,
});
const lines = (n: number, prefix = "line") => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join("\n") + "\n";

function asText(content: unknown): TextDiff {
  expect((content as TextDiff).kind).toBe("text");
  return content as TextDiff;
}
const allLines = (d: TextDiff): DiffLine[] => d.segments.flatMap((s) => s.lines);
const marked = (line: DiffLine) => (line.marks ?? []).map((m) => line.text.slice(m.start, m.end));

describe("diffText", () => {
  it("numbers lines on both sides and keeps context around a change", () => {
    const before = lines(20);
    const after = before.replace("line 10\n", "line ten\n");
    const d = asText(diffText(before, after));
    expect(d.linesAdded).toBe(1);
    expect(d.linesRemoved).toBe(1);
    expect(d.segments.map((s) => s.type)).toEqual(["collapsed", "hunk", "collapsed"]);
    const hunk = d.segments[1];
    expect(hunk.type === "hunk" && formatHunkHeader(hunk.header)).toBe("@@ -7,7 +7,7 @@");
    expect(hunk.lines.map((l) => `${l.kind[0]}${l.oldLine ?? "-"}/${l.newLine ?? "-"}`)).toEqual([
      "c7/7",
      "c8/8",
      "c9/9",
      "r10/-",
      "a-/10",
      "c11/11",
      "c12/12",
      "c13/13",
    ]);
    // The collapsed runs keep their lines so a viewer can expand them.
    expect(d.segments[0].lines.map((l) => l.newLine)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(d.segments[2].lines.map((l) => l.newLine)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });

  it("honours a different context size", () => {
    const before = lines(20);
    const d = asText(diffText(before, before.replace("line 10\n", "line ten\n"), { context: 1 }));
    const hunk = d.segments.find((s) => s.type === "hunk")!;
    expect(hunk.lines.map((l) => l.text)).toEqual(["line 9", "line 10", "line ten", "line 11"]);
  });

  it("merges changes whose context overlaps into one hunk and does not hide a few lines between them", () => {
    const before = lines(30);
    const after = before.replace("line 5\n", "line five\n").replace("line 13\n", "line thirteen\n");
    const d = asText(diffText(before, after));
    expect(d.segments.filter((s) => s.type === "hunk")).toHaveLength(1);
    const far = asText(diffText(before, before.replace("line 5\n", "line five\n").replace("line 20\n", "line twenty\n")));
    // Line 1 alone above the first hunk stays visible: a "1 line hidden" row helps nobody.
    expect(far.segments.map((s) => s.type)).toEqual(["hunk", "collapsed", "hunk", "collapsed"]);
  });

  it("marks the words that changed inside a modified line pair", () => {
    const d = asText(diffText("Use the quick tool to fill forms.\n", "Use the slow tool to fill PDF forms.\n"));
    const [removed, added] = allLines(d);
    expect(removed.kind).toBe("remove");
    expect(marked(removed)).toEqual(["quick"]);
    expect(marked(added)).toEqual(["slow", "PDF"]);
  });

  it("pairs removed and added runs line by line; extra added lines carry no marks", () => {
    const d = asText(diffText("alpha one\nbeta two\n", "alpha uno\nbeta dos\ngamma tres\n"));
    const added = allLines(d).filter((l) => l.kind === "add");
    expect(added.map(marked)).toEqual([["uno"], ["dos"], []]);
    expect(added[2].marks).toBeUndefined();
  });

  it("leaves marks off a pair that was rewritten rather than edited", () => {
    const d = asText(diffText("completely different words here\n", "nothing in common at all\n"));
    expect(allLines(d).every((l) => l.marks === undefined)).toBe(true);
  });

  it("skips word marks on very long lines", () => {
    const long = "word ".repeat(400);
    const d = asText(diffText(`${long}a\n`, `${long}b\n`, { maxWordDiffLineLength: 100 }));
    expect(allLines(d).every((l) => l.marks === undefined)).toBe(true);
  });

  it("reports a missing final newline without treating the text as changed elsewhere", () => {
    const d = asText(diffText("a\nb\n", "a\nb"));
    expect(d.finalNewline).toEqual({ old: true, new: false });
    expect(d.linesAdded + d.linesRemoved).toBe(0);
  });

  it("separates line endings from content: CRLF to LF changes no line", () => {
    const d = asText(diffText("a\r\nb\r\n", "a\nb\n"));
    expect(d.lineEndings).toEqual({ old: "crlf", new: "lf" });
    expect(d.linesAdded + d.linesRemoved).toBe(0);
  });

  it("handles empty texts on either side", () => {
    expect(asText(diffText("", "")).segments).toEqual([]);
    const d = asText(diffText("", "x\n"));
    expect(d.linesAdded).toBe(1);
    expect(d.oldLineCount).toBe(0);
  });

  it("starts an empty side of a hunk at the line before it, as unified diffs do", () => {
    const d = asText(diffText(lines(10), lines(10).replace("line 5\n", "line 5\nnew\n"), { context: 0 }));
    const hunk = d.segments.find((s) => s.type === "hunk")!;
    expect(hunk.type === "hunk" && formatHunkHeader(hunk.header)).toBe("@@ -5,0 +6,1 @@");
  });

  it("guards against huge inputs instead of hanging", () => {
    const big = lines(50);
    expect(diffText(big, big, { maxLines: 10 })).toMatchObject({ kind: "too-large", reason: expect.stringContaining("50 lines") });
    const huge = diffSkillFiles([text("a.md", "x\n")], [{ ...text("a.md", "y\n"), size: 3 * 1024 * 1024 }]);
    expect(huge.files[0].content).toMatchObject({ kind: "too-large", reason: "the file is 3 MB; line diffs are shown up to 1 MB" });
    const rewritten = diffText(lines(200, "a"), lines(200, "b"), { maxEditLength: 100 });
    expect(rewritten).toMatchObject({ kind: "too-large", reason: expect.stringContaining("100 lines differ") });
  });
});

describe("wordMarks", () => {
  it("merges adjacent changed tokens into one range", () => {
    expect(wordMarks("a b c", "a x y c")).toEqual({ before: [{ start: 2, end: 3 }], after: [{ start: 2, end: 5 }] });
  });
  it("keeps spaces at the ends of a range unmarked, but marks a change that is only whitespace", () => {
    const m = wordMarks("run the checker before", "run the checker twice before")!;
    expect(m.after.map((r) => "run the checker twice before".slice(r.start, r.end))).toEqual(["twice"]);
    const spaces = wordMarks("a  b c d", "a b c d")!;
    expect(spaces.before).toEqual([{ start: 1, end: 3 }]);
  });
  it("returns null when nothing differs", () => {
    expect(wordMarks("same", "same")).toBeNull();
  });
});

describe("isomorphism", () => {
  it("imports nothing from node: (the editor computes diffs in the browser)", () => {
    const source = readFileSync(path.join(import.meta.dirname, "diff.ts"), "utf8");
    expect(source).not.toMatch(/from "node:/);
    expect([...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1])).toEqual(["diff", "../format/skill-md"]);
  });
});
