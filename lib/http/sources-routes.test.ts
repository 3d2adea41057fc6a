import { createHmac } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createUser } from "@/lib/test/database";

// The sources' HTTP routes called as Next calls them: the v1 API with bearer tokens, and the
// webhook with GitHub-style signatures. What a sync does is sources-sync.test.ts's business; here
// the source points at a closed local port, so its syncs fail fast.

Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", SOURCES_ALLOW_LOCAL: "true" });
const { db, cleanup } = await createTestDatabase();
const { createToken } = await import("@/lib/data/accounts/tokens");
const sources = await import("@/lib/data/sources/sources");
const background = await import("@/lib/data/background");
await background.startJobs({ recurring: false });
const listRoute = await import("@/app/api/v1/sources/route");
const sourceRoute = await import("@/app/api/v1/sources/[sourceId]/route");
const syncRoute = await import("@/app/api/v1/sources/[sourceId]/sync/route");
const webhookRoute = await import("@/app/api/sources/[sourceId]/webhook/route");
afterAll(async () => {
  await sources.waitForSyncs();
  await background.stopJobs();
  await cleanup();
});

await createUser(db, "grace");
await createUser(db, "alan");
const graceRead = (await createToken({ id: "grace" }, { name: "read", scope: "read" })).secret;
const gracePublish = (await createToken({ id: "grace" }, { name: "publish", scope: "publish" })).secret;
const alanRead = (await createToken({ id: "alan" }, { name: "read", scope: "read" })).secret;
const { source, webhookSecret } = await sources.createSource(
  { id: "grace" },
  { kind: "git", url: "http://127.0.0.1:1/skills.git", ref: "main", destination: { scope: "PERSONAL" } },
);
await sources.waitForSyncs();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const params = (sourceId: string) => ({ params: Promise.resolve({ sourceId }) });

describe("GET /api/v1/sources and /api/v1/sources/{id}", () => {
  it("lists the token owner's sources, shows one with its syncs, and answers 404 to others", async () => {
    const list = await listRoute.GET(new Request("http://localhost/api/v1/sources", { headers: bearer(graceRead) }));
    expect(list.status).toBe(200);
    expect((await list.json()).items).toMatchObject([{ id: source.id, kind: "git", hasCredential: false, lastSync: { trigger: "create", status: "failed" } }]);
    const one = await sourceRoute.GET(new Request(`http://localhost/api/v1/sources/${source.id}`, { headers: bearer(graceRead) }), params(source.id));
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id: source.id, skills: [], syncs: [{ trigger: "create" }] });
    const hidden = await sourceRoute.GET(new Request(`http://localhost/api/v1/sources/${source.id}`, { headers: bearer(alanRead) }), params(source.id));
    expect(hidden.status).toBe(404);
    expect((await listRoute.GET(new Request("http://localhost/api/v1/sources"))).status).toBe(401);
  });
});

describe("POST /api/v1/sources/{id}/sync", () => {
  it("starts a sync with a publish token (202, the running sync) and refuses a read token", async () => {
    const sync = (token: string) =>
      syncRoute.POST(new Request(`http://localhost/api/v1/sources/${source.id}/sync`, { method: "POST", headers: bearer(token) }), params(source.id));
    const readOnly = await sync(graceRead);
    expect(readOnly.status).toBe(403);
    expect((await readOnly.json()).error.code).toBe("insufficient_scope");
    const started = await sync(gracePublish);
    expect(started.status).toBe(202);
    expect(started.headers.get("location")).toBe(`/api/v1/sources/${source.id}`);
    expect(await started.json()).toMatchObject({ trigger: "manual", status: "running", finishedAt: null });
    await sources.waitForSyncs();
  });
});

describe("POST /api/sources/{id}/webhook", () => {
  const deliver = (sourceId: string, body: string, headers: Record<string, string>) =>
    webhookRoute.POST(new Request(`http://localhost/api/sources/${sourceId}/webhook`, { method: "POST", body, headers }), params(sourceId));
  const github = (secret: string, body: string, event = "push") => ({
    "content-type": "application/json",
    "x-github-event": event,
    "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
  });
  const push = (ref: string) => JSON.stringify({ ref, repository: { default_branch: "main" } });

  it("answers 202 to a signed push, 200 to a ping or another branch, 401 alike to a bad signature and an unknown source, 409 to a replay", async () => {
    const started = await deliver(source.id, push("refs/heads/main"), github(webhookSecret, push("refs/heads/main")));
    expect(started.status).toBe(202);
    expect(await started.json()).toMatchObject({ status: "started", sync: { trigger: "webhook" } });
    await sources.waitForSyncs();
    const ping = await deliver(source.id, "{}", github(webhookSecret, "{}", "ping"));
    expect(ping.status).toBe(200);
    expect((await ping.json()).status).toBe("ignored");
    const other = await deliver(source.id, push("refs/heads/dev"), github(webhookSecret, push("refs/heads/dev")));
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual({ status: "ignored", reason: "A push to dev; this source follows main." });

    const wrong = await deliver(source.id, push("refs/heads/main"), github("whsec_not-it", push("refs/heads/main")));
    expect(wrong.status).toBe(401);
    const unknown = await deliver("no-such-source", push("refs/heads/main"), github(webhookSecret, push("refs/heads/main")));
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());

    const replayed = await deliver(source.id, push("refs/heads/main"), github(webhookSecret, push("refs/heads/main")));
    expect(replayed.status).toBe(409);
    expect((await replayed.json()).error).toMatchObject({ code: "replayed_delivery", message: expect.stringContaining("already received") });
  });

  it("refuses a body over 1 MB before reading it as anything", async () => {
    const huge = JSON.stringify({ ref: "refs/heads/main", padding: "x".repeat(1024 * 1024) });
    const response = await deliver(source.id, huge, github(webhookSecret, huge));
    expect(response.status).toBe(413);
  });
});
