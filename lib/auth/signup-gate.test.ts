import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import { PEER_HEADER } from "./client-address";

// The sign-up policy on the real endpoint and the real form action, on an invite-only instance.
vi.setConfig({ testTimeout: 60_000 });
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error(`redirect ${to}`), { redirectedTo: to });
  },
}));

const ORIGIN = "http://localhost:3998";
const PASSWORD = "a long and unusual passphrase";
const SECRET = "invite-secret-for-the-sign-up-policy-test";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let route: typeof import("@/app/api/auth/[...all]/route");
let actions: typeof import("@/lib/actions/auth");

const signUp = (body: Record<string, string>) =>
  route.POST(
    new Request(`${ORIGIN}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", [PEER_HEADER]: "203.0.113.9" },
      body: JSON.stringify({ password: PASSWORD, ...body }),
    }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", BETTER_AUTH_URL: ORIGIN, SIGNUP_POLICY: "invite-only" });
  route = await import("@/app/api/auth/[...all]/route");
  actions = await import("@/lib/actions/auth");
}, 120_000);

afterAll(async () => {
  delete process.env.SIGNUP_POLICY;
  await database.cleanup();
});

describe("sign-up on an invite-only instance", () => {
  it("lets the first account in without an invite, as its admin", async () => {
    expect((await signUp({ name: "Founder", email: "founder@example.com" })).status).toBe(200);
    expect(await database.db.user.findUnique({ where: { email: "founder@example.com" }, select: { role: true } })).toEqual({ role: "ADMIN" });
  });

  it("refuses a direct POST without an invite, for a new and a taken email alike, creating nothing", async () => {
    for (const email of ["stranger@example.com", "founder@example.com"]) {
      const response = await signUp({ name: "Stranger", email });
      expect(response.status).toBe(403);
      expect((await response.json()).message).toBe("Sign-up on this instance is by invitation: ask a team owner for an invite link.");
    }
    expect(await database.db.user.count()).toBe(1);
  });

  it("says so on the form", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: "Stranger", email: "stranger@example.com", password: PASSWORD })) form.set(key, value);
    const state = await actions.signUpAction({}, form);
    expect(state.message).toBe("Sign-up on this instance is by invitation: ask a team owner for an invite link.");
  });

  it("admits a valid invite for the matching email only, and refuses an expired one", async () => {
    const team = await database.db.team.create({ data: { name: "Platform" } });
    const hash = createHash("sha256").update(SECRET).digest("hex");
    const invite = await database.db.invitation.create({
      data: { teamId: team.id, hash, role: "MEMBER", email: "Invited@Example.com", expiresAt: new Date(Date.now() + 3_600_000) },
    });
    expect((await (await signUp({ name: "Wrong", email: "wrong@example.com", invite: SECRET })).json()).message).toMatch(/for a different email address/);
    expect((await signUp({ name: "Invited", email: "invited@example.com", invite: SECRET })).status).toBe(200);
    await database.db.invitation.update({ where: { id: invite.id }, data: { email: null, expiresAt: new Date(Date.now() - 1000) } });
    expect((await (await signUp({ name: "Late", email: "late@example.com", invite: SECRET })).json()).message).toMatch(/has expired/);
    expect(await database.db.user.count()).toBe(2);
  });
});
