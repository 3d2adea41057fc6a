import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import { verifiedCredential } from "@/lib/auth/verified-credentials.mjs";

// The app tells the production server's admission which credentials are real: a session or token
// counts once a check of it has succeeded here, never because a request merely carried it.
vi.setConfig({ testTimeout: 60_000 });
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

const ORIGIN = "http://localhost:3996";
const PASSWORD = "a long and unusual passphrase";
const database = await createTestDatabase();
Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", BETTER_AUTH_URL: ORIGIN });
const { auth } = await import("@/lib/auth/server");
const { viewerFromHeaders } = await import("../core/session");
const tokens = await import("./tokens");
afterAll(database.cleanup);

await auth.api.signUpEmail({ body: { name: "nell", email: "nell@example.com", password: PASSWORD }, headers: new Headers({ origin: ORIGIN }) });
const nell = { id: (await database.db.user.findUniqueOrThrow({ where: { email: "nell@example.com" } })).id };

describe("credentials the admission may trust", () => {
  it("a session cookie, once it has signed a request in", async () => {
    const response = await auth.api.signInEmail({
      body: { email: "nell@example.com", password: PASSWORD },
      headers: new Headers({ origin: ORIGIN }),
      asResponse: true,
    });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(verifiedCredential({ cookie })).toBeNull();
    expect((await viewerFromHeaders(new Headers({ cookie })))?.id).toBe(nell.id);
    expect(verifiedCredential({ cookie })).not.toBeNull();
    // A forged cookie of the same shape signs nobody in and stays unknown.
    const forged = cookie.replace(/session_token=[^;]+/, "session_token=forged.value");
    expect(await viewerFromHeaders(new Headers({ cookie: forged }))).toBeNull();
    expect(verifiedCredential({ cookie: forged })).toBeNull();
  });

  it("a bearer token, once it has worked; not a made-up or revoked one", async () => {
    const created = await tokens.createToken(nell, { name: "ci", scope: "read" });
    const authorization = `Bearer ${created.secret}`;
    expect(verifiedCredential({ authorization })).toBeNull();
    expect((await tokens.checkBearer(authorization)).ok).toBe(true);
    expect(verifiedCredential({ authorization })).not.toBeNull();

    const revoked = await tokens.createToken(nell, { name: "old", scope: "read" });
    await tokens.revokeToken(nell, revoked.token.id);
    expect((await tokens.checkBearer(`Bearer ${revoked.secret}`)).ok).toBe(false);
    expect(verifiedCredential({ authorization: `Bearer ${revoked.secret}` })).toBeNull();
    const madeUp = `Bearer sks_${"x".repeat(40)}`;
    expect((await tokens.checkBearer(madeUp)).ok).toBe(false);
    expect(verifiedCredential({ authorization: madeUp })).toBeNull();
  });
});
