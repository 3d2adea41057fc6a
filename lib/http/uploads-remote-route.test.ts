import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, createUser } from "@/lib/test/database";

// /api/upload/remote called as Next calls it, with UPLOADTHING_TOKEN set. Only ids the server
// assigned to the caller's own uploads may be fetched; anything else answers 404 before any
// request leaves the server (fetch is stubbed to fail loudly).

vi.mock("@/lib/env", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/env")>();
  return { ...actual, getEnv: () => actual.parseEnv(process.env) };
});

const { db, cleanup } = await createTestDatabase();
const route = await import("@/app/api/upload/remote/route");
const { createToken } = await import("@/lib/data/accounts/tokens");
const { remoteUploadId } = await import("@/lib/skills/upload/remote-upload-id");
const network = vi.fn(() => Promise.reject(new Error("this test must not reach the network")));
vi.stubGlobal("fetch", network);
const original = process.env.UPLOADTHING_TOKEN;
process.env.UPLOADTHING_TOKEN = Buffer.from(JSON.stringify({ apiKey: "sk_test_not_a_real_key", appId: "skillshelf-test", regions: ["sea1"] })).toString(
  "base64",
);
afterAll(async () => {
  vi.unstubAllGlobals();
  if (original === undefined) delete process.env.UPLOADTHING_TOKEN;
  else process.env.UPLOADTHING_TOKEN = original;
  await cleanup();
});

await createUser(db, "grace");
await createUser(db, "linus");
const graceToken = (await createToken({ id: "grace" }, { name: "ci", scope: "publish" })).secret;

const remote = (key: string) =>
  route.POST(
    new Request("http://localhost/api/upload/remote", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${graceToken}` },
      body: JSON.stringify({ key, name: "skill.zip", scope: "personal", commit: false }),
    }),
  );

describe("/api/upload/remote", () => {
  it("refuses another user's upload id, a plain uploadthing key and a forged id, without fetching anything", async () => {
    for (const key of [remoteUploadId("linus", "a1B2c3D4e5F6g7H8i9j0"), "2e0fdb64-9957-4262-8e45-f372ba903ac8", "skillshelf.grace.x"]) {
      const response = await remote(key);
      expect(response.status, key).toBe(404);
      expect((await response.json()).error).toMatchObject({ code: "not_found" });
    }
    expect(network).not.toHaveBeenCalled();
  });

  it("passes the caller's own upload id on to uploadthing (which this machine cannot reach)", async () => {
    const outcome = await remote(remoteUploadId("grace", "a1B2c3D4e5F6g7H8i9j0")).then(
      (response) => response.status,
      () => "network error",
    );
    expect(outcome).not.toBe(404);
    expect(network).toHaveBeenCalled();
  });
});
