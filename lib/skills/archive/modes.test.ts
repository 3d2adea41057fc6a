import { describe, expect, it } from "vitest";
import { readBundle } from "./bundle";
import { bundleDigest, executablePaths, sameVersionContent } from "./digest";
import { exportSkillZip } from "./export";
import { listZip } from "./zip";
import { DEFAULT_LIMITS } from "../format/limits";
import { diffSkillFiles } from "../diff/skill-diff";
import { renameUploadSkill } from "../upload/upload";
import { buildTar, buildTarGz, buildZip, bytesOf, S_IFREG, skillMd, UNIX_FILE } from "../test-helpers/archives";

// Git-like modes: a skill file keeps only its execute bit, from every way in to every way out.

const md = skillMd("runner");
const script = "#!/bin/sh\necho run\n";
const executables = (files: readonly { path: string; executable: boolean }[]) => files.filter((f) => f.executable).map((f) => f.path);

/** The mode each entry of a ZIP's central directory records, by name. */
function zipModes(zip: Uint8Array): Map<string, number> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const modes = new Map<string, number>();
  let o = view.getUint32(zip.length - 22 + 16, true);
  const count = view.getUint16(zip.length - 22 + 10, true);
  for (let i = 0; i < count; i++) {
    const nameLength = view.getUint16(o + 28, true);
    modes.set(new TextDecoder().decode(zip.subarray(o + 46, o + 46 + nameLength)), view.getUint32(o + 38, true) >>> 16);
    o += 46 + nameLength + view.getUint16(o + 30, true) + view.getUint16(o + 32, true);
  }
  return modes;
}

describe("reading the execute bit", () => {
  it("takes it from a Unix or macOS ZIP entry, never from another host's attributes", () => {
    const zip = buildZip([
      { name: "runner/SKILL.md", data: md, madeBy: UNIX_FILE, externalAttrs: (S_IFREG | 0o644) << 16 },
      { name: "runner/scripts/run.sh", data: script, madeBy: UNIX_FILE, externalAttrs: ((S_IFREG | 0o755) << 16) >>> 0 },
      { name: "runner/scripts/owner-only.sh", data: script, madeBy: UNIX_FILE, externalAttrs: ((S_IFREG | 0o744) << 16) >>> 0 },
      { name: "runner/scripts/mac.sh", data: script, madeBy: (19 << 8) | 20, externalAttrs: ((S_IFREG | 0o755) << 16) >>> 0 },
      // MS-DOS (host 0): the high half is not a mode, whatever it holds
      { name: "runner/scripts/dos.sh", data: script, madeBy: 20, externalAttrs: ((0o755 << 16) | 0x20) >>> 0 },
    ]);
    const [skill] = readBundle({ kind: "zip", bytes: zip }).skills;
    expect(executables(skill.files)).toEqual(["scripts/mac.sh", "scripts/owner-only.sh", "scripts/run.sh"]);
  });

  it("takes it from a tarball's mode field", () => {
    const entries = [
      { name: "runner/SKILL.md", data: md },
      { name: "runner/scripts/run.sh", data: script, mode: 0o755 },
      { name: "runner/scripts/lib.sh", data: script, mode: 0o644 },
    ];
    for (const bytes of [buildTar(entries), buildTarGz(entries)]) {
      const [skill] = readBundle({ kind: bytes[0] === 0x1f ? "tar.gz" : "tar", bytes }).skills;
      expect(executables(skill.files)).toEqual(["scripts/run.sh"]);
    }
  });

  it("takes it from picked files when the source knows it (a file system), and is off otherwise (a browser pick)", () => {
    const files = [
      { path: "runner/SKILL.md", bytes: bytesOf(md) },
      { path: "runner/scripts/run.sh", bytes: bytesOf(script), executable: true },
      { path: "runner/scripts/lib.sh", bytes: bytesOf(script) },
    ];
    const [skill] = readBundle({ kind: "files", files }).skills;
    expect(executables(skill.files)).toEqual(["scripts/run.sh"]);
    // renaming an upload reads it again: the bits come along
    expect(executables(renameUploadSkill(skill, "runner-two").files)).toEqual(["scripts/run.sh"]);
  });
});

describe("writing the execute bit", () => {
  it("exports executable files as 0100755 and the rest as 0100644, and reads them back the same", () => {
    const files = [
      { path: "SKILL.md", bytes: bytesOf(md) },
      { path: "scripts/run.sh", bytes: bytesOf(script), executable: true },
      { path: "scripts/lib.sh", bytes: bytesOf(script), executable: false },
    ];
    const zip = exportSkillZip({ name: "runner", files });
    const modes = zipModes(zip);
    expect(modes.get("runner/scripts/run.sh")).toBe(0o100755);
    expect(modes.get("runner/scripts/lib.sh")).toBe(0o100644);
    expect(modes.get("runner/SKILL.md")).toBe(0o100644);
    expect(modes.get("runner/scripts/")).toBe(0o40755);
    expect(listZip(zip, DEFAULT_LIMITS).entries.find((e) => e.name === "runner/scripts/run.sh")?.executable).toBe(true);

    const [back] = readBundle({ kind: "zip", bytes: zip }).skills;
    expect(executables(back.files)).toEqual(["scripts/run.sh"]);
    // deterministic: the same content and bits give the same bytes; another bit gives others
    expect(Buffer.from(exportSkillZip({ name: "runner", files: back.files })).equals(Buffer.from(zip))).toBe(true);
    expect(Buffer.from(exportSkillZip({ name: "runner", files: files.map((f) => ({ ...f, executable: false })) })).equals(Buffer.from(zip))).toBe(false);
  });
});

describe("comparing versions", () => {
  const files = (runExecutable: boolean) => [
    { path: "SKILL.md", sha256: "a".repeat(64), executable: false },
    { path: "scripts/run.sh", sha256: "b".repeat(64), executable: runExecutable },
  ];

  it("keeps the bundle digest over paths and bytes only, and tells a mode change apart beside it", () => {
    expect(bundleDigest(files(true))).toBe(bundleDigest(files(false)));
    expect(executablePaths(files(true))).toEqual(["scripts/run.sh"]);
    const stored = { digest: bundleDigest(files(false)), executables: [] };
    expect(sameVersionContent(stored, files(false))).toBe(true);
    expect(sameVersionContent(stored, files(true))).toBe(false);
    expect(sameVersionContent({ ...stored, executables: ["scripts/run.sh"] }, files(true))).toBe(true);
    expect(sameVersionContent({ digest: "other", executables: [] }, files(false))).toBe(false);
  });

  it("diffs a file whose only change is its mode as changed, with the modes", () => {
    const side = (executable: boolean, path = "scripts/run.sh") => ({
      path,
      size: 20,
      sha256: "b".repeat(64),
      mediaType: "text/x-shellscript",
      text: script,
      executable,
    });
    const modeOnly = diffSkillFiles([side(false)], [side(true)]);
    expect(modeOnly.identical).toBe(false);
    expect(modeOnly.stats.filesChanged).toBe(1);
    expect(modeOnly.files[0]).toMatchObject({ status: "changed", modeChange: { from: "644", to: "755" }, content: null, linesAdded: 0 });

    const moved = diffSkillFiles([side(true)], [side(false, "bin/run.sh")]);
    expect(moved.files[0]).toMatchObject({ status: "renamed", modeChange: { from: "755", to: "644" } });

    const same = diffSkillFiles([side(true)], [side(true)]);
    expect(same.identical).toBe(true);
    expect(same.files[0].modeChange).toBeUndefined();
  });
});
