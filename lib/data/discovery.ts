import "server-only";
import { resolveShadowing, type Actor } from "@/lib/skills/permissions/permissions";
import type { ReviewStatus } from "@/lib/types/skills";
import { Prisma } from "@/lib/generated/prisma/client";
import { placeLabel } from "@/lib/labels";
import { db } from "@/lib/db/server";
import { loadActor, type ViewerRef } from "./actor";
import { notFound } from "./errors";
import { visibleTo } from "./skill-access";

// The skills delivered to a viewer's agents outside the app (the discovery index and the sync CLI
// that reads it): exactly the playground's catalog, one skill per name with shadowing resolved and
// archived skills left out, or one of the viewer's agent profiles with its pinned versions
// (lib/data/playground.ts loadSkillSource). File bytes are read through ./skills/files.ts.

export interface DeliveredFile {
  path: string;
  size: number;
  /** Lowercase hex sha256 of the file's bytes. */
  sha256: string;
  executable: boolean;
  mediaType: string;
}

export interface DeliveredSkill {
  skillId: string;
  /** The delivered version's row id. */
  versionId: string;
  name: string;
  description: string;
  version: number;
  place: string;
  reviewStatus: ReviewStatus;
  /** The version's bundle digest as stored: sha256 over the sorted "path NUL sha256 LF" lines. */
  bundleDigest: string;
  /** Sorted by path. */
  files: DeliveredFile[];
}

export interface DeliveryOptions {
  /** One of the viewer's agent profiles instead of everything they see, by id or by name (names are unique per owner). */
  profile?: string | null;
  /** One team's skills (by id) instead, as its members see them: a team's delivery link (lib/data/feeds.ts). */
  team?: string | null;
}

const versionSelect = {
  id: true,
  skillId: true,
  number: true,
  description: true,
  digest: true,
  reviewStatus: true,
  files: { select: { path: true, size: true, sha256: true, executable: true, mediaType: true }, orderBy: { path: "asc" } },
} satisfies Prisma.SkillVersionSelect;
type VersionRow = Prisma.SkillVersionGetPayload<{ select: typeof versionSelect }>;

interface Pick {
  id: string;
  name: string;
  place: string;
  currentVersionId: string | null;
  /** Null: the current version. */
  pinned: number | null;
}

// Prisma refuses a query with more bound values than SQLite's limit (999 as it counts), so a
// catalog of thousands is read in batches of this many.
const BATCH = 500;

/** `read` over `items` in batches of BATCH, the results joined. */
export async function inBatches<T, R>(items: readonly T[], read: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += BATCH) results.push(...(await read(items.slice(i, i + BATCH))));
  return results;
}

const pickSelect = { id: true, name: true, scope: true, currentVersionId: true, team: { select: { name: true } } } as const;

function toPick(
  row: { id: string; name: string; scope: Parameters<typeof placeLabel>[0]; currentVersionId: string | null; team: { name: string } | null },
  pinned: number | null,
): Pick {
  return { id: row.id, name: row.name, place: placeLabel(row.scope, row.team?.name), currentVersionId: row.currentVersionId, pinned };
}

/**
 * Every skill the viewer's agents get, sorted by name. With a profile that is not one of the
 * viewer's profiles, NOT_FOUND (someone else's profile is as missing as a deleted one).
 */
export async function listDeliveredSkills(viewer: ViewerRef, options: DeliveryOptions = {}): Promise<DeliveredSkill[]> {
  const actor = await loadActor(db, viewer);
  return withVersions(await picksFor(actor, options));
}

/** The one skill of that name the viewer's agents get (as listDeliveredSkills has it), or null. */
export async function findDeliveredSkill(viewer: ViewerRef, name: string, options: DeliveryOptions = {}): Promise<DeliveredSkill | null> {
  const actor = await loadActor(db, viewer);
  return (await withVersions(await picksFor(actor, options, name)))[0] ?? null;
}

function picksFor(actor: Actor, options: DeliveryOptions, name?: string): Promise<Pick[]> {
  if (options.profile) return profilePicks(actor, options.profile, name);
  if (options.team) return teamPicks(actor, options.team, name);
  return catalogPicks(actor, name);
}

/** A team's current skills, as long as the viewer is in the team (names are unique within one). */
async function teamPicks(actor: Actor, teamId: string, name?: string): Promise<Pick[]> {
  if (!actor.teamRoles[teamId]) throw notFound("Team");
  const rows = await db.skill.findMany({
    where: { AND: [{ scope: "TEAM", teamId }, visibleTo(actor), { archived: false }, ...(name === undefined ? [] : [{ name }])] },
    select: pickSelect,
  });
  return rows.map((row) => toPick(row, null));
}

/** Shadowing is decided among same-named skills only, so resolving one name's candidates gives the same winner as the whole catalog. */
async function catalogPicks(actor: Actor, name?: string): Promise<Pick[]> {
  const rows = await db.skill.findMany({
    where: { AND: [visibleTo(actor), { archived: false }, ...(name === undefined ? [] : [{ name }])] },
    select: pickSelect,
  });
  const { visible } = resolveShadowing(rows.map((row) => ({ ...row, rank: row.team?.name })));
  return visible.map((row) => toPick(row, null));
}

async function profilePicks(actor: Actor, profile: string, name?: string): Promise<Pick[]> {
  const select = { skills: { select: { skillId: true, pinnedVersion: true } } } as const;
  // By id first, then by name (unique per owner): people know their profiles by name, scripts by id.
  const found =
    (await db.agentProfile.findFirst({ where: { id: profile, ownerId: actor.id }, select })) ??
    (await db.agentProfile.findFirst({ where: { name: profile, ownerId: actor.id }, select }));
  if (!found) throw notFound("Agent profile");
  const pinned = new Map(found.skills.map((s) => [s.skillId, s.pinnedVersion]));
  // Like the playground: a skill the owner can no longer see, or one that was archived, is left out.
  const rows = await db.skill.findMany({
    where: { AND: [{ id: { in: [...pinned.keys()] } }, visibleTo(actor), { archived: false }, ...(name === undefined ? [] : [{ name }])] },
    select: pickSelect,
  });
  return rows.map((row) => toPick(row, pinned.get(row.id) ?? null));
}

async function withVersions(picks: Pick[]): Promise<DeliveredSkill[]> {
  const current = picks.flatMap((p) => (p.pinned === null && p.currentVersionId ? [p.currentVersionId] : []));
  const pinned = picks.filter((p) => p.pinned !== null);
  const [a, b] = await Promise.all([
    inBatches(current, (ids) => db.skillVersion.findMany({ where: { id: { in: ids } }, select: versionSelect })),
    // Only a published version may be pinned (lib/data/profiles.ts); this keeps a proposal from agents even if one were.
    inBatches(pinned, (batch) =>
      db.skillVersion.findMany({
        where: { OR: batch.map((p) => ({ skillId: p.id, number: p.pinned! })), publishedAt: { not: null } },
        select: versionSelect,
      }),
    ),
  ]);
  const bySkill = new Map<string, VersionRow>([...a, ...b].map((row) => [row.skillId, row]));
  const skills: DeliveredSkill[] = [];
  for (const pick of picks) {
    const row = bySkill.get(pick.id);
    if (!row) continue;
    skills.push({
      skillId: pick.id,
      versionId: row.id,
      name: pick.name,
      description: row.description,
      version: row.number,
      place: pick.place,
      reviewStatus: row.reviewStatus,
      bundleDigest: row.digest,
      files: row.files,
    });
  }
  return skills.sort((x, y) => x.name.localeCompare(y.name));
}
