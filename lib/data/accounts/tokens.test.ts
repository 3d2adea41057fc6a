import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createUser } from "@/lib/test/database";

const { db, cleanup } = await createTestDatabase();
const tokens = await import("./tokens");
const { DataError } = await import("../errors");
afterAll(cleanup);

await createUser(db, "ada", { role: "ADMIN" });
await createUser(db, "grace");
const ada = { id: "ada" };
const grace = { id: "grace" };

describe("personal access tokens", () => {
  it("shows the secret once and stores only its SHA-256", async () => {
    const { token, secret } = await tokens.createToken(ada, { name: "  CI publish  ", scope: "publish" });
    expect(secret).toMatch(/^sks_[0-9A-Za-z]{40}$/);
    expect(token).toMatchObject({ name: "CI publish", scope: "publish", prefix: secret.slice(0, 12), lastUsedAt: null, revokedAt: null });
    const row = await db.accessToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(row.hash).toBe(tokens.hashTokenSecret(secret));
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
    // no read returns the secret again
    const listed = await tokens.listTokens(ada);
    expect(listed.find((t) => t.id === token.id)).toEqual(token);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(12));
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "token.create" }, orderBy: { createdAt: "desc" } });
    expect(audit.detail).not.toContain(secret.slice(12));
  });

  it("makes every secret different", async () => {
    const secrets = new Set<string>();
    for (let i = 0; i < 5; i++) secrets.add((await tokens.createToken(grace, { name: `t${i}`, scope: "read" })).secret);
    expect(secrets.size).toBe(5);
  });

  it("refuses empty or overlong names and unknown scopes", async () => {
    await expect(tokens.createToken(ada, { name: "   ", scope: "read" })).rejects.toBeInstanceOf(DataError);
    await expect(tokens.createToken(ada, { name: "x".repeat(65), scope: "read" })).rejects.toThrow(/1 to 64/);
    await expect(tokens.createToken(ada, { name: "x", scope: "admin" as "read" })).rejects.toThrow(/scope/);
  });

  it("resolves a bearer header to its user and notes when it was used", async () => {
    const { token, secret } = await tokens.createToken(grace, { name: "laptop", scope: "read" });
    const viewer = await tokens.viewerFromBearer(`Bearer ${secret}`);
    expect(viewer).toEqual({ id: "grace", name: "grace", email: "grace@example.com", role: "USER", token: { id: token.id, scope: "read", label: "latest" } });
    const used = await db.accessToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(used.lastUsedAt).toBeInstanceOf(Date);
    expect((await tokens.viewerFromBearer(`bearer   ${secret}`))?.id).toBe("grace");
  });

  it("answers null for malformed, unknown and other-scheme headers", async () => {
    const { secret } = await tokens.createToken(grace, { name: "shape", scope: "read" });
    for (const header of [
      null,
      undefined,
      "",
      secret,
      `Basic ${secret}`,
      `Bearer ${secret}x`,
      `Bearer ${secret.slice(0, -1)}`,
      `Bearer sks_${"A".repeat(40)}`,
      `Bearer ${secret} extra`,
      "Bearer ",
    ]) {
      expect(await tokens.viewerFromBearer(header)).toBeNull();
    }
  });

  it("stops working the moment it is revoked, and only its owner can revoke it", async () => {
    const { token, secret } = await tokens.createToken(ada, { name: "revoke me", scope: "publish" });
    expect(await tokens.viewerFromBearer(`Bearer ${secret}`)).not.toBeNull();
    expect(await tokens.revokeToken(grace, token.id)).toBeNull();
    expect(await tokens.viewerFromBearer(`Bearer ${secret}`)).not.toBeNull();

    const revoked = await tokens.revokeToken(ada, token.id);
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    expect(await tokens.viewerFromBearer(`Bearer ${secret}`)).toBeNull();
    expect((await tokens.revokeToken(ada, token.id))?.revokedAt).toEqual(revoked?.revokedAt);
    expect((await tokens.listTokens(ada)).map((t) => t.id)).not.toContain(token.id);
    expect((await tokens.listTokens(ada, { includeRevoked: true })).map((t) => t.id)).toContain(token.id);
    expect(await tokens.revokeToken(ada, "no-such-token")).toBeNull();
  });

  it("dies with its user", async () => {
    await createUser(db, "temp");
    const { secret } = await tokens.createToken({ id: "temp" }, { name: "t", scope: "read" });
    await db.user.delete({ where: { id: "temp" } });
    expect(await tokens.viewerFromBearer(`Bearer ${secret}`)).toBeNull();
  });

  it("caps the active tokens per user", async () => {
    await createUser(db, "hoarder");
    for (let i = 0; i < 50; i++) await tokens.createToken({ id: "hoarder" }, { name: `t${i}`, scope: "read" });
    await expect(tokens.createToken({ id: "hoarder" }, { name: "one more", scope: "read" })).rejects.toThrow(/50 active tokens/);
    const [first] = await tokens.listTokens({ id: "hoarder" });
    await tokens.revokeToken({ id: "hoarder" }, first.id);
    await expect(tokens.createToken({ id: "hoarder" }, { name: "one more", scope: "read" })).resolves.toBeTruthy();
  });

  it("lets publish tokens read, never read tokens publish", () => {
    expect(tokens.tokenAllows("publish", "read")).toBe(true);
    expect(tokens.tokenAllows("publish", "publish")).toBe(true);
    expect(tokens.tokenAllows("read", "read")).toBe(true);
    expect(tokens.tokenAllows("read", "publish")).toBe(false);
  });

  it("expires after 90 days unless told otherwise, and after its expiry says so instead of working", async () => {
    const day = 24 * 60 * 60 * 1000;
    const { token: standard } = await tokens.createToken(grace, { name: "default", scope: "read" });
    expect(Math.round((standard.expiresAt!.getTime() - standard.createdAt.getTime()) / day)).toBe(90);
    const { token: week } = await tokens.createToken(grace, { name: "week", scope: "read", expiresInDays: 7 });
    expect(Math.round((week.expiresAt!.getTime() - week.createdAt.getTime()) / day)).toBe(7);
    expect((await tokens.createToken(grace, { name: "forever", scope: "read", expiresInDays: null })).token.expiresAt).toBeNull();
    await expect(tokens.createToken(grace, { name: "odd", scope: "read", expiresInDays: 3 })).rejects.toThrow(/7, 30, 90, 365 days, or never/);

    const { token, secret } = await tokens.createToken(grace, { name: "lapsed", scope: "publish", expiresInDays: 7 });
    expect((await tokens.checkBearer(`Bearer ${secret}`)).ok).toBe(true);
    const expiredAt = new Date(Date.now() - 1000);
    await db.accessToken.update({ where: { id: token.id }, data: { expiresAt: expiredAt } });
    expect(await tokens.checkBearer(`Bearer ${secret}`)).toEqual({ ok: false, reason: "expired", expiredAt });
    expect(await tokens.viewerFromBearer(`Bearer ${secret}`)).toBeNull();
    expect((await tokens.listTokens(grace)).find((t) => t.id === token.id)?.expiresAt).toEqual(expiredAt);
  });
});
