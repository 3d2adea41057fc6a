import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBundle } from "@/lib/skills/archive/bundle";
import { buildTarGz, buildZip, skillMd, S_IFLNK } from "@/lib/skills/test-helpers/archives";
import { hasShared, noteIfSharedMissing, REPO_ROOT, SHARED_DIR } from "@/lib/skills/test-helpers/shared";
import { runCli } from "./main";

let dir: string;

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), cwd: dir });
  return { code, out, err, json: () => out.map((l) => JSON.parse(l)) };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "skills-cli-"));
  const write = (rel: string, content: string | Uint8Array) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  };
  write("good-skill/SKILL.md", skillMd("good-skill"));
  write("good-skill/references/guide.md", "# Guide\n");
  write("good-skill/.git/HEAD", "ref: main\n");
  write("renamed/SKILL.md", skillMd("other-name"));
  write("bad-skill/SKILL.md", `---\nname: Bad_Skill\ndescription: ${"d".repeat(1068)}\n---\nbody\n`);
  write("collection/skills/a/SKILL.md", skillMd("a"));
  write("collection/skills/b/SKILL.md", skillMd("b"));
  write("loose/SKILL.md", skillMd("loose"));
  write("linked/SKILL.md", skillMd("linked"));
  symlinkSync("/etc/passwd", path.join(dir, "linked/passwd"));
  write("good.zip", buildZip([{ name: "zipped/SKILL.md", data: skillMd("zipped") }]));
  write("good.tgz", buildTarGz([{ name: "tarred/SKILL.md", data: skillMd("tarred") }]));
  write(
    "hostile.zip",
    buildZip([
      { name: "evil/SKILL.md", data: skillMd("evil") },
      { name: "../../escape.sh", data: "rm -rf /" },
      { name: "evil/link", data: "/etc", method: 0, externalAttrs: ((S_IFLNK | 0o777) << 16) >>> 0 },
    ]),
  );
  write("notes.txt", "not a skill");
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("skills validate", () => {
  it("prints one JSON object per input and exits 0 when nothing is wrong", async () => {
    const result = await run("validate", "good-skill", "good.zip", "good.tgz", "loose/SKILL.md", "collection");
    expect(result.code).toBe(0);
    const reports = result.json();
    expect(reports.map((r) => [r.input, r.ok, r.skills.map((s: { name: string }) => s.name)])).toEqual([
      ["good-skill", true, ["good-skill"]],
      ["good.zip", true, ["zipped"]],
      ["good.tgz", true, ["tarred"]],
      ["loose/SKILL.md", true, ["loose"]],
      ["collection", true, ["a", "b"]],
    ]);
    expect(Object.keys(reports[0])).toEqual(["input", "ok", "skills", "findings"]);
    expect(Object.keys(reports[0].skills[0])).toEqual(["name", "root", "findings"]);
    expect(reports[0].skills[0].root).toBe("good-skill");
  });

  it("exits 0 with warnings only", async () => {
    const result = await run("validate", "renamed");
    expect(result.code).toBe(0);
    expect(result.json()[0].skills[0].findings).toEqual([expect.objectContaining({ severity: "warning", code: "name-folder-mismatch" })]);
  });

  it("exits 1 when any input has an error, still reporting every input", async () => {
    const result = await run("validate", "good-skill", "bad-skill", "missing-folder", "notes.txt");
    expect(result.code).toBe(1);
    const [good, bad, missing, notes] = result.json();
    expect(good.ok).toBe(true);
    expect(bad.ok).toBe(false);
    expect(bad.skills[0].findings.map((f: { code: string }) => f.code)).toEqual([
      "name-uppercase",
      "name-invalid-chars",
      "name-folder-mismatch",
      "description-too-long",
    ]);
    expect(bad.skills[0].findings[3].message).toBe("description is 1,068 characters; the limit is 1,024");
    expect(missing).toMatchObject({ ok: false, skills: [], findings: [{ code: "input-not-found" }] });
    expect(notes).toMatchObject({ ok: false, findings: [{ code: "input-unsupported" }] });
  });

  it("puts the archive's own findings at top level for hostile input", async () => {
    const result = await run("validate", "hostile.zip");
    expect(result.code).toBe(1);
    const [report] = result.json();
    expect(report.findings.map((f: { code: string; path: string }) => [f.code, f.path])).toEqual([
      ["path-traversal", "../../escape.sh"],
      ["entry-symlink", "evil/link"],
    ]);
    expect(report.skills.map((s: { name: string }) => s.name)).toEqual(["evil"]);
  });

  it("rejects links found in a folder", async () => {
    const result = await run("validate", "linked");
    expect(result.code).toBe(1);
    expect(result.json()[0].findings.map((f: { code: string }) => f.code)).toEqual(["entry-symlink"]);
  });

  it("applies the anthropic profile on request", async () => {
    const spec = await run("validate", "--profile", "spec", "good-skill");
    expect(spec.code).toBe(0);
    write("claude-helper/SKILL.md", skillMd("claude-helper"));
    const anthropic = await run("validate", "--profile=anthropic", "claude-helper");
    expect(anthropic.code).toBe(1);
    expect(anthropic.json()[0].skills[0].findings.map((f: { code: string }) => f.code)).toEqual(["name-reserved-word"]);
  });

  it("prints a human report with --format text", async () => {
    const result = await run("validate", "--format", "text", "good-skill", "bad-skill");
    expect(result.code).toBe(1);
    expect(result.out[0]).toBe("PASS good-skill (1 skill, 0 errors, 0 warnings)");
    expect(result.out).toContain("FAIL bad-skill (1 skill, 3 errors, 1 warning)");
    expect(result.out).toContain("    error   description-too-long SKILL.md:3: description is 1,068 characters; the limit is 1,024");
    expect(result.out.at(-1)).toBe("2 inputs: 1 passed, 1 failed");
  });

  // A folder holding 206 skills (1,218 files) was refused as one 501-file archive before limits
  // applied per skill.
  it.skipIf(!hasShared)("validates a whole collection folder as one input, skill by skill", async () => {
    const result = await run("validate", path.join(SHARED_DIR, "corpus-external"));
    const [report] = result.json();
    expect(report.findings).toEqual([]);
    expect(report.skills).toHaveLength(206);
    expect(report.skills.filter((s: { findings: { severity: string }[] }) => s.findings.some((f) => f.severity === "error"))).toEqual([]);
    expect(result.code).toBe(0);
  });
  if (!hasShared) noteIfSharedMissing("validating ../shared/corpus-external as one folder");

  it("exits 2 on usage errors", async () => {
    expect((await run("validate")).code).toBe(2);
    expect((await run("validate", "--profile", "openai", "good-skill")).code).toBe(2);
    expect((await run("validate", "--format", "xml", "good-skill")).code).toBe(2);
    expect((await run("validate", "--strict", "good-skill")).code).toBe(2);
    expect((await run("validate", "--profile")).code).toBe(2);
    expect((await run("frobnicate")).code).toBe(2);
    expect((await run()).code).toBe(2);
    const unknown = await run("validate", "--nope", "x");
    expect(unknown.err.join("\n")).toMatch(/unknown option --nope\nusage: npm run -s skills -- validate/);
  });
});

describe("skills pack", () => {
  it("exports one skill folder as a deterministic ZIP that imports back unchanged", async () => {
    const first = await run("pack", "renamed", "-o", "out1.zip");
    expect(first.code).toBe(0);
    const report = first.json()[0];
    expect(report).toMatchObject({ input: "renamed", ok: true, output: "out1.zip", name: "other-name", files: 1 });
    const second = await run("pack", "renamed", "--output", "out2.zip");
    expect(second.code).toBe(0);
    const a = readFileSync(path.join(dir, "out1.zip"));
    expect(a.equals(readFileSync(path.join(dir, "out2.zip")))).toBe(true);
    const bundle = readBundle({ kind: "zip", bytes: new Uint8Array(a) });
    // exported under the frontmatter name
    expect(bundle.skills[0].root).toBe("other-name");
    expect(bundle.skills[0].files.map((f) => f.path)).toEqual(["SKILL.md"]);
    expect(bundle.ok).toBe(true);
  });

  it("deflates on request, still deterministic and still importable", async () => {
    expect((await run("pack", "good-skill", "--compress", "-o", "c1.zip")).code).toBe(0);
    expect((await run("pack", "good-skill", "-o", "c2.zip", "--compress")).code).toBe(0);
    const a = readFileSync(path.join(dir, "c1.zip"));
    expect(a.equals(readFileSync(path.join(dir, "c2.zip")))).toBe(true);
    expect(readBundle({ kind: "zip", bytes: new Uint8Array(a) }).ok).toBe(true);
  });

  it("leaves hidden folders out of the package", async () => {
    expect((await run("pack", "good-skill", "-o", "good.out.zip")).code).toBe(0);
    const bundle = readBundle({ kind: "zip", bytes: new Uint8Array(readFileSync(path.join(dir, "good.out.zip"))) });
    expect(bundle.skills[0].files.map((f) => f.path)).toEqual(["SKILL.md", "references/guide.md"]);
  });

  it("refuses an invalid skill and writes nothing", async () => {
    const result = await run("pack", "bad-skill", "-o", "bad.zip");
    expect(result.code).toBe(1);
    expect(result.json()[0].ok).toBe(false);
    expect(() => readFileSync(path.join(dir, "bad.zip"))).toThrow();
    expect((await run("pack", "collection", "-o", "c.zip")).code).toBe(1);
  });

  it("exits 2 on usage errors", async () => {
    expect((await run("pack", "good-skill")).code).toBe(2);
    expect((await run("pack", "-o", "x.zip")).code).toBe(2);
    expect((await run("pack", "a", "b", "-o", "x.zip")).code).toBe(2);
  });
});

describe("npm run -s skills", () => {
  it("runs as a real process with the documented exit codes", () => {
    const cli = (args: string[]) =>
      spawnSync(process.execPath, [path.join(REPO_ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(REPO_ROOT, "cli/admin/skills.ts"), ...args], {
        cwd: dir,
        encoding: "utf8",
      });
    const ok = cli(["validate", "good-skill"]);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout.trim())).toMatchObject({ input: "good-skill", ok: true });
    expect(cli(["validate", "hostile.zip"]).status).toBe(1);
    const usage = cli(["validate"]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/usage/);
  });
});

function write(rel: string, content: string): void {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), content);
}
