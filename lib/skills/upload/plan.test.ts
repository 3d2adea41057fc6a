import { describe, expect, it } from "vitest";
import { buildZip } from "../test-helpers/archives";
import { planRefusal, planUpload, selectUploadSkills, type ExistingSkill } from "./plan";
import { readUpload, type UploadSource } from "./upload";

const skillMd = (name: string, description = `Does ${name} things. Use for ${name}.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\nSteps.\n`;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

const file = (name: string, bytes: Uint8Array): UploadSource => ({ type: "file", name, bytes });

describe("selectUploadSkills and planUpload", () => {
  const upload = readUpload([
    file(
      "two.zip",
      buildZip([
        { name: "alpha/SKILL.md", data: skillMd("alpha") },
        { name: "beta/SKILL.md", data: skillMd("beta") },
        { name: "Bad/SKILL.md", data: "---\nname: Bad\n---\n" },
      ]),
    ),
  ]);
  const canCreate = { canCreate: true, reason: null };
  const none = new Map<string, ExistingSkill>();
  const alphaDigest = upload.skills.find((s) => s.key === "0:alpha")!.digest;

  it("takes the chosen skills only, and refuses unknown or repeated keys", () => {
    expect(selectUploadSkills(upload, [{ key: "0:beta", action: "create" }]).map((s) => s.skill.name)).toEqual(["beta"]);
    expect(() => selectUploadSkills(upload, [{ key: "0:nope", action: "create" }])).toThrow(/no skill with key "0:nope"/);
    expect(() =>
      selectUploadSkills(upload, [
        { key: "0:beta", action: "create" },
        { key: "0:beta", action: "create" },
      ]),
    ).toThrow(/more than once/);
  });

  it("creates what is free, and with no choices takes everything (so an invalid one refuses all)", () => {
    const chosen = planUpload(
      upload,
      selectUploadSkills(upload, [
        { key: "0:alpha", action: "create" },
        { key: "0:beta", action: "create", message: "hi" },
      ]),
      canCreate,
      none,
    );
    expect(chosen.problems).toEqual([]);
    expect(chosen.items.map((i) => [i.name, i.action, i.message])).toEqual([
      ["alpha", "create", undefined],
      ["beta", "create", "hi"],
    ]);
    const all = planUpload(upload, selectUploadSkills(upload, null), canCreate, none);
    expect(all.problems.map((p) => [p.kind, p.key])).toEqual([["invalid", "0:Bad"]]);
    expect(all.problems[0].findings?.some((f) => f.code === "description-missing")).toBe(true);
    expect(planRefusal(all.problems)?.kind).toBe("invalid");
  });

  it("never overwrites: a taken name is a conflict unless a new version is asked for", () => {
    const existing = new Map<string, ExistingSkill>([["alpha", { id: "s1", version: 3, digest: "other", executables: [], canAddVersion: true }]]);
    const clash = planUpload(upload, selectUploadSkills(upload, [{ key: "0:alpha", action: "create" }]), canCreate, existing);
    expect(clash.problems).toMatchObject([{ kind: "name-taken", key: "0:alpha", existing: { skillId: "s1", version: 3, canAddVersion: true } }]);
    expect(planRefusal(clash.problems)?.kind).toBe("conflict");

    const version = planUpload(
      upload,
      selectUploadSkills(upload, [{ key: "0:alpha", action: "version", message: "Fix typo", baseVersion: 3 }]),
      canCreate,
      existing,
    );
    expect(version.items).toMatchObject([{ name: "alpha", action: "version", targetId: "s1", baseVersion: 3, message: "Fix typo" }]);

    const auto = planUpload(upload, selectUploadSkills(upload, [{ key: "0:alpha", action: "auto" }]), canCreate, existing, { message: "From CI" });
    expect(auto.items).toMatchObject([{ action: "version", message: "From CI" }]);

    const stale = planUpload(upload, selectUploadSkills(upload, [{ key: "0:alpha", action: "version", message: "m", baseVersion: 2 }]), canCreate, existing);
    expect(stale.problems.map((p) => p.kind)).toEqual(["changed"]);

    const renamed = planUpload(upload, selectUploadSkills(upload, [{ key: "0:alpha", action: "rename", name: "alpha-2" }]), canCreate, existing);
    expect(renamed.items.map((i) => [i.name, i.action])).toEqual([["alpha-2", "create"]]);
  });

  it("skips a version identical to the current one", () => {
    const existing = new Map<string, ExistingSkill>([["alpha", { id: "s1", version: 1, digest: alphaDigest, executables: [], canAddVersion: true }]]);
    const plan = planUpload(upload, selectUploadSkills(upload, [{ key: "0:alpha", action: "version", message: "again" }]), canCreate, existing);
    expect(plan.items).toMatchObject([{ action: "unchanged", targetId: "s1", baseVersion: 1 }]);
  });

  it("makes a new version when only a file's execute bit changed (the digest is the same)", () => {
    const paths = upload.skills.find((s) => s.key === "0:alpha")!.skill.files.map((f) => f.path);
    const existing = new Map<string, ExistingSkill>([["alpha", { id: "s1", version: 1, digest: alphaDigest, executables: [paths[0]], canAddVersion: true }]]);
    const plan = planUpload(upload, selectUploadSkills(upload, [{ key: "0:alpha", action: "version", message: "not executable" }]), canCreate, existing);
    expect(plan.items).toMatchObject([{ action: "version", targetId: "s1", baseVersion: 1 }]);
  });

  it("refuses what the rules refuse, versions of nothing, duplicate names and stale previews", () => {
    const locked = new Map<string, ExistingSkill>([["alpha", { id: "s1", version: 1, digest: "x", executables: [], canAddVersion: false }]]);
    expect(
      planUpload(upload, selectUploadSkills(upload, [{ key: "0:alpha", action: "version", message: "m" }]), canCreate, locked).problems.map((p) => p.kind),
    ).toEqual(["forbidden"]);
    const publicOnly = planUpload(
      upload,
      selectUploadSkills(upload, [{ key: "0:beta", action: "create" }]),
      { canCreate: false, reason: "Only instance admins can publish skills to the public space." },
      none,
    );
    expect(publicOnly.problems).toMatchObject([{ kind: "forbidden", message: "Only instance admins can publish skills to the public space." }]);
    expect(planRefusal(publicOnly.problems)?.kind).toBe("forbidden");

    const missing = planUpload(upload, selectUploadSkills(upload, [{ key: "0:beta", action: "version", message: "m" }]), canCreate, none);
    expect(planRefusal(missing.problems)?.kind).toBe("missing");

    const twins = planUpload(
      upload,
      selectUploadSkills(upload, [
        { key: "0:alpha", action: "create" },
        { key: "0:beta", action: "rename", name: "alpha" },
      ]),
      canCreate,
      none,
    );
    expect(twins.problems.map((p) => p.kind)).toEqual(["duplicate-name"]);

    const changed = planUpload(upload, selectUploadSkills(upload, [{ key: "0:alpha", action: "create", digest: "0".repeat(64) }]), canCreate, none);
    expect(changed.problems.map((p) => p.kind)).toEqual(["changed"]);
    expect(planUpload(upload, selectUploadSkills(upload, [{ key: "0:alpha", action: "create", digest: alphaDigest }]), canCreate, none).problems).toEqual([]);
  });

  it("refuses every skill of an archive with hostile entries", () => {
    const hostile = readUpload([
      file(
        "evil.zip",
        buildZip([
          { name: "ok/SKILL.md", data: skillMd("ok") },
          { name: "/etc/passwd", data: "x" },
        ]),
      ),
    ]);
    const plan = planUpload(hostile, selectUploadSkills(hostile, null), canCreate, none);
    expect(plan.problems[0]).toMatchObject({ kind: "invalid", key: null });
    expect(plan.problems[0].message).toContain("/etc/passwd");
    const empty = readUpload([file("photo.zip", PNG)]);
    expect(planUpload(empty, selectUploadSkills(empty, null), canCreate, none).problems.map((p) => p.message)).toEqual([
      `"photo.zip" is not a ZIP archive: it is a PNG image, so it cannot hold a skill.`,
    ]);
  });
});
