import "server-only";
import { canManageSource, type Actor, type Scope } from "@/lib/skills/permissions/permissions";
import { placeLabel } from "@/lib/labels";
import type { Db, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SourceSummary, SyncSummary } from "@/lib/types/sources";
import { DataError } from "../errors";
import { readSyncRefused, readSyncSkipped } from "../core/json-columns";

// The rows every source read selects, the one mapping of each to what pages get, and the one way
// to reach a source: load it, answer "not found" to whoever may not manage it.

export const syncSelect = {
  id: true,
  trigger: true,
  status: true,
  revision: true,
  startedAt: true,
  finishedAt: true,
  created: true,
  updated: true,
  unchanged: true,
  archived: true,
  proposed: true,
  refused: true,
  skipped: true,
  error: true,
} satisfies Prisma.SourceSyncSelect;

export type SyncRow = Prisma.SourceSyncGetPayload<{ select: typeof syncSelect }>;

export function toSyncSummary(row: SyncRow): SyncSummary {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    revision: row.revision,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    archived: row.archived,
    proposed: row.proposed,
    refused: readSyncRefused(row.refused),
    skipped: readSyncSkipped(row.skipped),
    error: row.error,
  };
}

// Everything but the credential and the webhook secret: they never leave lib/data/sources*.ts.
export const sourceSelect = {
  id: true,
  kind: true,
  url: true,
  ref: true,
  subdir: true,
  scope: true,
  ownerId: true,
  teamId: true,
  space: true,
  intervalMinutes: true,
  nextSyncAt: true,
  createdAt: true,
  credential: true,
  team: { select: { name: true } },
  createdBy: { select: { id: true, name: true } },
  syncs: { orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: 1, select: syncSelect },
  _count: { select: { skills: true } },
} satisfies Prisma.SkillSourceSelect;

export type SourceRow = Prisma.SkillSourceGetPayload<{ select: typeof sourceSelect }>;

export const webhookPath = (sourceId: string) => `/api/sources/${sourceId}/webhook`;

export function toSourceSummary(row: SourceRow): SourceSummary {
  if (row.scope === "BUILTIN") throw new Error("A source never syncs into the built-in space.");
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    ref: row.ref,
    subdir: row.subdir,
    scope: row.scope,
    teamId: row.teamId,
    place: placeLabel(row.scope, row.team?.name),
    intervalMinutes: row.intervalMinutes,
    hasCredential: row.credential !== null,
    webhookPath: webhookPath(row.id),
    lastSync: row.syncs[0] ? toSyncSummary(row.syncs[0]) : null,
    nextSyncAt: row.nextSyncAt?.toISOString() ?? null,
    skillCount: row._count.skills,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The sources an actor may manage, as a Prisma filter (the same rule as canManageSource). */
export function manageableBy(actor: Actor): Prisma.SkillSourceWhereInput {
  const teamIds = Object.keys(actor.teamRoles);
  return {
    OR: [
      { scope: "PERSONAL", ownerId: actor.id },
      { scope: "TEAM", teamId: { in: teamIds } },
      ...(actor.role === "ADMIN" ? [{ scope: "PUBLIC" as const }] : []),
    ],
  };
}

export const sourceNotFound = () => new DataError("NOT_FOUND", "Source not found.");

/** A source the actor may manage, with the fields asked for; NOT_FOUND otherwise (a source one may not manage is not shown at all). */
const accessSelect = { id: true, scope: true, ownerId: true, teamId: true } as const satisfies Prisma.SkillSourceSelect;

export async function requireSource<S extends Prisma.SkillSourceSelect>(
  client: Db | Tx,
  actor: Actor,
  sourceId: string,
  select: S,
): Promise<Prisma.SkillSourceGetPayload<{ select: typeof accessSelect & S }>> {
  const row = await client.skillSource.findUnique({ where: { id: sourceId }, select: { ...select, ...accessSelect } });
  const access = row as { scope: Scope; ownerId: string | null; teamId: string | null } | null;
  if (!access || !canManageSource(actor, access)) throw sourceNotFound();
  // The select always holds accessSelect's fields; Prisma's type cannot see through the spread.
  return row as unknown as Prisma.SkillSourceGetPayload<{ select: typeof accessSelect & S }>;
}
