import { describe, expect, it } from "vitest";
import { INVITE_SECRET_SHAPE, hashInviteSecret, invitationStatus } from "./invite-secret";

describe("invite secrets", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const later = new Date("2026-11-27T12:00:00Z");
  const earlier = new Date("2026-11-25T12:00:00Z");

  it("names the plainest reason a link no longer works: revoked, then used, then expired", () => {
    expect(invitationStatus({ revokedAt: null, singleUse: false, useCount: 3, expiresAt: later }, now)).toBe("valid");
    expect(invitationStatus({ revokedAt: null, singleUse: true, useCount: 0, expiresAt: later }, now)).toBe("valid");
    expect(invitationStatus({ revokedAt: null, singleUse: true, useCount: 1, expiresAt: earlier }, now)).toBe("used");
    expect(invitationStatus({ revokedAt: earlier, singleUse: true, useCount: 1, expiresAt: earlier }, now)).toBe("revoked");
    expect(invitationStatus({ revokedAt: null, singleUse: false, useCount: 0, expiresAt: now }, now)).toBe("expired");
  });

  it("stores a SHA-256 of the secret and accepts only secrets of the link's shape", () => {
    expect(hashInviteSecret("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(INVITE_SECRET_SHAPE.test("A".repeat(43))).toBe(true);
    expect(INVITE_SECRET_SHAPE.test("short")).toBe(false);
    expect(INVITE_SECRET_SHAPE.test(`${"A".repeat(30)}/../`)).toBe(false);
  });
});
