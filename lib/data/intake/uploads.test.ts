import { afterAll, describe, expect, it } from "vitest";
import { exportSkillZip } from "@/lib/skills/archive/export";
import { buildZip } from "@/lib/skills/test-helpers/archives";
import { readUpload, type UploadSource } from "@/lib/skills/upload/upload";
import { createCast, createTestDatabase, makeSkill, refusal } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const uploads = await import(".");
const skills = await import("../skills");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db);

const skillMd = (name: string, body = "Steps.") => `---\nname: ${name}\ndescription: Does ${name} things. Use for ${name}.\n---\n\n${body}\n`;
const zip = (entries: Record<string, string>): UploadSource => ({
  type: "file",
  name: "skills.zip",
  bytes: buildZip(Object.entries(entries).map(([name, data]) => ({ name, data }))),
});
const read = (...sources: UploadSource[]) => readUpload(sources);

async function counts() {
  const [skillCount, versions, blobs] = await Promise.all([db.skill.count(), db.skillVersion.count(), db.blob.count()]);
  return { skillCount, versions, blobs };
}

const existingAlpha = await skills.createSkill(grace, { skill: makeSkill("alpha"), destination: { scope: "PERSONAL" } });

describe("previewUpload", () => {
  it("offers the folder's name for a skill whose name alone is invalid, and importing under it works", async () => {
    const upload = read(
      zip({
        "pdf-tools/SKILL.md": "---\nname: PDF Tools\ndescription: Fills PDF forms. Use for PDFs.\n---\n\nSteps.\n",
        "Odd Folder/SKILL.md": "---\nname: Odd\ndescription: x\n---\n",
        "broken/SKILL.md": "---\nname: Broken Too\n---\n",
      }),
    );
    const preview = await uploads.previewUpload(grace, upload);
    expect(preview.skills.map((s) => [s.root, s.ok, s.folderName])).toEqual([
      ["Odd Folder", false, null], // the folder's name is not a valid skill name either
      ["broken", false, null], // renaming would not add the missing description
      ["pdf-tools", false, "pdf-tools"],
    ]);
    // what the card shows once the offer is taken: the name's errors are gone, no error is left
    const pdf = preview.skills[2];
    expect(pdf.findings.filter((f) => f.severity === "error").map((f) => f.path)).not.toEqual([]);
    expect(pdf.folderNameFindings.filter((f) => f.severity === "error")).toEqual([]);
    expect(preview.skills[0].folderNameFindings).toEqual([]);
    const result = await uploads.commitUpload(grace, upload, {
      destination: { scope: "personal" },
      choices: [{ key: "0:pdf-tools", action: "rename", name: "pdf-tools" }],
    });
    expect(result.skills).toMatchObject([{ name: "pdf-tools", action: "created", version: 1 }]);
    expect(result.refused).toEqual([]);
    expect(preview.skills[2].folderNameTakenIn).toEqual([]);
    // now that name is taken in the personal space: the preview says where the offer would clash
    const again = await uploads.previewUpload(grace, upload);
    expect(again.skills[2]).toMatchObject({ folderName: "pdf-tools", folderNameTakenIn: ["personal"] });
  });

  it("lists every skill with files and tokens, and which names each destination already has", async () => {
    const upload = read(zip({ "alpha/SKILL.md": skillMd("alpha", "Changed."), "alpha/ref.md": "# Ref\n", "beta/SKILL.md": skillMd("beta") }));
    const preview = await uploads.previewUpload(grace, upload);
    expect(preview.ok).toBe(true);
    expect(preview.importable).toBe(2);
    expect(preview.destinations.map((d) => [d.key, d.canCreate])).toEqual([
      ["personal", true],
      [`team:${team.id}`, true],
      ["public", true],
    ]);
    // Anyone may ask to publish; an instance admin approves it first.
    expect(preview.destinations[2].review).toMatch(/An instance admin approves it/);
    const [alpha, beta] = preview.skills;
    expect(alpha).toMatchObject({ key: "0:alpha", name: "alpha", ok: true, errorCount: 0 });
    expect(alpha.files.map((f) => [f.path, f.mediaType])).toEqual([
      ["SKILL.md", "text/markdown"],
      ["ref.md", "text/markdown"],
    ]);
    expect(alpha.files[1].tokens).toBeGreaterThan(0);
    expect(alpha.tokens.total).toBe(alpha.tokens.catalog + alpha.tokens.body + alpha.tokens.resources);
    expect(alpha.existing).toEqual({ personal: { skillId: existingAlpha.skillId, version: 1, canAddVersion: true, unchanged: false } });
    expect(beta.existing).toEqual({});
    // linus cannot see grace's personal alpha, and is in no team
    const forLinus = await uploads.previewUpload(linus, upload);
    expect(forLinus.skills[0].existing).toEqual({});
    expect(forLinus.destinations.map((d) => d.key)).toEqual(["personal", "public"]);
    expect(preview.destination.key).toBe("personal");
    await expect(uploads.previewUpload(linus, upload, { scope: "team", team: "Platform" })).rejects.toThrow("Team not found.");
    expect((await uploads.previewUpload(grace, upload, { scope: "team", team: team.id })).destination.label).toBe("Team Platform");
  });

  it("marks an upload identical to the current version as unchanged", async () => {
    const same = exportSkillZip({ name: "alpha", files: makeSkill("alpha").files.map((f) => ({ path: f.path, bytes: f.bytes })) });
    const preview = await uploads.previewUpload(grace, read({ type: "file", name: "alpha.zip", bytes: same }));
    expect(preview.skills[0].existing.personal.unchanged).toBe(true);
  });

  it("stores nothing", async () => {
    const before = await counts();
    await uploads.previewUpload(grace, read(zip({ "new-one/SKILL.md": skillMd("new-one") })));
    expect(await counts()).toEqual(before);
  });
});

describe("commitUpload", () => {
  it("with atomic, refuses a name clash with every problem, and stores nothing", async () => {
    const before = await counts();
    const error = await refusal(
      uploads.commitUpload(grace, read(zip({ "alpha/SKILL.md": skillMd("alpha", "v2"), "gamma/SKILL.md": skillMd("gamma") })), {
        destination: { scope: "personal" },
        choices: null,
        atomic: true,
      }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(error.details?.problems).toMatchObject([
      { kind: "name-taken", key: "0:alpha", existing: { skillId: existingAlpha.skillId, version: 1, canAddVersion: true } },
    ]);
    expect(await counts()).toEqual(before);
    expect(await db.skill.findFirst({ where: { name: "gamma" } })).toBeNull();
  });

  it("imports the skills that can be, and says why each other one was not", async () => {
    const upload = read(zip({ "alpha/SKILL.md": skillMd("alpha", "v2"), "Bad/SKILL.md": "---\nname: Bad\n---\n", "gamma-two/SKILL.md": skillMd("gamma-two") }));
    const result = await uploads.commitUpload(grace, upload, { destination: { scope: "personal" }, choices: null });
    expect(result.skills.map((s) => [s.key, s.name, s.action])).toEqual([["0:gamma-two", "gamma-two", "created"]]);
    expect(result.refused.map((r) => [r.key, r.outcome])).toEqual([
      ["0:Bad", "invalid"],
      ["0:alpha", "name-taken"],
    ]);
    expect(result.refused[0].findings?.map((f) => ("code" in f ? f.code : f.rule))).toEqual(expect.arrayContaining(["name-uppercase", "description-missing"]));
    expect(result.refused[1].message).toMatch(/^A skill named "alpha" already exists there \(version 1\)/);
    expect((await skills.getSkill(grace, existingAlpha.skillId))?.current.number).toBe(1);
    // nothing left that can be stored: the whole request is refused, naming every reason
    const none = await refusal(
      uploads.commitUpload(grace, read(zip({ "alpha/SKILL.md": skillMd("alpha", "v3"), "Bad/SKILL.md": "---\nname: Bad\n---\n" })), {
        destination: { scope: "personal" },
        choices: null,
      }),
    );
    expect(none.code).toBe("INVALID");
    expect((none.details?.problems as { key: string }[]).map((p) => p.key).sort()).toEqual(["0:Bad", "0:alpha"]);
  });

  it("imports the chosen skills at once: a new version, a new skill and a renamed one", async () => {
    const upload = read(
      zip({ "alpha/SKILL.md": skillMd("alpha", "v2"), "delta/SKILL.md": skillMd("delta"), "other/SKILL.md": skillMd("alpha", "a different alpha") }),
    );
    const result = await uploads.commitUpload(grace, upload, {
      destination: { scope: "personal" },
      choices: [
        { key: "0:alpha", action: "version", message: "Second cut", baseVersion: 1 },
        { key: "0:delta", action: "create" },
        { key: "0:other", action: "rename", name: "alpha-two" },
      ],
    });
    expect(result.destination.key).toBe("personal");
    expect(result.skills.map((s) => [s.key, s.name, s.action, s.version])).toEqual([
      ["0:alpha", "alpha", "version", 2],
      ["0:delta", "delta", "created", 1],
      ["0:other", "alpha-two", "created", 1],
    ]);
    expect(result.skills[0].skillId).toBe(existingAlpha.skillId);
    const renamed = await skills.readSkillFile(grace, result.skills[2].skillId, "SKILL.md");
    expect(new TextDecoder().decode(renamed!.bytes)).toBe(skillMd("alpha", "a different alpha").replace("name: alpha\n", "name: alpha-two\n"));
    expect((await skills.getSkill(grace, existingAlpha.skillId))?.current.message).toBe("Second cut");
  });

  it("answers unchanged for a version identical to the current one", async () => {
    const upload = read(zip({ "alpha/SKILL.md": skillMd("alpha", "v2") }));
    const result = await uploads.commitUpload(grace, upload, { destination: { scope: "personal" }, choices: null, message: "again" });
    expect(result.skills).toMatchObject([{ name: "alpha", action: "unchanged", version: 2, skillId: existingAlpha.skillId }]);
  });

  it("refuses invalid skills with every finding and teams the viewer is not in", async () => {
    const before = await counts();
    const invalid = await refusal(
      uploads.commitUpload(grace, read(zip({ "Bad/SKILL.md": "---\nname: Bad\n---\n", "fine/SKILL.md": skillMd("fine") })), {
        destination: { scope: "personal" },
        choices: null,
        atomic: true,
      }),
    );
    expect(invalid.code).toBe("INVALID");
    const findings = invalid.details?.findings as { key: string | null; code: string }[];
    expect(findings.filter((f) => f.key === "0:Bad").map((f) => f.code)).toEqual(expect.arrayContaining(["name-uppercase", "description-missing"]));

    const hostile = await refusal(
      uploads.commitUpload(grace, read(zip({ "ok/SKILL.md": skillMd("ok"), "../../etc/cron.d/x": "boom" })), {
        destination: { scope: "personal" },
        choices: null,
      }),
    );
    expect(hostile.code).toBe("INVALID");
    expect(hostile.message).toContain("../../etc/cron.d/x");

    const png = await refusal(
      uploads.commitUpload(grace, read({ type: "file", name: "logo.zip", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) }), {
        destination: { scope: "personal" },
        choices: null,
      }),
    );
    expect(png.message).toBe(`"logo.zip" is not a ZIP archive: it is a PNG image, so it cannot hold a skill.`);

    const notMine = await refusal(
      uploads.commitUpload(linus, read(zip({ "t/SKILL.md": skillMd("t") })), { destination: { scope: "team", team: "Platform" }, choices: null }),
    );
    expect(notMine.code).toBe("NOT_FOUND");

    const unknownKey = await refusal(
      uploads.commitUpload(grace, read(zip({ "t/SKILL.md": skillMd("t") })), {
        destination: { scope: "personal" },
        choices: [{ key: "9:nope", action: "create" }],
      }),
    );
    expect(unknownKey.code).toBe("INVALID");
    expect(await counts()).toEqual(before);
  });

  it("turns a non-admin's upload to public into a request: the skill waits in their personal space", async () => {
    const requested = await uploads.commitUpload(grace, read(zip({ "pub/SKILL.md": skillMd("pub") })), { destination: { scope: "public" }, choices: null });
    expect(requested.skills[0]).toMatchObject({ name: "pub" });
    expect((await db.skill.findUniqueOrThrow({ where: { id: requested.skills[0].skillId } })).scope).toBe("PERSONAL");
    expect(await db.reviewRequest.count({ where: { skillId: requested.skills[0].skillId, kind: "move", targetScope: "PUBLIC", state: "open" } })).toBe(1);
  });

  it("puts skills into a team named in any case, and into public for an admin", async () => {
    const teamResult = await uploads.commitUpload(grace, read(zip({ "team-skill/SKILL.md": skillMd("team-skill") })), {
      destination: { scope: "team", team: "platform" },
      choices: null,
    });
    expect((await skills.getSkill(ada, teamResult.skills[0].skillId))?.team?.name).toBe("Platform");
    const publicResult = await uploads.commitUpload(ada, read(zip({ "public-skill/SKILL.md": skillMd("public-skill") })), {
      destination: { scope: "public" },
      choices: null,
    });
    expect((await skills.getSkill(linus, publicResult.skills[0].skillId))?.scope).toBe("PUBLIC");
  });

  it("plans a dry run without writing", async () => {
    const before = await counts();
    const plan = await uploads.planUploadCommit(grace, read(zip({ "alpha/SKILL.md": skillMd("alpha", "v3"), "epsilon/SKILL.md": skillMd("epsilon") })), {
      destination: { scope: "personal" },
      choices: null,
      message: "CI",
    });
    expect(plan.refusal).toBeNull();
    expect(plan.plan.map((p) => [p.name, p.action])).toEqual([
      ["alpha", "version"],
      ["epsilon", "create"],
    ]);
    expect(await counts()).toEqual(before);
  });
});

describe("readSkillVersionFiles", () => {
  it("returns every file of a version with its bytes, only to those who may see it", async () => {
    const current = await skills.readSkillVersionFiles(grace, existingAlpha.skillId);
    expect(current).toMatchObject({ name: "alpha", version: 2 });
    expect(current!.files.map((f) => f.path)).toEqual(["SKILL.md"]);
    expect(new TextDecoder().decode(current!.files[0].bytes)).toBe(skillMd("alpha", "v2"));
    const first = await skills.readSkillVersionFiles(grace, existingAlpha.skillId, 1);
    expect(first?.version).toBe(1);
    expect(first?.digest).not.toBe(current?.digest);
    expect(await skills.readSkillVersionFiles(grace, existingAlpha.skillId, 9)).toBeNull();
    expect(await skills.readSkillVersionFiles(linus, existingAlpha.skillId)).toBeNull();
    expect(await skills.readSkillVersionFiles(ada, existingAlpha.skillId)).toBeNull();
  });
});
