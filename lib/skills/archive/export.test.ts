import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readBundle } from "./bundle";
import { exportSkillZip, type ExportSkill } from "./export";
import { DEFAULT_LIMITS } from "../format/limits";
import { bytesOf, randomBytes, skillMd } from "../test-helpers/archives";
import { listZip } from "./zip";

const png = (n: number, seed: number): Uint8Array => {
  const out = randomBytes(n, seed);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return out;
};

const sample: ExportSkill = {
  name: "pdf-processing",
  files: [
    { path: "SKILL.md", bytes: bytesOf(skillMd("pdf-processing")) },
    { path: "references/forms.md", bytes: bytesOf("# Forms\n".repeat(200)) },
    { path: "scripts/fill.py", bytes: bytesOf("print('fill')\n") },
    { path: "assets/logo.png", bytes: png(5000, 3) },
    { path: "assets/empty.txt", bytes: new Uint8Array(0) },
    { path: "références/café.md", bytes: bytesOf("accents") },
  ],
};

const roundTrip = (skill: ExportSkill) => readBundle({ kind: "zip", bytes: exportSkillZip(skill) });

describe("exportSkillZip", () => {
  it("gives the same bytes for the same content, whatever the order files come in", () => {
    const a = exportSkillZip(sample);
    const b = exportSkillZip({ name: sample.name, files: [...sample.files].reverse().map((f) => ({ path: f.path, bytes: f.bytes.slice() })) });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const changed = exportSkillZip({
      ...sample,
      files: sample.files.map((f) => (f.path === "scripts/fill.py" ? { ...f, bytes: bytesOf("print('x')\n") } : f)),
    });
    expect(Buffer.from(changed).equals(Buffer.from(a))).toBe(false);
  });

  it("puts everything under name/, sorted, with fixed timestamps and permissions", () => {
    const zip = exportSkillZip(sample);
    const listing = listZip(zip, DEFAULT_LIMITS);
    expect(listing.findings).toEqual([]);
    const names = listing.entries.map((e) => e.name);
    expect(names.every((n) => n.startsWith("pdf-processing/"))).toBe(true);
    expect(names[0]).toBe("pdf-processing/");
    expect(names).toEqual([...names].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))));
    expect(names).toContain("pdf-processing/références/");
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    let o = view.getUint32(zip.length - 22 + 16, true);
    for (let i = 0; i < names.length; i++) {
      expect(view.getUint16(o + 12, true)).toBe(0); // time 00:00:00
      expect(view.getUint16(o + 14, true)).toBe(0x21); // 1980-01-01
      const mode = view.getUint32(o + 38, true) >>> 16;
      expect(mode === 0o100644 || mode === 0o40755).toBe(true);
      o += 46 + view.getUint16(o + 28, true);
    }
  });

  it("stores every file by default; with compress, deflates text but stores compressed media", () => {
    const stored = listZip(exportSkillZip(sample), DEFAULT_LIMITS);
    expect(stored.entries.every((e) => e.method === 0)).toBe(true);
    const zip = exportSkillZip(sample, { compress: true });
    const listing = listZip(zip, DEFAULT_LIMITS);
    const method = (name: string) => listing.entries.find((e) => e.name === `pdf-processing/${name}`)?.method;
    expect(method("assets/logo.png")).toBe(0);
    expect(method("references/forms.md")).toBe(8);
    expect(Buffer.from(zip).equals(Buffer.from(exportSkillZip(sample, { compress: true })))).toBe(true);
    const back = readBundle({ kind: "zip", bytes: zip }).skills[0];
    expect(new Map(back.files.map((f) => [f.path, f.bytes]))).toEqual(new Map(sample.files.map((f) => [f.path, f.bytes])));
  });

  it("round-trips: import(export(x)) returns x exactly", () => {
    const bundle = roundTrip(sample);
    expect(bundle.findings).toEqual([]);
    expect(bundle.skills).toHaveLength(1);
    const skill = bundle.skills[0];
    expect(skill.root).toBe(sample.name);
    expect(skill.name).toBe(sample.name);
    const sortedInput = [...sample.files].sort((a, b) => (a.path < b.path ? -1 : 1));
    expect(skill.files.map((f) => ({ path: f.path, bytes: f.bytes }))).toEqual(sortedInput.map((f) => ({ path: f.path, bytes: f.bytes })));
    // and exporting the import again gives the same archive
    expect(Buffer.from(exportSkillZip({ name: skill.name as string, files: skill.files })).equals(Buffer.from(exportSkillZip(sample)))).toBe(true);
  });

  it("round-trips generated skills (random names, nesting, binary and text content)", () => {
    const alphabet = ["a", "b", "é", "中", "-", "_", "1", "Z"];
    for (let seed = 1; seed <= 25; seed++) {
      const rnd = randomBytes(400, seed);
      let r = 0;
      const next = (n: number) => rnd[r++ % rnd.length] % n;
      const files = new Map<string, Uint8Array>([["SKILL.md", bytesOf(skillMd("gen"))]]);
      const count = 1 + next(12);
      for (let i = 0; i < count; i++) {
        const depth = next(4);
        const segs = Array.from({ length: depth + 1 }, () => Array.from({ length: 1 + next(6) }, () => alphabet[next(alphabet.length)]).join(""));
        const name = `${segs.join("/")}.${["md", "txt", "bin", "png"][next(4)]}`;
        if (
          [...files.keys()].some(
            (p) =>
              p.toLowerCase() === name.toLowerCase() ||
              p.toLowerCase().startsWith(`${name.toLowerCase()}/`) ||
              name.toLowerCase().startsWith(`${p.toLowerCase()}/`),
          )
        )
          continue;
        files.set(name, next(2) ? randomBytes(next(3000), seed * 100 + i) : bytesOf("text ".repeat(next(500))));
      }
      const skill: ExportSkill = { name: "gen", files: [...files].map(([p, bytes]) => ({ path: p, bytes })) };
      const bundle = roundTrip(skill);
      expect(bundle.findings).toEqual([]);
      const got = new Map(bundle.skills[0].files.map((f) => [f.path, f.bytes]));
      expect(got).toEqual(files);
    }
  });

  it("is read the same by an independent reader (fflate) and by Info-ZIP's unzip when installed", () => {
    const zip = exportSkillZip(sample, { compress: true });
    const entries = unzipSync(zip);
    for (const f of sample.files) expect(entries[`pdf-processing/${f.path}`]).toEqual(f.bytes);
    if (spawnSync("unzip", ["-v"]).status !== 0) {
      console.warn("[export test] unzip not installed; skipping the Info-ZIP check");
      return;
    }
    const dir = mkdtempSync(path.join(tmpdir(), "skill-export-"));
    try {
      const file = path.join(dir, "skill.zip");
      writeFileSync(file, zip);
      const out = execFileSync("unzip", ["-t", file]).toString();
      expect(out).toMatch(/No errors detected/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("with root, puts the files at the archive root (the discovery RFC's layout) and still reads back as the same skill", () => {
    const zip = exportSkillZip(sample, { root: true });
    const listing = listZip(zip, DEFAULT_LIMITS);
    expect(listing.findings).toEqual([]);
    const names = listing.entries.map((e) => e.name);
    expect(names).toContain("SKILL.md");
    expect(names.some((n) => n.startsWith("pdf-processing/"))).toBe(false);
    expect(names.filter((n) => n.endsWith("/"))).toEqual(["assets/", "references/", "références/", "scripts/"]);
    expect(Buffer.from(zip).equals(Buffer.from(exportSkillZip({ ...sample, files: [...sample.files].reverse() }, { root: true })))).toBe(true);
    expect(Buffer.from(zip).equals(Buffer.from(exportSkillZip(sample)))).toBe(false);
    const entries = unzipSync(zip);
    for (const f of sample.files) expect(entries[f.path]).toEqual(f.bytes);
    const skill = readBundle({ kind: "zip", bytes: zip }).skills[0];
    expect(new Map(skill.files.map((f) => [f.path, f.bytes]))).toEqual(new Map(sample.files.map((f) => [f.path, f.bytes])));
    expect(() => exportSkillZip({ name: "ok", files: [...sample.files, { path: "Scripts/fill.py", bytes: new Uint8Array(0) }] }, { root: true })).toThrow(
      /collide/,
    );
  });

  it("refuses what the importer would refuse or leave out", () => {
    const base = sample.files;
    expect(() => exportSkillZip({ name: "../evil", files: base })).toThrow(/cannot export/);
    expect(() => exportSkillZip({ name: "a/b", files: base })).toThrow(/single folder name/);
    expect(() => exportSkillZip({ name: "ok", files: [...base, { path: "../x", bytes: new Uint8Array(0) }] })).toThrow(/traversal|\.\./);
    expect(() => exportSkillZip({ name: "ok", files: [...base, { path: "Scripts/fill.py", bytes: new Uint8Array(0) }] })).toThrow(/collide/);
    expect(() => exportSkillZip({ name: "ok", files: [...base, { path: ".git/config", bytes: new Uint8Array(0) }] })).toThrow(/hidden/);
    expect(() => exportSkillZip({ name: "ok", files: [...base, { path: "scripts/fill.py/x", bytes: new Uint8Array(0) }] })).toThrow(/both a file and a folder/);
    expect(() => exportSkillZip({ name: "ok", files: [{ path: "README.md", bytes: new Uint8Array(0) }] })).toThrow(/SKILL\.md/);
    expect(() => exportSkillZip({ name: "ok", files: [...base, { path: `${"x".repeat(195)}.md`, bytes: new Uint8Array(0) }] })).toThrow(/200/);
  });
});
