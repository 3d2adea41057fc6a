import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diffSkillFiles, diffSkillMd, diffText, formatHunkHeader, wordMarks, type DiffInputFile, type DiffLine, type TextDiff } from "./diff";

const text = (p: string, content: string): DiffInputFile => ({
  path: p,
  size: content.length,
  sha256: `sha:${content}`,
  mediaType: "text/plain",
  text: content,
});
const binary = (p: string, digest: string, size = 10): DiffInputFile => ({ path: p, size, sha256: digest, mediaType: "image/png", text: null });
const lines = (n: number, prefix = "line") => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join("\n") + "\n";

function asText(content: unknown): TextDiff {
  expect((content as TextDiff).kind).toBe("text");
  return content as TextDiff;
}
const allLines = (d: TextDiff): DiffLine[] => d.segments.flatMap((s) => s.lines);
const marked = (line: DiffLine) => (line.marks ?? []).map((m) => line.text.slice(m.start, m.end));

const SKILL_V1 = `---
name: pdf-forms
description: Fill PDF forms quickly from a JSON file.
license: MIT
---
# PDF forms

Use the quick tool.
`;

describe("diffSkillFiles", () => {
  it("classifies added, removed, changed and unchanged files and counts them", () => {
    const d = diffSkillFiles(
      [text("SKILL.md", "a\n"), text("references/old.md", "old\n"), text("scripts/run.py", "print(1)\n")],
      [text("SKILL.md", "a\n"), text("references/new.md", "new\n"), text("scripts/run.py", "print(2)\n")],
    );
    expect(d.files.map((f) => [f.path, f.status])).toEqual([
      ["SKILL.md", "unchanged"],
      ["references/new.md", "added"],
      ["references/old.md", "removed"],
      ["scripts/run.py", "changed"],
    ]);
    expect(d.stats).toEqual({ filesAdded: 1, filesRemoved: 1, filesChanged: 1, filesRenamed: 0, filesUnchanged: 1, linesAdded: 2, linesRemoved: 2 });
    expect(d.identical).toBe(false);
  });

  it("reports identical versions as identical, with no content diffs", () => {
    const files = [text("SKILL.md", SKILL_V1), binary("assets/logo.png", "p1")];
    const d = diffSkillFiles(files, files);
    expect(d.identical).toBe(true);
    expect(d.files.every((f) => f.status === "unchanged" && f.content === null)).toBe(true);
  });

  it("puts SKILL.md first and the rest in path order", () => {
    const d = diffSkillFiles([], [text("b.md", "b\n"), text("SKILL.md", "s\n"), text("a/z.md", "z\n")]);
    expect(d.files.map((f) => f.path)).toEqual(["SKILL.md", "a/z.md", "b.md"]);
  });

  it("detects a move by identical digest, one to one", () => {
    const d = diffSkillFiles(
      [text("references/guide.md", "same\n"), text("references/copy.md", "same\n")],
      [text("docs/guide.md", "same\n"), text("references/copy.md", "same\n")],
    );
    const moved = d.files.find((f) => f.path === "docs/guide.md")!;
    expect(moved.status).toBe("renamed");
    expect(moved.before?.path).toBe("references/guide.md");
    expect(moved.content).toBeNull();
    expect(d.files.map((f) => f.status).sort()).toEqual(["renamed", "unchanged"]);
    expect(d.stats.filesRenamed).toBe(1);
  });

  it("does not pair two added files with one removed file of the same content", () => {
    const d = diffSkillFiles([text("a.md", "x\n")], [text("b.md", "x\n"), text("c.md", "x\n")]);
    expect(d.files.map((f) => [f.path, f.status])).toEqual([
      ["b.md", "renamed"],
      ["c.md", "added"],
    ]);
  });

  it("shows binary files by size and digest, never as lines", () => {
    const d = diffSkillFiles([binary("assets/logo.png", "p1", 100)], [binary("assets/logo.png", "p2", 140)]);
    const f = d.files[0];
    expect(f.status).toBe("changed");
    expect(f.content).toEqual({ kind: "binary" });
    expect(f.before).toMatchObject({ size: 100, sha256: "p1", binary: true });
    expect(f.after).toMatchObject({ size: 140, sha256: "p2", binary: true });
    expect(d.stats.linesAdded).toBe(0);
  });

  it("treats a file that turned binary as a binary change", () => {
    const d = diffSkillFiles([text("data.bin", "hello\n")], [binary("data.bin", "p")]);
    expect(d.files[0].content).toEqual({ kind: "binary" });
    expect(d.files[0].before?.binary).toBe(false);
    expect(d.files[0].after?.binary).toBe(true);
  });

  it("diffs an added text file against nothing: every line added, numbered from 1", () => {
    const d = diffSkillFiles([], [text("notes.md", "one\ntwo\n")]);
    const diff = asText(d.files[0].content);
    expect(allLines(diff).map((l) => [l.kind, l.oldLine, l.newLine, l.text])).toEqual([
      ["add", null, 1, "one"],
      ["add", null, 2, "two"],
    ]);
    expect(diff.segments[0]).toMatchObject({ type: "hunk", header: { oldStart: 0, oldLines: 0, newStart: 1, newLines: 2 } });
    expect(d.stats.linesAdded).toBe(2);
  });

  it("diffs a removed text file: every line removed", () => {
    const d = diffSkillFiles([text("notes.md", "one\ntwo\n")], []);
    expect(d.files[0].status).toBe("removed");
    expect(d.files[0].linesRemoved).toBe(2);
    expect(asText(d.files[0].content).finalNewline).toEqual({ old: true, new: true });
  });
});

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

describe("SKILL.md", () => {
  const v2 = SKILL_V1.replace("quickly from a JSON file", "carefully from a JSON or CSV file")
    .replace("license: MIT\n", "license: Apache-2.0\ncompatibility: Python 3.11+\n")
    .replace("quick tool", "slow tool");

  it("lists frontmatter changes field by field with word marks on changed strings", () => {
    const md = diffSkillMd(SKILL_V1, v2)!;
    expect(md.fields.map((f) => [f.key, f.status, f.before, f.after])).toEqual([
      ["description", "changed", "Fill PDF forms quickly from a JSON file.", "Fill PDF forms carefully from a JSON or CSV file."],
      ["license", "changed", "MIT", "Apache-2.0"],
      ["compatibility", "added", undefined, "Python 3.11+"],
    ]);
    const description = md.fields[0];
    const slice = (s: string, ranges: { start: number; end: number }[]) => ranges.map((r) => s.slice(r.start, r.end));
    expect(slice(description.before as string, description.marks!.before)).toEqual(["quickly"]);
    expect(slice(description.after as string, description.marks!.after)).toEqual(["carefully", "or CSV"]);
  });

  it("reports removed fields after the new file's order, and nested values compared deeply", () => {
    const a = '---\nname: x\ndescription: d\nmetadata:\n  version: "1"\n  tags: [a, b]\nallowed-tools: Bash\n---\nbody\n';
    const b = '---\nname: x\ndescription: d\nmetadata:\n  version: "1"\n  tags: [a, c]\n---\nbody\n';
    const md = diffSkillMd(a, b)!;
    expect(md.fields.map((f) => [f.key, f.status])).toEqual([
      ["metadata", "changed"],
      ["allowed-tools", "removed"],
    ]);
    const same = diffSkillMd(a, a.replace("tags: [a, b]", "tags:\n    - a\n    - b"))!;
    expect(same.fields).toEqual([]);
    // The YAML text diff still shows the reformatting that no field reflects.
    expect(asText(same.yaml).linesAdded).toBeGreaterThan(0);
  });

  it("diffs the body on its own, numbered as lines of SKILL.md", () => {
    const md = diffSkillMd(SKILL_V1, v2)!;
    const body = asText(md.body);
    const changed = allLines(body).filter((l) => l.kind !== "context");
    // v1 body starts on line 6; v2 has one more frontmatter line.
    expect(changed.map((l) => [l.kind, l.oldLine, l.newLine, l.text])).toEqual([
      ["remove", 8, null, "Use the quick tool."],
      ["add", null, 9, "Use the slow tool."],
    ]);
    expect(SKILL_V1.split("\n")[7]).toBe("Use the quick tool.");
    expect(v2.split("\n")[8]).toBe("Use the slow tool.");
    const yaml = asText(md.yaml);
    expect(allLines(yaml).find((l) => l.kind === "add")?.newLine).toBe(3);
  });

  it("is attached to the root SKILL.md of a skill diff, with the whole-file diff beside it", () => {
    const d = diffSkillFiles([text("SKILL.md", SKILL_V1), text("references/SKILL.md", "x\n")], [text("SKILL.md", v2), text("references/SKILL.md", "y\n")]);
    expect(d.files[0].skillMd?.fields).toHaveLength(3);
    expect(asText(d.files[0].content).linesAdded).toBe(4);
    expect(d.files.find((f) => f.path === "references/SKILL.md")?.skillMd).toBeNull();
  });

  it("falls back to the plain text diff when a side's frontmatter does not parse", () => {
    expect(diffSkillMd(SKILL_V1, "no frontmatter\n")).toBeNull();
    const d = diffSkillFiles([text("SKILL.md", SKILL_V1)], [text("SKILL.md", "---\nname: [unclosed\n---\n")]);
    expect(d.files[0].skillMd).toBeNull();
    expect(d.files[0].content?.kind).toBe("text");
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
