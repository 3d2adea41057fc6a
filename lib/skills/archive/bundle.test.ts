import { describe, expect, it } from "vitest";
import { detectBundleKind, importableSkills, readBundle, type FileInput } from "./bundle";
import { bytesOf, buildZip, skillMd } from "../test-helpers/archives";

const file = (path: string, data: string | Uint8Array): FileInput => ({ path, bytes: bytesOf(data) });
const readFiles = (files: FileInput[], profile: "spec" | "anthropic" = "spec") => readBundle({ kind: "files", files }, { profile });

describe("per-skill limits", () => {
  const skillOf = (root: string, files: number) => [
    file(`${root}/SKILL.md`, skillMd(root)),
    ...Array.from({ length: files - 1 }, (_, i) => file(`${root}/references/r${i}.md`, `ref ${i}`)),
  ];

  it("counts a folder of many skills per skill, not as one archive", () => {
    // 3 x 400 = 1,200 files: over the old 500-entry cap for the whole input, each skill well inside
    const bundle = readFiles([...skillOf("alpha", 400), ...skillOf("beta", 400), ...skillOf("gamma", 400)]);
    expect(bundle.findings).toEqual([]);
    expect(bundle.skills.map((s) => [s.name, s.ok, s.files.length])).toEqual([
      ["alpha", true, 400],
      ["beta", true, 400],
      ["gamma", true, 400],
    ]);
  });

  it("admits a skill the size of UiPath's uipath-rpa (702 files) by default", () => {
    const bundle = readFiles(skillOf("uipath-rpa", 702));
    expect(bundle.ok).toBe(true);
  });

  it("refuses only the skill over a limit, naming the limit, and reads its siblings", () => {
    const bundle = readBundle({ kind: "files", files: [...skillOf("big", 12), ...skillOf("small", 3)] }, { limits: { maxSkillFiles: 10 } });
    expect(bundle.findings).toEqual([]);
    const [big, small] = bundle.skills;
    expect(big.ok).toBe(false);
    expect(big.findings).toEqual([
      expect.objectContaining({ severity: "error", code: "skill-too-many-files", message: "the skill has 12 files; the limit per skill is 10" }),
    ]);
    expect(small.ok).toBe(true);
    expect(importableSkills(bundle, { allowPartial: true }).map((s) => s.name)).toEqual(["small"]);
  });

  it("refuses a skill whose files add up past the per-skill bytes", () => {
    const bundle = readBundle(
      { kind: "files", files: [file("s/SKILL.md", skillMd("s")), file("s/a.txt", "a".repeat(3000))] },
      { limits: { maxSkillBytes: 2048 } },
    );
    expect(bundle.skills[0].findings.map((f) => [f.code, f.message])).toEqual([
      ["skill-too-large", "the skill's files add up to 3 KB; the limit per skill is 2 KB"],
    ]);
  });
});

describe("skill roots", () => {
  it("finds SKILL.md at the top of the upload", () => {
    const bundle = readBundle({
      kind: "zip",
      bytes: buildZip([
        { name: "SKILL.md", data: skillMd("top") },
        { name: "references/a.md", data: "a" },
      ]),
    });
    expect(bundle.skills.map((s) => [s.root, s.name])).toEqual([["", "top"]]);
    expect(bundle.skills[0].files.map((f) => f.path)).toEqual(["SKILL.md", "references/a.md"]);
    // no folder to compare the name with
    expect(bundle.skills[0].findings).toEqual([]);
  });

  it("finds SKILL.md under one enclosing folder and compares the name with that folder", () => {
    const bundle = readFiles([file("picked/SKILL.md", skillMd("my-skill")), file("picked/scripts/run.py", "print(1)")]);
    expect(bundle.skills.map((s) => s.root)).toEqual(["picked"]);
    expect(bundle.skills[0].findings.map((f) => f.code)).toEqual(["name-folder-mismatch"]);
    expect(bundle.skills[0].name).toBe("my-skill");
    expect(bundle.ok).toBe(true);
  });

  it("finds every skill of a collection (a repository download) and skips the rest, saying so", () => {
    const bundle = readFiles([
      file("repo-main/README.md", "# repo"),
      file("repo-main/skills/alpha/SKILL.md", skillMd("alpha")),
      file("repo-main/skills/alpha/references/x.md", "x"),
      file("repo-main/skills/beta/SKILL.md", skillMd("beta")),
      file("repo-main/docs/guide.md", "guide"),
    ]);
    expect(bundle.skills.map((s) => [s.root, s.files.map((f) => f.path)])).toEqual([
      ["repo-main/skills/alpha", ["SKILL.md", "references/x.md"]],
      ["repo-main/skills/beta", ["SKILL.md"]],
    ]);
    expect(bundle.skipped).toEqual([
      { path: "repo-main/README.md", reason: "outside any skill folder", entries: 1 },
      { path: "repo-main/docs/guide.md", reason: "outside any skill folder", entries: 1 },
    ]);
    expect(bundle.files).toHaveLength(5);
  });

  it("treats a SKILL.md inside a skill as one of its resources (a template), not a second skill", () => {
    const bundle = readFiles([file("s/SKILL.md", skillMd("s")), file("s/templates/example/SKILL.md", skillMd("example"))]);
    expect(bundle.skills.map((s) => s.root)).toEqual(["s"]);
    expect(bundle.skills[0].files.map((f) => f.path)).toEqual(["SKILL.md", "templates/example/SKILL.md"]);
  });

  it("skips hidden folders, __MACOSX and .DS_Store, and reports what was skipped", () => {
    const bundle = readBundle({
      kind: "zip",
      bytes: buildZip([
        { name: "s/SKILL.md", data: skillMd("s") },
        { name: "s/.git/config", data: "[core]" },
        { name: "s/.git/HEAD", data: "ref" },
        { name: "__MACOSX/s/._SKILL.md", data: "resource fork" },
        { name: "s/.DS_Store", data: new Uint8Array([0, 0, 0, 1]) },
        { name: "s/.env.example", data: "KEY=" },
      ]),
    });
    expect(bundle.skipped).toEqual([
      { path: "__MACOSX/", reason: "macOS resource fork folder (__MACOSX)", entries: 1 },
      { path: "s/.DS_Store", reason: "macOS folder settings (.DS_Store)", entries: 1 },
      { path: "s/.git/", reason: "hidden folder", entries: 2 },
    ]);
    // hidden files (not folders) are part of the skill
    expect(bundle.skills[0].files.map((f) => f.path)).toEqual([".env.example", "SKILL.md"]);
    expect(bundle.ok).toBe(true);
  });

  it("does not mind links inside skipped folders, but still rejects hostile names there", () => {
    const bundle = readFiles([file("s/SKILL.md", skillMd("s")), { path: "s/.bin/tool", bytes: new Uint8Array(0), type: "symlink" }]);
    expect(bundle.ok).toBe(true);
    const hostile = readFiles([file("s/SKILL.md", skillMd("s")), file("__MACOSX/../../evil", "x")]);
    expect(hostile.findings.map((f) => f.code)).toEqual(["path-traversal"]);
  });

  it("reports an upload without any SKILL.md", () => {
    const bundle = readFiles([file("notes/readme.md", "hello")]);
    expect(bundle.findings.map((f) => f.code)).toEqual(["skill-md-missing"]);
    expect(bundle.ok).toBe(false);
    expect(bundle.skipped).toEqual([{ path: "notes/readme.md", reason: "outside any skill folder", entries: 1 }]);
  });

  it("accepts skill.md in lowercase: a warning under spec, an error under anthropic", () => {
    const files = [file("s/skill.md", skillMd("s"))];
    expect(readFiles(files).skills[0].findings.map((f) => [f.severity, f.code])).toEqual([["warning", "skill-md-lowercase"]]);
    expect(readFiles(files, "anthropic").skills[0].findings.map((f) => [f.severity, f.code])).toEqual([["error", "skill-md-lowercase"]]);
  });

  it("warns about two skills with one name", () => {
    const bundle = readFiles([file("a/x/SKILL.md", skillMd("x")), file("b/x/SKILL.md", skillMd("x"))]);
    expect(bundle.findings.map((f) => [f.severity, f.code])).toEqual([["warning", "duplicate-skill-name"]]);
  });
});

describe("single SKILL.md and folders", () => {
  it("reads a lone SKILL.md, checking the name against the folder it came from", () => {
    const bundle = readBundle({ kind: "skill-md", bytes: bytesOf(skillMd("my-skill")), folderName: "other" });
    expect(bundle.skills[0].root).toBe("");
    expect(bundle.skills[0].findings.map((f) => f.code)).toEqual(["name-folder-mismatch"]);
    expect(readBundle({ kind: "skill-md", bytes: bytesOf(skillMd("my-skill")) }).skills[0].findings).toEqual([]);
  });

  it("reports invalid UTF-8 in SKILL.md as an error of that skill", () => {
    const bytes = new Uint8Array([...bytesOf("---\nname: x\ndescription: caf"), 0xe9, ...bytesOf("\n---\n")]);
    const bundle = readFiles([{ path: "x/SKILL.md", bytes }]);
    expect(bundle.skills[0].findings).toEqual([expect.objectContaining({ code: "skill-md-invalid-utf8", severity: "error", line: 3 })]);
    expect(bundle.skills[0].skillMd).toBeNull();
    expect(bundle.skills[0].ok).toBe(false);
  });

  it("rejects links and special files met while reading a folder", () => {
    const bundle = readFiles([
      file("s/SKILL.md", skillMd("s")),
      { path: "s/link", bytes: new Uint8Array(0), type: "symlink" },
      { path: "s/dev", bytes: new Uint8Array(0), type: "special" },
    ]);
    expect(bundle.findings.map((f) => f.code).sort()).toEqual(["entry-special", "entry-symlink"]);
  });

  it("applies the limits to picked folders too", () => {
    const files = Array.from({ length: 5001 }, (_, i) => file(`s/f${i}.md`, "x"));
    expect(readFiles(files).findings.map((f) => f.code)).toEqual(["archive-too-many-entries"]);
    const unread = readFiles([file("s/SKILL.md", skillMd("s")), { path: "s/huge.bin", bytes: new Uint8Array(0), size: 6 * 1024 * 1024 }]);
    expect(unread.findings.map((f) => [f.code, f.path])).toEqual([["entry-too-large", "s/huge.bin"]]);
  });

  it("copies bytes, so the bundle never aliases the caller's buffers", () => {
    const bytes = bytesOf(skillMd("s"));
    const bundle = readFiles([{ path: "s/SKILL.md", bytes }]);
    bytes[0] = 0;
    expect(bundle.files[0].bytes[0]).toBe("-".charCodeAt(0));
  });
});

describe("SKILL.md size", () => {
  it("refuses a multi-MB SKILL.md with the file's path and the limit, and other skills still import", () => {
    const bundle = readFiles([file("big/SKILL.md", `${skillMd("big")}${"x ".repeat(2_500_000)}`), file("small/SKILL.md", skillMd("small", "d"))]);
    const [big, small] = bundle.skills;
    expect(big.ok).toBe(false);
    expect(big.findings).toEqual([
      expect.objectContaining({ code: "skill-md-too-large", path: "SKILL.md", message: expect.stringContaining("the limit for SKILL.md is 256 KB") }),
    ]);
    expect(small.ok).toBe(true);
  });
});

describe("importableSkills", () => {
  const mixed = readFiles([file("good/SKILL.md", skillMd("good")), file("bad/SKILL.md", "no frontmatter")]);

  it("imports nothing from a bundle with an invalid skill, unless the caller asks for the valid ones", () => {
    expect(importableSkills(mixed)).toEqual([]);
    expect(importableSkills(mixed, { allowPartial: true }).map((s) => s.name)).toEqual(["good"]);
    expect(mixed.skills.find((s) => s.root === "bad")?.findings.map((f) => f.code)).toEqual(["frontmatter-missing"]);
  });

  it("imports nothing at all when the archive itself was rejected", () => {
    const hostile = readFiles([file("good/SKILL.md", skillMd("good")), file("good/../x", "x")]);
    expect(importableSkills(hostile, { allowPartial: true })).toEqual([]);
  });
});

describe("detectBundleKind", () => {
  it("trusts content first, then the file name", () => {
    expect(detectBundleKind("skill.md", buildZip([{ name: "a", data: "a" }]))).toBe("zip");
    expect(detectBundleKind("pdf.skill", bytesOf("??"))).toBe("zip");
    expect(detectBundleKind("x.tgz", bytesOf("??"))).toBe("tar.gz");
    expect(detectBundleKind("SKILL.md", bytesOf("# hi"))).toBe("skill-md");
    expect(detectBundleKind("notes", bytesOf("\uFEFF---\nname: x\n"))).toBe("skill-md");
    expect(detectBundleKind("file.txt", bytesOf("hello"))).toBeNull();
  });
});
