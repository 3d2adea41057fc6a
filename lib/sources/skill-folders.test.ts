import { describe, expect, test } from "vitest";
import { parseLsTree } from "./fetch";
import { selectSkillFolders, type ListedEntry } from "./skill-folders";
import { DEFAULT_FETCH_LIMITS, SourceFetchError } from "./types";

// The selection sees names and sizes only (a listing holds no bytes): every limit is decided before
// a file is read.

const file = (path: string, size = 10): ListedEntry => ({ path, kind: "file", size, executable: false, ref: path });
const selected = (entries: ListedEntry[]) =>
  Object.fromEntries(selectSkillFolders(entries, DEFAULT_FETCH_LIMITS).folders.map((folder) => [folder.path, folder.files.map((f) => f.path)]));

describe("selectSkillFolders", () => {
  test("the outermost folder holding SKILL.md or skill.md is the skill; files elsewhere are ignored", () => {
    expect(
      selected([
        file("a/SKILL.md"),
        file("a/deep/er/SKILL.md"),
        file("a/deep/notes.md"),
        file("b/skill.md"),
        file("c/README.md"),
        file("c/d/SKILL.md"),
        file("Skill.md"),
        file(".git/SKILL.md"),
      ]),
    ).toEqual({ a: ["SKILL.md", "deep/er/SKILL.md", "deep/notes.md"], b: ["skill.md"], "c/d": ["SKILL.md"] });
  });

  test("every spelling of .git that some file system reads as .git is reported, never imported", () => {
    const spellings = [".git/config", ".GIT/config", ".git. /config", ".g\u200cit/config", "\ufeff.git/config", "GIT~1/config", "git~1/config"];
    const selection = selectSkillFolders([file("a/SKILL.md"), ...spellings.map((p) => file(`a/${p}`)), file("a/.github/x.yml")], DEFAULT_FETCH_LIMITS);
    expect(selection.folders[0].files.map((f) => f.path)).toEqual([".github/x.yml", "SKILL.md"]);
    expect(selection.skipped.map((s) => s.path).sort()).toEqual(spellings.map((p) => `a/${p}`).sort());
  });

  test("a symbolic link named SKILL.md makes no skill", () => {
    const selection = selectSkillFolders([{ ...file("a/SKILL.md"), kind: "symlink" }, file("a/notes.md")], DEFAULT_FETCH_LIMITS);
    expect(selection.folders).toEqual([]);
    expect(selection.skipped).toEqual([{ path: "a/SKILL.md", reason: "a symbolic link (links are not imported)" }]);
  });

  test("limits are counted over skill files only, from the listed sizes", () => {
    const entries = [file("a/SKILL.md", 600), file("a/big.bin", 400), file("outside.bin", 10_000_000)];
    expect(selectSkillFolders(entries, { ...DEFAULT_FETCH_LIMITS, maxBytes: 1000 })).toMatchObject({ totalBytes: 1000, totalFiles: 2 });
    expect(() => selectSkillFolders(entries, { ...DEFAULT_FETCH_LIMITS, maxBytes: 999 })).toThrow(
      new SourceFetchError("too-large", "The skill folders' files add up to 1,000 bytes; the limit is 999 bytes"),
    );
  });
});

test("parseLsTree reads modes, sizes and raw names, flagging names that are not UTF-8", () => {
  const id = "0123456789abcdef0123456789abcdef01234567";
  const output = Buffer.concat([
    Buffer.from(`100644 blob ${id}      12\ta b/SKILL.md\0`),
    Buffer.from(`100755 blob ${id}       3\ttab\there.sh\0`),
    Buffer.from(`120000 blob ${id}      11\tlink\0`),
    Buffer.from(`160000 commit ${id}       -\tvendor\0`),
    Buffer.from(`100644 blob ${id}       1\t`),
    Buffer.from([0xff, 0x2e, 0x6d, 0x64, 0]),
  ]);
  expect(parseLsTree(output)).toEqual([
    { path: "a b/SKILL.md", kind: "file", size: 12, executable: false, ref: id },
    { path: "tab\there.sh", kind: "file", size: 3, executable: true, ref: id },
    { path: "link", kind: "symlink", size: 11, executable: false, ref: id },
    { path: "vendor", kind: "submodule", size: 0, executable: false, ref: id },
    { path: "\ufffd.md", kind: "file", size: 1, executable: false, ref: id, problem: "the name is not valid UTF-8" },
  ]);
});
