import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import { countStatements, recordStatements } from "@/lib/test/sql-statements";
import { PEER_HEADER } from "./client-address";

// better-auth's session lookup (every signed-in request's first read) through the client
// lib/db/session-join.ts gives its adapter: one statement where Prisma sent two, and the same session and
// user as Prisma's own read, on real better-auth against a real database.
vi.setConfig({ testTimeout: 60_000 });

const ORIGIN = "http://localhost:3997";
const PASSWORD = "a long and unusual passphrase";
recordStatements(); // before the first connection (see the file)
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let route: typeof import("@/app/api/auth/[...all]/route");
let auth: typeof import("@/lib/auth/server").auth;
let sessionRead: typeof import("@/lib/db/session-join");

function post(path: string, body: unknown) {
  const headers = new Headers({ origin: ORIGIN, [PEER_HEADER]: "203.0.113.7", "content-type": "application/json" });
  return route.POST(new Request(`${ORIGIN}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
}

/** Signs in and answers the session cookie's request headers. */
async function signedIn(email: string): Promise<Headers> {
  const response = await post("/sign-in/email", { email, password: PASSWORD });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie, origin: ORIGIN });
}

/** What Prisma's own read gives, as better-auth's adapter asks for it: the session's columns and the user included. */
const throughPrisma = (token: string) =>
  database.db.session.findFirst({
    where: { token },
    select: { id: true, expiresAt: true, token: true, createdAt: true, updatedAt: true, ipAddress: true, userAgent: true, userId: true, user: true },
  });

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", BETTER_AUTH_URL: ORIGIN });
  route = await import("@/app/api/auth/[...all]/route");
  auth = (await import("@/lib/auth/server")).auth;
  sessionRead = await import("@/lib/db/session-join");
  for (const name of ["root", "eve"]) expect((await post("/sign-up/email", { name, email: `${name}@example.com`, password: PASSWORD })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await database.cleanup();
});

describe("the session lookup", () => {
  it("reads the session and its user in one statement, as better-auth's getSession sees them", async () => {
    const headers = await signedIn("eve@example.com");
    const { result, statements } = await countStatements(() => auth.api.getSession({ headers }));
    expect(result?.user).toMatchObject({ email: "eve@example.com", name: "eve", role: "USER", emailVerified: false, disabledAt: null, image: null });
    expect(result?.user.createdAt).toBeInstanceOf(Date);
    expect(result?.session.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(statements.filter((sql) => /\bsession\b/i.test(sql) && /^\s*SELECT/i.test(sql))).toHaveLength(1);
    expect(statements.filter((sql) => /^\s*SELECT/i.test(sql))).toHaveLength(1);
  });

  it("gives what Prisma's read gives: every column, typed, for users with and without the optional ones", async () => {
    const eve = await database.db.user.findUniqueOrThrow({ where: { email: "eve@example.com" } });
    await database.db.user.update({
      where: { id: eve.id },
      data: { image: "https://example.com/eve.png", emailVerified: true, disabledAt: new Date(1_800_000_000_123) },
    });
    const sessions = await database.db.session.findMany({ select: { token: true } });
    expect(sessions.length).toBeGreaterThan(0);
    const columns = ["id", "expiresAt", "token", "createdAt", "updatedAt", "ipAddress", "userAgent", "userId"] as const;
    for (const { token } of sessions) expect(await sessionRead.readSessionWithUser(database.db, token, [...columns])).toEqual(await throughPrisma(token));
    await database.db.user.update({ where: { id: eve.id }, data: { image: null, emailVerified: false, disabledAt: null } });
    expect(await sessionRead.readSessionWithUser(database.db, "no-such-token", [...columns])).toBeNull();
  });

  it("leaves every other read of the client to Prisma", async () => {
    const client = sessionRead.withSessionJoin(database.db);
    const [{ token, userId }] = await database.db.session.findMany({ select: { token: true, userId: true } });
    // Not by token alone, or not with the user: Prisma's answer, whatever its shape.
    expect(await client.session.findFirst({ where: { userId }, select: { token: true, user: true } })).toMatchObject({ token, user: { id: userId } });
    expect(await client.session.findFirst({ where: { token }, select: { id: true } })).toEqual(
      await database.db.session.findFirst({ where: { token }, select: { id: true } }),
    );
    expect(await client.session.findFirst({ where: { token } })).toEqual(await database.db.session.findFirst({ where: { token } }));
    expect(await client.user.count()).toBe(2);
    expect(await client.$transaction(async (tx) => tx.user.count())).toBe(2);
  });
});
