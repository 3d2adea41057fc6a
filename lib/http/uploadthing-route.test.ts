import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/lib/test/database";

// /api/uploadthing called as Next calls it. getEnv() re-reads process.env here (it caches in the
// app), so each test sets or clears UPLOADTHING_TOKEN; createRouteHandler is wrapped to count
// constructions. No test reaches the network: the middleware runs before uploadthing reads its
// token or calls its servers, and fetch is stubbed to fail loudly if anything tries.

const constructed = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/lib/env", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/env")>();
  return { ...actual, getEnv: () => actual.parseEnv(process.env) };
});
vi.mock("uploadthing/next", async (importOriginal) => {
  const actual = await importOriginal<typeof import("uploadthing/next")>();
  return {
    ...actual,
    createRouteHandler: ((options) => {
      constructed.count++;
      return actual.createRouteHandler(options);
    }) as typeof actual.createRouteHandler,
  };
});

const { cleanup } = await createTestDatabase();
const route = await import("@/app/api/uploadthing/route");
const network = vi.fn(() => Promise.reject(new Error("this test must not reach the network")));
vi.stubGlobal("fetch", network);
afterAll(async () => {
  vi.unstubAllGlobals();
  await cleanup();
});

const original = process.env.UPLOADTHING_TOKEN;
afterEach(() => {
  if (original === undefined) delete process.env.UPLOADTHING_TOKEN;
  else process.env.UPLOADTHING_TOKEN = original;
});

// The shape of a real token (base64 JSON); the key is fake and never sent anywhere.
const FAKE_TOKEN = Buffer.from(JSON.stringify({ apiKey: "sk_test_not_a_real_key", appId: "skillshelf-test", regions: ["sea1"] })).toString("base64");
const uploadRequest = () =>
  new Request("http://localhost/api/uploadthing?actionType=upload&slug=skillArchive", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ files: [{ name: "skill.zip", size: 1024, type: "application/zip" }], input: null }),
  });

describe("/api/uploadthing", () => {
  it("answers 404 without UPLOADTHING_TOKEN and builds nothing of uploadthing", async () => {
    delete process.env.UPLOADTHING_TOKEN;
    const get = await route.GET(new Request("http://localhost/api/uploadthing"));
    expect(get.status).toBe(404);
    const post = await route.POST(uploadRequest());
    expect(post.status).toBe(404);
    expect((await post.json()).error).toMatchObject({ code: "not_found" });
    expect(constructed.count).toBe(0);
  });

  it("with a token, describes the one endpoint with the direct upload's size limit", async () => {
    process.env.UPLOADTHING_TOKEN = FAKE_TOKEN;
    const response = await route.GET(new Request("http://localhost/api/uploadthing"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ slug: "skillArchive", config: { blob: expect.objectContaining({ maxFileSize: "26MB", maxFileCount: 1 }) } }]);
    expect(constructed.count).toBe(1);
  });

  it("with a token, refuses an upload without a signed-in session before contacting uploadthing", async () => {
    process.env.UPLOADTHING_TOKEN = FAKE_TOKEN;
    const response = await route.POST(uploadRequest());
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "Sign in to upload skills." });
    expect(network).not.toHaveBeenCalled();
  });
});
