import "server-only";
import { resolveShadowing, type Actor, type Scope } from "@/lib/skills/permissions/permissions";
import {
  BUILTIN_HANDLE,
  decodeCursor,
  encodeCursor,
  folderFingerprint,
  normalizeHandle,
  PUBLIC_HANDLE,
  teamHandle,
  type ListCursor,
} from "@/lib/skills/clawhub/protocol";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/server";
import { loadActor, type ViewerRef } from "../core/actor";
import { DataError } from "../errors";
import { readScanFindings } from "../core/json-columns";
import { visibleTo } from "../core/skill-access";
import { shadowingFor } from "../skills/rows";
import { listSkills } from "../skills/list";

// The ClawHub registry's reads over the store (routes: lib/http/clawhub.ts). A slug is a skill's
// name as the viewer resolves it: among same-named skills they can see, the one an agent of theirs
// gets (personal over team over public over built-in, the playground's and MCP catalog's rule),
// unless an owner handle names the place. Only published versions exist here; archived skills do not.

/** A place a handle names: the viewer's own, one of their teams, public or built-in. */
export type Place = { scope: "PERSONAL" } | { scope: "TEAM"; teamId: string } | { scope: "PUBLIC" } | { scope: "BUILTIN" };

export interface ClawhubSkill {
  id: string;
  name: string;
  description: string;
  scope: Scope;
  ownerHandle: string;
  /** "Personal", "Team Platform", "Public", "Built-in". */
  ownerName: string;
  createdAt: Date;
  updatedAt: Date;
  current: { number: number; message: string; createdAt: Date };
  /** Published versions. */
  versionCount: number;
  /** Release labels (ClawHub's tags besides latest): name → version number. */
  labels: Record<string, number>;
  moderation: ClawhubModeration;
}

export interface ClawhubModeration {
  /** A version a reviewer must still look at, or one an admin let through despite a critical finding. */
  suspicious: boolean;
  reasonCodes: string[];
  summary: string | null;
  engineVersion: string | null;
}

const skillSelect = {
  id: true,
  name: true,
  scope: true,
  createdAt: true,
  updatedAt: true,
  team: { select: { id: true, name: true } },
  currentVersion: {
    select: { number: true, description: true, message: true, createdAt: true, reviewStatus: true, scanFindings: true, scanRuleset: true },
  },
  _count: { select: { versions: { where: { publishedAt: { not: null } } } } },
  labels: { select: { name: true, version: { select: { number: true } } } },
} satisfies Prisma.SkillSelect;
type SkillRow = Prisma.SkillGetPayload<{ select: typeof skillSelect }>;

/** Who the token belongs to, as `whoami` says it: their handle is their email address. */
export async function clawhubWhoami(viewer: ViewerRef): Promise<{ handle: string; displayName: string; role: "admin" | "user" }> {
  const actor = await loadActor(db, viewer);
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id }, select: { email: true, name: true } });
  return { handle: user.email.toLowerCase(), displayName: user.name, role: actor.role === "ADMIN" ? "admin" : "user" };
}

interface Viewing {
  actor: Actor;
  handle: string;
  teams: { id: string; name: string }[];
}

async function viewing(viewer: ViewerRef): Promise<Viewing> {
  const actor = await loadActor(db, viewer);
  const [user, teams] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: actor.id }, select: { email: true } }),
    db.team.findMany({ where: { id: { in: Object.keys(actor.teamRoles) } }, select: { id: true, name: true } }),
  ]);
  return { actor, handle: user.email.toLowerCase(), teams };
}

function handleOf(v: Viewing, row: { scope: Scope; team: { id: string; name: string } | null }): string {
  if (row.scope === "PERSONAL") return v.handle;
  if (row.scope === "TEAM" && row.team) return teamHandle(row.team);
  return row.scope === "PUBLIC" ? PUBLIC_HANDLE : BUILTIN_HANDLE;
}

const OWNER_NAMES: Record<Scope, string> = { PERSONAL: "Personal", TEAM: "Team", PUBLIC: "Public", BUILTIN: "Built-in" };

/**
 * The place an owner handle names for this viewer: their email (their own place), "public",
 * "builtin", or one of their teams by handle or id. A team they are not in is not found, like a
 * hidden skill; two teams with the same handle ("a b" and "a-b") must be named by id.
 */
function placeOf(v: Viewing, raw: string): Place {
  const handle = normalizeHandle(raw);
  if (handle === v.handle) return { scope: "PERSONAL" };
  if (handle === PUBLIC_HANDLE) return { scope: "PUBLIC" };
  if (handle === BUILTIN_HANDLE) return { scope: "BUILTIN" };
  const byId = v.teams.find((team) => team.id.toLowerCase() === handle);
  if (byId) return { scope: "TEAM", teamId: byId.id };
  const matches = v.teams.filter((team) => teamHandle(team) === handle);
  if (matches.length > 1)
    throw new DataError(
      "CONFLICT",
      `The owner handle @${handle} names ${matches.length} of your teams (${matches.map((t) => t.name).join(", ")}); name one by its id.`,
    );
  if (matches.length === 1) return { scope: "TEAM", teamId: matches[0].id };
  throw new DataError("NOT_FOUND", `No place is named @${handle}: use your own handle (clawhub whoami), one of your teams, "public" or "builtin".`);
}

/** The place an owner handle names for this viewer (publish resolves its destination with it). */
export async function resolveOwnerHandle(viewer: ViewerRef, handle: string): Promise<Place> {
  return placeOf(await viewing(viewer), handle);
}

function inPlace(place: Place): Prisma.SkillWhereInput {
  return place.scope === "TEAM" ? { scope: "TEAM", teamId: place.teamId } : { scope: place.scope };
}

function toSkill(v: Viewing, row: SkillRow): ClawhubSkill | null {
  const current = row.currentVersion;
  if (!current) return null;
  const suspicious = current.reviewStatus === "needs_review" || current.reviewStatus === "override";
  const serious = readScanFindings(current.scanFindings).filter((f) => f.severity === "high" || f.severity === "critical");
  return {
    id: row.id,
    name: row.name,
    description: current.description,
    scope: row.scope,
    ownerHandle: handleOf(v, row),
    ownerName: row.scope === "TEAM" && row.team ? `Team ${row.team.name}` : OWNER_NAMES[row.scope],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    current: { number: current.number, message: current.message, createdAt: current.createdAt },
    versionCount: row._count.versions,
    labels: Object.fromEntries(row.labels.map((l) => [l.name, l.version.number])),
    moderation: {
      suspicious,
      reasonCodes: [...new Set(serious.map((f) => f.rule))],
      summary: suspicious
        ? current.reviewStatus === "override"
          ? "An instance admin let this version through despite a critical security finding."
          : "A security finding of this version waits for a reviewer."
        : null,
      engineVersion: current.scanRuleset,
    },
  };
}

async function findRow(v: Viewing, slug: string, ownerHandle?: string | null): Promise<SkillRow | null> {
  const where: Prisma.SkillWhereInput[] = [visibleTo(v.actor), { name: slug, archived: false, currentVersionId: { not: null } }];
  if (ownerHandle) where.push(inPlace(placeOf(v, ownerHandle)));
  const rows = await db.skill.findMany({ where: { AND: where }, select: skillSelect });
  if (rows.length <= 1) return rows[0] ?? null;
  const { visible } = resolveShadowing(rows.map((row) => ({ ...row, rank: row.team?.name })));
  return visible[0] ?? null;
}

/** The skill a slug names for this viewer (with an owner handle: in that place), or null. */
export async function getClawhubSkill(viewer: ViewerRef, slug: string, ownerHandle?: string | null): Promise<ClawhubSkill | null> {
  const v = await viewing(viewer);
  const row = await findRow(v, slug, ownerHandle);
  return row ? toSkill(v, row) : null;
}

export type ClawhubSort = "updated" | "created" | "name";
const SORT_FIELD = { updated: "updatedAt", created: "createdAt", name: "name" } as const;

/**
 * One page of the skills the viewer resolves, one per name (a shadowed skill is left out, as the
 * catalog leaves it out), by keyset: a cursor stays right while skills are added or removed.
 * `prefix` keeps names starting with it, ordered by name.
 */
export async function listClawhubSkills(
  viewer: ViewerRef,
  options: { limit: number; cursor?: string | null; sort?: ClawhubSort; prefix?: string | null },
): Promise<{ items: ClawhubSkill[]; nextCursor: string | null }> {
  const v = await viewing(viewer);
  const sort = options.prefix ? "name" : (options.sort ?? "updated");
  const field = SORT_FIELD[sort];
  const direction = sort === "name" ? "asc" : "desc";
  let cursor: ListCursor | null = null;
  if (options.cursor) {
    cursor = decodeCursor(options.cursor);
    if (!cursor) throw new DataError("INVALID", "The cursor is not one this registry gave out; start the list again without it.", { field: "cursor" });
  }
  const base: Prisma.SkillWhereInput[] = [visibleTo(v.actor), { archived: false, currentVersionId: { not: null } }];
  if (options.prefix) base.push({ name: { startsWith: options.prefix } });
  const items: ClawhubSkill[] = [];
  // Shadowed skills are dropped after reading, so a page may need more than one read to fill.
  for (let reads = 0; items.length < options.limit && reads < 10; reads++) {
    const where = cursor ? [...base, after(field, direction, cursor)] : base;
    const rows = await db.skill.findMany({
      where: { AND: where },
      select: skillSelect,
      orderBy: [{ [field]: direction }, { id: direction }],
      take: options.limit - items.length + 1,
    });
    const page = rows.slice(0, options.limit - items.length);
    const shadows = await shadowingFor(v.actor, page);
    for (const row of page) {
      const skill = shadows.has(row.id) ? null : toSkill(v, row);
      if (skill) items.push(skill);
    }
    const last = page.at(-1);
    if (last) cursor = { value: sortValue(last, field), id: last.id };
    if (rows.length <= page.length) return { items, nextCursor: null };
  }
  return { items, nextCursor: cursor ? encodeCursor(cursor) : null };
}

function sortValue(row: SkillRow, field: (typeof SORT_FIELD)[ClawhubSort]): string {
  return field === "name" ? row.name : row[field].toISOString();
}

function after(field: (typeof SORT_FIELD)[ClawhubSort], direction: "asc" | "desc", cursor: ListCursor): Prisma.SkillWhereInput {
  const value = field === "name" ? cursor.value : new Date(cursor.value);
  if (value instanceof Date && Number.isNaN(value.getTime()))
    throw new DataError("INVALID", "The cursor is not one this registry gave out.", { field: "cursor" });
  const beyond = direction === "asc" ? { gt: value } : { lt: value };
  const idBeyond = direction === "asc" ? { gt: cursor.id } : { lt: cursor.id };
  return { OR: [{ [field]: beyond }, { [field]: value, id: idBeyond }] };
}

/**
 * Full-text search (the skill list's search) over the viewer's skills, best first, with the
 * shadowed ones left out; `exact` finds the one skill the slug names. Scores fall from 1 by rank.
 */
export async function searchClawhubSkills(
  viewer: ViewerRef,
  q: string,
  options: { limit: number; exact?: boolean },
): Promise<(ClawhubSkill & { score: number })[]> {
  if (options.exact) {
    const skill = await getClawhubSkill(viewer, q);
    return skill ? [{ ...skill, score: 1 }] : [];
  }
  const page = await listSkills(viewer, { q, pageSize: Math.min(100, options.limit) });
  const ids = page.items.filter((item) => item.shadowedBy === null).map((item) => item.id);
  if (!ids.length) return [];
  const v = await viewing(viewer);
  const rows = await db.skill.findMany({ where: { AND: [{ id: { in: ids } }, visibleTo(v.actor)] }, select: skillSelect });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids
    .flatMap((id) => {
      const row = byId.get(id);
      const skill = row && toSkill(v, row);
      return skill ? [skill] : [];
    })
    .map((skill, rank) => ({ ...skill, score: Math.round((1 / (rank + 1)) * 1000) / 1000 }));
}

export interface ClawhubVersion {
  number: number;
  message: string;
  createdAt: Date;
  /** The tags (release labels) on it; "latest" is the caller's to add. */
  labels?: string[];
}

/** A skill's published versions, newest first, by keyset on the number. */
export async function listClawhubVersions(
  viewer: ViewerRef,
  skillId: string,
  options: { limit: number; cursor?: string | null },
): Promise<{ items: ClawhubVersion[]; nextCursor: string | null }> {
  const actor = await loadActor(db, viewer);
  const before = options.cursor ? Number(decodeCursor(options.cursor)?.value) : null;
  if (before !== null && !Number.isSafeInteger(before)) throw new DataError("INVALID", "The cursor is not one this registry gave out.", { field: "cursor" });
  const rows = await db.skillVersion.findMany({
    where: { publishedAt: { not: null }, skill: { AND: [{ id: skillId }, visibleTo(actor)] }, ...(before !== null ? { number: { lt: before } } : {}) },
    select: { number: true, message: true, createdAt: true, labels: { select: { name: true }, orderBy: { name: "asc" } } },
    orderBy: { number: "desc" },
    take: options.limit + 1,
  });
  const items = rows.slice(0, options.limit).map(({ labels, ...row }) => ({ ...row, labels: labels.map((l) => l.name) }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > options.limit && last ? encodeCursor({ value: String(last.number), id: skillId }) : null };
}

export interface ClawhubVersionDetail extends ClawhubVersion {
  files: { path: string; size: number; sha256: string; mediaType: string }[];
}

/** One published version with its files' facts, or null. */
export async function getClawhubVersion(viewer: ViewerRef, skillId: string, number: number): Promise<ClawhubVersionDetail | null> {
  const actor = await loadActor(db, viewer);
  return db.skillVersion.findFirst({
    where: { number, publishedAt: { not: null }, skill: { AND: [{ id: skillId }, visibleTo(actor)] } },
    select: {
      number: true,
      message: true,
      createdAt: true,
      files: { select: { path: true, size: true, sha256: true, mediaType: true }, orderBy: { path: "asc" } },
    },
  });
}

/**
 * Which published version of a skill a client's folder is (its fingerprint, see folderFingerprint),
 * newest first; null when none. A hash check, never a download: nothing is recorded.
 */
export async function matchClawhubVersion(viewer: ViewerRef, skillId: string, fingerprint: string): Promise<number | null> {
  const actor = await loadActor(db, viewer);
  const versions = await db.skillVersion.findMany({
    where: { publishedAt: { not: null }, skill: { AND: [{ id: skillId }, visibleTo(actor)] } },
    select: { number: true, files: { select: { path: true, sha256: true } } },
    orderBy: { number: "desc" },
  });
  return versions.find((version) => folderFingerprint(version.files) === fingerprint.toLowerCase())?.number ?? null;
}
