import { createHash } from "node:crypto";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { startTestServer } from "@/lib/test/http-server";
import { routeRequests, type RoutedRequest } from "@/lib/test/route-server";
import { discover, RFC_SCHEMA } from "@/lib/test/rfc-discovery-client";
import { rewrites } from "./rewrites";

// The discovery index and its artifacts behind a real HTTP server on 127.0.0.1, reached at their
// well-known paths through next.config.ts's rewrite, read by a client written to the RFC alone.

const { db, cleanup } = await createTestDatabase();
const { createToken } = await import("@/lib/data/accounts/tokens");
const skills = await import("@/lib/data/skills");
const { getPlaygroundCatalog } = await import("@/lib/data/playground/playground");
const profiles = await import("@/lib/data/profiles/profiles");
const route = await import("@/app/api/agent-skills/[...path]/route");
const { forgetArchiveDigests } = await import("./discovery-archive");

const { team, ada, grace, linus } = await createCast(db);
const graceToken = (await createToken(grace, { name: "agents", scope: "read" })).secret;
const linusToken = (await createToken(linus, { name: "agents", scope: "read" })).secret;

const codeReview = await skills.createSkill(grace, { skill: makeSkill("code-review"), destination: { scope: "PERSONAL" } });
const teamPdf = await skills.createSkill(ada, {
  skill: makeSkill("pdf-tools", {
    description: "Team PDF tools. Use for PDFs.",
    files: { "references/forms.md": "# Forms\n", "scripts/fill.sh": "#!/bin/sh\necho fill\n" },
    executable: ["scripts/fill.sh"],
  }),
  destination: { scope: "TEAM", teamId: team.id },
});
// Same name, lower priority: hidden by the team's for grace, so never listed for her.
const publicPdf = await skills.createSkill(ada, { skill: makeSkill("pdf-tools", { description: "Public PDF tools." }), destination: { scope: "PUBLIC" } });
const archived = await skills.createSkill(grace, { skill: makeSkill("old-notes"), destination: { scope: "PERSONAL" } });
await skills.setSkillArchived(grace, archived.skillId, true);
const linusOnly = await skills.createSkill(linus, { skill: makeSkill("linus-secret"), destination: { scope: "PERSONAL" } });

const seen: RoutedRequest[] = [];
const server = await startTestServer(routeRequests({ "/api/agent-skills/[...path]": route }, rewrites, seen));
afterAll(async () => {
  await server.close();
  await cleanup();
});

const INDEX = "/.well-known/agent-skills/index.json";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (path: string, headers: Record<string, string> = bearer(graceToken), method = "GET") => fetch(`${server.origin}${path}`, { method, headers });
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
type Entry = {
  name: string;
  type: string;
  url: string;
  digest: string;
  version: number;
  skillId: string;
  bundleDigest: string;
  files: { path: string; size: number; digest: string; executable: boolean }[];
};
const readIndex = async (query = "", token = graceToken) =>
  (await (await get(`${INDEX}${query}`, bearer(token))).json()) as { $schema: string; skills: Entry[] };
const downloads = (skillId: string) =>
  db.auditEvent.findMany({
    where: { skillId, action: "skill.download" },
    select: { actorId: true, version: true, detail: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });

describe("the discovery index", () => {
  it("lists exactly the playground catalog of the viewer, each skill as the RFC's fields plus ours", async () => {
    const index = await readIndex();
    expect(index.$schema).toBe(RFC_SCHEMA);
    const catalog = await getPlaygroundCatalog(grace);
    expect(index.skills.map((s) => [s.name, s.skillId, s.version])).toEqual(catalog.entries.map((e) => [e.name, e.skillId, e.version]));
    expect(index.skills.map((s) => s.skillId)).not.toContain(publicPdf.skillId);
    expect(index.skills.map((s) => s.skillId)).not.toContain(archived.skillId);
    expect(index.skills.map((s) => s.skillId)).not.toContain(linusOnly.skillId);

    const [review, pdf] = index.skills;
    expect(review).toMatchObject({
      name: "code-review",
      type: "skill-md",
      url: "/.well-known/agent-skills/code-review/SKILL.md",
      place: "Personal",
      reviewStatus: "none",
    });
    expect(pdf).toMatchObject({ name: "pdf-tools", type: "archive", url: "/.well-known/agent-skills/pdf-tools.zip", place: "Team Platform", version: 1 });
    expect(pdf.files).toEqual([
      { path: "SKILL.md", size: expect.any(Number), digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), executable: false },
      { path: "references/forms.md", size: 8, digest: `sha256:${sha256("# Forms\n")}`, executable: false },
      { path: "scripts/fill.sh", size: 20, digest: `sha256:${sha256("#!/bin/sh\necho fill\n")}`, executable: true },
    ]);
    expect((await readIndex("", linusToken)).skills.map((s) => s.name)).toEqual(["linus-secret", "pdf-tools"]);
  });

  it("is read by a client written to the RFC: every artifact verified, the archive unpacked with SKILL.md at its root", async () => {
    const found = await discover(`${server.origin}${INDEX}`, bearer(graceToken));
    expect(found.skipped).toEqual([]);
    expect(found.skills.map((s) => [s.name, s.type, s.contentType])).toEqual([
      ["code-review", "skill-md", "text/markdown"],
      ["pdf-tools", "archive", "application/zip"],
    ]);
    const stored = await skills.readSkillVersionFiles(grace, teamPdf.skillId);
    const pdf = found.skills[1];
    expect([...pdf.files.keys()].sort()).toEqual(stored!.files.map((f) => f.path));
    for (const file of stored!.files) expect(Buffer.from(pdf.files.get(file.path)!).equals(Buffer.from(file.bytes))).toBe(true);
    expect(new TextDecoder().decode(found.skills[0].files.get("SKILL.md"))).toContain("name: code-review");
  });

  it("digest is the sha256 of the artifact's bytes, bundleDigest the store's digest; they differ (the issue assumed they were one)", async () => {
    // Finding: issue 18 says the RFC's skill digest is "computed the same way" as the store's
    // bundle digest (sha256 over the sorted "path NUL sha256 LF" lines). It is not: RFC v0.2.0
    // ("Integrity and Verification") defines `digest` as the SHA-256 of the artifact's raw bytes,
    // SKILL.md itself or the archive file. So the index carries both: `digest` for RFC clients,
    // `bundleDigest` (our extension) for clients that compare with the store, and per-file digests.
    const index = await readIndex();
    for (const entry of index.skills) {
      const artifact = new Uint8Array(await (await get(entry.url)).arrayBuffer());
      expect(entry.digest, entry.name).toBe(`sha256:${sha256(artifact)}`);
      const lines = entry.files.map((f) => `${f.path}\0${f.digest.slice("sha256:".length)}\n`).sort();
      const version = await db.skillVersion.findUniqueOrThrow({
        where: { skillId_number: { skillId: entry.skillId, number: entry.version } },
        select: { digest: true },
      });
      expect(entry.bundleDigest, entry.name).toBe(`sha256:${sha256(lines.join(""))}`);
      expect(entry.bundleDigest, entry.name).toBe(`sha256:${version.digest}`);
      expect(entry.digest, entry.name).not.toBe(entry.bundleDigest);
    }
    const pdf = index.skills.find((s) => s.type === "archive")!;
    const zip = new Uint8Array(await (await get(pdf.url)).arrayBuffer());
    expect(
      Object.keys(unzipSync(zip))
        .filter((n) => !n.endsWith("/"))
        .sort(),
    ).toEqual(["SKILL.md", "references/forms.md", "scripts/fill.sh"]);
  });

  it("narrows to one of the viewer's profiles, pinned versions and all, and hides other people's profiles", async () => {
    await skills.addSkillVersion(ada, teamPdf.skillId, {
      skill: makeSkill("pdf-tools", { body: "# v2\n", files: { "references/forms.md": "# Forms v2\n" } }),
      message: "v2",
    });
    const profile = await profiles.createProfile(grace, { name: "PDF bot", instructions: "", skills: [{ skillId: teamPdf.skillId, pinnedVersion: 1 }] });
    const index = await readIndex(`?profile=${profile.id}`);
    expect(index.skills.map((s) => [s.name, s.version, s.url])).toEqual([["pdf-tools", 1, `/.well-known/agent-skills/pdf-tools.zip?profile=${profile.id}`]]);
    const zip = unzipSync(new Uint8Array(await (await get(index.skills[0].url)).arrayBuffer()));
    expect(new TextDecoder().decode(zip["references/forms.md"])).toBe("# Forms\n");
    const file = await get(`/.well-known/agent-skills/pdf-tools/references/forms.md?profile=${profile.id}`);
    expect(await file.text()).toBe("# Forms\n");
    expect((await get("/.well-known/agent-skills/pdf-tools/references/forms.md")).headers.get("x-skill-version")).toBe("2");
    expect((await readIndex()).skills.find((s) => s.name === "pdf-tools")?.version).toBe(2);

    const foreign = await get(`${INDEX}?profile=${profile.id}`, bearer(linusToken));
    expect(foreign.status).toBe(404);
    expect((await get(`/.well-known/agent-skills/pdf-tools/SKILL.md?profile=${profile.id}`, bearer(linusToken))).status).toBe(404);
    expect((await get(`${INDEX}?profile=../x`)).status).toBe(404);
    expect((await get(`${INDEX}?profile=a%00b`)).status).toBe(400);

    // By name too, as people know their profiles; the artifact URLs carry it on.
    const byName = await readIndex("?profile=PDF%20bot");
    expect(byName.skills.map((s) => [s.name, s.version, s.url])).toEqual([["pdf-tools", 1, "/.well-known/agent-skills/pdf-tools.zip?profile=PDF%20bot"]]);
    expect((await get(byName.skills[0].url)).status).toBe(200);
  });

  it("gives the same archive digest after the cache is forgotten, and a new one when the content changes", async () => {
    const before = (await readIndex()).skills.find((s) => s.name === "pdf-tools")!;
    forgetArchiveDigests();
    expect((await readIndex()).skills.find((s) => s.name === "pdf-tools")!.digest).toBe(before.digest);
    await skills.addSkillVersion(ada, teamPdf.skillId, { skill: makeSkill("pdf-tools", { body: "# v3\n" }), message: "v3" });
    const after = (await readIndex()).skills.find((s) => s.name === "pdf-tools")!;
    expect(after.version).toBe(3);
    expect(after.type).toBe("skill-md");
    expect(after.digest).not.toBe(before.digest);
  });
});

describe("HTTP: 401, 404, 304, HEAD", () => {
  it("answers 401 with the Bearer challenge and how to send a token when signed out, and to a bad token", async () => {
    for (const path of [INDEX, "/.well-known/agent-skills/code-review/SKILL.md", "/.well-known/agent-skills/nope.zip"]) {
      const response = await get(path, {});
      expect(response.status, path).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="skillshelf"');
      expect((await response.json()).error.message).toContain("Authorization: Bearer sks_");
    }
    const bad = await get(INDEX, bearer("sks_not-a-real-token"));
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("answers 404, never 403, for what is unknown, invisible, shadowed or archived", async () => {
    for (const path of [
      "/.well-known/agent-skills/nope/SKILL.md",
      "/.well-known/agent-skills/nope.zip",
      "/.well-known/agent-skills/linus-secret/SKILL.md",
      "/.well-known/agent-skills/linus-secret.zip",
      "/.well-known/agent-skills/old-notes/SKILL.md",
      "/.well-known/agent-skills/code-review/missing.md",
      "/.well-known/agent-skills/code-review",
      "/.well-known/agent-skills/index.jsonx",
      "/.well-known/agent-skills/..%2F..%2Fetc/passwd",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
    }
    expect((await get("/.well-known/agent-skills/linus-secret/SKILL.md", bearer(linusToken))).status).toBe(200);
  });

  it("carries a strong ETag and answers 304 to If-None-Match, for the index, a file and an archive", async () => {
    for (const path of [INDEX, "/.well-known/agent-skills/code-review/SKILL.md", "/.well-known/agent-skills/code-review.zip"]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get("etag")!;
      expect(etag, path).toMatch(/^"[0-9a-f]{64}"$/);
      expect(first.headers.get("cache-control")).toBe("private, no-cache");
      expect(first.headers.get("vary")).toBe("Authorization, Cookie");
      const again = await get(path, { ...bearer(graceToken), "if-none-match": etag });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe("");
    }
    const file = await get("/.well-known/agent-skills/code-review/SKILL.md");
    const stored = await db.skillFile.findFirstOrThrow({ where: { path: "SKILL.md", version: { skillId: codeReview.skillId } }, select: { sha256: true } });
    expect(file.headers.get("etag")).toBe(`"${stored.sha256}"`);
  });

  it("answers HEAD with the GET's headers and no body, and records no download for it", async () => {
    const before = (await downloads(codeReview.skillId)).length;
    for (const path of [INDEX, "/.well-known/agent-skills/code-review/SKILL.md", "/.well-known/agent-skills/code-review.zip"]) {
      const head = await get(path, bearer(graceToken), "HEAD");
      const full = await get(path);
      expect(head.status, path).toBe(200);
      expect(head.headers.get("etag")).toBe(full.headers.get("etag"));
      expect(head.headers.get("content-type")).toBe(full.headers.get("content-type"));
      expect(head.headers.get("content-length")).toBe(String((await full.arrayBuffer()).byteLength));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
    // Two GETs of artifacts above (SKILL.md and the archive), none for the HEADs.
    expect((await downloads(codeReview.skillId)).length).toBe(before + 2);
  });

  it("serves the media types the RFC names, and resources as untrusted attachments", async () => {
    expect((await get(INDEX)).headers.get("content-type")).toBe("application/json");
    expect((await get("/.well-known/agent-skills/code-review/SKILL.md")).headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect((await get("/.well-known/agent-skills/code-review.zip")).headers.get("content-type")).toBe("application/zip");
  });

  it("records one download per skill fetched (SKILL.md or the archive), not one per resource", async () => {
    const profile = await profiles.createProfile(grace, { name: "Pinned PDF", instructions: "", skills: [{ skillId: teamPdf.skillId, pinnedVersion: 1 }] });
    const q = `?profile=${profile.id}`;
    const before = (await downloads(teamPdf.skillId)).length;
    const resource = await get(`/.well-known/agent-skills/pdf-tools/scripts/fill.sh${q}`);
    expect(resource.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(resource.headers.get("x-content-type-options")).toBe("nosniff");
    expect(resource.headers.get("content-disposition")).toContain("attachment");
    expect((await downloads(teamPdf.skillId)).length).toBe(before);
    await get(`/.well-known/agent-skills/pdf-tools/SKILL.md${q}`);
    await get(`/.well-known/agent-skills/pdf-tools.zip${q}`);
    const events = (await downloads(teamPdf.skillId)).slice(before);
    expect(events).toEqual([
      { actorId: grace.id, version: 1, detail: JSON.stringify({ via: "discovery" }) },
      { actorId: grace.id, version: 1, detail: JSON.stringify({ via: "discovery" }) },
    ]);
    expect(seen.some((r) => r.url.startsWith("/.well-known/agent-skills/") && r.status === 403)).toBe(false);
  });
});
