import { describe, expect, it } from "vitest";
import { bundleDigest } from "../archive/digest";
import { exportSkillZip } from "../archive/export";
import { buildTarGz, buildZip } from "../test-helpers/archives";
import { countTokens, countTokensWithin, tokenBudget } from "../format/tokens";
import { readUpload, readUploadYielding, renameUploadSkill, type UploadSource } from "./upload";

const enc = new TextEncoder();
const skillMd = (name: string, description = `Does ${name} things. Use for ${name}.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\nSteps.\n`;
const zipOf = (name: string, extra: Record<string, string> = {}) =>
  exportSkillZip({
    name,
    files: [{ path: "SKILL.md", bytes: enc.encode(skillMd(name)) }, ...Object.entries(extra).map(([path, text]) => ({ path, bytes: enc.encode(text) }))],
  });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

const file = (name: string, bytes: Uint8Array): UploadSource => ({ type: "file", name, bytes });

describe("readUpload", () => {
  it("reads a ZIP, a tarball, a folder and pasted text, each skill with a stable key and digest", () => {
    const upload = readUpload([
      file("pdf-tools.zip", zipOf("pdf-tools", { "scripts/fill.py": "print(1)\n" })),
      file(
        "bundle.tgz",
        buildTarGz([
          { name: "a/SKILL.md", data: skillMd("a") },
          { name: "b/SKILL.md", data: skillMd("b") },
        ]),
      ),
      { type: "folder", name: "notes", files: [{ path: "notes/SKILL.md", bytes: enc.encode(skillMd("notes")) }] },
      { type: "text", name: "pasted SKILL.md", text: skillMd("pasted") },
    ]);
    expect(upload.sources.map((s) => [s.kind, s.notASkill, s.findings])).toEqual([
      ["zip", null, []],
      ["tar.gz", null, []],
      ["files", null, []],
      ["skill-md", null, []],
    ]);
    expect(upload.skills.map((s) => [s.key, s.skill.name, s.skill.ok])).toEqual([
      ["0:pdf-tools", "pdf-tools", true],
      ["1:a", "a", true],
      ["1:b", "b", true],
      ["2:notes", "notes", true],
      ["3:", "pasted", true],
    ]);
    expect(upload.skills[0].digest).toBe(bundleDigest(upload.skills[0].skill.files));
    expect(upload.skills[0].skill.files.map((f) => f.path)).toEqual(["SKILL.md", "scripts/fill.py"]);
  });

  it("says clearly when something is not a skill", () => {
    const upload = readUpload([
      file("photo.zip", PNG),
      file("empty.zip", buildZip([])),
      file("nothing.zip", new Uint8Array(0)),
      file("photo.png", PNG),
      file("notes.zip", buildZip([{ name: "notes/readme.md", data: "# not a skill" }])),
      { type: "folder", name: "docs", files: [{ path: "docs/readme.md", bytes: enc.encode("hi") }] },
      { type: "text", name: "pasted SKILL.md", text: "   \n" },
      file("data.bin", new Uint8Array([0, 1, 2, 255, 254])),
    ]);
    const verdicts = upload.sources.map((s) => s.notASkill);
    expect(verdicts[0]).toBe(`"photo.zip" is not a ZIP archive: it is a PNG image, so it cannot hold a skill.`);
    expect(verdicts[1]).toBe(`"empty.zip" is empty: a skill is a folder with a SKILL.md file.`);
    expect(verdicts[2]).toBe(`"nothing.zip" is empty (0 bytes).`);
    expect(verdicts[3]).toMatch(/^"photo.png" is not a skill: it is a PNG image\. Upload a ZIP/);
    expect(verdicts[4]).toBe(`"notes.zip" is not a skill: it holds no SKILL.md (a skill is a folder with a SKILL.md file).`);
    expect(verdicts[5]).toMatch(/^The folder "docs" is not a skill: it holds no SKILL.md/);
    expect(verdicts[6]).toMatch(/^The pasted text is empty/);
    expect(verdicts[7]).toMatch(/it is binary data/);
    expect(upload.sources.every((s) => s.findings.some((f) => f.severity === "error"))).toBe(true);
    expect(upload.skills).toEqual([]);
  });

  it("an archive whose only entries would write outside the skill folder says so, not that it is empty", () => {
    for (const name of ["../evil/SKILL.md", "ok/../../evil/SKILL.md"]) {
      const upload = readUpload([file("evil.zip", buildZip([{ name, data: skillMd("evil") }]))]);
      const verdict = upload.sources[0].notASkill ?? "";
      expect(verdict).not.toMatch(/is empty/);
      expect(verdict).toContain(`"${name}": contains "..", which would write outside the skill folder`);
    }
    expect(readUpload([file("none.zip", buildZip([]))]).sources[0].notASkill).toMatch(/is empty/);
  });

  it("names each hostile entry, and the format core's skipped entries come through", () => {
    const upload = readUpload([
      file(
        "evil.zip",
        buildZip([
          { name: "ok/SKILL.md", data: skillMd("ok") },
          { name: "../escape.sh", data: "rm -rf /" },
          { name: "__MACOSX/._SKILL.md", data: "x" },
        ]),
      ),
    ]);
    const [source] = upload.sources;
    expect(source.notASkill).toBeNull();
    expect(source.findings.some((f) => f.code === "path-traversal" && f.message.includes('"../escape.sh"'))).toBe(true);
    const clean = readUpload([
      file(
        "mac.zip",
        buildZip([
          { name: "ok/SKILL.md", data: skillMd("ok") },
          { name: "__MACOSX/ok/._SKILL.md", data: "x" },
        ]),
      ),
    ]);
    expect(clean.sources[0].skipped.map((s) => s.path)).toEqual(["__MACOSX/"]);
  });

  it("shares one unpacked-size budget across several sources", () => {
    const big = "x".repeat(600);
    const upload = readUpload([file("a.zip", zipOf("a", { "big.txt": big })), file("b.zip", zipOf("b", { "big.txt": big }))], {
      limits: { maxTotalBytes: 1000 },
    });
    expect(upload.sources[0].findings).toEqual([]);
    expect(upload.sources[1].findings.some((f) => f.code === "archive-too-large")).toBe(true);
  });
});

describe("token counting per upload", () => {
  it("counts resources exactly only while one budget for the whole upload lasts", () => {
    const prose = "The quick brown fox jumps over the lazy dog. ".repeat(100);
    const folder = (name: string): UploadSource => ({
      type: "folder",
      name,
      files: [
        { path: `${name}/SKILL.md`, bytes: enc.encode(skillMd(name)) },
        { path: `${name}/references/long.md`, bytes: enc.encode(prose) },
      ],
    });
    const budget = tokenBudget(prose.length + 1500);
    const upload = readUpload([folder("one"), folder("two")], { tokenBudget: budget });
    expect(budget.chars).toBe(0);
    const [one, two] = upload.skills.map((s) => s.skill.tokens.resources[0].tokens);
    expect(one).toBe(countTokens(prose));
    expect(two).toBe(countTokensWithin(prose, tokenBudget(1500)));
  });
});

describe("renameUploadSkill", () => {
  it("rewrites the name and reads the skill again", () => {
    const [entry] = readUpload([file("x.zip", zipOf("pdf-tools", { "ref.md": "# ref\n" }))]).skills;
    const renamed = renameUploadSkill(entry.skill, "pdf-tools-2");
    expect(renamed.name).toBe("pdf-tools-2");
    expect(renamed.ok).toBe(true);
    expect(renamed.root).toBe("pdf-tools");
    expect(new TextDecoder().decode(renamed.files.find((f) => f.path === "SKILL.md")!.bytes)).toBe(
      skillMd("pdf-tools").replace("name: pdf-tools", "name: pdf-tools-2"),
    );
    expect(renamed.files.map((f) => f.path)).toEqual(["SKILL.md", "ref.md"]);
    expect(bundleDigest(renamed.files)).not.toBe(entry.digest);
  });

  it("reports an invalid new name as a finding of the skill", () => {
    const [entry] = readUpload([file("x.zip", zipOf("pdf-tools"))]).skills;
    const renamed = renameUploadSkill(entry.skill, "Not Valid");
    expect(renamed.ok).toBe(false);
    expect(renamed.findings.map((f) => f.code)).toEqual(expect.arrayContaining(["name-uppercase", "name-invalid-chars"]));
  });
});

describe("readUploadYielding", () => {
  it("reads a collection of 300 skills exactly as readUpload does, letting other callbacks run meanwhile", async () => {
    const words = Array.from({ length: 3000 }, (_, i) => `word${i % 997} `).join("");
    const files = Array.from({ length: 300 }, (_, i) => [
      { path: `pack/s${i}/SKILL.md`, bytes: enc.encode(skillMd(`s${i}`)) },
      { path: `pack/s${i}/references/notes.md`, bytes: enc.encode(`# Notes ${i}\n\n${words}\n`) },
    ]).flat();
    const source: UploadSource = { type: "folder", name: "pack", files };
    let turns = 0;
    let handle = setImmediate(function tick() {
      turns++;
      handle = setImmediate(tick);
    });
    try {
      const blocking = readUpload([source]);
      expect(turns).toBe(0);
      const yielding = await readUploadYielding([source]);
      expect(turns).toBeGreaterThan(0);
      expect(yielding.skills).toHaveLength(300);
      // the same skills, files (by digest), findings and token counts; bytes compared through the digests
      const summary = (read: typeof blocking) => ({
        sources: read.sources,
        skills: read.skills.map(({ key, digest, skill }) => ({ key, digest, name: skill.name, findings: skill.findings, tokens: skill.tokens })),
      });
      expect(summary(yielding)).toEqual(summary(blocking));
    } finally {
      clearImmediate(handle);
    }
  });
});
