import { createHash } from "node:crypto";

/**
 * The rule for an invite link's secret, shared by the data layer (joining a team) and the sign-up
 * policy here below it: what a secret looks like, the form it is stored in,
 * and what a stored link's state comes to.
 */
export const INVITE_SECRET_SHAPE = /^[0-9A-Za-z_-]{20,100}$/;

export type InvitationStatus = "valid" | "expired" | "revoked" | "used" | "unknown";

/** Only a SHA-256 of the secret is stored, like access tokens: the secret is random, not a password. */
export function hashInviteSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Revoked beats used beats expired: the plainest reason a link no longer works. */
export function invitationStatus(
  row: { revokedAt: Date | null; singleUse: boolean; useCount: number; expiresAt: Date },
  now: Date,
): Exclude<InvitationStatus, "unknown"> {
  if (row.revokedAt) return "revoked";
  if (row.singleUse && row.useCount > 0) return "used";
  return row.expiresAt <= now ? "expired" : "valid";
}
