import "server-only";
import { destinationKey, placeLabel } from "@/lib/labels";
import {
  canCreateTeam,
  canDeleteTeam,
  canManageInvitations,
  canManageMembers,
  canMoveSkill,
  canRenameTeam,
  canSetMemberRole,
  TEAM_ROLES,
  type Actor,
  type Destination,
} from "@/lib/skills/permissions/permissions";
import { canSetTeamBoundTools } from "@/lib/skills/permissions/bound-tools";
import { normalizeTeamName, TEAM_DESCRIPTION_MAX, TEAM_NAME, TEAM_NAME_MESSAGE } from "@/lib/skills/teams/team-inputs";
import type { TeamDetail, TeamSkillToMove, TeamSummary } from "@/lib/types/teams";
import type { Tx } from "@/lib/db/client";
import type { TeamRole } from "@/lib/generated/prisma/enums";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { DataError, notFound } from "../errors";
import { readInstanceSettings } from "../admin/settings";
import { changeSkillScope } from "../skills/lifecycle";
import { int } from "@/lib/db/sql-values";
import { audit } from "../notifications/audit";

export type { TeamDetail, TeamSkillToMove, TeamSummary };
export { addTeamMember, changeTeamRole, leaveTeam, removeTeamMember } from "./members";

/** The viewer's teams with their role in each. */
export async function listMyTeams(viewer: ViewerRef): Promise<TeamSummary[]> {
  // One statement with the counts as subqueries (Prisma's _count under a relation load took a second).
  const rows = await db.$queryRaw<{ id: string; name: string; description: string; role: TeamRole; memberCount: unknown; skillCount: unknown }[]>`
    SELECT t."id", t."name", t."description", m."role",
      (SELECT COUNT(*) FROM "Membership" mm WHERE mm."teamId" = t."id") AS "memberCount",
      (SELECT COUNT(*) FROM "Skill" s WHERE s."teamId" = t."id" AND s."archived" = FALSE) AS "skillCount"
    FROM "Membership" m JOIN "Team" t ON t."id" = m."teamId"
    WHERE m."userId" = ${viewer.id}
    ORDER BY t."name"`;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    role: row.role,
    memberCount: int(row.memberCount),
    skillCount: int(row.skillCount),
  }));
}

/** Whether the viewer may create a team on this instance, and the setting that decides it. */
export async function teamCreationFor(viewer: ViewerRef): Promise<{ allowed: boolean; setting: "anyone" | "admins" }> {
  const [actor, settings] = await Promise.all([loadActor(db, viewer), readInstanceSettings()]);
  return { allowed: canCreateTeam(actor, settings.teamCreation), setting: settings.teamCreation };
}

/** A team the viewer belongs to, with its members; null otherwise (instance admins included). */
export async function getTeam(viewer: ViewerRef, teamId: string): Promise<TeamDetail | null> {
  const actor = await loadActor(db, viewer);
  const role = actor.teamRoles[teamId];
  if (!role) return null;
  const team = await db.team.findUnique({
    where: { id: teamId },
    select: {
      id: true,
      name: true,
      description: true,
      allowBoundTools: true,
      memberships: { select: { role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } }, orderBy: { createdAt: "asc" } },
    },
  });
  if (!team) return null;
  const [skillCount, archivedSkillCount] = await Promise.all([
    db.skill.count({ where: { teamId, archived: false } }),
    db.skill.count({ where: { teamId, archived: true } }),
  ]);
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    role,
    memberCount: team.memberships.length,
    skillCount,
    archivedSkillCount,
    allowBoundTools: team.allowBoundTools,
    members: team.memberships.map((m) => ({ userId: m.user.id, name: m.user.name, email: m.user.email, role: m.role, joinedAt: m.createdAt })),
    can: {
      manageMembers: canManageMembers(actor, teamId),
      rename: canRenameTeam(actor, teamId),
      delete: canDeleteTeam(actor, teamId),
      manageInvitations: canManageInvitations(actor, teamId),
      setBoundTools: canSetTeamBoundTools(actor, teamId),
      grantRoles: TEAM_ROLES.filter((to) => canSetMemberRole(actor, teamId, null, to)),
    },
  };
}

function checkName(name: string): string {
  const normalized = normalizeTeamName(name);
  if (!TEAM_NAME.test(normalized)) throw new DataError("INVALID", TEAM_NAME_MESSAGE, { field: "name" });
  return normalized;
}

function checkDescription(description: string): string {
  const trimmed = description.trim();
  if ([...trimmed].length > TEAM_DESCRIPTION_MAX)
    throw new DataError("INVALID", `Keep the description under ${TEAM_DESCRIPTION_MAX} characters.`, { field: "description" });
  return trimmed;
}

// Names are unique regardless of case: "Platform" and "platform" would be indistinguishable in lists.
async function assertTeamNameFree(tx: Tx, name: string, exceptTeamId?: string) {
  const taken = await tx.team.findMany({ where: exceptTeamId ? { id: { not: exceptTeamId } } : {}, select: { name: true } });
  const clash = taken.find((team) => team.name.toLowerCase() === name.toLowerCase());
  if (clash) throw new DataError("CONFLICT", `A team named "${clash.name}" already exists. Choose another name.`, { field: "name" });
}

export async function createTeam(viewer: ViewerRef, name: string, description = ""): Promise<{ id: string; name: string }> {
  const trimmed = checkName(name);
  const about = checkDescription(description);
  const { teamCreation } = await readInstanceSettings();
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    if (!canCreateTeam(actor, teamCreation))
      throw new DataError("FORBIDDEN", "On this instance only instance admins create teams. Ask one to create the team, or to invite you to one.");
    await assertTeamNameFree(tx, trimmed);
    const team = await tx.team.create({
      data: { name: trimmed, description: about, memberships: { create: { userId: viewer.id, role: "OWNER" } } },
      select: { id: true, name: true },
    });
    await audit(tx, { actorId: viewer.id, action: "team.create", teamId: team.id, detail: { name: team.name } });
    return team;
  });
}

async function requireMember(tx: Tx, viewer: ViewerRef, teamId: string): Promise<Actor> {
  const actor = await loadActor(tx, viewer);
  if (!actor.teamRoles[teamId]) throw notFound("Team");
  return actor;
}

/** Rename a team and set its description (owners and admins). Each change is audited on its own. */
export async function updateTeam(viewer: ViewerRef, teamId: string, input: { name?: string; description?: string }): Promise<{ id: string; name: string }> {
  const name = input.name === undefined ? undefined : checkName(input.name);
  const description = input.description === undefined ? undefined : checkDescription(input.description);
  return db.$transaction(async (tx) => {
    const actor = await requireMember(tx, viewer, teamId);
    if (!canRenameTeam(actor, teamId)) throw new DataError("FORBIDDEN", "Only team owners and admins can rename a team or change its description.");
    const team = await tx.team.findUniqueOrThrow({ where: { id: teamId }, select: { name: true, description: true } });
    const renamed = name !== undefined && name !== team.name;
    const described = description !== undefined && description !== team.description;
    if (renamed) await assertTeamNameFree(tx, name, teamId);
    if (renamed || described) await tx.team.update({ where: { id: teamId }, data: { ...(renamed ? { name } : {}), ...(described ? { description } : {}) } });
    if (renamed) await audit(tx, { actorId: actor.id, action: "team.rename", teamId, detail: { from: team.name, to: name } });
    if (described) await audit(tx, { actorId: actor.id, action: "team.description", teamId, detail: { from: team.description, to: description } });
    return { id: teamId, name: renamed ? name : team.name };
  });
}

/**
 * Let the team's skills bind tools in the playground, or stop them: owners only (audited
 * "team.bound-tools"). Takes effect on the next turn of every conversation.
 */
export async function setTeamBoundTools(viewer: ViewerRef, teamId: string, allow: boolean): Promise<{ allowBoundTools: boolean }> {
  return db.$transaction(async (tx) => {
    const actor = await requireMember(tx, viewer, teamId);
    if (!canSetTeamBoundTools(actor, teamId)) throw new DataError("FORBIDDEN", "Only team owners can allow or stop bound tools for the team's skills.");
    const team = await tx.team.findUniqueOrThrow({ where: { id: teamId }, select: { allowBoundTools: true } });
    if (team.allowBoundTools !== allow) {
      await tx.team.update({ where: { id: teamId }, data: { allowBoundTools: allow } });
      await audit(tx, { actorId: actor.id, action: "team.bound-tools", teamId, detail: { from: team.allowBoundTools, to: allow } });
    }
    return { allowBoundTools: allow };
  });
}

/**
 * Delete a team (owners only). Refused while it owns skills, archived ones included: deleting
 * them with the team would lose work nobody chose to delete, so they are moved first.
 */
export async function deleteTeam(viewer: ViewerRef, teamId: string): Promise<{ name: string }> {
  return db.$transaction(async (tx) => {
    const actor = await requireMember(tx, viewer, teamId);
    if (!canDeleteTeam(actor, teamId)) throw new DataError("FORBIDDEN", "Only team owners can delete a team.");
    const team = await tx.team.findUniqueOrThrow({ where: { id: teamId }, select: { name: true } });
    const [skills, archived] = await Promise.all([tx.skill.count({ where: { teamId } }), tx.skill.count({ where: { teamId, archived: true } })]);
    if (skills > 0) {
      const counted = `${skills} ${skills === 1 ? "skill" : "skills"}${archived ? ` (${archived} archived)` : ""}`;
      throw new DataError(
        "CONFLICT",
        `Team ${team.name} still owns ${counted}. Move ${skills === 1 ? "it" : "them"} to another place first, then delete the team.`,
        {
          skills,
          archived,
        },
      );
    }
    const members = await tx.membership.count({ where: { teamId } });
    await tx.team.delete({ where: { id: teamId } });
    await audit(tx, { actorId: actor.id, action: "team.delete", teamId, detail: { name: team.name, members } });
    return team;
  });
}

/** The skills a team owns (archived too) with where the viewer may move each: the delete dialog's list. Owners only. */
export async function listTeamSkillsToMove(viewer: ViewerRef, teamId: string): Promise<TeamSkillToMove[]> {
  const actor = await loadActor(db, viewer);
  if (!actor.teamRoles[teamId]) throw notFound("Team");
  if (!canDeleteTeam(actor, teamId)) throw new DataError("FORBIDDEN", "Only team owners can delete a team.");
  const [skills, teams] = await Promise.all([
    db.skill.findMany({ where: { teamId }, select: { id: true, name: true, archived: true }, orderBy: { name: "asc" } }),
    db.team.findMany({ where: { id: { in: Object.keys(actor.teamRoles), not: teamId } }, select: { id: true, name: true }, orderBy: { name: "asc" } }),
  ]);
  const candidates: { destination: Destination; label: string }[] = [
    { destination: { scope: "PERSONAL" }, label: "Personal (only you)" },
    ...teams.map((team) => ({ destination: { scope: "TEAM" as const, teamId: team.id }, label: placeLabel("TEAM", team.name) })),
    { destination: { scope: "PUBLIC" }, label: "Public (everyone on this instance)" },
  ];
  const access = { scope: "TEAM" as const, ownerId: null, teamId };
  const moveTargets = candidates
    .filter((c) => canMoveSkill(actor, access, c.destination))
    .map(({ destination, label }) => ({ key: destinationKey(destination), label }));
  return skills.map((skill) => ({ ...skill, moveTargets }));
}

/**
 * Move every skill a team owns (or one of them) to `destination`, each through changeSkillScope
 * (its rules, name clash check and audit). A skill that cannot move stays, with the reason.
 */
export async function moveTeamSkills(viewer: ViewerRef, teamId: string, destination: Destination, skillId?: string) {
  const skills = await listTeamSkillsToMove(viewer, teamId);
  const chosen = skillId ? skills.filter((skill) => skill.id === skillId) : skills;
  if (skillId && !chosen.length) throw notFound("Skill");
  const moved: string[] = [];
  const failed: { name: string; message: string }[] = [];
  for (const skill of chosen) {
    try {
      await changeSkillScope(viewer, skill.id, destination, { request: false });
      moved.push(skill.name);
    } catch (error) {
      if (!(error instanceof DataError)) throw error;
      failed.push({ name: skill.name, message: error.message });
    }
  }
  return { moved, failed };
}
