import "server-only";
import { db } from "@/lib/db/server";
import { getEnv } from "@/lib/env";
import { requestAddress } from "./client-address";

// Sign-ups, sign-ins and refused sign-ins in the audit trail: who got in (or tried to), how, and
// from where. Written beside better-auth's own work, so a failure to write one never blocks a
// sign-in; it is logged instead.

export type SignInMethod = "password" | "sso";

type AuthContext = { path?: string; headers?: Headers; request?: Request } | null | undefined;

/** The client's address as the rate limiter sees it (trusted proxies only), not better-auth's guess from any header. */
export function clientAddress(context: AuthContext): string | null {
  return requestAddress(context?.headers ?? context?.request?.headers, getEnv().TRUSTED_PROXIES) || null;
}

/** How a session or account was made, from the auth endpoint's path. */
export function signInMethod(path: string | undefined): SignInMethod {
  return path?.startsWith("/sign-in/email") || path?.startsWith("/sign-up/email") ? "password" : "sso";
}

async function record(action: string, actorId: string | null, detail: Record<string, unknown>): Promise<void> {
  try {
    await db.auditEvent.create({ data: { actorId, action, detail: JSON.stringify(detail) } });
  } catch (error) {
    console.error(`audit: could not record ${action}`, error);
  }
}

export function recordSignUp(user: { id: string; email: string }, method: SignInMethod): Promise<void> {
  return record("auth.sign-up", user.id, { userId: user.id, email: user.email, method });
}

export function recordSignIn(session: { userId: string }, context: AuthContext): Promise<void> {
  return record("auth.sign-in", session.userId, { userId: session.userId, method: signInMethod(context?.path), address: clientAddress(context) });
}

/**
 * A refused password sign-in. The attempt is the account's when the email is one (so filtering the
 * trail by that person finds it); an unknown email is kept as typed, trimmed and cut short.
 */
export async function recordFailedSignIn(email: string, reason: string, context: AuthContext): Promise<void> {
  const address = clientAddress(context);
  const typed = email.trim().toLowerCase().slice(0, 254);
  const user = typed ? await db.user.findUnique({ where: { email: typed }, select: { id: true } }).catch(() => null) : null;
  await record("auth.sign-in-failed", user?.id ?? null, { ...(user ? { userId: user.id } : {}), email: typed, reason, address });
}
