import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { startTestServer } from "@/lib/test/http-server";
import { routeRequests } from "@/lib/test/route-server";
import { discover, RFC_SCHEMA } from "@/lib/test/rfc-discovery-client";
import { rewrites } from "./rewrites";

// Delivery links behind a real HTTP server on 127.0.0.1, at their /feeds/<secret>/ paths through
// next.config.ts's rewrites, with no Authorization header anywhere. The real `skills` CLI drives
// them in e2e/feeds.spec.ts; this covers the data layer's rules and the HTTP answers.

const { db, cleanup } = await createTestDatabase();
const feeds = await import("@/lib/data/distribution/feeds");
const { hashTokenSecret } = await import("@/lib/data/accounts/tokens");
const skills = await import("@/lib/data/skills");
const profiles = await import("@/lib/data/profiles/profiles");
const route = await import("@/app/api/feeds/[secret]/[[...path]]/route");

const { team, ada, grace, linus } = await createCast(db);
const codeReview = await skills.createSkill(grace, { skill: makeSkill("code-review"), destination: { scope: "PERSONAL" } });
const teamPdf = await skills.createSkill(ada, {
  skill: makeSkill("pdf-tools", { files: { "scripts/fill.sh": "#!/bin/sh\necho fill\n" }, executable: ["scripts/fill.sh"] }),
  destination: { scope: "TEAM", teamId: team.id },
});
await skills.createSkill(ada, { skill: makeSkill("ada-notes"), destination: { scope: "PERSONAL" } });

const server = await startTestServer(routeRequests({ "/api/feeds/[secret]/[[...path]]": route }, rewrites));
afterAll(async () => {
  await server.close();
  await cleanup();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.origin}${path}`, { headers });
const feedDownloads = (feedId: string) =>
  db.auditEvent.findMany({ where: { action: "skill.download", detail: { contains: feedId } }, select: { skillName: true, version: true, detail: true } });
type Index = { $schema: string; skills: { name: string; type: string; url: string; digest: string; files: string[] }[] };

describe("delivery links: the data layer", () => {
  it("stores only the secret's hash, shows it once, and audits the making", async () => {
    const { feed, secret } = await feeds.createFeed(grace, { name: "  laptop  " });
    expect(secret).toMatch(/^sksf_[0-9A-Za-z]{40}$/);
    expect(feed).toMatchObject({ name: "laptop", kind: "personal", prefix: secret.slice(0, 13), profile: null, team: null, revokedAt: null });
    const row = await db.deliveryFeed.findUniqueOrThrow({ where: { id: feed.id } });
    expect(row.hash).toBe(hashTokenSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(13));
    expect(JSON.stringify(await feeds.listFeeds(grace))).not.toContain(secret.slice(13));
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "feed.create", actorId: "grace" } });
    expect(audit.detail).toContain(feed.id);
    expect(audit.detail).not.toContain(secret.slice(13));
  });

  it("refuses a name that is empty or too long, and a profile and a team at once", async () => {
    await expect(feeds.createFeed(grace, { name: " " })).rejects.toThrow(/name of 1 to 64/);
    await expect(feeds.createFeed(grace, { name: "x".repeat(65) })).rejects.toThrow(/name of 1 to 64/);
    await expect(feeds.createFeed(ada, { name: "x", profile: "p", team: team.id })).rejects.toThrow(/not both/);
  });

  it("lists one's own links only, and revokes only one's own (someone else's is null)", async () => {
    const { feed } = await feeds.createFeed(linus, { name: "linus" });
    expect((await feeds.listFeeds(grace)).map((f) => f.id)).not.toContain(feed.id);
    expect(await feeds.revokeFeed(grace, feed.id)).toBeNull();
    const revoked = await feeds.revokeFeed(linus, feed.id);
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    expect(await feeds.revokeFeed(linus, feed.id)).toEqual(revoked);
    expect((await feeds.listFeeds(linus)).map((f) => f.id)).not.toContain(feed.id);
    expect((await feeds.listFeeds(linus, { includeRevoked: true })).map((f) => f.id)).toContain(feed.id);
  });

  it("finds the viewer's own profile by name when someone else has a profile of the same name", async () => {
    // Profile names are unique per owner only: linus's "shared-name" comes first and must not hide ada's.
    const linusSkill = await skills.createSkill(linus, { skill: makeSkill("linus-notes"), destination: { scope: "PERSONAL" } });
    await profiles.createProfile(linus, { name: "shared-name", instructions: "", skills: [{ skillId: linusSkill.skillId, pinnedVersion: null }] });
    const mine = await profiles.createProfile(ada, { name: "shared-name", instructions: "", skills: [{ skillId: teamPdf.skillId, pinnedVersion: null }] });
    const { feed } = await feeds.createFeed(ada, { name: "by name", profile: "shared-name" });
    expect(feed.profile).toEqual({ id: mine.id, name: "shared-name" });
  });

  it("stops a team link when its maker is no longer the team's owner or admin", async () => {
    await db.membership.create({ data: { teamId: team.id, userId: "linus", role: "ADMIN" } });
    const { secret } = await feeds.createFeed(linus, { name: "team", team: "Platform" });
    expect(await feeds.checkFeedSecret(secret)).toMatchObject({ ok: true, options: { team: team.id } });
    await db.membership.update({ where: { teamId_userId: { teamId: team.id, userId: "linus" } }, data: { role: "MEMBER" } });
    expect(await feeds.checkFeedSecret(secret)).toMatchObject({ ok: false, reason: "withdrawn" });
    await db.membership.delete({ where: { teamId_userId: { teamId: team.id, userId: "linus" } } });
  });

  it("answers unknown for a malformed or made-up secret", async () => {
    expect(await feeds.checkFeedSecret("sksf_short")).toEqual({ ok: false, reason: "unknown" });
    expect(await feeds.checkFeedSecret(`sksf_${"A".repeat(40)}`)).toEqual({ ok: false, reason: "unknown" });
  });

  it("records a delivery once per link, skill and version", async () => {
    const { feed } = await feeds.createFeed(grace, { name: "count" });
    expect(await feeds.recordFeedDownload(feed.id, grace, codeReview.skillId, 1)).toBe(true);
    expect(await feeds.recordFeedDownload(feed.id, grace, codeReview.skillId, 1)).toBe(false);
    expect(await feeds.recordFeedDownload(feed.id, grace, codeReview.skillId, 2)).toBe(true);
    expect((await feedDownloads(feed.id)).map((e) => [e.skillName, e.version, JSON.parse(e.detail)])).toEqual([
      ["code-review", 1, { via: "feed", feedId: feed.id }],
      ["code-review", 2, { via: "feed", feedId: feed.id }],
    ]);
  });
});

describe("delivery links: HTTP", () => {
  it("serves the viewer's catalog with URLs relative to the index, read by a client written to the RFC", async () => {
    const { feed, secret } = await feeds.createFeed(grace, { name: "rfc" });
    const base = `/feeds/${secret}`;
    const response = await get(`${base}/.well-known/agent-skills/index.json`);
    expect(response.status).toBe(200);
    const index = (await response.json()) as Index;
    expect(index.$schema).toBe(RFC_SCHEMA);
    expect(index.skills.map((s) => [s.name, s.type, s.url])).toEqual([
      ["code-review", "skill-md", "code-review/SKILL.md"],
      ["pdf-tools", "archive", "pdf-tools.zip"],
    ]);
    // The v0.1 RFC's files[]: paths, which older clients fetch one by one under the index.
    expect(index.skills[1].files).toEqual(["SKILL.md", "scripts/fill.sh"]);
    const fetched = await discover(`${server.origin}${base}/.well-known/agent-skills/index.json`);
    expect(fetched.skills.map((s) => [s.name, [...s.files.keys()].sort()])).toEqual([
      ["code-review", ["SKILL.md"]],
      ["pdf-tools", ["SKILL.md", "scripts/fill.sh"]],
    ]);
    // Older clients' path, and a file by path as they read it.
    expect((await get(`${base}/.well-known/skills/index.json`)).status).toBe(200);
    expect(await (await get(`${base}/.well-known/agent-skills/pdf-tools/scripts/fill.sh`)).text()).toBe("#!/bin/sh\necho fill\n");
    expect((await feedDownloads(feed.id)).map((e) => e.skillName).sort()).toEqual(["code-review", "pdf-tools"]);
  });

  it("narrows to the profile or the team the link was made for", async () => {
    const profile = await profiles.createProfile(grace, { name: "reviewer", instructions: "", skills: [{ skillId: codeReview.skillId, pinnedVersion: null }] });
    const byProfile = await feeds.createFeed(grace, { name: "p", profile: "reviewer" });
    expect(byProfile.feed).toMatchObject({ kind: "profile", profile: { id: profile.id, name: "reviewer" } });
    const names = async (secret: string) =>
      ((await (await get(`/feeds/${secret}/.well-known/agent-skills/index.json`)).json()) as Index).skills.map((s) => s.name);
    expect(await names(byProfile.secret)).toEqual(["code-review"]);
    const byTeam = await feeds.createFeed(ada, { name: "t", team: team.id });
    expect(await names(byTeam.secret)).toEqual(["pdf-tools"]);
    expect((await get(`/feeds/${byTeam.secret}/.well-known/agent-skills/ada-notes/SKILL.md`)).status).toBe(404);
    expect(
      ((await (await get(`/feeds/${byTeam.secret}/.well-known/agent-skills/index.json`)).json()) as Index & { skills: { skillId: string }[] }).skills[0]
        .skillId,
    ).toBe(teamPdf.skillId);
  });

  it("refuses a revoked link with 410 and the date, an unknown one with 404, never naming the link", async () => {
    const { feed, secret } = await feeds.createFeed(grace, { name: "gone" });
    await feeds.revokeFeed(grace, feed.id);
    for (const path of ["", "/.well-known/agent-skills/index.json", "/.well-known/agent-skills/pdf-tools.zip"]) {
      const response = await get(`/feeds/${secret}${path}`);
      expect(response.status).toBe(410);
      const { error } = await response.json();
      expect(error.message).toMatch(/^This delivery link was revoked on \d{4}-\d{2}-\d{2}\./);
      expect(error.message).not.toContain("gone");
    }
    const unknown = await get(`/feeds/sksf_${"B".repeat(40)}/.well-known/agent-skills/index.json`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe("No such delivery link. Check that it was copied whole.");
  });

  it("stops when the owner's account is disabled", async () => {
    const { secret } = await feeds.createFeed(linus, { name: "disabled" });
    await db.user.update({ where: { id: "linus" }, data: { disabledAt: new Date() } });
    const response = await get(`/feeds/${secret}/.well-known/agent-skills/index.json`);
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe("The account that made this delivery link is disabled.");
    await db.user.update({ where: { id: "linus" }, data: { disabledAt: null } });
  });

  it("refuses other paths below a link", async () => {
    const { secret } = await feeds.createFeed(grace, { name: "paths" });
    expect((await get(`/feeds/${secret}/index.json`)).status).toBe(404);
    expect((await get(`/feeds/${secret}/.well-known/other/index.json`)).status).toBe(404);
  });
});
