import "server-only";
import { resolveShadowing, type Actor } from "@/lib/skills/permissions/permissions";
import type { ReviewStatus } from "@/lib/types/skills";
import { Prisma } from "@/lib/generated/prisma/client";
import { placeLabel } from "@/lib/labels";
import { db } from "@/lib/db/server";
import { loadActor, type ViewerRef } from "../core/actor";
import { notFound } from "../errors";
import { checkFollowedLabel, labelledVersionIds } from "../skills/labels";
import { LATEST } from "@/lib/skills/permissions/labels";
import { visibleTo } from "../core/skill-access";
import { inBatches } from "../core/batches";

// The skills delivered to a viewer's agents outside the app (the discovery index and the sync CLI
// that reads it): exactly the playground's catalog, one skill per name with shadowing resolved and
// archived skills left out, or one of the viewer's agent profiles with its pinned versions
// (lib/data/playground/playground.ts loadSkillSource). File bytes are read through ./skills/files.ts.

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
  /** The release label that answered ("latest" for the current version, or a pinned one's: "pinned"). */
  label: string;
  /** The label followed was asked for, but this skill has none of that name: its current version instead. */
  labelFallback: boolean;
}

export interface DeliveryOptions {
  /** One of the viewer's agent profiles instead of everything they see, by id or by name (names are unique per owner). */
  profile?: string | null;
  /** One team's skills (by id) instead, as its members see them: a team's delivery link (lib/data/distribution/feeds.ts). */
  team?: string | null;
  /** The release label to follow (lib/skills/permissions/labels.ts); default a profile's own, else latest. */
  label?: string | null;
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
  /** Null: the current version (or the label's). */
  pinned: number | null;
  /** Archived skills reach a profile only through a label that exists on them. */
  archived: boolean;
}

const pickSelect = { id: true, name: true, scope: true, archived: true, currentVersionId: true, team: { select: { name: true } } } as const;

function toPick(
  row: { id: string; name: string; scope: Parameters<typeof placeLabel>[0]; archived: boolean; currentVersionId: string | null; team: { name: string } | null },
  pinned: number | null,
): Pick {
  return { id: row.id, name: row.name, place: placeLabel(row.scope, row.team?.name), archived: row.archived, currentVersionId: row.currentVersionId, pinned };
}

/**
 * Every skill the viewer's agents get, sorted by name. With a profile that is not one of the
 * viewer's profiles, NOT_FOUND (someone else's profile is as missing as a deleted one).
 */
export async function listDeliveredSkills(viewer: ViewerRef, options: DeliveryOptions = {}): Promise<DeliveredSkill[]> {
  const actor = await loadActor(db, viewer);
  const { picks, label } = await picksFor(actor, options);
  return withVersions(picks, label);
}

/** The one skill of that name the viewer's agents get (as listDeliveredSkills has it), or null. */
export async function findDeliveredSkill(viewer: ViewerRef, name: string, options: DeliveryOptions = {}): Promise<DeliveredSkill | null> {
  const actor = await loadActor(db, viewer);
  const { picks, label } = await picksFor(actor, options, name);
  return (await withVersions(picks, label))[0] ?? null;
}

async function picksFor(actor: Actor, options: DeliveryOptions, name?: string): Promise<{ picks: Pick[]; label: string }> {
  const asked = options.label ? checkFollowedLabel(options.label) : null;
  if (options.profile) {
    const { picks, label } = await profilePicks(actor, options.profile, asked, name);
    return { picks, label: asked ?? label };
  }
  return { picks: options.team ? await teamPicks(actor, options.team, name) : await catalogPicks(actor, name), label: asked ?? LATEST };
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

async function profilePicks(actor: Actor, profile: string, asked: string | null, name?: string): Promise<{ picks: Pick[]; label: string }> {
  const select = { label: true, skills: { select: { skillId: true, pinnedVersion: true } } } as const;
  // By id first, then by name (unique per owner): people know their profiles by name, scripts by id.
  const found =
    (await db.agentProfile.findFirst({ where: { id: profile, ownerId: actor.id }, select })) ??
    (await db.agentProfile.findFirst({ where: { name: profile, ownerId: actor.id }, select }));
  if (!found) throw notFound("Agent profile");
  const pinned = new Map(found.skills.map((s) => [s.skillId, s.pinnedVersion]));
  // Like the playground: a skill the owner can no longer see is left out, and so is an archived one
  // unless the profile follows a label it has (withVersions decides that).
  const label = asked ?? found.label;
  const rows = await db.skill.findMany({
    where: {
      AND: [
        { id: { in: [...pinned.keys()] } },
        visibleTo(actor),
        ...(label === LATEST ? [{ archived: false }] : []),
        ...(name === undefined ? [] : [{ name }]),
      ],
    },
    select: pickSelect,
  });
  return { picks: rows.map((row) => toPick(row, pinned.get(row.id) ?? null)), label: found.label };
}

async function withVersions(picks: Pick[], label: string): Promise<DeliveredSkill[]> {
  const following = picks.filter((p) => p.pinned === null);
  // A label only ever points at a published version (lib/data/skills/labels.ts).
  const labelled = await labelledVersions(
    following.map((p) => p.id),
    label,
  );
  const current = following.flatMap((p) => (labelled.has(p.id) || p.archived ? [] : p.currentVersionId ? [p.currentVersionId] : []));
  const pinned = picks.filter((p) => p.pinned !== null && !p.archived);
  const [a, b] = await Promise.all([
    inBatches([...current, ...labelled.values()], (ids) => db.skillVersion.findMany({ where: { id: { in: ids } }, select: versionSelect })),
    // Only a published version may be pinned (lib/data/profiles/profiles.ts); this keeps a proposal from agents even if one were.
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
      ...(pick.pinned !== null
        ? { label: "pinned", labelFallback: false }
        : labelled.has(pick.id) || label === LATEST
          ? { label, labelFallback: false }
          : { label: LATEST, labelFallback: true }),
    });
  }
  return skills.sort((x, y) => x.name.localeCompare(y.name));
}

async function labelledVersions(skillIds: string[], label: string): Promise<Map<string, string>> {
  const maps = await inBatches(skillIds, async (batch) => [...(await labelledVersionIds(db, batch, label))]);
  return new Map(maps);
}
