import "server-only";
import { db } from "@/lib/db/server";
import { getEnv } from "@/lib/env";
import { INVITE_SECRET_SHAPE, hashInviteSecret, invitationStatus } from "./invite-secret";
import { signUpRefusal, type InviteStatus, type SignUpAttempt } from "./signup-policy";

/** True until the instance has its first account (which becomes its admin). */
export async function awaitingFirstAccount(): Promise<boolean> {
  return (await db.user.count({ take: 1 })) === 0;
}

/** An invite's standing, read here rather than through lib/data/teams/invitations.ts (lib/auth sits below the data layer), by the same rule. */
async function lookUpInvite(secret: string, now = new Date()): Promise<{ status: InviteStatus; email: string | null }> {
  if (!INVITE_SECRET_SHAPE.test(secret)) return { status: "unknown", email: null };
  const row = await db.invitation.findUnique({
    where: { hash: hashInviteSecret(secret) },
    select: { email: true, expiresAt: true, singleUse: true, revokedAt: true, useCount: true },
  });
  if (!row) return { status: "unknown", email: null };
  return { status: invitationStatus(row, now), email: row.email };
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
