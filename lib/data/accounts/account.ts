import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { auth } from "@/lib/auth/server";
import { describeUserAgent } from "@/lib/auth/user-agent";
import { db } from "@/lib/db/server";
import type { OwnSession, SignInMethods } from "@/lib/types/account";
import type { ViewerRef } from "../core/actor";
import { DataError } from "../errors";
import { audit } from "../notifications/audit";

export type { OwnSession, SignInMethods };

export const NAME_MAX = 80;

/** The id of the session this request carries (a session, not a token: tokens have no session page). */
export const currentSessionId = cache(async (): Promise<string | null> => (await auth.api.getSession({ headers: await headers() }))?.session.id ?? null);

/** The viewer's live sessions, newest activity first. */
export async function listOwnSessions(viewer: ViewerRef, currentId: string | null, now = new Date()): Promise<OwnSession[]> {
  const rows = await db.session.findMany({
    where: { userId: viewer.id, expiresAt: { gt: now } },
    select: { id: true, userAgent: true, ipAddress: true, createdAt: true, updatedAt: true },
    orderBy: { updatedAt: "desc" },
  });
  return rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress || null,
    createdAt: row.createdAt,
    // The session asking is in use right now; a session row's own time only moves when
    // better-auth renews it (about daily), which read as "last active 25 minutes ago" here.
    lastActiveAt: row.id === currentId ? now : row.updatedAt,
    current: row.id === currentId,
  }));
}

/**
 * Sign out one of the viewer's other sessions, at once (sessions are read from the database on
 * every request). Someone else's session is "not found", like a missing one.
 */
export async function revokeOwnSession(viewer: ViewerRef, sessionId: string, currentId: string | null): Promise<OwnSession["device"]> {
  if (sessionId === currentId) throw new DataError("INVALID", "That is this session: use Sign out to end it.");
  return db.$transaction(async (tx) => {
    const session = await tx.session.findFirst({ where: { id: sessionId, userId: viewer.id }, select: { userAgent: true } });
    if (!session) throw new DataError("NOT_FOUND", "That session has already ended.");
    await tx.session.delete({ where: { id: sessionId } });
    await audit(tx, { actorId: viewer.id, action: "session.revoke", detail: { sessions: 1 } });
    return describeUserAgent(session.userAgent);
  });
}

/** Sign out every session of the viewer but this one; how many ended. */
export async function revokeOtherOwnSessions(viewer: ViewerRef, currentId: string | null): Promise<number> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.session.deleteMany({ where: { userId: viewer.id, ...(currentId ? { id: { not: currentId } } : {}) } });
    if (count) await audit(tx, { actorId: viewer.id, action: "session.revoke", detail: { sessions: count } });
    return count;
  });
}

/** How the viewer signs in: with a password, through single sign-on, or both. */
export async function signInMethods(viewer: ViewerRef): Promise<SignInMethods> {
  const accounts = await db.account.findMany({ where: { userId: viewer.id }, select: { providerId: true } });
  return { password: accounts.some((a) => a.providerId === "credential"), providers: accounts.map((a) => a.providerId).filter((id) => id !== "credential") };
}

/** Change the viewer's display name (what teammates see beside their skills and reviews). */
export async function renameSelf(viewer: ViewerRef, name: string): Promise<string> {
  const trimmed = name.trim();
  if (!trimmed) throw new DataError("INVALID", "Enter your name.", { field: "name" });
  if ([...trimmed].length > NAME_MAX) throw new DataError("INVALID", `Keep your name under ${NAME_MAX} characters.`, { field: "name" });
  return db.$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: viewer.id }, select: { name: true } });
    if (!before) throw new DataError("FORBIDDEN", "Your account no longer exists.");
    if (before.name === trimmed) return trimmed;
    await tx.user.update({ where: { id: viewer.id }, data: { name: trimmed } });
    await audit(tx, { actorId: viewer.id, action: "user.rename", detail: { from: before.name, to: trimmed } });
    return trimmed;
  });
}
