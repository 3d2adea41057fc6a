import "server-only";
import { canManageMembers, canRemoveMember, canSetMemberRole, type TeamRole } from "@/lib/skills/permissions/permissions";
import type { Tx } from "@/lib/db/client";
import { loadActor, type ViewerRef } from "./actor";
import { db } from "@/lib/db/server";
import { DataError, notFound } from "./errors";
import { audit } from "./version-writer";

export interface TeamSummary {
  id: string;
  name: string;
  role: TeamRole;
  memberCount: number;
  skillCount: number;
}

export interface TeamDetail extends TeamSummary {
  members: { userId: string; name: string; email: string; role: TeamRole; joinedAt: Date }[];
  can: { manageMembers: boolean };
}

const TEAM_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,47}$/u;

/** The viewer's teams with their role in each. */
export async function listMyTeams(viewer: ViewerRef): Promise<TeamSummary[]> {
  const memberships = await db.membership.findMany({
    where: { userId: viewer.id },
    select: { role: true, team: { select: { id: true, name: true, _count: { select: { memberships: true, skills: { where: { archived: false } } } } } } },
    orderBy: { team: { name: "asc" } },
  });
  return memberships.map((m) => ({ id: m.team.id, name: m.team.name, role: m.role, memberCount: m.team._count.memberships, skillCount: m.team._count.skills }));
}

/** A team the viewer belongs to, with its members; null otherwise. */
export async function getTeam(viewer: ViewerRef, teamId: string): Promise<TeamDetail | null> {
  const actor = await loadActor(db, viewer);
  const role = actor.teamRoles[teamId];
  if (!role) return null;
  const team = await db.team.findUnique({
    where: { id: teamId },
    select: {
      id: true,
      name: true,
      _count: { select: { skills: { where: { archived: false } } } },
      memberships: { select: { role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } }, orderBy: { createdAt: "asc" } },
    },
  });
  if (!team) return null;
  return {
    id: team.id,
    name: team.name,
    role,
    memberCount: team.memberships.length,
    skillCount: team._count.skills,
    members: team.memberships.map((m) => ({ userId: m.user.id, name: m.user.name, email: m.user.email, role: m.role, joinedAt: m.createdAt })),
    can: { manageMembers: canManageMembers(actor, teamId) },
  };
}

export async function createTeam(viewer: ViewerRef, name: string): Promise<{ id: string; name: string }> {
  const trimmed = name.trim().replace(/\s+/g, " ");
  if (!TEAM_NAME.test(trimmed)) throw new DataError("INVALID", "A team name is 1-48 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit.");
  return db.$transaction(async (tx) => {
    await loadActor(tx, viewer);
    // Names are unique regardless of case: "Platform" and "platform" would be indistinguishable in lists.
    const taken = await tx.team.findMany({ select: { name: true } });
    if (taken.some((team) => team.name.toLowerCase() === trimmed.toLowerCase())) throw new DataError("CONFLICT", `A team named "${trimmed}" already exists.`);
    const team = await tx.team.create({ data: { name: trimmed, memberships: { create: { userId: viewer.id, role: "OWNER" } } }, select: { id: true, name: true } });
    await audit(tx, { actorId: viewer.id, action: "team.create", teamId: team.id, detail: { name: team.name } });
    return team;
  });
}

async function ownerCount(tx: Tx, teamId: string) {
  return tx.membership.count({ where: { teamId, role: "OWNER" } });
}

/** Add an existing user, found by email, to a team. */
export async function addTeamMember(viewer: ViewerRef, teamId: string, email: string, role: TeamRole = "MEMBER"): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    if (!actor.teamRoles[teamId]) throw notFound("Team");
    if (!canSetMemberRole(actor, teamId, null, role)) throw new DataError("FORBIDDEN", role === "OWNER" ? "Only team owners can add owners." : "Only team owners and admins can add members.");
    const user = await tx.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
    if (!user) throw new DataError("INVALID", `No account uses ${email.trim()}. Ask them to sign up first.`);
    if (await tx.membership.findUnique({ where: { teamId_userId: { teamId, userId: user.id } } })) throw new DataError("CONFLICT", `${email.trim()} is already in this team.`);
    await tx.membership.create({ data: { teamId, userId: user.id, role } });
    await audit(tx, { actorId: actor.id, action: "team.member.add", teamId, detail: { userId: user.id, role } });
  });
}

export async function changeTeamRole(viewer: ViewerRef, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    if (!actor.teamRoles[teamId]) throw notFound("Team");
    const membership = await tx.membership.findUnique({ where: { teamId_userId: { teamId, userId } } });
    if (!membership) throw notFound("Member");
    const from = membership.role;
    if (!canSetMemberRole(actor, teamId, from, role)) throw new DataError("FORBIDDEN", "Only team owners can make or unmake owners; admins manage the other roles.");
    if (from === "OWNER" && role !== "OWNER" && (await ownerCount(tx, teamId)) === 1) throw new DataError("CONFLICT", "A team always keeps an owner: make someone else owner first.");
    await tx.membership.update({ where: { teamId_userId: { teamId, userId } }, data: { role } });
    await audit(tx, { actorId: actor.id, action: "team.member.role", teamId, detail: { userId, from, to: role } });
  });
}

/** Remove a member (or yourself: leaving). The last owner cannot go. */
export async function removeTeamMember(viewer: ViewerRef, teamId: string, userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    if (!actor.teamRoles[teamId]) throw notFound("Team");
    const membership = await tx.membership.findUnique({ where: { teamId_userId: { teamId, userId } } });
    if (!membership) throw notFound("Member");
    const role = membership.role;
    if (!canRemoveMember(actor, teamId, userId, role)) throw new DataError("FORBIDDEN", "Only team owners and admins can remove members, and only owners can remove owners.");
    if (role === "OWNER" && (await ownerCount(tx, teamId)) === 1) throw new DataError("CONFLICT", "A team always keeps an owner: make someone else owner first.");
    await tx.membership.delete({ where: { teamId_userId: { teamId, userId } } });
    await audit(tx, { actorId: actor.id, action: userId === actor.id ? "team.member.leave" : "team.member.remove", teamId, detail: { userId, role } });
  });
}

export async function leaveTeam(viewer: ViewerRef, teamId: string): Promise<void> {
  await removeTeamMember(viewer, teamId, viewer.id);
}
