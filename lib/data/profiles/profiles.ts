import "server-only";
import { profileInput, type ProfileInput } from "@/lib/playground/inputs";
import type { AgentProfileInfo } from "@/lib/types/playground";
import type { Db, Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { canViewSkill, type Actor, type Scope } from "@/lib/skills/permissions/permissions";
import { loadActor, type ViewerRef } from "../core/actor";
import { visibleTo } from "../core/skill-access";
import { db } from "@/lib/db/server";
import { DataError, notFound } from "../errors";
import { date, int, yes } from "@/lib/db/sql-values";

// Agent profiles: a named set of skills (optionally pinned to a version) plus instructions. They
// belong to one user and only that user sees or changes them; a skill a profile references
// cannot be deleted (lib/data/skills.ts deleteSkill).

const profileSelect = {
  id: true,
  name: true,
  instructions: true,
  label: true,
  updatedAt: true,
  skills: {
    select: {
      skillId: true,
      pinnedVersion: true,
      skill: { select: { name: true, scope: true, ownerId: true, teamId: true, archived: true, currentVersion: { select: { number: true } } } },
    },
  },
} satisfies Prisma.AgentProfileSelect;

/**
 * The profile as its owner sees it. A skill the owner can no longer see (they left its team, it
 * moved to another space) keeps its row, so they can take it out, but not its name or version:
 * those may have changed since, and are someone else's to know.
 */
function toInfo(actor: Actor, row: ProfileRow): AgentProfileInfo {
  const skills = row.skills.map((s) => {
    const visible = canViewSkill(actor, { scope: s.skill.scope, ownerId: s.skill.ownerId, teamId: s.skill.teamId });
    return visible
      ? {
          skillId: s.skillId,
          name: s.skill.name,
          pinnedVersion: s.pinnedVersion,
          currentVersion: s.skill.currentVersion?.number ?? null,
          archived: s.skill.archived,
        }
      : { skillId: s.skillId, name: null, pinnedVersion: s.pinnedVersion, currentVersion: null, archived: false };
  });
  // Out-of-reach skills last, in a stable order.
  skills.sort((a, b) => (a.name === null ? (b.name === null ? a.skillId.localeCompare(b.skillId) : 1) : b.name === null ? -1 : a.name.localeCompare(b.name)));
  return { id: row.id, name: row.name, instructions: row.instructions, label: row.label, updatedAt: row.updatedAt, skills };
}

type ProfileRow = Prisma.AgentProfileGetPayload<{ select: typeof profileSelect }>;

type FlatRow = {
  id: string;
  name: string;
  instructions: string;
  label: string;
  updatedAt: unknown;
  skillId: string | null;
  pinnedVersion: unknown;
  skillName: string | null;
  scope: Scope | null;
  ownerId: string | null;
  teamId: string | null;
  archived: unknown;
  currentNumber: unknown;
};

/**
 * The viewer's profiles with their skills, in one statement (on the playground page, every view):
 * Prisma's relation loads took two with no profile (the second for nothing) and four with some.
 */
export async function listProfiles(viewer: ViewerRef): Promise<AgentProfileInfo[]> {
  const actor = await loadActor(db, viewer);
  const flat = await db.$queryRaw<FlatRow[]>`
    SELECT p."id", p."name", p."instructions", p."label", p."updatedAt", ps."skillId", ps."pinnedVersion",
      s."name" AS "skillName", s."scope", s."ownerId", s."teamId", s."archived", v."number" AS "currentNumber"
    FROM "AgentProfile" p
    LEFT JOIN "AgentProfileSkill" ps ON ps."profileId" = p."id"
    LEFT JOIN "Skill" s ON s."id" = ps."skillId"
    LEFT JOIN "SkillVersion" v ON v."id" = s."currentVersionId"
    WHERE p."ownerId" = ${actor.id}
    ORDER BY p."name", p."id"`;
  const rows = new Map<string, ProfileRow>();
  for (const row of flat) {
    let profile = rows.get(row.id);
    if (!profile) {
      profile = { id: row.id, name: row.name, instructions: row.instructions, label: row.label, updatedAt: date(row.updatedAt), skills: [] };
      rows.set(row.id, profile);
    }
    // A profile's skill always exists: deleting a skill a profile references is refused.
    if (row.skillId === null || row.skillName === null || row.scope === null) continue;
    profile.skills.push({
      skillId: row.skillId,
      pinnedVersion: row.pinnedVersion === null ? null : int(row.pinnedVersion),
      skill: {
        name: row.skillName,
        scope: row.scope,
        ownerId: row.ownerId,
        teamId: row.teamId,
        archived: yes(row.archived),
        currentVersion: row.currentNumber === null ? null : { number: int(row.currentNumber) },
      },
    });
  }
  return [...rows.values()].map((row) => toInfo(actor, row));
}

/** One of the viewer's profiles, or null (someone else's profile is as missing as a deleted one). */
export async function getProfile(viewer: ViewerRef, profileId: string): Promise<AgentProfileInfo | null> {
  const actor = await loadActor(db, viewer);
  const row = await db.agentProfile.findFirst({ where: { id: profileId, ownerId: actor.id }, select: profileSelect });
  return row ? toInfo(actor, row) : null;
}

function parse(input: ProfileInput): ProfileInput {
  const result = profileInput.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new DataError("INVALID", issue?.message ?? "The profile is invalid.", { field: issue?.path.join(".") });
  }
  const seen = new Set<string>();
  for (const skill of result.data.skills) {
    if (seen.has(skill.skillId)) throw new DataError("INVALID", "A skill appears twice in the profile.", { field: "skills" });
    seen.add(skill.skillId);
  }
  return result.data;
}

/** Every skill must be visible to the owner, one per name, and a pinned version must exist and have been published. */
async function checkSkills(tx: Tx | Db, viewer: ViewerRef, skills: ProfileInput["skills"]): Promise<void> {
  const actor = await loadActor(tx, viewer);
  const rows = await tx.skill.findMany({
    where: { AND: [{ id: { in: skills.map((s) => s.skillId) } }, visibleTo(actor)] },
    select: {
      id: true,
      name: true,
      versions: { select: { number: true, publishedAt: true, revisions: { select: { request: { select: { state: true } } } } } },
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const names = new Map<string, string>();
  for (const pick of skills) {
    const row = byId.get(pick.skillId);
    if (!row) throw new DataError("INVALID", "A skill in the profile no longer exists or is not visible to you.", { field: "skills", skillId: pick.skillId });
    if (names.has(row.name))
      throw new DataError("INVALID", `Two skills named "${row.name}" cannot both be in one profile: an agent sees one skill per name.`, { field: "skills" });
    names.set(row.name, row.id);
    if (pick.pinnedVersion === null) continue;
    const pinned = row.versions.find((v) => v.number === pick.pinnedVersion);
    if (!pinned) throw new DataError("INVALID", `"${row.name}" has no version ${pick.pinnedVersion}.`, { field: "skills" });
    // A proposal is never offered to agents, pinned or not: only versions that were published (became current) may be pinned.
    if (!pinned.publishedAt) {
      const underReview = pinned.revisions.some((r) => r.request.state === "open");
      throw new DataError(
        "INVALID",
        underReview
          ? `"${row.name}" v${pinned.number} is a proposal under review; pin a published version.`
          : `"${row.name}" v${pinned.number} was proposed and never published; pin a published version.`,
        { field: "skills", skillId: row.id, version: pinned.number },
      );
    }
  }
}

function conflict(name: string) {
  return new DataError("CONFLICT", `You already have a profile named "${name}".`, { field: "name" });
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

export async function createProfile(viewer: ViewerRef, input: ProfileInput): Promise<AgentProfileInfo> {
  const data = parse(input);
  try {
    const id = await db.$transaction(async (tx) => {
      const actor = await loadActor(tx, viewer);
      if (await tx.agentProfile.findUnique({ where: { ownerId_name: { ownerId: actor.id, name: data.name } }, select: { id: true } }))
        throw conflict(data.name);
      await checkSkills(tx, viewer, data.skills);
      const profile = await tx.agentProfile.create({
        data: {
          ownerId: actor.id,
          name: data.name,
          instructions: data.instructions,
          label: data.label,
          skills: { create: data.skills.map((s) => ({ skillId: s.skillId, pinnedVersion: s.pinnedVersion })) },
        },
        select: { id: true },
      });
      return profile.id;
    });
    return (await getProfile(viewer, id))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(data.name);
    throw error;
  }
}

/** Replace a profile's name, instructions and skills in one write. */
export async function updateProfile(viewer: ViewerRef, profileId: string, input: ProfileInput): Promise<AgentProfileInfo> {
  const data = parse(input);
  try {
    await db.$transaction(async (tx) => {
      const actor = await loadActor(tx, viewer);
      const profile = await tx.agentProfile.findFirst({ where: { id: profileId, ownerId: actor.id }, select: { id: true } });
      if (!profile) throw notFound("Agent profile");
      const clash = await tx.agentProfile.findUnique({ where: { ownerId_name: { ownerId: actor.id, name: data.name } }, select: { id: true } });
      if (clash && clash.id !== profileId) throw conflict(data.name);
      await checkSkills(tx, viewer, data.skills);
      await tx.agentProfileSkill.deleteMany({ where: { profileId } });
      await tx.agentProfile.update({
        where: { id: profileId },
        data: {
          name: data.name,
          instructions: data.instructions,
          label: data.label,
          skills: { create: data.skills.map((s) => ({ skillId: s.skillId, pinnedVersion: s.pinnedVersion })) },
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(data.name);
    throw error;
  }
  return (await getProfile(viewer, profileId))!;
}

export async function deleteProfile(viewer: ViewerRef, profileId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const profile = await tx.agentProfile.findFirst({ where: { id: profileId, ownerId: actor.id }, select: { id: true } });
    if (!profile) throw notFound("Agent profile");
    await tx.agentProfile.delete({ where: { id: profileId } });
  });
}
