import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import { createPostgresClient, createPrismaClient } from "@/lib/db/client";
import { testDialect } from "@/lib/test/database";
import { PEER_HEADER } from "./client-address";
import { createDatabaseRateLimitStore } from "./rate-limit-database";

// Every attempt hashes or verifies a password (scrypt): slow on a shared machine.
vi.setConfig({ testTimeout: 60_000 });

// The sign-in form's server action reads the request through next/headers; here it is ours.
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error(`redirect ${to}`), { redirectedTo: to });
  },
}));

const ORIGIN = "http://localhost:3999";
const PASSWORD = "a long and unusual passphrase";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let route: typeof import("@/app/api/auth/[...all]/route");
let actions: typeof import("@/lib/actions/auth");
let resetAuthLimiters: typeof import("./guard").resetAuthLimiters;

function call(path: string, init: { body?: unknown; peer?: string; forwardedFor?: string; cookie?: string; method?: string } = {}) {
  const headers = new Headers({ origin: ORIGIN, [PEER_HEADER]: init.peer ?? "203.0.113.1" });
  if (init.forwardedFor) headers.set("x-forwarded-for", init.forwardedFor);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const req = new Request(`${ORIGIN}/api/auth${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  return method === "GET" ? route.GET(req) : route.POST(req);
}

const signIn = (email: string, password: string, options: { peer?: string; forwardedFor?: string } = {}) =>
  call("/sign-in/email", { body: { email, password }, ...options });
const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.includes("session_token"));

function formData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", BETTER_AUTH_URL: ORIGIN });
  route = await import("@/app/api/auth/[...all]/route");
  actions = await import("@/lib/actions/auth");
  ({ resetAuthLimiters } = await import("./guard"));
  for (const name of ["xavier", "yvonne", "zoe"]) {
    const response = await call("/sign-up/email", { body: { name, email: `${name}@example.com`, password: PASSWORD } });
    expect(response.status, name).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await database.cleanup();
});

// The production numbers are in guard.ts (10 per account from one address, 100 per account from
// all, 30 per address); here smaller ones keep the number of password hashes down.
const WINDOW = 15 * 60_000;
const RULES = { accountAtAddress: { limit: 3, windowMs: WINDOW }, account: { limit: 5, windowMs: WINDOW }, address: { limit: 6, windowMs: WINDOW } };
beforeEach(() => {
  resetAuthLimiters({ rules: RULES });
  request.headers = new Headers({ [PEER_HEADER]: "203.0.113.1" });
});

describe("password guessing", () => {
  it("limits guesses at one account through the API however X-Forwarded-For rotates, with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await signIn("xavier@example.com", `wrong guess ${i}`, { forwardedFor: `198.51.100.${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await signIn("Xavier@Example.com", PASSWORD, { forwardedFor: "192.0.2.44" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
    expect((await refused.json()).message).toMatch(/^Too many attempts, try again in \d+ s\.$/);
  });

  it("locks an account only for the guessing address: its owner elsewhere still signs in", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await signIn("xavier@example.com", `wrong guess ${i}`, { peer: "198.51.100.66" })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await signIn("xavier@example.com", PASSWORD, { peer: "198.51.100.66" })).status).toBe(429);
    // As many failures as the account-wide count allows, yet none of them from the owner's address.
    expect((await signIn("Xavier@Example.com", PASSWORD, { peer: "192.0.2.44" })).status).toBe(200);
  });

  it("locks an account for everyone once guesses from many addresses pass the higher count", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await signIn("xavier@example.com", `wrong guess ${i}`, { peer: `198.51.100.${70 + i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const owner = await signIn("xavier@example.com", PASSWORD, { peer: "192.0.2.44" });
    expect(owner.status).toBe(429);
    expect(Number(owner.headers.get("retry-after"))).toBeGreaterThan(800);
  });

  it("does not lock out other accounts, from another address or the attacker's own", async () => {
    for (let i = 0; i < 4; i += 1) await signIn("xavier@example.com", `wrong guess ${i}`);
    expect((await signIn("yvonne@example.com", PASSWORD, { peer: "192.0.2.9" })).status).toBe(200);
    expect((await signIn("zoe@example.com", PASSWORD)).status).toBe(200);
  });

  it("limits one address spraying guesses over many accounts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await signIn(`nobody${i}@example.com`, "wrong guess", { peer: "::ffff:203.0.113.50" })).status);
    expect(statuses.filter((s) => s === 429)).toEqual([429]);
    expect((await signIn("yvonne@example.com", PASSWORD, { peer: "203.0.113.51" })).status).toBe(200);
  });

  it("a success gives the slots back, so a user's own typos do not add up", async () => {
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 2; i += 1) expect((await signIn("zoe@example.com", "typo typo typo")).status).toBe(401);
      expect((await signIn("zoe@example.com", PASSWORD)).status).toBe(200);
    }
  });

  it("a sign-up with the guessed account's email does not reset its counter", async () => {
    for (let i = 0; i < 3; i += 1) await signIn("xavier@example.com", `wrong guess ${i}`);
    expect((await call("/sign-up/email", { body: { name: "x", email: "xavier@example.com", password: "some other passphrase" } })).status).toBe(200);
    expect((await signIn("xavier@example.com", PASSWORD)).status).toBe(429);
  });

  it("limits guesses through the sign-in form's server action", async () => {
    const messages: Array<string | undefined> = [];
    for (let i = 0; i < 4; i += 1) {
      const state = await actions.signInAction({}, formData({ email: "yvonne@example.com", password: `wrong guess ${i}` }));
      messages.push(state.message);
    }
    expect(messages[0]).toBe("That email and password don't match an account.");
    expect(messages[3]).toMatch(/^Too many attempts, try again in \d+ s\.$/);
    // The form and the API share one allowance.
    expect((await signIn("yvonne@example.com", PASSWORD)).status).toBe(429);
  });

  it("counts change-password's check of the current password against the account", async () => {
    const cookie = sessionCookie(await signIn("zoe@example.com", PASSWORD));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await call("/change-password", { cookie, body: { currentPassword: `guess ${i}`, newPassword: "another fine passphrase" } })).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("several instances", () => {
  it("count guesses at one account together when they share a database", async () => {
    // A second client on the same database is a second instance's connection; the guard runs each
    // guess through the next instance's store in turn.
    const other = testDialect === "postgres" ? createPostgresClient(database.databasePath, { poolSize: 2 }) : createPrismaClient(database.databasePath);
    try {
      const instances = [createDatabaseRateLimitStore(database.db), createDatabaseRateLimitStore(other)];
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        resetAuthLimiters({ rules: RULES, store: instances[i % 2] });
        statuses.push((await signIn("zoe@example.com", `wrong guess ${i}`, { peer: `192.0.2.${100 + i}` })).status);
      }
      // Counted apart, neither instance would have seen more than four guesses.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      expect(await database.db.rateLimitHit.count({ where: { key: "auth account email zoe@example.com" } })).toBe(5);
    } finally {
      await other.$disconnect();
    }
  });
});

describe("password policy", () => {
  it.each(["password123", "12345678", "aaaaaaaa", "newcomer@example.com"])("refuses %s on sign-up, through the API and the form", async (password) => {
    const response = await call("/sign-up/email", { body: { name: "Newcomer", email: "newcomer@example.com", password } });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("PASSWORD_TOO_WEAK");
    const state = await actions.signUpAction({}, formData({ name: "Newcomer", email: "newcomer@example.com", password }));
    expect(state.fieldErrors?.password?.[0]).toMatch(/less guessable/);
    expect(await database.db.user.count({ where: { email: "newcomer@example.com" } })).toBe(0);
  });

  it("refuses a weak new password on change-password", async () => {
    const cookie = sessionCookie(await signIn("zoe@example.com", PASSWORD));
    const response = await call("/change-password", { cookie, body: { currentPassword: PASSWORD, newPassword: "qwerty123" } });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("PASSWORD_TOO_WEAK");
  });
});

describe("accounts", () => {
  it("sign-up does not say whether an email is taken", async () => {
    const taken = await call("/sign-up/email", { body: { name: "Someone", email: "yvonne@example.com", password: "some other passphrase" } });
    const fresh = await call("/sign-up/email", { body: { name: "Someone", email: "fresh-someone@example.com", password: "some other passphrase" } });
    expect([taken.status, fresh.status]).toEqual([200, 200]);
    const [a, b] = [await taken.json(), await fresh.json()];
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect([a.token, b.token]).toEqual([null, null]);
    expect(Object.keys(a.user).sort()).toEqual(Object.keys(b.user).sort());

    const state = await actions.signUpAction({}, formData({ name: "Someone", email: "yvonne@example.com", password: "some other passphrase" }));
    expect(state.message).toBe("We couldn't create an account with these details. If you already have one, sign in instead.");
    expect(JSON.stringify(state)).not.toMatch(/exist/i);
  });

  it("the sign-up form still signs a new account in", async () => {
    await expect(actions.signUpAction({}, formData({ name: "Newer", email: "newer@example.com", password: "a fresh good passphrase" }))).rejects.toMatchObject({
      redirectedTo: "/skills",
    });
  });

  it("a password change signs out every other session", async () => {
    const first = sessionCookie(await signIn("yvonne@example.com", PASSWORD));
    const second = sessionCookie(await signIn("yvonne@example.com", PASSWORD, { peer: "192.0.2.77" }));
    expect(await (await call("/get-session", { cookie: second })).json()).not.toBeNull();
    const changed = await call("/change-password", {
      cookie: first,
      body: { currentPassword: PASSWORD, newPassword: "a changed passphrase", revokeOtherSessions: false },
    });
    expect(changed.status).toBe(200);
    expect(await (await call("/get-session", { cookie: second })).json()).toBeNull();
    const kept = sessionCookie(changed) ?? first;
    expect(await (await call("/get-session", { cookie: kept })).json()).not.toBeNull();
    await call("/change-password", { cookie: kept, body: { currentPassword: "a changed passphrase", newPassword: PASSWORD } });
  });

  it("list-sessions gives no session tokens", async () => {
    const cookie = sessionCookie(await signIn("zoe@example.com", PASSWORD));
    const response = await call("/list-sessions", { cookie });
    expect(response.status).toBe(200);
    const sessions = (await response.json()) as Array<Record<string, unknown>>;
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) {
      expect(session).not.toHaveProperty("token");
      expect(session).toHaveProperty("id");
    }
  });
});

describe("the /api/auth route", () => {
  it("answers a malformed percent-encoding in the path with 400", async () => {
    const get = await route.GET(new Request(`${ORIGIN}/api/auth/%c0%ae`));
    const post = await route.POST(
      new Request(`${ORIGIN}/api/auth/sign-in/%c0%ae%c0%ae`, { method: "POST", body: "{}", headers: { "content-type": "application/json", origin: ORIGIN } }),
    );
    expect([get.status, post.status]).toEqual([400, 400]);
  });

  it("refuses a body over 64 KB while reading it, even without Content-Length", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x61));
        if (sent >= 8 * 1024 * 1024) controller.close();
      },
    });
    const response = await route.POST(
      new Request(`${ORIGIN}/api/auth/get-session`, { method: "POST", body, duplex: "half", headers: { origin: ORIGIN } } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(256 * 1024);
  });
});
