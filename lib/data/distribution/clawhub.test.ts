import { afterAll, describe, expect, it } from "vitest";
import { sha256Hex } from "@/lib/skills/archive/digest";
import { folderFingerprint } from "@/lib/skills/clawhub/protocol";
import { createCast, createTestDatabase, createTeam, makeSkill, refusal, setReviewPolicy } from "@/lib/test/support";

Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij" });
const { db, cleanup } = await createTestDatabase();
const clawhub = await import("./clawhub");
const publish = await import("./clawhub-publish");
const skills = await import("../skills");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db);
const other = await createTeam(db, "Site Reliability", { linus: "OWNER" });

// "shared" in Platform and in grace's own space; "teamonly" in Platform only; linus's own "shared".
const teamShared = await skills.createSkill(ada, { skill: makeSkill("shared", { body: "Team copy." }), destination: { scope: "TEAM", teamId: team.id } });
const graceShared = await skills.createSkill(grace, { skill: makeSkill("shared", { body: "Grace's copy." }), destination: { scope: "PERSONAL" } });
await skills.createSkill(ada, { skill: makeSkill("teamonly"), destination: { scope: "TEAM", teamId: team.id } });
await skills.createSkill(linus, { skill: makeSkill("shared", { body: "Linus's copy." }), destination: { scope: "PERSONAL" } });
await skills.createSkill(linus, { skill: makeSkill("sre-only"), destination: { scope: "TEAM", teamId: other.id } });

const enc = new TextEncoder();

describe("slugs as each viewer resolves them", () => {
  it("gives a person's own skill over the team's of the same name, and the team's by its handle", async () => {
    expect((await clawhub.getClawhubSkill(grace, "shared"))?.id).toBe(graceShared.skillId);
    expect((await clawhub.getClawhubSkill(ada, "shared"))?.id).toBe(teamShared.skillId);
    const byHandle = await clawhub.getClawhubSkill(grace, "shared", "@Platform");
    expect(byHandle).toMatchObject({ id: teamShared.skillId, ownerHandle: "platform", ownerName: "Team Platform" });
    expect(await clawhub.getClawhubSkill(grace, "shared", "grace@example.com")).toMatchObject({ id: graceShared.skillId, ownerHandle: "grace@example.com" });
  });

  it("answers nothing for a team the viewer is not in, and names the problem for an unknown handle", async () => {
    expect(await clawhub.getClawhubSkill(grace, "sre-only")).toBeNull();
    expect((await refusal(clawhub.getClawhubSkill(grace, "sre-only", "site-reliability"))).code).toBe("NOT_FOUND");
    expect((await clawhub.getClawhubSkill(linus, "sre-only", "site-reliability"))?.ownerName).toBe("Team Site Reliability");
  });

  it("lists one skill per name, paging by cursor without repeats or gaps", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof clawhub.listClawhubSkills>> = await clawhub.listClawhubSkills(grace, { limit: 1, cursor, sort: "name" });
      seen.push(...page.items.map((s) => `${s.name}@${s.ownerHandle}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["shared@grace@example.com", "teamonly@platform"]);
    const prefixed = await clawhub.listClawhubSkills(grace, { limit: 10, prefix: "team" });
    expect(prefixed.items.map((s) => s.name)).toEqual(["teamonly"]);
    expect((await refusal(clawhub.listClawhubSkills(grace, { limit: 10, cursor: "made-up" }))).code).toBe("INVALID");
  });

  it("searches with the shadowed copies left out", async () => {
    const found = await clawhub.searchClawhubSkills(grace, "shared", { limit: 10 });
    expect(found.map((s) => s.id)).toEqual([graceShared.skillId]);
  });
});

describe("resolve: a folder's fingerprint names a published version", () => {
  it("matches the version whose files the folder holds, and none for other bytes", async () => {
    const version = await clawhub.getClawhubVersion(grace, graceShared.skillId, 1);
    const fingerprint = folderFingerprint(version!.files);
    expect(await clawhub.matchClawhubVersion(grace, graceShared.skillId, fingerprint)).toBe(1);
    expect(await clawhub.matchClawhubVersion(grace, graceShared.skillId, "0".repeat(64))).toBeNull();
    // A hash check is not a download.
    expect(await db.auditEvent.count({ where: { action: "skill.download" } })).toBe(0);
  });
});

async function stage(viewer: { id: string }, path: string, text: string) {
  const bytes = enc.encode(text);
  const sha256 = sha256Hex(bytes);
  const ticket = await publish.issueUploadTicket(viewer, { path, size: bytes.byteLength, sha256 });
  return { path, size: bytes.byteLength, sha256, storageId: await publish.stageUpload(viewer, ticket, bytes) };
}

const skillMd = (name: string, body = "Steps.") => `---\nname: ${name}\ndescription: Does ${name} things. Use for ${name}.\n---\n\n${body}\n`;

describe("publish: staged files, then one upload through the upload path", () => {
  it("stores the skill in the viewer's own space, then a newer version; refuses an older one", async () => {
    const files = [await stage(grace, "SKILL.md", skillMd("from-cli")), await stage(grace, "references/a.md", "# A\n")];
    const first = await publish.publishClawhubSkill(grace, { slug: "from-cli", version: "1.0.0", changelog: "First", tags: ["latest"], files });
    expect(first).toMatchObject({ slug: "from-cli", version: "1.0.0", status: "published", proposal: null });
    const stored = await db.skillVersion.findUniqueOrThrow({ where: { id: first.versionId } });
    expect(stored).toMatchObject({ number: 1, message: "First", fileCount: 2 });
    expect(stored.scanRuleset).not.toBeNull();

    const next = [await stage(grace, "SKILL.md", skillMd("from-cli", "More steps."))];
    const second = await publish.publishClawhubSkill(grace, { slug: "from-cli", version: "1.0.1", changelog: "", tags: [], files: next });
    expect(second.version).toBe("2.0.0");
    const stale = await refusal(publish.publishClawhubSkill(grace, { slug: "from-cli", version: "2.0.0", changelog: "", tags: [], files: next }));
    expect(stale.code).toBe("CONFLICT");
    expect(stale.message).toContain("the next is 3.0.0");
  });

  it("opens a review request in a team whose changes need approval", async () => {
    await setReviewPolicy(db, team.id, { mode: "approval", approvals: 1, approvers: "managers", managersBypass: false });
    try {
      const files = [await stage(grace, "SKILL.md", skillMd("for-review"))];
      const result = await publish.publishClawhubSkill(grace, {
        slug: "for-review",
        ownerHandle: "platform",
        version: "1.0.0",
        changelog: "",
        tags: [],
        files,
      });
      expect(result.status).toBe("pending");
      expect(await db.reviewRequest.count({ where: { skillId: result.skillId, state: "open" } })).toBe(1);
    } finally {
      await setReviewPolicy(db, team.id, { mode: "direct" });
    }
  });

  it("refuses a team the viewer is not in, built-in, a slug that is not the name, other tags and someone else's storage ids", async () => {
    const files = [await stage(grace, "SKILL.md", skillMd("elsewhere"))];
    const input = { slug: "elsewhere", version: "1.0.0", changelog: "", tags: [] as string[], files };
    expect((await refusal(publish.publishClawhubSkill(grace, { ...input, ownerHandle: "site-reliability" }))).code).toBe("NOT_FOUND");
    expect((await refusal(publish.publishClawhubSkill(grace, { ...input, ownerHandle: "builtin" }))).code).toBe("FORBIDDEN");
    expect((await refusal(publish.publishClawhubSkill(grace, { ...input, slug: "other-name" }))).message).toContain("SKILL.md says name: elsewhere");
    expect((await refusal(publish.publishClawhubSkill(grace, { ...input, tags: ["beta"] }))).message).toContain('A publish sets the "latest" tag only');
    // linus cannot publish bytes grace staged, even knowing their digest and storage id.
    expect((await refusal(publish.publishClawhubSkill(linus, input))).message).toContain("given to someone else");
    expect(await db.skill.count({ where: { name: { in: ["elsewhere", "other-name"] } } })).toBe(0);
  });

  it("refuses a publish past a skill's file count or size before loading its bytes", async () => {
    const skillFile = await stage(grace, "SKILL.md", skillMd("too-big"));
    const big = await stage(grace, "assets/big.bin", "x".repeat(5 * 1024 * 1024));
    const input = { slug: "too-big", version: "1.0.0", changelog: "", tags: [] as string[] };
    // One staged file named over and over: the count and the sum are what the publish claims.
    const many = Array.from({ length: 1001 }, (_, i) => ({ ...skillFile, path: `references/${i}.md` }));
    expect((await refusal(publish.publishClawhubSkill(grace, { ...input, files: [skillFile, ...many] }))).message).toContain("names 1002 files");
    const heavy = Array.from({ length: 6 }, (_, i) => ({ ...big, path: `assets/big-${i}.bin` }));
    expect((await refusal(publish.publishClawhubSkill(grace, { ...input, files: [skillFile, ...heavy] }))).message).toMatch(/come to \d+ bytes/);
    expect(await db.skill.count({ where: { name: "too-big" } })).toBe(0);
  });

  it("refuses bytes that are not the ones the ticket names", async () => {
    const ticket = await publish.issueUploadTicket(grace, { path: "SKILL.md", size: 3, sha256: sha256Hex(enc.encode("abc")) });
    expect((await refusal(publish.stageUpload(grace, ticket, enc.encode("abd")))).message).toContain("do not have the SHA-256");
    expect((await refusal(publish.stageUpload(linus, ticket, enc.encode("abc")))).code).toBe("INVALID");
    expect((await refusal(publish.issueUploadTicket(grace, { path: "../x", size: 1, sha256: "0".repeat(64) }))).code).toBe("INVALID");
  });
});
