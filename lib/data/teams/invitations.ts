import "server-only";
import { randomBytes } from "node:crypto";
import type { Invitation } from "@/lib/generated/prisma/client";
import { canInvite, canManageInvitations, type TeamRole } from "@/lib/skills/permissions/permissions";
import { INVITE_SECRET_SHAPE, hashInviteSecret, invitationStatus, type InvitationStatus } from "@/lib/auth/invite-secret";
import { DEFAULT_INVITE_EXPIRY_DAYS, INVITE_EXPIRY_DAYS } from "@/lib/skills/teams/team-inputs";
import type { CreatedInvitation, InvitationInfo, InvitationState } from "@/lib/types/teams";
import type { Tx } from "@/lib/db/client";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { DataError, notFound } from "../errors";
import { audit } from "../notifications/audit";

export type { CreatedInvitation, InvitationInfo, InvitationState };

export { hashInviteSecret, type InvitationStatus };

export interface InvitationView {
  status: InvitationStatus;
  /** Absent when the link is unknown: an unknown link tells nothing about any team. */
  invitation?: {
    id: string;
    teamId: string;
    teamName: string;
    teamDescription: string;
    role: TeamRole;
    email: string | null;
    expiresAt: Date;
    singleUse: boolean;
  };
}

/** What an invite link's secret stands for, and whether it can still be used (no viewer needed: the secret is the permission). */
export async function inspectInvitation(secret: string, now = new Date()): Promise<InvitationView> {
  if (!INVITE_SECRET_SHAPE.test(secret)) return { status: "unknown" };
  const row = await db.invitation.findUnique({
    where: { hash: hashInviteSecret(secret) },
    select: {
      id: true,
      teamId: true,
      role: true,
      email: true,
      expiresAt: true,
      singleUse: true,
      revokedAt: true,
      useCount: true,
      team: { select: { name: true, description: true } },
    },
  });
  if (!row) return { status: "unknown" };
  const invitation = {
    id: row.id,
    teamId: row.teamId,
    teamName: row.team.name,
    teamDescription: row.team.description,
    role: row.role as TeamRole,
    email: row.email,
    expiresAt: row.expiresAt,
    singleUse: row.singleUse,
  };
  return { status: invitationStatus(row, now), invitation };
}

// ---- Creating, listing, revoking and accepting invite links ----

const DAY_MS = 24 * 60 * 60 * 1000;
// A team with this many links still usable has forgotten some; revoking old ones comes first.
const MAX_ACTIVE_INVITATIONS = 100;
const LIST_LIMIT = 100;

const infoSelect = {
  id: true,
  role: true,
  email: true,
  singleUse: true,
  expiresAt: true,
  createdAt: true,
  revokedAt: true,
  useCount: true,
  lastUsedAt: true,
  createdById: true,
} as const;

type InfoRow = Pick<Invitation, "id" | "role" | "email" | "singleUse" | "expiresAt" | "createdAt" | "revokedAt" | "useCount" | "lastUsedAt" | "createdById">;

function stateOf(row: Pick<Invitation, "revokedAt" | "singleUse" | "useCount" | "expiresAt">, now: Date): InvitationState {
  if (row.revokedAt) return "revoked";
  if (row.singleUse && row.useCount > 0) return "used up";
  return row.expiresAt <= now ? "expired" : "active";
}

// Invitation.createdById has no relation (a creator's account may go), so names are looked up.
async function creatorNames(rows: InfoRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.createdById ? [row.createdById] : [])))];
  const users = ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  return new Map(users.map((user) => [user.id, user.name]));
}

function toInfo(row: InfoRow, names: ReadonlyMap<string, string>, now = new Date()): InvitationInfo {
  return {
    id: row.id,
    role: row.role as TeamRole,
    email: row.email,
    singleUse: row.singleUse,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    createdByName: (row.createdById && names.get(row.createdById)) || null,
    revokedAt: row.revokedAt,
    useCount: row.useCount,
    lastUsedAt: row.lastUsedAt,
    state: stateOf(row, now),
  };
}

// Links that can still let someone in: not revoked, not expired, not a spent single-use link.
const usableWhere = (now: Date) => ({ revokedAt: null, expiresAt: { gt: now }, OR: [{ singleUse: false }, { useCount: 0 }] });

/**
 * Revokes the usable links `userId` made that `role` could not make: their role in `teamId` from
 * now on, or null when they lose every team right (removed, left; with teamId null, disabled: in
 * every team). A link stands for its maker's right to invite, so a removed or demoted admin must
 * not rejoin, or keep letting others in, with links made while they could. Revoked for good (as
 * the team's list shows): a maker who gets the right back makes new links.
 */
export async function revokeLinksBeyondRole(
  tx: Tx,
  change: { actorId: string; userId: string; teamId: string | null; role: TeamRole | null; reason: string },
  now = new Date(),
): Promise<number> {
  const { actorId, userId, teamId, role, reason } = change;
  const rows = await tx.invitation.findMany({
    where: { createdById: userId, ...(teamId ? { teamId } : {}), ...usableWhere(now) },
    select: { id: true, teamId: true, role: true, email: true },
  });
  const maker = { id: userId, role: "USER" as const, teamRoles: teamId && role ? { [teamId]: role } : {} };
  const beyond = rows.filter((row) => !canInvite(maker, row.teamId, row.role as TeamRole));
  if (beyond.length === 0) return 0;
  await tx.invitation.updateMany({ where: { id: { in: beyond.map((row) => row.id) }, revokedAt: null }, data: { revokedAt: now } });
  for (const row of beyond) {
    await audit(tx, { actorId, action: "team.invite.revoke", teamId: row.teamId, detail: { invitationId: row.id, role: row.role, email: row.email, reason } });
  }
  return beyond.length;
}

async function requireInviteManager(tx: Tx, viewer: ViewerRef, teamId: string) {
  const actor = await loadActor(tx, viewer);
  if (!actor.teamRoles[teamId]) throw notFound("Team");
  if (!canManageInvitations(actor, teamId)) throw new DataError("FORBIDDEN", "Only team owners and admins can see and manage invite links.");
  return actor;
}

/**
 * A new invite link to a team. The secret is in the answer and nowhere else (only its hash is
 * stored): whoever holds the link may join with its role until it expires, is revoked or, when
 * single-use, is used.
 */
export async function createInvitation(
  viewer: ViewerRef,
  teamId: string,
  input: { role: TeamRole; expiresInDays?: number; singleUse?: boolean; email?: string | null },
): Promise<CreatedInvitation> {
  const days = input.expiresInDays ?? DEFAULT_INVITE_EXPIRY_DAYS;
  if (!(INVITE_EXPIRY_DAYS as readonly number[]).includes(days))
    throw new DataError("INVALID", `An invite link lasts ${INVITE_EXPIRY_DAYS.join(", ")} days.`, { field: "expiresInDays" });
  const email = input.email?.trim().toLowerCase() || null;
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) throw new DataError("INVALID", "Enter a valid email address, or leave it empty.", { field: "email" });
  // 32 random bytes as base64url: 43 characters of [A-Za-z0-9_-], 256 bits.
  const secret = randomBytes(32).toString("base64url");
  const now = new Date();
  const row = await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    if (!actor.teamRoles[teamId]) throw notFound("Team");
    if (!canInvite(actor, teamId, input.role)) {
      throw new DataError(
        "FORBIDDEN",
        input.role === "OWNER" ? "Only team owners can invite owners." : "Only team owners and admins can create invite links.",
        { field: "role" },
      );
    }
    const active = await tx.invitation.count({ where: { teamId, ...usableWhere(now) } });
    if (active >= MAX_ACTIVE_INVITATIONS) throw new DataError("INVALID", `This team has ${MAX_ACTIVE_INVITATIONS} usable invite links; revoke some first.`);
    const created = await tx.invitation.create({
      data: {
        teamId,
        hash: hashInviteSecret(secret),
        role: input.role,
        email,
        singleUse: input.singleUse ?? false,
        expiresAt: new Date(now.getTime() + days * DAY_MS),
        createdById: actor.id,
      },
      select: infoSelect,
    });
    await audit(tx, {
      actorId: actor.id,
      action: "team.invite.create",
      teamId,
      detail: { invitationId: created.id, role: created.role, email, singleUse: created.singleUse, expiresAt: created.expiresAt.toISOString() },
    });
    return created;
  });
  return { invitation: toInfo(row, await creatorNames([row]), now), secret, path: `/join/${secret}` };
}

/** A team's invite links, newest first, with their state (owners and admins). */
export async function listInvitations(viewer: ViewerRef, teamId: string, now = new Date()): Promise<InvitationInfo[]> {
  await requireInviteManager(db, viewer, teamId);
  const rows = await db.invitation.findMany({ where: { teamId }, select: infoSelect, orderBy: { createdAt: "desc" }, take: LIST_LIMIT });
  const names = await creatorNames(rows);
  return rows.map((row) => toInfo(row, names, now));
}

/** Revoke an invite link: it stops working at once. Revoking a revoked link changes nothing. */
export async function revokeInvitation(viewer: ViewerRef, teamId: string, invitationId: string): Promise<InvitationInfo> {
  const row = await db.$transaction(async (tx) => {
    const actor = await requireInviteManager(tx, viewer, teamId);
    const row = await tx.invitation.findFirst({ where: { id: invitationId, teamId }, select: infoSelect });
    if (!row) throw notFound("Invite link");
    if (row.revokedAt) return row;
    const revoked = await tx.invitation.update({ where: { id: invitationId }, data: { revokedAt: new Date() }, select: infoSelect });
    await audit(tx, { actorId: actor.id, action: "team.invite.revoke", teamId, detail: { invitationId, role: row.role, email: row.email } });
    return revoked;
  });
  return toInfo(row, await creatorNames([row]));
}

export const INVITE_MESSAGES = {
  unknown: "This invite link is not valid. Check that you copied all of it, or ask for a new one.",
  expired: "This invite link has expired. Ask a team owner or admin for a new one.",
  revoked: "This invite link was revoked. Ask a team owner or admin for a new one.",
  used: "This invite link has already been used. Ask a team owner or admin for a new one.",
  wrongEmail: "This invite link is for a different email address. Sign in with the account it was made for, or ask for a new link.",
} as const;

export interface AcceptedInvitation {
  teamId: string;
  teamName: string;
  role: TeamRole;
  /** True when the viewer was in the team already: nothing changed. */
  alreadyMember: boolean;
}

/**
 * Join a team through an invite link's secret, with the link's role. The use is counted by a
 * conditional update, so two people accepting a single-use link at once cannot both get in.
 */
export async function acceptInvitation(viewer: ViewerRef, secret: string, now = new Date()): Promise<AcceptedInvitation> {
  if (!INVITE_SECRET_SHAPE.test(secret)) throw new DataError("NOT_FOUND", INVITE_MESSAGES.unknown);
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: viewer.id }, select: { id: true, email: true } });
    if (!user) throw new DataError("FORBIDDEN", "Your account no longer exists.");
    const row = await tx.invitation.findUnique({ where: { hash: hashInviteSecret(secret) }, include: { team: { select: { name: true } } } });
    if (!row) throw new DataError("NOT_FOUND", INVITE_MESSAGES.unknown);
    const joined = { teamId: row.teamId, teamName: row.team.name, role: row.role as TeamRole };
    const membership = await tx.membership.findUnique({ where: { teamId_userId: { teamId: row.teamId, userId: user.id } }, select: { role: true } });
    if (membership) return { ...joined, role: membership.role as TeamRole, alreadyMember: true };
    const refusal = statusRefusal(stateOf(row, now));
    if (refusal) throw refusal;
    if (row.email && row.email.toLowerCase() !== user.email.toLowerCase()) throw new DataError("FORBIDDEN", INVITE_MESSAGES.wrongEmail);
    const counted = await tx.invitation.updateMany({
      where: { id: row.id, revokedAt: null, expiresAt: { gt: now }, ...(row.singleUse ? { useCount: 0 } : {}) },
      data: { useCount: { increment: 1 }, lastUsedAt: now },
    });
    if (counted.count !== 1) {
      // Someone else used or revoked it between the read and the update.
      const fresh = await tx.invitation.findUniqueOrThrow({ where: { id: row.id } });
      throw statusRefusal(stateOf(fresh, now)) ?? new DataError("CONFLICT", INVITE_MESSAGES.used);
    }
    await tx.membership.create({ data: { teamId: row.teamId, userId: user.id, role: row.role } });
    await audit(tx, { actorId: user.id, action: "team.member.join", teamId: row.teamId, detail: { userId: user.id, role: row.role, invitationId: row.id } });
    return { ...joined, alreadyMember: false };
  });
}

function statusRefusal(state: InvitationState): DataError | null {
  switch (state) {
    case "active":
      return null;
    case "expired":
      return new DataError("INVALID", INVITE_MESSAGES.expired, { status: "expired" });
    case "revoked":
      return new DataError("INVALID", INVITE_MESSAGES.revoked, { status: "revoked" });
    case "used up":
      return new DataError("CONFLICT", INVITE_MESSAGES.used, { status: "used" });
  }
}
