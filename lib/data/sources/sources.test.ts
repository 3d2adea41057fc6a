import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";

// Managing sources: who may create, see and change them, what is refused before anything is
// stored, and that a token never comes back out. The syncs themselves run against real
// repositories in sources-sync.test.ts; here a source's URL points at a closed local port, so its
// background sync fails fast and changes nothing.

Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", SOURCES_ALLOW_LOCAL: "true" });
const { db, cleanup } = await createTestDatabase();
const sources = await import("./sources");
const { webhookDelivery } = await import("@/lib/http/webhook-delivery");
// A webhook request as the route hands it over: its headers and raw body, read by lib/http.
const receiveWebhook = (sourceId: string, request: { headers: Headers; body: Uint8Array }) =>
  sources.receiveWebhook(sourceId, webhookDelivery(request.headers, request.body));
const background = await import("../background");
await background.startJobs({ recurring: false });
const { importSkills } = await import("../intake");
const editor = await import("../editor/editor");
const { restoreSkillVersion } = await import("../skills/lifecycle");
const { DataError } = await import("../errors");
const folder = await mkdtemp(path.join(os.tmpdir(), "skillshelf-source-folder-"));
afterAll(async () => {
  await sources.waitForSyncs();
  await background.stopJobs();
  await cleanup();
  await rm(folder, { recursive: true, force: true });
});

await createUser(db, "ada", { role: "ADMIN" });
await createUser(db, "grace");
await createUser(db, "alan");
const ada = { id: "ada" };
const grace = { id: "grace" };
const alan = { id: "alan" };
const team = await db.team.create({
  data: {
    name: "Platform",
    memberships: {
      create: [
        { userId: "ada", role: "OWNER" },
        { userId: "grace", role: "MEMBER" },
      ],
    },
  },
});
const platform = { scope: "TEAM" as const, teamId: team.id };

// Nothing listens on port 1: the fetch is refused at once.
const CLOSED = "http://127.0.0.1:1";
const TOKEN = "glpat-TOKEN-NEVER-SHOWN-7f3a9c";
let repo = 0;
const url = () => `${CLOSED}/repo-${++repo}.git`;

async function refusal(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DataError);
  return error as InstanceType<typeof DataError>;
}

describe("createSource", () => {
  it("creates a source for a team the viewer belongs to, returns the webhook secret once, and starts a sync", async () => {
    const { source, webhookSecret } = await sources.createSource(grace, {
      kind: "git",
      url: url(),
      ref: "main",
      subdir: "/skills/",
      destination: platform,
      intervalMinutes: 60,
    });
    expect(webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(source).toMatchObject({
      kind: "git",
      ref: "main",
      subdir: "skills",
      scope: "TEAM",
      teamId: team.id,
      place: "Team Platform",
      intervalMinutes: 60,
      hasCredential: false,
      webhookPath: `/api/sources/${source.id}/webhook`,
      createdBy: { id: "grace", name: "grace" },
    });
    expect(source.lastSync).toMatchObject({ trigger: "create" });
    expect(Date.parse(source.nextSyncAt!) - Date.now()).toBeGreaterThan(59 * 60_000);
    const row = await db.skillSource.findUniqueOrThrow({ where: { id: source.id } });
    expect(row.webhookSecret).not.toContain(webhookSecret.slice(6));
    expect(JSON.stringify(await sources.getSource(grace, source.id))).not.toContain(webhookSecret);
    await sources.waitForSyncs();
    const [sync] = (await sources.getSource(grace, source.id)).syncs;
    expect(sync).toMatchObject({ trigger: "create", status: "failed", created: 0 });
    expect(sync.error).toBeTruthy();
    expect(await db.auditEvent.findFirst({ where: { action: "source.create", teamId: team.id } })).toMatchObject({ actorId: "grace" });
  });

  it("refuses a team the viewer is not in (as not found), the public space to non-admins, and twins", async () => {
    expect((await refusal(sources.createSource(alan, { kind: "git", url: url(), destination: platform }))).code).toBe("NOT_FOUND");
    expect((await refusal(sources.createSource(grace, { kind: "git", url: url(), destination: { scope: "PUBLIC" } }))).message).toMatch(/instance admins/);
    expect((await refusal(sources.createSource(grace, { kind: "git", url: url(), destination: { scope: "TEAM" } }))).code).toBe("INVALID");
    const twin = url();
    await sources.createSource(grace, { kind: "git", url: twin, destination: { scope: "PERSONAL" } });
    expect((await refusal(sources.createSource(grace, { kind: "git", url: twin, destination: { scope: "PERSONAL" } }))).code).toBe("CONFLICT");
    await sources.createSource(ada, { kind: "git", url: twin, destination: { scope: "PUBLIC" } });
  });

  it("keeps folder sources and file:// repositories to instance admins", async () => {
    const before = await db.skillSource.count();
    expect((await refusal(sources.createSource(grace, { kind: "folder", url: folder, destination: { scope: "PERSONAL" } }))).code).toBe("FORBIDDEN");
    expect((await refusal(sources.createSource(grace, { kind: "git", url: `file://${folder}`, destination: platform }))).code).toBe("FORBIDDEN");
    expect(await db.skillSource.count()).toBe(before);
    const { source } = await sources.createSource(ada, { kind: "folder", url: folder, destination: platform });
    expect(source).toMatchObject({ kind: "folder", url: folder, ref: null });
    expect((await refusal(sources.createSource(ada, { kind: "folder", url: "relative/path", destination: platform }))).message).toMatch(/absolute path/);
    expect((await refusal(sources.createSource(ada, { kind: "folder", url: path.join(folder, "missing"), destination: platform }))).message).toMatch(
      /is not a folder/,
    );
  });

  it("refuses credentials in the URL and bad settings, naming the field", async () => {
    const bad = async (input: Partial<Parameters<typeof sources.createSource>[1]>, field: string, message: RegExp) => {
      const error = await refusal(sources.createSource(grace, { kind: "git", url: url(), destination: { scope: "PERSONAL" }, ...input }));
      expect(error.code).toBe("INVALID");
      expect(error.details?.field).toBe(field);
      expect(error.message).toMatch(message);
    };
    await bad({ url: `http://bot:${TOKEN}@127.0.0.1:1/x.git` }, "url", /token field/);
    await bad({ url: "https://user@github.com/acme/skills.git" }, "url", /token field/);
    await bad({ intervalMinutes: 30 }, "intervalMinutes", /15 minutes/);
    await bad({ ref: "--upload-pack=touch /tmp/x" }, "ref", /leading "-"/);
    await bad({ ref: "main..evil" }, "ref", /branch, tag or commit/);
    await bad({ subdir: "skills/../../etc" }, "subdir", /without "\." or "\.\." parts/);
    await bad({ token: "two words" }, "token", /without spaces/);
    // Plain http:// sends the token in clear; only a loopback test server (SOURCES_ALLOW_LOCAL) may take one.
    const inClear = "http://git.example.com/acme/skills.git";
    await bad({ url: inClear, token: TOKEN }, "token", /^A deploy token is never sent over plain http:\/\/ \(http:\/\/git\.example\.com\/acme\/skills\.git\)/);
    const { source } = await sources.createSource(grace, { kind: "git", url: inClear, destination: { scope: "PERSONAL" } });
    const later = await refusal(sources.updateSource(grace, source.id, { token: TOKEN }));
    expect([later.code, later.details?.field, later.message]).toEqual(["INVALID", "token", expect.stringContaining(`(${inClear})`)]);
    await sources.waitForSyncs();
  });
});

describe("who sees and manages sources", () => {
  it("lists the sources of every place the viewer may create in, and hides the others as not found", async () => {
    const { source: personal } = await sources.createSource(alan, { kind: "git", url: url(), destination: { scope: "PERSONAL" } });
    const teamSource = (await sources.listSources(grace)).find((s) => s.teamId === team.id)!;
    expect((await sources.listSources(alan)).map((s) => s.id)).toEqual([personal.id]);
    expect((await sources.listSources(grace)).every((s) => s.scope !== "PUBLIC" && (s.scope === "TEAM" || s.createdBy?.id === "grace"))).toBe(true);
    expect((await sources.listSources(ada)).some((s) => s.scope === "PUBLIC")).toBe(true);
    expect((await sources.listSources(ada)).some((s) => s.id === personal.id)).toBe(false);
    // One at a time: started together, a later refusal would land before anyone awaits it.
    for (const attempt of [
      () => sources.getSource(alan, teamSource.id),
      () => sources.getSource(ada, personal.id),
      () => sources.updateSource(alan, teamSource.id, { intervalMinutes: null }),
      () => sources.startSync(alan, teamSource.id),
      () => sources.syncSource(alan, teamSource.id),
      () => sources.rotateWebhookSecret(alan, teamSource.id),
      () => sources.deleteSource(alan, teamSource.id),
    ]) {
      expect((await refusal(attempt())).code).toBe("NOT_FOUND");
    }
  });
});

describe("credentials", () => {
  it("never puts the token in a summary, an audit row, a sync row or a log line", async () => {
    const logged: string[] = [];
    const spies = (["log", "error", "warn", "info"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))),
    );
    try {
      const { source } = await sources.createSource(grace, { kind: "git", url: url(), destination: platform, token: TOKEN });
      expect(source.hasCredential).toBe(true);
      await sources.syncSource(grace, source.id);
      await sources.updateSource(grace, source.id, { token: `${TOKEN}-2` });
      await sources.syncSource(grace, source.id);
      await sources.waitForSyncs();
      const everything = JSON.stringify([
        await sources.listSources(grace),
        await sources.getSource(grace, source.id),
        await db.auditEvent.findMany(),
        await db.sourceSync.findMany(),
        await db.skillSource.findMany({ select: { credential: true, webhookSecret: true } }),
        logged,
      ]);
      expect(everything).not.toContain("TOKEN-NEVER-SHOWN");
      const update = await db.auditEvent.findFirstOrThrow({ where: { action: "source.update" }, orderBy: { createdAt: "desc" } });
      expect(JSON.parse(update.detail)).toEqual({ sourceId: source.id, token: "replaced" });
      expect((await sources.updateSource(grace, source.id, { token: null })).hasCredential).toBe(false);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("fails the sync of a token this server cannot decrypt, asking for it again", async () => {
    const { source } = await sources.createSource(grace, { kind: "git", url: url(), destination: platform, token: TOKEN });
    await sources.waitForSyncs();
    // What a changed BETTER_AUTH_SECRET leaves behind: a value sealed under another key.
    await db.skillSource.update({ where: { id: source.id }, data: { credential: "v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA" } });
    const sync = await sources.syncSource(grace, source.id);
    expect(sync).toMatchObject({ status: "failed", revision: null });
    expect(sync.error).toMatch(/cannot be decrypted.*enter the token again/);
  });
});

describe("updateSource", () => {
  it("changes the schedule, ref and folder, audited without the token; null clears", async () => {
    const { source } = await sources.createSource(grace, { kind: "git", url: url(), ref: "main", destination: { scope: "PERSONAL" } });
    expect(source.nextSyncAt).toBeNull();
    const updated = await sources.updateSource(grace, source.id, { intervalMinutes: 1440, ref: null, subdir: "agents/skills" });
    expect(updated).toMatchObject({ intervalMinutes: 1440, ref: null, subdir: "agents/skills" });
    expect(Date.parse(updated.nextSyncAt!) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect((await sources.updateSource(grace, source.id, { intervalMinutes: null })).nextSyncAt).toBeNull();
    expect((await refusal(sources.updateSource(grace, source.id, { intervalMinutes: 5 }))).code).toBe("INVALID");
    const events = await db.auditEvent.findMany({ where: { action: "source.update", actorId: "grace" }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => JSON.parse(e.detail)).filter((d) => d.sourceId === source.id)).toEqual([
      { sourceId: source.id, ref: null, subdir: "agents/skills", intervalMinutes: 1440 },
      { sourceId: source.id, intervalMinutes: null },
    ]);
  });
});

describe("receiveWebhook", () => {
  const push = (ref: string, extra: Record<string, unknown> = {}) =>
    new TextEncoder().encode(JSON.stringify({ ref, repository: { default_branch: "main" }, ...extra }));
  const signed = (secret: string, body: Uint8Array, event = "push") =>
    new Headers({ "x-github-event": event, "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}` });

  it("checks GitHub's signature and GitLab's token, ignores pings and other branches, and starts a sync otherwise", async () => {
    const { source, webhookSecret } = await sources.createSource(grace, { kind: "git", url: url(), ref: "main", destination: platform });
    await sources.waitForSyncs();
    const body = push("refs/heads/main");
    expect(await receiveWebhook(source.id, { headers: signed(webhookSecret, body, "ping"), body })).toMatchObject({ status: "ignored" });
    const other = push("refs/heads/feature");
    expect(await receiveWebhook(source.id, { headers: signed(webhookSecret, other), body: other })).toEqual({
      status: "ignored",
      reason: "A push to feature; this source follows main.",
    });
    const started = await receiveWebhook(source.id, { headers: signed(webhookSecret, body), body });
    expect(started).toMatchObject({ status: "started", sync: { trigger: "webhook", status: "running" } });
    await sources.waitForSyncs();
    const gitlab = await receiveWebhook(source.id, {
      headers: new Headers({ "x-gitlab-event": "Push Hook", "x-gitlab-token": webhookSecret }),
      body: new TextEncoder().encode(JSON.stringify({ ref: "refs/heads/main", project: { default_branch: "main" } })),
    });
    expect(gitlab).toMatchObject({ status: "started", sync: { trigger: "webhook" } });
    await sources.waitForSyncs();

    const forbidden = async (headers: Headers, payload = body) =>
      expect((await refusal(receiveWebhook(source.id, { headers, body: payload }))).code).toBe("FORBIDDEN");
    await forbidden(signed("whsec_wrong", body));
    await forbidden(new Headers({ "x-github-event": "push" }));
    await forbidden(new Headers({ "x-gitlab-token": "whsec_wrong" }));
    await forbidden(signed(webhookSecret, body), push("refs/heads/main", { tampered: true }));
    // An unknown source is refused exactly as a wrong signature is.
    const unknown = await refusal(receiveWebhook("no-such-source", { headers: signed(webhookSecret, body), body }));
    const wrong = await refusal(receiveWebhook(source.id, { headers: signed("whsec_wrong", body), body }));
    expect([unknown.code, unknown.message, unknown.details]).toEqual([wrong.code, wrong.message, wrong.details]);

    const { webhookSecret: rotated } = await sources.rotateWebhookSecret(grace, source.id);
    await forbidden(signed(webhookSecret, body));
    expect(await receiveWebhook(source.id, { headers: signed(rotated, body, "ping"), body })).toMatchObject({ status: "ignored" });
  });

  it("refuses a replayed delivery: the same delivery id, the same signed body under a new id, or a GitHub push older than a day", async () => {
    const { source, webhookSecret } = await sources.createSource(grace, { kind: "git", url: url(), ref: "main", destination: platform });
    await sources.waitForSyncs();
    const pushedAt = (msAgo: number) => Math.floor((Date.now() - msAgo) / 1000);
    const body = push("refs/heads/main", { after: "a".repeat(40), repository: { default_branch: "main", pushed_at: pushedAt(0) } });
    const withId = (id: string, payload = body) => {
      const headers = signed(webhookSecret, payload);
      headers.set("x-github-delivery", id);
      return { headers, body: payload };
    };
    expect(await receiveWebhook(source.id, withId("delivery-1"))).toMatchObject({ status: "started" });
    await sources.waitForSyncs();
    const replay = await refusal(receiveWebhook(source.id, withId("delivery-1")));
    expect([replay.code, replay.message]).toEqual([
      "CONFLICT",
      "This delivery was already received; it is not run again. To sync now, use the source's Sync now.",
    ]);
    // GitHub signs the body only: a captured delivery sent again under a made-up id is the same body.
    expect((await refusal(receiveWebhook(source.id, withId("delivery-made-up")))).code).toBe("CONFLICT");
    // GitLab's id for the same event, then a new push, are taken.
    const gitlabBody = new TextEncoder().encode(JSON.stringify({ ref: "refs/heads/main", after: "b".repeat(40), project: { default_branch: "main" } }));
    const gitlab = () => new Headers({ "x-gitlab-event": "Push Hook", "x-gitlab-token": webhookSecret, "idempotency-key": "gitlab-event-7" });
    expect(await receiveWebhook(source.id, { headers: gitlab(), body: gitlabBody })).toMatchObject({ status: "started" });
    await sources.waitForSyncs();
    const again = push("refs/heads/main", { after: "c".repeat(40) });
    expect((await refusal(receiveWebhook(source.id, { headers: gitlab(), body: again }))).code).toBe("CONFLICT");
    // Older than anything remembered: refused by the date inside the signed body.
    const stale = push("refs/heads/main", { after: "d".repeat(40), repository: { default_branch: "main", pushed_at: pushedAt(25 * 3600_000) } });
    const old = await refusal(receiveWebhook(source.id, withId("delivery-2", stale)));
    expect([old.code, old.message]).toEqual(["CONFLICT", expect.stringMatching(/^This push is from .*older than the 24 hours deliveries are remembered/)]);
    const fresh = push("refs/heads/main", { after: "e".repeat(40), repository: { default_branch: "main", pushed_at: pushedAt(60_000) } });
    expect(await receiveWebhook(source.id, withId("delivery-3", fresh))).toMatchObject({ status: "started" });
    await sources.waitForSyncs();
    // Remembered in the database, so every instance agrees; a day later the rows are dropped.
    expect(await db.webhookDelivery.count({ where: { sourceId: source.id } })).toBe(6);
    await db.webhookDelivery.updateMany({ where: { sourceId: source.id }, data: { receivedAt: new Date(Date.now() - 25 * 3600_000) } });
    const later = push("refs/heads/main", { after: "f".repeat(40) });
    expect(await receiveWebhook(source.id, { headers: signed(webhookSecret, later), body: later })).toMatchObject({ status: "started" });
    await sources.waitForSyncs();
    expect(await db.webhookDelivery.count({ where: { sourceId: source.id } })).toBe(1);
  });

  it("follows the default branch when the source names no ref", async () => {
    const { source, webhookSecret } = await sources.createSource(grace, { kind: "git", url: url(), destination: { scope: "PERSONAL" } });
    await sources.waitForSyncs();
    const develop = push("refs/heads/develop");
    expect(await receiveWebhook(source.id, { headers: signed(webhookSecret, develop), body: develop })).toMatchObject({
      status: "ignored",
      reason: "A push to develop; this source follows the default branch, main.",
    });
    await sources.waitForSyncs();
  });
});

describe("synced skills: detach, the editor, delete", () => {
  it("says whether the viewer may open the source of a skill they can read (a public skill's reader may not)", async () => {
    const { source } = await sources.createSource(ada, { kind: "git", url: url(), destination: { scope: "PUBLIC" } });
    await sources.waitForSyncs();
    const [published] = await importSkills(ada, [
      {
        skill: makeSkill("public-synced"),
        destination: { scope: "PUBLIC" },
        provenance: { sourceId: source.id, url: source.url, revision: "b".repeat(40), path: "public-synced" },
      },
    ]);
    expect(await sources.getSkillSource(ada, published.skillId)).toMatchObject({ sourceId: source.id, canManage: true });
    expect(await sources.getSkillSource(grace, published.skillId)).toMatchObject({ sourceId: source.id, url: source.url, canManage: false });
  });

  it("refuses the editor with the source's URL and path until the skill is detached; deleting the source detaches the rest, keeping provenance", async () => {
    const { source } = await sources.createSource(grace, { kind: "git", url: url(), destination: platform });
    await sources.waitForSyncs();
    const provenance = (name: string) => ({ sourceId: source.id, url: source.url, revision: "a".repeat(40), path: `skills/${name}` });
    const [synced, other] = await importSkills(grace, [
      { skill: makeSkill("synced-one"), destination: platform, provenance: provenance("synced-one") },
      { skill: makeSkill("synced-two"), destination: platform, provenance: provenance("synced-two") },
    ]);
    expect(await sources.getSkillSource(grace, synced.skillId)).toEqual({
      sourceId: source.id,
      url: source.url,
      path: "skills/synced-one",
      revision: "a".repeat(40),
      canManage: true,
    });
    expect(await sources.getSkillSource(alan, synced.skillId)).toBeNull();

    expect(await editor.getEditorSkill(grace, synced.skillId)).toBeNull();
    expect(await editor.mayEditSkill(grace, synced.skillId)).toBe(false);
    const refusalNote = await editor.getEditRefusal(grace, synced.skillId);
    expect(refusalNote).toMatchObject({ source: { sourceId: source.id, url: source.url, path: "skills/synced-one" }, canDetach: true });
    expect(refusalNote?.reason).toContain(`synced from ${source.url} (skills/synced-one)`);
    const save = await refusal(
      editor.saveSkillDraft(grace, synced.skillId, { baseVersion: 1, message: "Local fix", entries: [{ path: "SKILL.md", text: "x" }], uploads: [] }),
    );
    expect(save.code).toBe("FORBIDDEN");
    expect(save.message).toBe(refusalNote?.reason);
    // An upload over it or a restore would be undone by the next sync: refused with the same words.
    const upload = await refusal(importSkills(grace, [{ skill: makeSkill("synced-one", { body: "# Local\n" }), target: { skillId: synced.skillId } }]));
    expect([upload.code, upload.message]).toEqual(["CONFLICT", refusalNote?.reason]);
    const restore = await refusal(restoreSkillVersion(grace, synced.skillId, 1));
    expect([restore.code, restore.message]).toEqual(["CONFLICT", refusalNote?.reason]);
    expect((await db.skill.findUniqueOrThrow({ where: { id: synced.skillId } })).versionCount).toBe(1);

    expect((await refusal(sources.detachSkill(alan, synced.skillId))).code).toBe("NOT_FOUND");
    await sources.detachSkill(grace, synced.skillId);
    expect(await sources.getSkillSource(grace, synced.skillId)).toBeNull();
    expect(await editor.getEditorSkill(grace, synced.skillId)).not.toBeNull();
    expect(await importSkills(grace, [{ skill: makeSkill("synced-one", { body: "# Local\n" }), target: { skillId: synced.skillId } }])).toMatchObject([
      { version: 2 },
    ]);
    expect((await refusal(sources.detachSkill(grace, synced.skillId))).code).toBe("INVALID");
    const detach = await db.auditEvent.findFirstOrThrow({ where: { action: "skill.detach", skillId: synced.skillId } });
    expect(JSON.parse(detach.detail)).toEqual({ sourceId: source.id, url: source.url, path: "skills/synced-one" });

    await sources.deleteSource(grace, source.id);
    expect(await db.skillSource.findUnique({ where: { id: source.id } })).toBeNull();
    expect(await db.skill.findUniqueOrThrow({ where: { id: other.skillId } })).toMatchObject({ sourceId: null, sourcePath: null, archived: false });
    expect(await db.skillVersion.findFirstOrThrow({ where: { skillId: other.skillId } })).toMatchObject({
      sourceId: null,
      sourceUrl: source.url,
      sourceRevision: "a".repeat(40),
      sourcePath: "skills/synced-two",
    });
    expect(JSON.parse((await db.auditEvent.findFirstOrThrow({ where: { action: "source.delete" } })).detail)).toMatchObject({
      sourceId: source.id,
      detached: 1,
    });
  });
});
