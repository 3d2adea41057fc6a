import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import { PEER_HEADER } from "./client-address";

// Sign-ups, sign-ins and refused sign-ins reach the audit trail, through real better-auth against a
// real database.
vi.setConfig({ testTimeout: 60_000 });
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

const ORIGIN = "http://localhost:3997";
const PASSWORD = "a long and unusual passphrase";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let route: typeof import("@/app/api/auth/[...all]/route");

function post(path: string, body: unknown) {
  const headers = new Headers({ origin: ORIGIN, [PEER_HEADER]: "203.0.113.7", "content-type": "application/json" });
  return route.POST(new Request(`${ORIGIN}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
}

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", BETTER_AUTH_URL: ORIGIN });
  route = await import("@/app/api/auth/[...all]/route");
}, 120_000);

afterAll(async () => {
  await database.cleanup();
});

const events = (action: string) =>
  database.db.auditEvent
    .findMany({ where: { action }, orderBy: { createdAt: "asc" } })
    .then((rows) => rows.map((r) => ({ ...r, detail: JSON.parse(r.detail) })));

describe("the audit trail of signing in", () => {
  it("records a sign-up, a sign-in and a failed sign-in, with the account, the method and the address", async () => {
    expect((await post("/sign-up/email", { name: "Eve", email: "eve@example.com", password: PASSWORD })).status).toBe(200);
    const eve = await database.db.user.findUniqueOrThrow({ where: { email: "eve@example.com" } });
    expect(await events("auth.sign-up")).toEqual([
      expect.objectContaining({ actorId: eve.id, detail: { userId: eve.id, email: "eve@example.com", method: "password" } }),
    ]);

    expect((await post("/sign-in/email", { email: "eve@example.com", password: PASSWORD })).status).toBe(200);
    expect(await events("auth.sign-in")).toEqual([
      expect.objectContaining({ actorId: eve.id, detail: expect.objectContaining({ userId: eve.id, method: "password", address: "203.0.113.7" }) }),
    ]);

    expect((await post("/sign-in/email", { email: "Eve@example.com", password: "not the passphrase at all" })).status).toBe(401);
    expect((await post("/sign-in/email", { email: "nobody@example.com", password: "not the passphrase at all" })).status).toBe(401);
    const failed = await events("auth.sign-in-failed");
    expect(failed.map((e) => [e.actorId, e.detail.email, e.detail.address])).toEqual([
      [eve.id, "eve@example.com", "203.0.113.7"],
      [null, "nobody@example.com", "203.0.113.7"],
    ]);
    expect(failed[0].detail.reason).toMatch(/invalid email or password/i);
    // a refused attempt is not also a sign-in
    expect(await events("auth.sign-in")).toHaveLength(1);
  });
});
