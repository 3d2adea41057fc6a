import "server-only";
import { canRemoveMember, canSetMemberRole, type TeamRole } from "@/lib/skills/permissions/permissions";
import type { Tx } from "@/lib/db/client";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { lockName } from "@/lib/db/locks";
import { DataError, notFound } from "../errors";
import { revokeLinksBeyondRole } from "./invitations";
import { audit } from "../notifications/audit";
import { LAST_OWNER_MESSAGE } from "@/lib/skills/teams/leave";

// A team's members: added by email, given roles, removed, leaving. A team always keeps an owner.

// Role changes and removals in one team queue here, so two owners stepping down at once on two
// instances cannot both count the other as the owner who stays (lib/db/locks.ts).
const lockTeamOwners = (tx: Tx, teamId: string) => lockName(tx, `team-owners ${teamId}`);

async function ownerCount(tx: Tx, teamId: string) {
  return tx.membership.count({ where: { teamId, role: "OWNER" } });
}

/** Add an existing user, found by email, to a team. */
export async function addTeamMember(viewer: ViewerRef, teamId: string, email: string, role: TeamRole = "MEMBER"): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    if (!actor.teamRoles[teamId]) throw notFound("Team");
    if (!canSetMemberRole(actor, teamId, null, role))
      throw new DataError("FORBIDDEN", role === "OWNER" ? "Only team owners can add owners." : "Only team owners and admins can add members.");
    const user = await tx.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
    if (!user) throw new DataError("INVALID", `No account uses ${email.trim()}. Ask them to sign up first, or send them an invite link.`);
    if (await tx.membership.findUnique({ where: { teamId_userId: { teamId, userId: user.id } } }))
      throw new DataError("CONFLICT", `${email.trim()} is already in this team.`);
    await tx.membership.create({ data: { teamId, userId: user.id, role } });
    await audit(tx, { actorId: actor.id, action: "team.member.add", teamId, detail: { userId: user.id, role } });
  });
}

export async function changeTeamRole(viewer: ViewerRef, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockTeamOwners(tx, teamId);
    const actor = await loadActor(tx, viewer);
    if (!actor.teamRoles[teamId]) throw notFound("Team");
    const membership = await tx.membership.findUnique({ where: { teamId_userId: { teamId, userId } } });
    if (!membership) throw notFound("Member");
    const from = membership.role;
    if (!canSetMemberRole(actor, teamId, from, role))
      throw new DataError("FORBIDDEN", "Only team owners can make or unmake owners; admins manage the other roles.");
    // Choosing the role someone already has changes nothing, and so records nothing.
    if (from === role) return;
    if (from === "OWNER" && (await ownerCount(tx, teamId)) === 1) throw new DataError("CONFLICT", LAST_OWNER_MESSAGE);
    await tx.membership.update({ where: { teamId_userId: { teamId, userId } }, data: { role } });
    await audit(tx, { actorId: actor.id, action: "team.member.role", teamId, detail: { userId, from, to: role } });
    await revokeLinksBeyondRole(tx, { actorId: actor.id, userId, teamId, role, reason: `maker's role changed to ${role}` });
  });
}

/** Remove a member (or yourself: leaving). The last owner cannot go. */
export async function removeTeamMember(viewer: ViewerRef, teamId: string, userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockTeamOwners(tx, teamId);
    const actor = await loadActor(tx, viewer);
    if (!actor.teamRoles[teamId]) throw notFound("Team");
    const membership = await tx.membership.findUnique({ where: { teamId_userId: { teamId, userId } } });
    if (!membership) throw notFound("Member");
    const role = membership.role;
    if (!canRemoveMember(actor, teamId, userId, role))
      throw new DataError("FORBIDDEN", "Only team owners and admins can remove members, and only owners can remove owners.");
    if (role === "OWNER" && (await ownerCount(tx, teamId)) === 1) throw new DataError("CONFLICT", LAST_OWNER_MESSAGE);
    await tx.membership.delete({ where: { teamId_userId: { teamId, userId } } });
    await audit(tx, { actorId: actor.id, action: userId === actor.id ? "team.member.leave" : "team.member.remove", teamId, detail: { userId, role } });
    await revokeLinksBeyondRole(tx, {
      actorId: actor.id,
      userId,
      teamId,
      role: null,
      reason: userId === actor.id ? "maker left the team" : "maker removed from the team",
    });
  });
}

export async function leaveTeam(viewer: ViewerRef, teamId: string): Promise<void> {
  await removeTeamMember(viewer, teamId, viewer.id);
}
