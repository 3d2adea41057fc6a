import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill, refusal } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const data = await import("./");
const { syncBuiltinSkills } = await import("./builtin");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db);

async function rowCounts() {
  const [skills, versions, files, blobs] = await Promise.all([db.skill.count(), db.skillVersion.count(), db.skillFile.count(), db.blob.count()]);
  return { skills, versions, files, blobs };
}

describe("creating and reading skills", () => {
  it("stores a version with its files, tokens and digest, and reads it back", async () => {
    const skill = makeSkill("pdf-tools", { files: { "references/api.md": "# API\n\nCall it.\n" } });
    const created = await data.createSkill(ada, { skill, destination: { scope: "TEAM", teamId: team.id }, message: "First cut" });
    expect(created).toMatchObject({ name: "pdf-tools", version: 1, created: true });

    const detail = await data.getSkill(grace, created.skillId);
    expect(detail?.scope).toBe("TEAM");
    expect(detail?.team?.name).toBe("Platform");
    expect(detail?.current.files.map((f) => f.path)).toEqual(["SKILL.md", "references/api.md"]);
    expect(detail?.current.catalogTokens).toBe(skill.tokens.catalog);
    expect(detail?.current.bodyTokens).toBe(skill.tokens.body);
    expect(detail?.current.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(detail?.current.message).toBe("First cut");
    expect(detail?.current.frontmatter).toEqual({ name: "pdf-tools", description: skill.description });
    expect(detail?.can).toEqual({ addVersion: true, manage: false, review: false });

    const file = await data.readSkillFile(grace, created.skillId, "references/api.md");
    expect(new TextDecoder().decode(file!.bytes)).toBe("# API\n\nCall it.\n");
    expect(await data.readSkillFile(linus, created.skillId, "references/api.md")).toBeNull();
    expect(await data.getSkill(linus, created.skillId)).toBeNull();
  });

  it("keeps frontmatter fields in their source order", async () => {
    const skill = makeSkill("ordered", { description: "Ordered fields. Use for order tests." });
    const text = `---\nname: ordered\nmetadata:\n  zeta: "1"\n  alpha: "2"\ndescription: Ordered fields.\nlicense: MIT\n---\nBody\n`;
    const bundle = (await import("@/lib/skills/archive/bundle")).readBundle({
      kind: "files",
      files: [{ path: "ordered/SKILL.md", bytes: new TextEncoder().encode(text) }],
    });
    const created = await data.createSkill(ada, { skill: bundle.skills[0] ?? skill, destination: { scope: "PERSONAL" } });
    const detail = await data.getSkill(ada, created.skillId);
    expect(Object.keys(detail!.current.frontmatter)).toEqual(["name", "metadata", "description", "license"]);
    expect(Object.keys(detail!.current.frontmatter.metadata as object)).toEqual(["zeta", "alpha"]);
  });

  it("reads a version's bound tools with their definition tokens, allowed-tools and invocation flags", async () => {
    const text = [
      "---",
      "name: order-desk",
      "description: Answers order questions.",
      "allowed-tools: [lookup_order, Read]",
      "disable-model-invocation: true",
      "metadata:",
      "  tools:",
      "    - name: lookup_order",
      "      description: Look up one order.",
      "      script: scripts/lookup.py",
      "      input_schema: { type: object, properties: { id: { type: string } }, required: [id] }",
      "---",
      "Body",
      "",
    ].join("\n");
    const enc = new TextEncoder();
    const bundle = (await import("@/lib/skills/archive/bundle")).readBundle({
      kind: "files",
      files: [
        { path: "order-desk/SKILL.md", bytes: enc.encode(text) },
        { path: "order-desk/scripts/lookup.py", bytes: enc.encode("print('{}')\n") },
      ],
    });
    expect(bundle.skills[0].ok).toBe(true);
    const created = await data.createSkill(ada, { skill: bundle.skills[0], destination: { scope: "PERSONAL" } });
    const version = (await data.getSkill(ada, created.skillId))!.current;
    expect(version.tools).toEqual([
      {
        name: "lookup_order",
        description: "Look up one order.",
        script: "scripts/lookup.py",
        inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        tokens: expect.any(Number),
      },
    ]);
    expect(version.tools[0].tokens).toBeGreaterThan(10);
    expect(version.allowedTools).toEqual(["lookup_order", "Read"]);
    expect(version.invocation).toEqual({ modelInvocable: false, userInvocable: true });
  });

  it("stores identical content once, however many versions share it", async () => {
    const shared = "# Shared reference\n\nSame bytes everywhere.\n";
    const before = await db.blob.count();
    const a = await data.createSkill(grace, {
      skill: makeSkill("dedupe-a", { files: { "references/shared.md": shared } }),
      destination: { scope: "PERSONAL" },
    });
    const afterFirst = await db.blob.count();
    await data.createSkill(grace, { skill: makeSkill("dedupe-b", { files: { "references/shared.md": shared } }), destination: { scope: "PERSONAL" } });
    await data.addSkillVersion(grace, a.skillId, {
      skill: makeSkill("dedupe-a", { body: "# Changed\n", files: { "references/shared.md": shared } }),
      message: "Edit",
    });
    const afterAll = await db.blob.count();
    expect(afterFirst - before).toBe(2); // SKILL.md + shared.md
    expect(afterAll - afterFirst).toBe(2); // two new SKILL.md texts; shared.md reused
  });

  it("refuses invalid skills and never half-writes them", async () => {
    const bundle = (await import("@/lib/skills/archive/bundle")).readBundle({
      kind: "files",
      files: [{ path: "Bad_Name/SKILL.md", bytes: new TextEncoder().encode("---\nname: Bad_Name\ndescription: x\n---\n") }],
    });
    const before = await rowCounts();
    const error = await refusal(data.createSkill(ada, { skill: bundle.skills[0], destination: { scope: "PERSONAL" } }));
    expect(error.code).toBe("INVALID");
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a second skill with a taken name in the same space, with the existing id", async () => {
    const first = await data.createSkill(grace, { skill: makeSkill("clash"), destination: { scope: "PERSONAL" } });
    const error = await refusal(data.createSkill(grace, { skill: makeSkill("clash"), destination: { scope: "PERSONAL" } }));
    expect(error.code).toBe("CONFLICT");
    expect(error.details).toMatchObject({ reason: "name-taken", existingSkillId: first.skillId });
    // Another space is another namespace.
    await expect(data.createSkill(linus, { skill: makeSkill("clash"), destination: { scope: "PERSONAL" } })).resolves.toMatchObject({ created: true });
  });
});

describe("atomicity", () => {
  it("a failure in the middle of a multi-skill import leaves no skill, version, file or blob behind", async () => {
    await data.createSkill(ada, { skill: makeSkill("already-here"), destination: { scope: "PERSONAL" } });
    const before = await rowCounts();
    const auditBefore = await db.auditEvent.count();
    const error = await refusal(
      data.importSkills(ada, [
        { skill: makeSkill("fresh-one", { files: { "references/unique.md": `unique ${Math.random()}` } }), destination: { scope: "PERSONAL" } },
        { skill: makeSkill("fresh-two", { files: { "references/unique2.md": `unique ${Math.random()}` } }), destination: { scope: "PERSONAL" } },
        { skill: makeSkill("already-here"), destination: { scope: "PERSONAL" } },
      ]),
    );
    expect(error.code).toBe("CONFLICT");
    expect(await rowCounts()).toEqual(before);
    expect(await db.auditEvent.count()).toBe(auditBefore);
    expect(await db.skill.findFirst({ where: { name: { in: ["fresh-one", "fresh-two"] } } })).toBeNull();
  });

  it("a new version that fails after its rows were written rolls back entirely", async () => {
    const target = await data.createSkill(ada, { skill: makeSkill("versioned"), destination: { scope: "PERSONAL" } });
    const before = await rowCounts();
    const error = await refusal(
      data.importSkills(ada, [
        { skill: makeSkill("versioned", { body: `# v2 ${Math.random()}\n` }), target: { skillId: target.skillId } },
        { skill: makeSkill("versioned", { body: "# v3\n" }), target: { skillId: "no-such-skill" } },
      ]),
    );
    expect(error.code).toBe("NOT_FOUND");
    expect(await rowCounts()).toEqual(before);
    expect((await data.getSkill(ada, target.skillId))?.version).toBe(1);
  });

  it("other requests never see a transaction's uncommitted rows", async () => {
    const slowImport = data.importSkills(
      ada,
      Array.from({ length: 8 }, (_, i) => ({ skill: makeSkill(`batch-${i}`), destination: { scope: "PERSONAL" as const } })),
    );
    const seen = await data.listSkills(ada, { q: "batch-", pageSize: 100 });
    expect([0, 8]).toContain(seen.total);
    await slowImport;
    expect((await data.listSkills(ada, { q: "batch-", pageSize: 100 })).total).toBe(8);
  });
});

describe("versions", () => {
  it("two concurrent new versions without a base both land, as n+1 and n+2", async () => {
    const { skillId } = await data.createSkill(grace, { skill: makeSkill("busy-skill"), destination: { scope: "TEAM", teamId: team.id } });
    const results = await Promise.all([
      data.addSkillVersion(grace, skillId, { skill: makeSkill("busy-skill", { body: "# from grace\n" }), message: "grace" }),
      data.addSkillVersion(ada, skillId, { skill: makeSkill("busy-skill", { body: "# from ada\n" }), message: "ada" }),
    ]);
    expect(results.map((r) => r.version).sort()).toEqual([2, 3]);
    const detail = await data.getSkill(grace, skillId);
    expect(detail?.versions.map((v) => v.number)).toEqual([3, 2, 1]);
    expect(detail?.version).toBe(3);
  });

  it("a version based on an outdated one is refused with a clear conflict, and nothing changes", async () => {
    const { skillId } = await data.createSkill(grace, { skill: makeSkill("editor-target"), destination: { scope: "PERSONAL" } });
    await data.addSkillVersion(grace, skillId, { skill: makeSkill("editor-target", { body: "# two\n" }), message: "two", baseVersion: 1 });
    const before = await rowCounts();
    const error = await refusal(
      data.addSkillVersion(grace, skillId, { skill: makeSkill("editor-target", { body: "# stale\n" }), message: "stale", baseVersion: 1 }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe("This skill is now at version 2; your changes were based on version 1.");
    expect(error.details).toMatchObject({ reason: "version-moved", currentVersion: 2 });
    expect(await rowCounts()).toEqual(before);
    expect((await db.skill.findUniqueOrThrow({ where: { id: skillId } })).versionCount).toBe(2);
  });

  it("restore adds a new version with the old content; prune keeps the newest, the current and pinned ones", async () => {
    const { skillId } = await data.createSkill(grace, { skill: makeSkill("history", { body: "# one\n" }), destination: { scope: "PERSONAL" } });
    for (const n of [2, 3, 4]) await data.addSkillVersion(grace, skillId, { skill: makeSkill("history", { body: `# ${n}\n` }), message: `v${n}` });
    const restored = await data.restoreSkillVersion(grace, skillId, 1);
    expect(restored.version).toBe(5);
    const v1 = await data.getSkillVersion(grace, skillId, 1);
    const v5 = await data.getSkillVersion(grace, skillId, 5);
    expect(v5?.digest).toBe(v1?.digest);
    expect(v5?.message).toBe("Restore v1");

    const profile = await db.agentProfile.create({ data: { ownerId: "grace", name: "pinned", skills: { create: { skillId, pinnedVersion: 2 } } } });
    const deleted = await data.pruneSkillVersions(grace, skillId, 2);
    expect(deleted).toEqual([1, 3]);
    expect((await data.getSkill(grace, skillId))?.versions.map((v) => v.number)).toEqual([5, 4, 2]);
    // The restored content survives pruning the version it came from: blobs are shared.
    expect(new TextDecoder().decode((await data.readSkillFile(grace, skillId, "SKILL.md", 5))!.bytes)).toContain("# one");
    await db.agentProfile.delete({ where: { id: profile.id } });
  });

  it("renaming through a new version checks clashes in the space", async () => {
    await data.createSkill(grace, { skill: makeSkill("taken-name"), destination: { scope: "PERSONAL" } });
    const { skillId } = await data.createSkill(grace, { skill: makeSkill("old-name"), destination: { scope: "PERSONAL" } });
    const error = await refusal(data.addSkillVersion(grace, skillId, { skill: makeSkill("taken-name"), message: "rename" }));
    expect(error.details).toMatchObject({ reason: "name-taken" });
    await data.addSkillVersion(grace, skillId, { skill: makeSkill("new-name"), message: "rename" });
    expect((await data.getSkill(grace, skillId))?.name).toBe("new-name");
  });
});

describe("delete, archive, move", () => {
  it("delete is refused while agent profiles reference the skill, then removes them on request", async () => {
    const { skillId } = await data.createSkill(grace, {
      skill: makeSkill("referenced", { files: { "references/only-here.md": `only ${Math.random()}` } }),
      destination: { scope: "PERSONAL" },
    });
    await db.agentProfile.create({ data: { ownerId: "grace", name: "Release bot", skills: { create: { skillId } } } });
    const before = await rowCounts();
    const error = await refusal(data.deleteSkill(grace, skillId));
    expect(error.code).toBe("REFERENCED");
    expect(error.message).toContain("Release bot");
    expect(error.details?.references).toEqual({ mine: [expect.objectContaining({ profileName: "Release bot" })], others: 0, holding: 1 });
    expect(await rowCounts()).toEqual(before);

    await data.deleteSkill(grace, skillId, { removeReferences: true });
    const after = await rowCounts();
    expect(after.skills).toBe(before.skills - 1);
    expect(after.blobs).toBe(before.blobs - 2); // its SKILL.md and its unique reference
    expect(await db.agentProfileSkill.count({ where: { skillId } })).toBe(0);
    const events = await db.auditEvent.findMany({ where: { skillId }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.action)).toEqual(["skill.create", "skill.delete"]);
  });

  it("archived skills leave lists and come back when unarchived", async () => {
    const { skillId } = await data.createSkill(grace, { skill: makeSkill("hideable"), destination: { scope: "PERSONAL" } });
    await data.setSkillArchived(grace, skillId, true);
    expect((await data.listSkills(grace, { q: "hideable" })).total).toBe(0);
    expect((await data.listSkills(grace, { q: "hideable", includeArchived: true })).total).toBe(1);
    await data.setSkillArchived(grace, skillId, false);
    expect((await data.listSkills(grace, { q: "hideable" })).total).toBe(1);
  });

  it("moving a personal skill to the team makes it visible to members and is audited", async () => {
    const { skillId } = await data.createSkill(grace, { skill: makeSkill("sharing-is-caring"), destination: { scope: "PERSONAL" } });
    expect(await data.getSkill(ada, skillId)).toBeNull();
    await data.changeSkillScope(grace, skillId, { scope: "TEAM", teamId: team.id });
    expect((await data.getSkill(ada, skillId))?.scope).toBe("TEAM");
    const audit = await data.listSkillAudit(ada, skillId);
    expect(audit?.[0]).toMatchObject({
      action: "skill.scope",
      actorName: "grace",
      detail: { from: { scope: "PERSONAL" }, to: { scope: "TEAM", teamId: team.id } },
    });
  });
});

describe("listing and shadowing", () => {
  it("resolves same-named skills PERSONAL > TEAM > PUBLIC > BUILTIN and says by which", async () => {
    await syncBuiltinSkills([makeSkill("shadow-me")]);
    const pub = await data.createSkill(ada, { skill: makeSkill("shadow-me"), destination: { scope: "PUBLIC" } });
    const teamSkill = await data.createSkill(grace, { skill: makeSkill("shadow-me"), destination: { scope: "TEAM", teamId: team.id } });
    const mine = await data.createSkill(grace, { skill: makeSkill("shadow-me"), destination: { scope: "PERSONAL" } });

    const forGrace = await data.listSkills(grace, { q: "shadow-me", pageSize: 10 });
    const byScope = Object.fromEntries(forGrace.items.map((item) => [item.scope, item.shadowedBy?.id ?? null]));
    expect(byScope).toEqual({ PERSONAL: null, TEAM: mine.skillId, PUBLIC: mine.skillId, BUILTIN: mine.skillId });
    expect(forGrace.items.find((i) => i.scope === "TEAM")?.shadowedBy?.reason).toMatch(/personal skills take priority over team ones/);

    // For ada (no personal copy) the team skill wins; for linus (no team) the public one.
    const forAda = await data.resolveVisibleSkills(ada);
    expect(forAda.visible.find((s) => s.name === "shadow-me")?.id).toBe(teamSkill.skillId);
    const forLinus = await data.resolveVisibleSkills(linus);
    expect(forLinus.visible.find((s) => s.name === "shadow-me")?.id).toBe(pub.skillId);
    expect(forLinus.shadowed.map((s) => s.scope)).toContain("BUILTIN");
    expect(new Set(forLinus.visible.map((s) => s.name)).size).toBe(forLinus.visible.length);
  });

  it("filters by scope and team, searches name and description, sorts and pages", async () => {
    const counts = (await data.listSkillFacets(grace)).counts;
    const all = await data.listSkills(grace, { pageSize: 100 });
    expect(counts.all).toBe(all.total);
    expect(counts.personal + counts.public + counts.builtin + Object.values(counts.teams).reduce((a, b) => a + b, 0)).toBe(counts.all);
    const teamOnly = await data.listSkills(grace, { scope: "team", teamId: team.id, pageSize: 100 });
    expect(teamOnly.items.every((s) => s.team?.id === team.id)).toBe(true);
    expect(teamOnly.total).toBe(counts.teams[team.id]);

    await data.createSkill(grace, {
      skill: makeSkill("zebra-notes", { description: "Unusual quokka keyword in the description. Use for zebras." }),
      destination: { scope: "PERSONAL" },
    });
    expect((await data.listSkills(grace, { q: "QUOKKA" })).items.map((s) => s.name)).toEqual(["zebra-notes"]);

    const byName = await data.listSkills(grace, { sort: "name", pageSize: 3, page: 2 });
    const names = (await data.listSkills(grace, { sort: "name", pageSize: 100 })).items.map((s) => s.name);
    expect(byName.items.map((s) => s.name)).toEqual(names.slice(3, 6));
  });
});

describe("built-in skills", () => {
  it("sync is idempotent, versions changed content and archives what is no longer shipped", async () => {
    const first = await syncBuiltinSkills([makeSkill("builtin-a"), makeSkill("builtin-b"), makeSkill("shadow-me")]);
    expect(first.created).toEqual(["builtin-a", "builtin-b"]);
    const again = await syncBuiltinSkills([makeSkill("builtin-a"), makeSkill("builtin-b"), makeSkill("shadow-me")]);
    expect(again).toEqual({ created: [], updated: [], unchanged: ["builtin-a", "builtin-b", "shadow-me"], archived: [] });
    const changed = await syncBuiltinSkills([makeSkill("builtin-a", { body: "# better\n" }), makeSkill("shadow-me")]);
    expect(changed).toMatchObject({ updated: ["builtin-a"], archived: ["builtin-b"] });
    const a = await db.skill.findFirstOrThrow({ where: { scope: "BUILTIN", name: "builtin-a" } });
    expect(a.versionCount).toBe(2);
    const error = await refusal(data.addSkillVersion(ada, a.id, { skill: makeSkill("builtin-a"), message: "no" }));
    expect(error.code).toBe("FORBIDDEN");
  });
});
