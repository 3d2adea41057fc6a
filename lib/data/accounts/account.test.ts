import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, refusal } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij" });
const account = await import("./account");
afterAll(cleanup);

const { ada, grace } = await createCast(db);
const DAY = 24 * 60 * 60 * 1000;
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

async function session(userId: string, id: string, userAgent: string | null, expiresInMs = DAY) {
  return db.session.create({ data: { id, userId, token: `token-${id}`, userAgent, ipAddress: "203.0.113.7", expiresAt: new Date(Date.now() + expiresInMs) } });
}

describe("own sessions", () => {
  it("lists the viewer's live sessions only, naming devices and marking this one", async () => {
    await session("ada", "ada-laptop", FIREFOX);
    await session("ada", "ada-phone", PHONE);
    await session("ada", "ada-expired", FIREFOX, -1000);
    await session("grace", "grace-1", FIREFOX);
    const listed = await account.listOwnSessions(ada, "ada-laptop");
    expect(listed.map(({ id, device, current }) => ({ id, device, current })).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: "ada-laptop", device: "Firefox on Windows", current: true },
      { id: "ada-phone", device: "Safari on iOS", current: false },
    ]);
    expect(JSON.stringify(listed)).not.toContain("token-");
    // The session asking is in use now, however long ago its row was last renewed.
    const now = new Date();
    await db.session.update({ where: { id: "ada-laptop" }, data: { updatedAt: new Date(now.getTime() - 25 * 60_000) } });
    const again = await account.listOwnSessions(ada, "ada-laptop", now);
    expect(again.find((s) => s.id === "ada-laptop")?.lastActiveAt).toEqual(now);
  });

  it("signs out another of one's sessions, never someone else's nor this one, and audits it", async () => {
    expect((await refusal(account.revokeOwnSession(grace, "ada-phone", "grace-1"))).code).toBe("NOT_FOUND");
    expect((await refusal(account.revokeOwnSession(ada, "ada-laptop", "ada-laptop"))).message).toMatch(/use Sign out/);
    expect(await db.session.count({ where: { id: { in: ["ada-phone", "ada-laptop"] } } })).toBe(2);
    expect(await account.revokeOwnSession(ada, "ada-phone", "ada-laptop")).toBe("Safari on iOS");
    expect(await db.session.findUnique({ where: { id: "ada-phone" } })).toBeNull();
    expect(await db.auditEvent.count({ where: { actorId: "ada", action: "session.revoke" } })).toBe(1);
  });

  it("signs out every other session of the viewer and keeps this one", async () => {
    await session("ada", "ada-tablet", PHONE);
    expect(await account.revokeOtherOwnSessions(ada, "ada-laptop")).toBe(2);
    expect((await db.session.findMany({ where: { userId: "ada" }, select: { id: true } })).map((s) => s.id)).toEqual(["ada-laptop"]);
    expect(await db.session.count({ where: { userId: "grace" } })).toBe(1);
  });
});

describe("profile and sign-in methods", () => {
  it("renames the viewer, trimmed, audited, refusing an empty or overlong name", async () => {
    expect(await account.renameSelf(grace, "  Grace Hopper ")).toBe("Grace Hopper");
    expect((await db.user.findUniqueOrThrow({ where: { id: "grace" } })).name).toBe("Grace Hopper");
    expect(await db.auditEvent.count({ where: { actorId: "grace", action: "user.rename" } })).toBe(1);
    expect((await refusal(account.renameSelf(grace, "   "))).message).toBe("Enter your name.");
    expect((await refusal(account.renameSelf(grace, "x".repeat(81)))).message).toMatch(/under 80/);
    expect((await db.user.findUniqueOrThrow({ where: { id: "grace" } })).name).toBe("Grace Hopper");
  });

  it("tells a password account from a single sign-on one", async () => {
    await db.account.create({ data: { id: "a1", accountId: "ada", providerId: "credential", userId: "ada", password: "hash" } });
    await db.account.create({ data: { id: "a2", accountId: "sub-grace", providerId: "oidc", userId: "grace" } });
    expect(await account.signInMethods(ada)).toEqual({ password: true, providers: [] });
    expect(await account.signInMethods(grace)).toEqual({ password: false, providers: ["oidc"] });
  });
});
