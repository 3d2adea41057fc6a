import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import { countStatements, recordStatements } from "@/lib/test/sql-statements";
import { PEER_HEADER } from "@/lib/auth/client-address";
import { cookieValue, verifiedCookieValue } from "@/lib/auth/signed-cookie";

// A request's viewer from its session cookie. The common case (a current session) is read without
// better-auth's endpoint pipeline (lib/auth/session-cookie.ts): it must give what better-auth's
// getSession gives, in one statement and writing nothing; every other case is left to better-auth,
// which still deletes, refreshes and refuses as it did.
vi.setConfig({ testTimeout: 60_000 });
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

const ORIGIN = "http://localhost:3996";
const SECRET = "test-only-secret-0123456789-abcdefghij";
const PASSWORD = "a long and unusual passphrase";
const COOKIE = "better-auth.session_token";
recordStatements(); // before the first connection (see lib/test/sql-statements.ts)
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let auth: typeof import("@/lib/auth/server").auth;
let fast: typeof import("@/lib/auth/session-cookie");
let viewerFromHeaders: typeof import("./session").viewerFromHeaders;

const sign = (value: string, secret = SECRET) => `${value}.${createHmac("sha256", secret).update(value).digest("base64")}`;
const headersWith = (cookie: string) => new Headers({ cookie, origin: ORIGIN });

const requestHeaders = () => new Headers({ origin: ORIGIN, [PEER_HEADER]: "203.0.113.8" });

/** Signs in; the request headers of its cookies, and the session's token. */
async function signedIn(email: string, extra: Record<string, unknown> = {}): Promise<{ headers: Headers; token: string }> {
  const { headers: response } = await auth.api.signInEmail({ body: { email, password: PASSWORD, ...extra }, headers: requestHeaders(), returnHeaders: true });
  const cookie = response
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const token = verifiedCookieValue(cookieValue(cookie, COOKIE), SECRET);
  expect(token).toBeTruthy();
  return { headers: headersWith(cookie), token: token! };
}

const sessionRow = (token: string) => database.db.session.findUnique({ where: { token } });

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { BETTER_AUTH_SECRET: SECRET, BETTER_AUTH_URL: ORIGIN });
  auth = (await import("@/lib/auth/server")).auth;
  fast = await import("@/lib/auth/session-cookie");
  viewerFromHeaders = (await import("./session")).viewerFromHeaders;
  for (const name of ["root", "ivy", "otto"])
    await auth.api.signUpEmail({ body: { name, email: `${name}@example.com`, password: PASSWORD }, headers: requestHeaders() });
}, 120_000);

afterAll(async () => {
  await database.cleanup();
});

describe("sessionUserFromCookie", () => {
  it("gives a current session's user as better-auth does, in one statement, writing nothing", async () => {
    const { headers, token } = await signedIn("ivy@example.com");
    const before = await sessionRow(token);
    const { result, statements } = await countStatements(() => fast.sessionUserFromCookie(headers));
    const official = await auth.api.getSession({ headers });
    expect(result).toEqual({
      id: official!.user.id,
      name: official!.user.name,
      email: official!.user.email,
      role: official!.user.role,
      disabledAt: official!.user.disabledAt ?? null,
    });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^\s*SELECT/i);
    expect(await sessionRow(token)).toEqual(before);
    expect((await viewerFromHeaders(headers))?.email).toBe("ivy@example.com");
  });

  it("answers null without a validly signed cookie, as better-auth does", async () => {
    const { token } = await signedIn("ivy@example.com");
    const forged = [headersWith(""), headersWith(`${COOKIE}=${encodeURIComponent(sign(token, "a guessed secret"))}`), headersWith(`${COOKIE}=${token}`)];
    for (const headers of forged) {
      const { result, statements } = await countStatements(() => fast.sessionUserFromCookie(headers));
      expect(result).toBeNull();
      expect(statements).toHaveLength(0);
      expect(await auth.api.getSession({ headers })).toBeNull();
      expect(await viewerFromHeaders(headers)).toBeNull();
    }
  });

  it("leaves a signed token with no session to better-auth, which signs nobody in", async () => {
    const headers = headersWith(`${COOKIE}=${encodeURIComponent(sign("no-such-session"))}`);
    expect(await fast.sessionUserFromCookie(headers)).toBeUndefined();
    expect(await viewerFromHeaders(headers)).toBeNull();
  });

  it("leaves an expired session to better-auth, which deletes it and signs nobody in", async () => {
    const { headers, token } = await signedIn("otto@example.com");
    await database.db.session.update({ where: { token }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    expect(await fast.sessionUserFromCookie(headers)).toBeUndefined();
    expect(await viewerFromHeaders(headers)).toBeNull();
    expect(await sessionRow(token)).toBeNull();
  });

  it("leaves a session due for its refresh to better-auth, which extends it", async () => {
    const { headers, token } = await signedIn("otto@example.com");
    const { expiresIn, updateAge } = (await auth.$context).sessionConfig;
    // Issued a little over updateAge ago: due.
    const due = new Date(Date.now() + (expiresIn - updateAge) * 1000 - 60_000);
    await database.db.session.update({ where: { token }, data: { expiresAt: due } });
    expect(await fast.sessionUserFromCookie(headers)).toBeUndefined();
    expect((await viewerFromHeaders(headers))?.email).toBe("otto@example.com");
    expect((await sessionRow(token))!.expiresAt.getTime()).toBeGreaterThan(due.getTime() + 30_000);
    // Refreshed, it is current again: answered here.
    expect((await fast.sessionUserFromCookie(headers))?.email).toBe("otto@example.com");
  });

  it('leaves a "don\'t remember me" session to better-auth', async () => {
    const { headers } = await signedIn("ivy@example.com", { rememberMe: false });
    expect(headers.get("cookie")).toContain("dont_remember");
    expect(await fast.sessionUserFromCookie(headers)).toBeUndefined();
    expect((await viewerFromHeaders(headers))?.email).toBe("ivy@example.com");
  });

  it("gives a disabled account's surviving session no viewer", async () => {
    const { headers } = await signedIn("otto@example.com");
    const otto = await database.db.user.findUniqueOrThrow({ where: { email: "otto@example.com" } });
    await database.db.user.update({ where: { id: otto.id }, data: { disabledAt: new Date() } });
    expect((await fast.sessionUserFromCookie(headers))?.disabledAt).toBeInstanceOf(Date);
    expect(await viewerFromHeaders(headers)).toBeNull();
    await database.db.user.update({ where: { id: otto.id }, data: { disabledAt: null } });
  });
});
