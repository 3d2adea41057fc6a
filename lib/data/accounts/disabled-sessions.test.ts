import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/lib/test/database";

// A disabled account's browser sessions: deleted when it is disabled, and a session row that
// survived anyway (written while it was being disabled) signs nobody in.
vi.setConfig({ testTimeout: 60_000 });
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

const ORIGIN = "http://localhost:3997";
const PASSWORD = "a long and unusual passphrase";
const database = await createTestDatabase();
Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", BETTER_AUTH_URL: ORIGIN });
const { auth } = await import("@/lib/auth/server");
const { viewerFromHeaders } = await import("../core/session");
const admin = await import("../admin/users");
afterAll(database.cleanup);

const headers = () => new Headers({ origin: ORIGIN });
// The first account administers the instance.
for (const name of ["root", "dora"]) await auth.api.signUpEmail({ body: { name, email: `${name}@example.com`, password: PASSWORD }, headers: headers() });
const idOf = async (email: string) => (await database.db.user.findUniqueOrThrow({ where: { email } })).id;
const root = { id: await idOf("root@example.com") };
const doraId = await idOf("dora@example.com");

async function signInCookie(): Promise<Headers> {
  const response = await auth.api.signInEmail({ body: { email: "dora@example.com", password: PASSWORD }, headers: headers(), asResponse: true });
  expect(response.status).toBe(200);
  return new Headers({
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  });
}

describe("sessions of a disabled account", () => {
  it("are signed out at once, and come back only by signing in again after re-enabling", async () => {
    const cookie = await signInCookie();
    expect((await viewerFromHeaders(cookie))?.email).toBe("dora@example.com");
    await admin.disableUser(root, doraId);
    expect(await viewerFromHeaders(cookie)).toBeNull();
    await admin.enableUser(root, doraId);
    expect(await viewerFromHeaders(cookie)).toBeNull();
    expect((await viewerFromHeaders(await signInCookie()))?.id).toBe(doraId);
  });

  it("refuse a session row that outlived the disabling", async () => {
    const survivor = await signInCookie();
    await database.db.user.update({ where: { id: doraId }, data: { disabledAt: new Date() } });
    expect(await database.db.session.count({ where: { userId: doraId } })).toBeGreaterThan(0);
    expect(await viewerFromHeaders(survivor)).toBeNull();
  });
});
