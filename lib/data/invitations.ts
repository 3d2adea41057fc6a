import "server-only";
import { createHash } from "node:crypto";
import type { TeamRole } from "@/lib/skills/permissions/permissions";
import { db } from "@/lib/db/server";

/** Only a SHA-256 of an invite link's secret is stored, like access tokens. */
export function hashInviteSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export type InvitationStatus = "valid" | "expired" | "revoked" | "used" | "unknown";

export interface InvitationView {
  status: InvitationStatus;
  /** Absent when the link is unknown: an unknown link tells nothing about any team. */
  invitation?: { id: string; teamId: string; teamName: string; teamDescription: string; role: TeamRole; email: string | null; expiresAt: Date; singleUse: boolean };
}

const SECRET_SHAPE = /^[0-9A-Za-z_-]{20,100}$/;

/** What an invite link's secret stands for, and whether it can still be used (no viewer needed: the secret is the permission). */
export async function inspectInvitation(secret: string, now = new Date()): Promise<InvitationView> {
  if (!SECRET_SHAPE.test(secret)) return { status: "unknown" };
  const row = await db.invitation.findUnique({
    where: { hash: hashInviteSecret(secret) },
    select: { id: true, teamId: true, role: true, email: true, expiresAt: true, singleUse: true, revokedAt: true, useCount: true, team: { select: { name: true, description: true } } },
  });
  if (!row) return { status: "unknown" };
  const invitation = { id: row.id, teamId: row.teamId, teamName: row.team.name, teamDescription: row.team.description, role: row.role as TeamRole, email: row.email, expiresAt: row.expiresAt, singleUse: row.singleUse };
  const status: InvitationStatus = row.revokedAt ? "revoked" : row.singleUse && row.useCount > 0 ? "used" : row.expiresAt <= now ? "expired" : "valid";
  return { status, invitation };
}
