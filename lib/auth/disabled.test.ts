import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import { PEER_HEADER } from "./client-address";

// A disabled account at the doors of lib/auth: the sign-in API and the sign-in form's action, with
// real better-auth against a real database (lib/data/accounts/disabled-sessions.test.ts covers sessions).
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
const DISABLED = "This account is disabled. Ask an instance admin to re-enable it.";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let route: typeof import("@/app/api/auth/[...all]/route");
let actions: typeof import("@/lib/actions/auth");
let doraId: string;

function post(path: string, body: unknown) {
  const headers = new Headers({ origin: ORIGIN, [PEER_HEADER]: "203.0.113.9", "content-type": "application/json" });
  return route.POST(new Request(`${ORIGIN}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
}
const signIn = (email: string, password = PASSWORD) => post("/sign-in/email", { email, password });

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", BETTER_AUTH_URL: ORIGIN });
  route = await import("@/app/api/auth/[...all]/route");
  actions = await import("@/lib/actions/auth");
  // The first account administers the instance.
  for (const name of ["root", "dora"]) expect((await post("/sign-up/email", { name, email: `${name}@example.com`, password: PASSWORD })).status).toBe(200);
  doraId = (await database.db.user.findUniqueOrThrow({ where: { email: "dora@example.com" } })).id;
}, 120_000);

afterAll(async () => {
  await database.cleanup();
});

const setDisabled = (disabled: boolean) => database.db.user.update({ where: { id: doraId }, data: { disabledAt: disabled ? new Date() : null } });

describe("a disabled account", () => {
  it("cannot sign in through the API: 403 with the reason, and only to someone who knows the password", async () => {
    await setDisabled(true);
    const refused = await signIn("dora@example.com");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "ACCOUNT_DISABLED", message: DISABLED });
    expect(refused.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
    expect((await signIn("dora@example.com", "not the passphrase at all")).status).toBe(401);
  });

  it("is told why on the sign-in form", async () => {
    const form = new FormData();
    form.set("email", "dora@example.com");
    form.set("password", PASSWORD);
    expect(await actions.signInAction({}, form)).toEqual({ message: DISABLED, values: { email: "dora@example.com" } });
  });

  it("signs in again once re-enabled", async () => {
    await setDisabled(false);
    expect((await signIn("dora@example.com")).status).toBe(200);
  });
});
