import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { sha256Hex } from "@/lib/skills/archive/digest";
import { folderFingerprint } from "@/lib/skills/clawhub/protocol";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";

// The ClawHub registry's routes called as Next calls them, with bearer tokens. The real client
// drives them end to end in e2e/clawhub.spec.ts; these pin the shapes and refusals.

Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", BETTER_AUTH_URL: "http://localhost:3000" });
const { db, cleanup } = await createTestDatabase();
const { createToken } = await import("@/lib/data/accounts/tokens");
const { createSkill } = await import("@/lib/data/skills");
const route = await import("@/app/api/clawhub/[...path]/route");
const discovery = await import("@/app/api/clawhub-discovery/route");
afterAll(cleanup);

await createUser(db, "ada", { role: "ADMIN" });
await createUser(db, "grace");
const read = (await createToken({ id: "grace" }, { name: "read", scope: "read" })).secret;
const write = (await createToken({ id: "grace" }, { name: "publish", scope: "publish" })).secret;
const skill = await createSkill({ id: "grace" }, { skill: makeSkill("notes", { files: { "references/a.md": "# A\n" } }), destination: { scope: "PERSONAL" } });

function call(method: "GET" | "POST", path: string, token: string | null, body?: BodyInit, contentType = "application/json") {
  const url = new URL(`http://localhost:3000/api/clawhub/${path}`);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers["content-type"] = contentType;
  const segments = url.pathname.split("/").slice(3).filter(Boolean).map(decodeURIComponent);
  const handler = method === "GET" ? route.GET : route.POST;
  return handler(new Request(url, { method, headers, body }), { params: Promise.resolve({ path: segments }) });
}

describe("the ClawHub registry", () => {
  it("announces its base at the well-known address", async () => {
    const response = await discovery.GET(new Request("http://localhost:3000/.well-known/clawhub.json"));
    expect(await response.json()).toEqual({ apiBase: "http://localhost:3000/api/clawhub", authBase: "http://localhost:3000", minCliVersion: "0.23.3" });
  });

  it("asks for a token, as plain text the CLI prints, and rate limits with the API's fields", async () => {
    const response = await call("GET", "api/v1/whoami", null);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(await response.text()).toContain("Bearer sks_");
    expect(response.headers.get("ratelimit-policy")).toContain('"api"');
  });

  it("answers whoami, the skill, its versions, resolve and a root-level download recorded with via clawhub", async () => {
    expect(await (await call("GET", "api/v1/whoami", read)).json()).toEqual({
      user: { handle: "grace@example.com", displayName: "grace", image: null, role: "user" },
    });
    const detail = await (await call("GET", "api/v1/skills/notes", read)).json();
    expect(detail).toMatchObject({
      skill: { slug: "notes", tags: { latest: "1.0.0" } },
      latestVersion: { version: "1.0.0" },
      owner: { handle: "grace@example.com" },
    });
    const version = await (await call("GET", "api/v1/skills/notes/versions/1.0.0", read)).json();
    expect(version.version.files.map((f: { path: string }) => f.path)).toEqual(["SKILL.md", "references/a.md"]);

    const hash = folderFingerprint(version.version.files);
    expect(await (await call("GET", `api/v1/resolve?slug=notes&hash=${hash}`, read)).json()).toEqual({
      match: { version: "1.0.0" },
      latestVersion: { version: "1.0.0" },
    });
    expect(await db.auditEvent.count({ where: { action: "skill.download" } })).toBe(0);

    const zip = await call("GET", "api/v1/download?slug=notes&version=1.0.0", read);
    expect(zip.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer()))).sort()).toEqual(["SKILL.md", "references/", "references/a.md"]);
    const recorded = await db.auditEvent.findMany({ where: { action: "skill.download" } });
    expect(recorded).toMatchObject([{ skillId: skill.skillId, version: 1, detail: JSON.stringify({ via: "clawhub" }) }]);

    const tagged = await call("GET", "api/v1/download?slug=notes&tag=beta", read);
    expect(tagged.status).toBe(404);
    expect(await tagged.text()).toContain('Unknown tag "beta"');
    expect((await call("GET", "api/v1/download?slug=notes&version=7.0.0", read)).status).toBe(404);
    expect((await call("GET", "api/v1/skills?sort=downloads", read)).status).toBe(400);
  });

  it("publishes: upload-url, the bytes, then the skill; a read token may not", async () => {
    const bytes = new TextEncoder().encode("---\nname: published\ndescription: Does published things. Use for published.\n---\n\nSteps.\n");
    const sha256 = sha256Hex(bytes);
    const denied = await call("POST", "api/v1/skills/-/upload-url", read, JSON.stringify({ path: "SKILL.md", size: bytes.byteLength, sha256 }));
    expect(denied.status).toBe(403);
    const ticket = await (await call("POST", "api/v1/skills/-/upload-url", write, JSON.stringify({ path: "SKILL.md", size: bytes.byteLength, sha256 }))).json();
    expect(ticket.uploadUrl).toMatch(/^http:\/\/localhost:3000\/api\/clawhub\/api\/v1\/skills\/-\/upload\?ticket=/);
    const uploadPath = new URL(ticket.uploadUrl).pathname.replace("/api/clawhub/", "") + new URL(ticket.uploadUrl).search;
    const staged = await (await call("POST", uploadPath, write, bytes as Uint8Array<ArrayBuffer>, "text/markdown")).json();
    const published = await call(
      "POST",
      "api/v1/skills",
      write,
      JSON.stringify({
        slug: "published",
        displayName: "Published",
        version: "1.0.0",
        changelog: "",
        tags: ["latest"],
        files: [{ path: "SKILL.md", size: bytes.byteLength, sha256, storageId: staged.storageId }],
      }),
    );
    expect(published.status).toBe(201);
    expect(await published.json()).toMatchObject({ ok: true, slug: "published", version: "1.0.0", publicationStatus: "published" });
    expect(await db.skill.count({ where: { name: "published", scope: "PERSONAL", ownerId: "grace" } })).toBe(1);
  });

  it("maps tags to release labels: tag=stable downloads the stable version, and the versions list shows each version's tags", async () => {
    const { addSkillVersion } = await import("@/lib/data/skills");
    const { moveLabel } = await import("@/lib/data/skills/labels");
    const tagged = await createSkill({ id: "grace" }, { skill: makeSkill("tagged"), destination: { scope: "PERSONAL" } });
    await addSkillVersion({ id: "grace" }, tagged.skillId!, { skill: makeSkill("tagged", { body: "# Tagged\n\nSecond.\n" }), message: "v2" });
    await moveLabel({ id: "grace" }, tagged.skillId!, "stable", 1);

    const detail = await (await call("GET", "api/v1/skills/tagged", read)).json();
    expect(detail.skill.tags).toEqual({ latest: "2.0.0", stable: "1.0.0" });
    const versions = await (await call("GET", "api/v1/skills/tagged/versions", read)).json();
    expect(versions.items.map((v: { version: string; tags: string[] }) => [v.version, v.tags])).toEqual([
      ["2.0.0", ["latest"]],
      ["1.0.0", ["stable"]],
    ]);
    const stable = await call("GET", "api/v1/download?slug=tagged&tag=stable", read);
    expect(stable.status).toBe(200);
    expect(stable.headers.get("x-skill-version")).toBe("1");
    const latest = await call("GET", "api/v1/download?slug=tagged&tag=latest", read);
    expect(latest.headers.get("x-skill-version")).toBe("2");
    const beta = await call("GET", "api/v1/download?slug=tagged&tag=beta", read);
    expect(beta.status).toBe(404);
    expect((await beta.text()).trim()).toBe('Unknown tag "beta": this skill\'s tags are "latest", "stable".');
  });
});
