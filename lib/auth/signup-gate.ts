import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db/server";
import { getEnv } from "@/lib/env";
import { signUpRefusal, type InviteStatus, type SignUpAttempt } from "./signup-policy";

/** True until the instance has its first account (which becomes its admin). */
export async function awaitingFirstAccount(): Promise<boolean> {
  return (await db.user.count({ take: 1 })) === 0;
}

/**
 * An invite's standing, read here rather than through lib/data/invitations.ts (lib/auth sits below
 * the data layer). Same rule as its inspectInvitation: a SHA-256 of the secret is what is stored;
 * revoked beats used beats expired.
 */
async function lookUpInvite(secret: string, now = new Date()): Promise<{ status: InviteStatus; email: string | null }> {
  if (!/^[0-9A-Za-z_-]{20,100}$/.test(secret)) return { status: "unknown", email: null };
  const row = await db.invitation.findUnique({
    where: { hash: createHash("sha256").update(secret).digest("hex") },
    select: { email: true, expiresAt: true, singleUse: true, revokedAt: true, useCount: true },
  });
  if (!row) return { status: "unknown", email: null };
  const status: InviteStatus = row.revokedAt ? "revoked" : row.singleUse && row.useCount > 0 ? "used" : row.expiresAt <= now ? "expired" : "valid";
  return { status, email: row.email };
}

/** Why the sign-up policy refuses this new account, or null when it may be created. */
export async function signUpRefusalFor(request: { email: string; method: SignUpAttempt["method"]; invite?: string }): Promise<string | null> {
  const env = getEnv();
  if (env.SIGNUP_POLICY === "open") return null;
  return signUpRefusal({
    policy: env.SIGNUP_POLICY,
    allowedDomains: env.SIGNUP_ALLOWED_DOMAINS,
    email: request.email,
    method: request.method,
    invite: request.invite ? await lookUpInvite(request.invite) : null,
    firstAccount: await awaitingFirstAccount(),
  });
}
