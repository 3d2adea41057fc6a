import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DiffInputFile, DiffLine, TextDiff } from "./diff";
import { diffSkillFiles, diffSkillMd } from "./skill-diff";

const text = (p: string, content: string): DiffInputFile => ({
  path: p,
  size: content.length,
  sha256: `sha:${content}`,
  mediaType: "text/plain",
  text: content,
});
const binary = (p: string, digest: string, size = 10): DiffInputFile => ({ path: p, size, sha256: digest, mediaType: "image/png", text: null });

function asText(content: unknown): TextDiff {
  expect((content as TextDiff).kind).toBe("text");
  return content as TextDiff;
}
const allLines = (d: TextDiff): DiffLine[] => d.segments.flatMap((s) => s.lines);

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

describe("isomorphism", () => {
  it("imports nothing from node: and nothing beyond diff.ts and the SKILL.md parser (the editor diffs in the browser too)", () => {
    const source = readFileSync(path.join(import.meta.dirname, "skill-diff.ts"), "utf8");
    expect(source).not.toMatch(/from "node:/);
    expect([...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1])).toEqual(["../format/skill-md", "./diff"]);
  });
});
