import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { exportSkillZip } from "@/lib/skills/archive/export";
import { buildZip } from "@/lib/skills/test-helpers/archives";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";

// The v1 route handlers called as Next calls them, authenticated by bearer tokens (session routes
// need better-auth's cookies and are covered by e2e/api.spec.ts).

const { db, cleanup } = await createTestDatabase();
const { createToken, revokeToken } = await import("@/lib/data/accounts/tokens");
const { createSkill } = await import("@/lib/data/skills");
const skillsRoute = await import("@/app/api/v1/skills/route");
const skillRoute = await import("@/app/api/v1/skills/[skillId]/route");
const downloadRoute = await import("@/app/api/v1/skills/[skillId]/download/route");
const appDownloadRoute = await import("@/app/api/skills/[skillId]/download/route");
const previewRoute = await import("@/app/api/upload/preview/route");
const remoteRoute = await import("@/app/api/upload/remote/route");
const chatRoute = await import("@/app/api/playground/chat/route");
afterAll(cleanup);

await createUser(db, "ada", { role: "ADMIN" });
await createUser(db, "grace");
const ada = { id: "ada" };
const grace = { id: "grace" };
const adaRead = (await createToken(ada, { name: "read", scope: "read" })).secret;
const adaPublish = (await createToken(ada, { name: "publish", scope: "publish" })).secret;
const gracePublish = (await createToken(grace, { name: "publish", scope: "publish" })).secret;
const graceSecret = await createSkill(grace, { skill: makeSkill("grace-only", { files: { "notes.md": "# Notes\n" } }), destination: { scope: "PERSONAL" } });

const enc = new TextEncoder();
const skillMd = (name: string, body = "Steps.") => `---\nname: ${name}\ndescription: Does ${name} things. Use for ${name}.\n---\n\n${body}\n`;
const zipOf = (name: string, body?: string) => exportSkillZip({ name, files: [{ path: "SKILL.md", bytes: enc.encode(skillMd(name, body)) }] });

function publish(token: string | null, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const form = new FormData();
  if (file) form.append("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return skillsRoute.POST(
    new Request("http://localhost/api/v1/skills", { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} }),
  );
}
const get = (
  route: { GET: (r: Request, c: { params: Promise<{ skillId: string }> }) => Promise<Response> },
  url: string,
  skillId: string,
  headers: Record<string, string> = {},
) => route.GET(new Request(`http://localhost${url}`, { headers }), { params: Promise.resolve({ skillId }) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("POST /api/v1/skills", () => {
  it("dry run previews and stores nothing; the real request creates; publishing again clashes", async () => {
    const before = await db.skill.count();
    const dry = await publish(adaPublish, { dryRun: "true" }, { name: "ci-skill.zip", bytes: zipOf("ci-skill") });
    expect(dry.status).toBe(200);
    const preview = await dry.json();
    expect(preview).toMatchObject({
      dryRun: true,
      ok: true,
      wouldAnswer: 201,
      plan: [{ name: "ci-skill", action: "create" }],
      skills: [{ name: "ci-skill", ok: true }],
    });
    expect(await db.skill.count()).toBe(before);

    const created = await publish(adaPublish, {}, { name: "ci-skill.zip", bytes: zipOf("ci-skill") });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.skills).toMatchObject([{ name: "ci-skill", action: "created", version: 1 }]);
    expect(body.skills[0].links.download).toBe(`http://localhost:3000/api/v1/skills/${body.skills[0].skillId}/download`);
    expect(created.headers.get("location")).toBe(body.skills[0].links.api);

    const clash = await publish(adaPublish, {}, { name: "ci-skill.zip", bytes: zipOf("ci-skill", "v2") });
    expect(clash.status).toBe(409);
    expect((await clash.json()).error).toMatchObject({ code: "conflict", problems: [{ kind: "name-taken", name: "ci-skill" }] });
    const dryClash = await publish(adaPublish, { dryRun: "1" }, { name: "ci-skill.zip", bytes: zipOf("ci-skill", "v2") });
    expect(dryClash.status).toBe(409);
    expect((await dryClash.json()).wouldAnswer).toBe(409);

    const version = await publish(adaPublish, { message: "Second" }, { name: "ci-skill.zip", bytes: zipOf("ci-skill", "v2") });
    expect(version.status).toBe(201);
    expect((await version.json()).skills).toMatchObject([{ action: "version", version: 2 }]);
    const again = await publish(adaPublish, { message: "Second" }, { name: "ci-skill.zip", bytes: zipOf("ci-skill", "v2") });
    expect(again.status).toBe(200);
    expect((await again.json()).skills).toMatchObject([{ action: "unchanged", version: 2 }]);
  });

  it("imports the good skills of a collection and answers 207 naming each refused one; atomic refuses all", async () => {
    const collection = () =>
      buildZip([
        { name: "team-pack/lint-rules/SKILL.md", data: skillMd("lint-rules") },
        { name: "team-pack/Bad Skill/SKILL.md", data: "---\nname: Bad Skill\ndescription: Broken.\n---\n" },
        { name: "team-pack/release-notes/SKILL.md", data: skillMd("release-notes") },
      ]);
    const before = await db.skill.count();
    const atomic = await publish(gracePublish, { atomic: "true" }, { name: "team-pack.zip", bytes: collection() });
    expect(atomic.status).toBe(422);
    expect((await atomic.json()).error.problems).toMatchObject([{ kind: "invalid", key: "0:team-pack/Bad Skill" }]);
    expect(await db.skill.count()).toBe(before);

    const dry = await publish(gracePublish, { dryRun: "true" }, { name: "team-pack.zip", bytes: collection() });
    expect(dry.status).toBe(200);
    const plan = await dry.json();
    expect(plan.wouldAnswer).toBe(207);
    expect(plan.plan.map((p: { name: string }) => p.name)).toEqual(["lint-rules", "release-notes"]);
    expect(plan.refused).toMatchObject([{ key: "0:team-pack/Bad Skill", outcome: "invalid" }]);

    const partial = await publish(gracePublish, {}, { name: "team-pack.zip", bytes: collection() });
    expect(partial.status).toBe(207);
    const body = await partial.json();
    expect(body.skills.map((s: { name: string; action: string }) => [s.name, s.action])).toEqual([
      ["lint-rules", "created"],
      ["release-notes", "created"],
    ]);
    expect(body.refused).toHaveLength(1);
    expect(body.refused[0]).toMatchObject({ key: "0:team-pack/Bad Skill", name: "Bad Skill", outcome: "invalid" });
    expect(body.refused[0].findings.map((f: { code: string }) => f.code)).toContain("name-invalid-chars");
    expect(partial.headers.get("location")).toBe(body.skills[0].links.api);
    expect(await db.skill.count()).toBe(before + 2);
  });

  it("answers 422 with every finding, 401 for bad tokens, 403 for read tokens, 202 (a review request) for public without admin", async () => {
    const invalid = await publish(
      adaPublish,
      {},
      { name: "bad.zip", bytes: exportSkillZip({ name: "Bad", files: [{ path: "SKILL.md", bytes: enc.encode("---\nname: Bad Name\n---\n") }] }) },
    );
    expect(invalid.status).toBe(422);
    const error = (await invalid.json()).error;
    expect(error.code).toBe("invalid");
    expect(error.findings.map((f: { code: string }) => f.code)).toEqual(
      expect.arrayContaining(["name-uppercase", "name-invalid-chars", "description-missing"]),
    );

    const bad = await publish("sks_" + "x".repeat(40), {}, { name: "a.zip", bytes: zipOf("a") });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect((await publish(null, {}, { name: "a.zip", bytes: zipOf("a") })).status).toBe(401);

    const readOnly = await publish(adaRead, {}, { name: "a.zip", bytes: zipOf("a") });
    expect(readOnly.status).toBe(403);
    expect((await readOnly.json()).error.code).toBe("insufficient_scope");

    const notAdmin = await publish(gracePublish, { scope: "public" }, { name: "a.zip", bytes: zipOf("a") });
    expect(notAdmin.status).toBe(202);
    const requested = await notAdmin.json();
    expect(requested.skills[0].review.url).toMatch(/\/reviews\/[a-z0-9]+$/);
    expect(notAdmin.headers.get("location")).toBe(requested.skills[0].review.api);
    expect((await publish(gracePublish, { scope: "team", team: "nope" }, { name: "a.zip", bytes: zipOf("a") })).status).toBe(404);
    expect((await publish(gracePublish, {}, { name: "photo.zip", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) })).status).toBe(422);
    expect((await publish(gracePublish, {})).status).toBe(400);
  });

  it("refuses a body over the limit from its Content-Length", async () => {
    const response = await skillsRoute.POST(
      new Request("http://localhost/api/v1/skills", {
        method: "POST",
        body: "x",
        headers: { ...bearer(adaPublish), "content-type": "multipart/form-data; boundary=x", "content-length": String(200 * 1024 * 1024) },
      }),
    );
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("too_large");
  });
});

describe("GET /api/v1/skills and /api/v1/skills/{id}", () => {
  it("lists only what the caller may see, with search and paging", async () => {
    const response = await skillsRoute.GET(new Request("http://localhost/api/v1/skills?q=ci-skill", { headers: bearer(adaRead) }));
    expect(response.status).toBe(200);
    const page = await response.json();
    expect(page.items.map((s: { name: string }) => s.name)).toEqual(["ci-skill"]);
    expect(page.items[0]).toMatchObject({ scope: "personal", version: 2 });
    const all = await (await skillsRoute.GET(new Request("http://localhost/api/v1/skills?pageSize=100", { headers: bearer(adaRead) }))).json();
    expect(all.items.map((s: { name: string }) => s.name)).not.toContain("grace-only");
    expect((await skillsRoute.GET(new Request("http://localhost/api/v1/skills?scope=galaxy", { headers: bearer(adaRead) }))).status).toBe(400);
  });

  it("answers metadata, versions and files, and 404 for what the caller may not see", async () => {
    const mine = await get(skillRoute, `/api/v1/skills/${graceSecret.skillId}`, graceSecret.skillId, bearer(gracePublish));
    expect(mine.status).toBe(200);
    const detail = await mine.json();
    expect(detail).toMatchObject({ name: "grace-only", scope: "personal", version: 1, versionDetail: { number: 1 }, versions: [{ number: 1 }] });
    expect(detail.versionDetail.files.map((f: { path: string }) => f.path)).toEqual(["SKILL.md", "notes.md"]);
    expect(detail.install.claude).toContain("$HOME/.claude/skills");

    expect((await get(skillRoute, `/api/v1/skills/${graceSecret.skillId}`, graceSecret.skillId, bearer(adaRead))).status).toBe(404);
    expect((await get(skillRoute, `/api/v1/skills/nope`, "nope", bearer(adaRead))).status).toBe(404);
    expect((await get(skillRoute, `/api/v1/skills/${graceSecret.skillId}?v=7`, graceSecret.skillId, bearer(gracePublish))).status).toBe(404);
  });
});

describe("downloads", () => {
  it("serve the deterministic ZIP with a strong ETag, 304 on If-None-Match, and record the download", async () => {
    const url = `/api/v1/skills/${graceSecret.skillId}/download`;
    const first = await get(downloadRoute, url, graceSecret.skillId, bearer(gracePublish));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/zip");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("content-disposition")).toBe(`attachment; filename="grace-only-v1.zip"; filename*=UTF-8''grace-only-v1.zip`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(Object.keys(unzipSync(bytes)).sort()).toEqual(["grace-only/", "grace-only/SKILL.md", "grace-only/notes.md"]);

    const second = await get(downloadRoute, `${url}?v=1`, graceSecret.skillId, bearer(gracePublish));
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes);
    expect(second.headers.get("etag")).toBe(etag);

    const cached = await get(downloadRoute, url, graceSecret.skillId, { ...bearer(gracePublish), "if-none-match": etag });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe("");

    const audits = await db.auditEvent.count({ where: { skillId: graceSecret.skillId, action: "skill.download" } });
    expect(audits).toBe(2);
  });

  it("answer 404 for invisible skills and versions, 401 for revoked tokens, on both download routes", async () => {
    const url = `/api/v1/skills/${graceSecret.skillId}/download`;
    expect((await get(downloadRoute, url, graceSecret.skillId, bearer(adaRead))).status).toBe(404);
    expect((await get(downloadRoute, `${url}?v=2`, graceSecret.skillId, bearer(gracePublish))).status).toBe(404);
    expect((await get(downloadRoute, `${url}?v=abc`, graceSecret.skillId, bearer(gracePublish))).status).toBe(400);
    expect((await get(appDownloadRoute, `/api/skills/${graceSecret.skillId}/download`, graceSecret.skillId, bearer(adaRead))).status).toBe(404);
    expect((await get(appDownloadRoute, `/api/skills/${graceSecret.skillId}/download`, graceSecret.skillId, bearer(gracePublish))).status).toBe(200);
    // signed out, the app's link says nothing about whether the skill exists
    expect((await get(appDownloadRoute, `/api/skills/${graceSecret.skillId}/download`, graceSecret.skillId)).status).toBe(404);

    const { token, secret } = await createToken(grace, { name: "short-lived", scope: "read" });
    expect((await get(downloadRoute, url, graceSecret.skillId, bearer(secret))).status).toBe(200);
    await revokeToken(grace, token.id);
    const revoked = await get(downloadRoute, url, graceSecret.skillId, bearer(secret));
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).error.code).toBe("unauthorized");

    const lapsed = await createToken(grace, { name: "lapsed", scope: "read", expiresInDays: 7 });
    await db.accessToken.update({ where: { id: lapsed.token.id }, data: { expiresAt: new Date("2026-01-02T00:00:00Z") } });
    const expired = await get(downloadRoute, url, graceSecret.skillId, bearer(lapsed.secret));
    expect(expired.status).toBe(401);
    expect((await expired.json()).error.message).toBe("This access token expired on 2026-01-02. Create a new one on your account page.");
  });
});

describe("POST /api/playground/chat", () => {
  it("refuses a read-only token: a turn stores a conversation, which needs the publish scope", async () => {
    const body = JSON.stringify({ conversationId: null, message: "hello", setup: {} });
    const before = await db.conversation.count();
    const response = await chatRoute.POST(
      new Request("http://localhost/api/playground/chat", { method: "POST", body, headers: { ...bearer(adaRead), "content-type": "application/json" } }),
    );
    expect(response.status).toBe(403);
    const { error } = await response.json();
    expect(error.code).toBe("insufficient_scope");
    expect(error.message).toContain('this needs "publish"');
    expect(await db.conversation.count()).toBe(before);
  });
});

describe("upload preview", () => {
  it("answers the preview the modal renders, saying what is not a skill", async () => {
    const form = new FormData();
    form.append("file", new File([zipOf("previewed") as Uint8Array<ArrayBuffer>], "previewed.zip"));
    form.append("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "photo.zip"));
    form.append("text", skillMd("ci-skill", "v2"));
    const response = await previewRoute.POST(new Request("http://localhost/api/upload/preview", { method: "POST", body: form, headers: bearer(adaPublish) }));
    expect(response.status).toBe(200);
    const preview = await response.json();
    expect(preview.ok).toBe(false);
    expect(preview.importable).toBe(2);
    expect(preview.sources.map((s: { notASkill: string | null }) => s.notASkill)).toEqual([
      null,
      `"photo.zip" is not a ZIP archive: it is a PNG image, so it cannot hold a skill.`,
      null,
    ]);
    expect(preview.skills.map((s: { key: string; name: string }) => [s.key, s.name])).toEqual([
      ["0:previewed", "previewed"],
      ["2:", "ci-skill"],
    ]);
    expect(preview.skills[1].existing.personal).toMatchObject({ version: 2, canAddVersion: true, unchanged: true });
    expect(preview.destinations.map((d: { key: string }) => d.key)).toEqual(["personal", "public"]);
  });

  it("has no uploadthing route unless UPLOADTHING_TOKEN is set", async () => {
    const response = await remoteRoute.POST(new Request("http://localhost/api/upload/remote", { method: "POST", body: "{}", headers: bearer(adaPublish) }));
    expect(response.status).toBe(404);
  });
});
