import "server-only";
import type { BundleSkill, Finding } from "@/lib/skills";
import {
  canAddVersion,
  canCreateIn,
  canManageSkill,
  canMoveSkill,
  canViewSkill,
  explainShadowing,
  resolveShadowing,
  type Actor,
  type Destination,
  type Scope,
  type SkillAccess,
} from "@/lib/skills/permissions";
import { spaceOf } from "@/lib/skills/space";
import type { Db, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { loadActor, visibleTo, type ViewerRef } from "./actor";
import { db } from "./db";
import { DataError, notFound } from "./errors";
import { getBlobStore } from "./storage";
import { audit, collectOrphanBlobs, prepareVersion, writeVersion, type PreparedVersion } from "./version-writer";

import type { SkillDetail, SkillFileInfo, SkillSummary, SkillVersionDetail, VersionListItem } from "@/lib/types/skills";

export type { SkillDetail, SkillFileInfo, SkillSummary, SkillVersionDetail, VersionListItem };

const userRef = { select: { id: true, name: true } } as const;
const summarySelect = {
  id: true,
  name: true,
  scope: true,
  ownerId: true,
  teamId: true,
  archived: true,
  createdAt: true,
  updatedAt: true,
  team: { select: { id: true, name: true } },
  owner: userRef,
  currentVersion: {
    select: {
      number: true,
      description: true,
      catalogTokens: true,
      bodyTokens: true,
      resourceTokens: true,
      fileCount: true,
      totalBytes: true,
      warningCount: true,
      errorCount: true,
      author: userRef,
    },
  },
} satisfies Prisma.SkillSelect;

type SummaryRow = Prisma.SkillGetPayload<{ select: typeof summarySelect }>;

function toSummary(row: SummaryRow, shadowedBy: SkillSummary["shadowedBy"] = null): SkillSummary {
  const v = row.currentVersion;
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as Scope,
    team: row.team,
    owner: row.owner,
    description: v?.description ?? "",
    version: v?.number ?? 0,
    author: v?.author ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    catalogTokens: v?.catalogTokens ?? 0,
    bodyTokens: v?.bodyTokens ?? 0,
    resourceTokens: v?.resourceTokens ?? 0,
    fileCount: v?.fileCount ?? 0,
    totalBytes: v?.totalBytes ?? 0,
    warningCount: v?.warningCount ?? 0,
    errorCount: v?.errorCount ?? 0,
    archived: row.archived,
    shadowedBy,
  };
}

const access = (row: { scope: string; ownerId: string | null; teamId: string | null }): SkillAccess => ({
  scope: row.scope as Scope,
  ownerId: row.ownerId,
  teamId: row.teamId,
});

// ---------- Reads ----------

export type ScopeFilter = "all" | "personal" | "team" | "public" | "builtin";
export type SkillSort = "updated" | "name" | "tokens" | "size";

export interface ListSkillsOptions {
  scope?: ScopeFilter;
  /** With scope "team": one team's skills. */
  teamId?: string;
  /** Case-insensitive match on name or description. */
  q?: string;
  authorId?: string;
  hasWarnings?: boolean;
  includeArchived?: boolean;
  sort?: SkillSort;
  page?: number;
  pageSize?: number;
}

export interface SkillPage {
  items: SkillSummary[];
  total: number;
  page: number;
  pageSize: number;
}

function scopeWhere(filter: ScopeFilter, teamId?: string): Prisma.SkillWhereInput {
  switch (filter) {
    case "all":
      return {};
    case "personal":
      return { scope: "PERSONAL" };
    case "team":
      return teamId ? { scope: "TEAM", teamId } : { scope: "TEAM" };
    case "public":
      return { scope: "PUBLIC" };
    case "builtin":
      return { scope: "BUILTIN" };
  }
}

const sortOrder: Record<SkillSort, Prisma.SkillOrderByWithRelationInput[]> = {
  updated: [{ updatedAt: "desc" }, { id: "asc" }],
  name: [{ name: "asc" }, { id: "asc" }],
  tokens: [{ currentVersion: { bodyTokens: "desc" } }, { id: "asc" }],
  size: [{ currentVersion: { totalBytes: "desc" } }, { id: "asc" }],
};

export async function listSkills(viewer: ViewerRef, options: ListSkillsOptions = {}): Promise<SkillPage> {
  const actor = await loadActor(db, viewer);
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const pageSize = Math.min(100, Math.max(1, Math.floor(options.pageSize ?? 24)));
  const q = options.q?.trim();
  const where: Prisma.SkillWhereInput = {
    AND: [
      visibleTo(actor),
      scopeWhere(options.scope ?? "all", options.teamId),
      options.includeArchived ? {} : { archived: false },
      q ? { OR: [{ name: { contains: q } }, { currentVersion: { description: { contains: q } } }] } : {},
      options.authorId ? { currentVersion: { authorId: options.authorId } } : {},
      options.hasWarnings === undefined ? {} : options.hasWarnings ? { currentVersion: { warningCount: { gt: 0 } } } : { currentVersion: { warningCount: 0 } },
    ],
  };
  const [rows, total] = await Promise.all([
    db.skill.findMany({ where, select: summarySelect, orderBy: sortOrder[options.sort ?? "updated"], skip: (page - 1) * pageSize, take: pageSize }),
    db.skill.count({ where }),
  ]);
  const shadows = await shadowingFor(actor, rows);
  return { items: rows.map((row) => toSummary(row, shadows.get(row.id) ?? null)), total, page, pageSize };
}

/** Which of these skills are hidden, for this actor, by a same-named skill of a higher-priority scope. */
async function shadowingFor(actor: Actor, rows: { id: string; name: string }[]): Promise<Map<string, NonNullable<SkillSummary["shadowedBy"]>>> {
  const result = new Map<string, NonNullable<SkillSummary["shadowedBy"]>>();
  if (!rows.length) return result;
  const sameNamed = await db.skill.findMany({
    where: { AND: [visibleTo(actor), { archived: false }, { name: { in: [...new Set(rows.map((row) => row.name))] } }] },
    select: { id: true, name: true, scope: true, team: { select: { name: true } } },
  });
  const { shadowedBy } = resolveShadowing(sameNamed.map((s) => ({ ...s, scope: s.scope as Scope, rank: s.team?.name })));
  const byId = new Map(sameNamed.map((s) => [s.id, s]));
  for (const row of rows) {
    const winner = shadowedBy.get(row.id);
    const hidden = byId.get(row.id);
    if (winner && hidden) {
      result.set(row.id, {
        id: winner.id,
        name: winner.name,
        scope: winner.scope,
        reason: explainShadowing({ scope: hidden.scope as Scope }, winner, winner.team?.name),
      });
    }
  }
  return result;
}

/** Count of visible, unarchived skills per scope tab (and per team). */
export async function countSkillsByScope(viewer: ViewerRef): Promise<{ all: number; personal: number; public: number; builtin: number; teams: Record<string, number> }> {
  const actor = await loadActor(db, viewer);
  const groups = await db.skill.groupBy({ by: ["scope", "teamId"], where: { AND: [visibleTo(actor), { archived: false }] }, _count: { _all: true } });
  const counts = { all: 0, personal: 0, public: 0, builtin: 0, teams: {} as Record<string, number> };
  for (const group of groups) {
    const n = group._count._all;
    counts.all += n;
    if (group.scope === "PERSONAL") counts.personal += n;
    else if (group.scope === "PUBLIC") counts.public += n;
    else if (group.scope === "BUILTIN") counts.builtin += n;
    else if (group.teamId) counts.teams[group.teamId] = (counts.teams[group.teamId] ?? 0) + n;
  }
  return counts;
}

const versionSelect = {
  id: true,
  number: true,
  name: true,
  description: true,
  frontmatter: true,
  body: true,
  catalogTokens: true,
  bodyTokens: true,
  resourceTokens: true,
  totalBytes: true,
  fileCount: true,
  digest: true,
  findings: true,
  message: true,
  createdAt: true,
  author: userRef,
  files: { select: { path: true, size: true, mediaType: true, sha256: true, tokens: true }, orderBy: { path: "asc" } },
} satisfies Prisma.SkillVersionSelect;

function toVersionDetail(row: Prisma.SkillVersionGetPayload<{ select: typeof versionSelect }>): SkillVersionDetail {
  return { ...row, frontmatter: JSON.parse(row.frontmatter) as Record<string, unknown>, findings: JSON.parse(row.findings) as Finding[] };
}

/** A skill with its current version, or null when it does not exist or the viewer may not see it. */
export async function getSkill(viewer: ViewerRef, skillId: string): Promise<SkillDetail | null> {
  const actor = await loadActor(db, viewer);
  const row = await db.skill.findFirst({
    where: { AND: [{ id: skillId }, visibleTo(actor)] },
    select: {
      ...summarySelect,
      currentVersion: { select: { ...summarySelect.currentVersion.select, ...versionSelect } },
      versions: {
        orderBy: { number: "desc" },
        select: { number: true, message: true, createdAt: true, totalBytes: true, catalogTokens: true, bodyTokens: true, resourceTokens: true, warningCount: true, errorCount: true, author: userRef },
      },
    },
  });
  if (!row || !row.currentVersion) return null;
  const shadows = await shadowingFor(actor, [row]);
  return {
    ...toSummary(row, shadows.get(row.id) ?? null),
    current: toVersionDetail(row.currentVersion),
    versions: row.versions,
    can: { addVersion: canAddVersion(actor, access(row)), manage: canManageSkill(actor, access(row)) },
  };
}

/** One version of a visible skill, or null. */
export async function getSkillVersion(viewer: ViewerRef, skillId: string, number: number): Promise<SkillVersionDetail | null> {
  const actor = await loadActor(db, viewer);
  const row = await db.skillVersion.findFirst({ where: { number, skill: { AND: [{ id: skillId }, visibleTo(actor)] } }, select: versionSelect });
  return row ? toVersionDetail(row) : null;
}

/** The bytes of one file of a version (current when `number` is omitted), or null. */
export async function readSkillFile(
  viewer: ViewerRef,
  skillId: string,
  path: string,
  number?: number,
): Promise<{ bytes: Uint8Array; size: number; mediaType: string; sha256: string; version: number } | null> {
  const actor = await loadActor(db, viewer);
  const skill = await db.skill.findFirst({ where: { AND: [{ id: skillId }, visibleTo(actor)] }, select: { currentVersion: { select: { number: true } } } });
  if (!skill) return null;
  const versionNumber = number ?? skill.currentVersion?.number;
  if (!versionNumber) return null;
  const file = await db.skillFile.findFirst({
    where: { path, version: { skillId, number: versionNumber } },
    select: { size: true, mediaType: true, sha256: true, blob: { select: { sha256: true, storage: true, data: true, key: true } } },
  });
  if (!file) return null;
  const bytes = await getBlobStore().get(file.blob);
  return { bytes, size: file.size, mediaType: file.mediaType, sha256: file.sha256, version: versionNumber };
}

// ---------- Writes ----------

export interface ImportItem {
  skill: BundleSkill;
  /** Version message; defaults to "Initial version" / "New version". */
  message?: string;
  /** Where a new skill goes. */
  destination?: Destination;
  /** Add a version to this existing skill instead; with baseVersion, refused if it moved past it. */
  target?: { skillId: string; baseVersion?: number };
}

export interface ImportResult {
  skillId: string;
  name: string;
  version: number;
  created: boolean;
}

function invalidSkill(skill: BundleSkill): DataError {
  const errors = skill.findings.filter((finding) => finding.severity === "error");
  return new DataError("INVALID", `${skill.name ?? (skill.root || "SKILL.md")} has ${errors.length} error(s): ${errors.map((e) => e.message).join("; ")}`, { findings: errors });
}

async function assertNameFree(tx: Tx, space: string, name: string, exceptId?: string) {
  const existing = await tx.skill.findUnique({ where: { space_name: { space, name } }, select: { id: true } });
  if (existing && existing.id !== exceptId) {
    throw new DataError("CONFLICT", `A skill named "${name}" already exists there.`, { reason: "name-taken", existingSkillId: existing.id, name });
  }
}

/**
 * Import skills as new skills or new versions, all or nothing: one transaction for every skill,
 * version, file and blob row. Permissions and name clashes are checked before anything is written.
 */
export async function importSkills(viewer: ViewerRef, items: ImportItem[]): Promise<ImportResult[]> {
  if (!items.length) return [];
  for (const item of items) if (!item.skill.ok || !item.skill.name) throw invalidSkill(item.skill);
  const store = getBlobStore();
  const prepared: PreparedVersion[] = [];
  for (const item of items) prepared.push(await prepareVersion(item.skill, store));

  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const results: ImportResult[] = [];
    for (const [index, item] of items.entries()) {
      const version = prepared[index];
      if (item.target) {
        results.push(await addVersionInTx(tx, actor, item.target.skillId, version, { message: item.message, baseVersion: item.target.baseVersion, action: "skill.version" }));
      } else {
        const destination = item.destination ?? { scope: "PERSONAL" };
        if (!canCreateIn(actor, destination)) throw new DataError("FORBIDDEN", forbiddenCreateMessage(destination));
        const ownerId = destination.scope === "PERSONAL" || destination.scope === "PUBLIC" ? actor.id : null;
        const teamId = destination.scope === "TEAM" ? (destination.teamId ?? null) : null;
        const space = spaceOf(destination.scope, { ownerId, teamId });
        await assertNameFree(tx, space, version.name);
        const skill = await tx.skill.create({ data: { name: version.name, scope: destination.scope, ownerId, teamId, space, versionCount: 1 }, select: { id: true } });
        await writeVersion(tx, { skillId: skill.id, number: 1, authorId: actor.id, message: item.message?.trim() || "Initial version", version });
        await audit(tx, { actorId: actor.id, action: "skill.create", skillId: skill.id, skillName: version.name, version: 1, teamId, detail: { scope: destination.scope } });
        results.push({ skillId: skill.id, name: version.name, version: 1, created: true });
      }
    }
    return results;
  });
}

function forbiddenCreateMessage(destination: Destination): string {
  switch (destination.scope) {
    case "PUBLIC":
      return "Only instance admins can publish skills to the public space.";
    case "TEAM":
      return "You can only add skills to teams you belong to.";
    case "BUILTIN":
      return "Built-in skills ship with the app and cannot be added.";
    default:
      return "You cannot add a skill there.";
  }
}

async function addVersionInTx(
  tx: Tx,
  actor: Actor,
  skillId: string,
  version: PreparedVersion,
  options: { message?: string; baseVersion?: number; action: string; detail?: Record<string, unknown> },
): Promise<ImportResult> {
  const skill = await tx.skill.findUnique({ where: { id: skillId }, select: { id: true, name: true, scope: true, ownerId: true, teamId: true, space: true } });
  if (!skill || !canViewSkill(actor, access(skill))) throw notFound();
  if (!canAddVersion(actor, access(skill))) throw new DataError("FORBIDDEN", skill.scope === "BUILTIN" ? "Built-in skills are read-only." : "You cannot add versions to this skill.");
  // Taking the number first makes concurrent writers queue on the row instead of racing.
  const { versionCount } = await tx.skill.update({ where: { id: skillId }, data: { versionCount: { increment: 1 }, updatedAt: new Date() }, select: { versionCount: true } });
  const previous = versionCount - 1;
  if (options.baseVersion !== undefined && options.baseVersion !== previous) {
    throw new DataError("CONFLICT", `This skill is now at version ${previous}; your changes were based on version ${options.baseVersion}.`, {
      reason: "version-moved",
      currentVersion: previous,
      baseVersion: options.baseVersion,
    });
  }
  if (version.name !== skill.name) {
    await assertNameFree(tx, skill.space, version.name, skill.id);
    await tx.skill.update({ where: { id: skillId }, data: { name: version.name } });
  }
  await writeVersion(tx, { skillId, number: versionCount, authorId: actor.id, message: options.message?.trim() || "New version", version });
  await audit(tx, { actorId: actor.id, action: options.action, skillId, skillName: version.name, version: versionCount, teamId: skill.teamId, detail: options.detail });
  return { skillId, name: version.name, version: versionCount, created: false };
}

export async function createSkill(viewer: ViewerRef, input: { skill: BundleSkill; destination: Destination; message?: string }): Promise<ImportResult> {
  const [result] = await importSkills(viewer, [{ skill: input.skill, destination: input.destination, message: input.message }]);
  return result;
}

export async function addSkillVersion(viewer: ViewerRef, skillId: string, input: { skill: BundleSkill; message: string; baseVersion?: number }): Promise<ImportResult> {
  const [result] = await importSkills(viewer, [{ skill: input.skill, message: input.message, target: { skillId, baseVersion: input.baseVersion } }]);
  return result;
}

/** Move or share a skill to another scope (personal -> team -> public and back). */
export async function changeSkillScope(viewer: ViewerRef, skillId: string, destination: Destination): Promise<SkillSummary> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await tx.skill.findUnique({ where: { id: skillId }, select: { id: true, name: true, scope: true, ownerId: true, teamId: true } });
    if (!skill || !canViewSkill(actor, access(skill))) throw notFound();
    if (!canMoveSkill(actor, access(skill), destination)) {
      throw new DataError("FORBIDDEN", destination.scope === "PUBLIC" && actor.role !== "ADMIN" ? "Only instance admins can publish skills to the public space." : "You cannot move this skill there.");
    }
    const ownerId = destination.scope === "PERSONAL" ? actor.id : destination.scope === "PUBLIC" ? (skill.ownerId ?? actor.id) : null;
    const teamId = destination.scope === "TEAM" ? (destination.teamId ?? null) : null;
    const space = spaceOf(destination.scope, { ownerId, teamId });
    await assertNameFree(tx, space, skill.name, skill.id);
    await tx.skill.update({ where: { id: skillId }, data: { scope: destination.scope, ownerId, teamId, space } });
    await audit(tx, {
      actorId: actor.id,
      action: "skill.scope",
      skillId,
      skillName: skill.name,
      teamId: teamId ?? skill.teamId,
      detail: { from: { scope: skill.scope, teamId: skill.teamId }, to: { scope: destination.scope, teamId } },
    });
  });
  const row = await db.skill.findUniqueOrThrow({ where: { id: skillId }, select: summarySelect });
  return toSummary(row);
}

export interface ProfileReference {
  profileId: string;
  profileName: string;
  ownerName: string;
}

async function referencesOf(tx: Tx | Db, skillId: string): Promise<ProfileReference[]> {
  const refs = await tx.agentProfileSkill.findMany({ where: { skillId }, select: { profile: { select: { id: true, name: true, owner: { select: { name: true } } } } } });
  return refs.map((ref) => ({ profileId: ref.profile.id, profileName: ref.profile.name, ownerName: ref.profile.owner.name }));
}

/** Agent profiles that use a visible skill (what blocks its deletion). */
export async function listSkillReferences(viewer: ViewerRef, skillId: string): Promise<ProfileReference[] | null> {
  const actor = await loadActor(db, viewer);
  const skill = await db.skill.findFirst({ where: { AND: [{ id: skillId }, visibleTo(actor)] }, select: { id: true } });
  return skill ? referencesOf(db, skillId) : null;
}

/**
 * Delete a skill with every version. Refused while agent profiles reference it (their names
 * come back in the error); `removeReferences` takes it out of those profiles first.
 */
export async function deleteSkill(viewer: ViewerRef, skillId: string, options: { removeReferences?: boolean } = {}): Promise<{ deleted: true }> {
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await tx.skill.findUnique({ where: { id: skillId }, select: { id: true, name: true, scope: true, ownerId: true, teamId: true, versionCount: true } });
    if (!skill || !canViewSkill(actor, access(skill))) throw notFound();
    if (!canManageSkill(actor, access(skill))) throw new DataError("FORBIDDEN", skill.scope === "BUILTIN" ? "Built-in skills cannot be deleted." : "You cannot delete this skill.");
    const references = await referencesOf(tx, skillId);
    if (references.length && !options.removeReferences) {
      throw new DataError("REFERENCED", `"${skill.name}" is used by ${references.length} agent profile(s): ${references.map((r) => r.profileName).join(", ")}.`, { references });
    }
    await tx.agentProfileSkill.deleteMany({ where: { skillId } });
    await tx.skill.update({ where: { id: skillId }, data: { currentVersionId: null } });
    await tx.skill.delete({ where: { id: skillId } });
    await collectOrphanBlobs(tx);
    await audit(tx, { actorId: actor.id, action: "skill.delete", skillId, skillName: skill.name, teamId: skill.teamId, detail: { scope: skill.scope, versions: skill.versionCount, removedReferences: references } });
    return { deleted: true as const };
  });
}

/** Hide a skill from lists and agents without deleting it (and show it again). */
export async function setSkillArchived(viewer: ViewerRef, skillId: string, archived: boolean): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await tx.skill.findUnique({ where: { id: skillId }, select: { id: true, name: true, scope: true, ownerId: true, teamId: true } });
    if (!skill || !canViewSkill(actor, access(skill))) throw notFound();
    if (!canManageSkill(actor, access(skill))) throw new DataError("FORBIDDEN", "You cannot archive this skill.");
    await tx.skill.update({ where: { id: skillId }, data: { archived } });
    await audit(tx, { actorId: actor.id, action: archived ? "skill.archive" : "skill.unarchive", skillId, skillName: skill.name, teamId: skill.teamId });
  });
}

/** Make an old version current again by adding a new version with its exact content. */
export async function restoreSkillVersion(viewer: ViewerRef, skillId: string, number: number, options: { baseVersion?: number } = {}): Promise<ImportResult> {
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await tx.skill.findUnique({ where: { id: skillId }, select: { scope: true, ownerId: true, teamId: true } });
    if (!skill || !canViewSkill(actor, access(skill))) throw notFound();
    const old = await tx.skillVersion.findUnique({ where: { skillId_number: { skillId, number } }, include: { files: true } });
    if (!old) throw notFound(`Version ${number}`);
    const version: PreparedVersion = {
      ...old,
      files: old.files.map(({ path, size, mediaType, sha256, tokens }) => ({ path, size, mediaType, sha256, tokens })),
      blobs: new Map(), // the blobs exist already: the old version references them
    };
    return addVersionInTx(tx, actor, skillId, version, { message: `Restore v${number}`, baseVersion: options.baseVersion, action: "skill.restore", detail: { restored: number } });
  });
}

/**
 * Delete old versions, keeping the newest `keep`, the current one, and any version an agent
 * profile pins. Returns the numbers deleted.
 */
export async function pruneSkillVersions(viewer: ViewerRef, skillId: string, keep: number): Promise<number[]> {
  if (!Number.isInteger(keep) || keep < 1) throw new DataError("INVALID", "Keep at least one version.");
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await tx.skill.findUnique({ where: { id: skillId }, select: { name: true, scope: true, ownerId: true, teamId: true, currentVersionId: true } });
    if (!skill || !canViewSkill(actor, access(skill))) throw notFound();
    if (!canManageSkill(actor, access(skill))) throw new DataError("FORBIDDEN", "Only the skill's owners and admins can prune versions.");
    const versions = await tx.skillVersion.findMany({ where: { skillId }, select: { id: true, number: true }, orderBy: { number: "desc" } });
    const pinned = new Set(
      (await tx.agentProfileSkill.findMany({ where: { skillId, pinnedVersion: { not: null } }, select: { pinnedVersion: true } })).map((p) => p.pinnedVersion),
    );
    const doomed = versions.slice(keep).filter((v) => v.id !== skill.currentVersionId && !pinned.has(v.number));
    if (!doomed.length) return [];
    await tx.skillVersion.deleteMany({ where: { id: { in: doomed.map((v) => v.id) } } });
    await collectOrphanBlobs(tx);
    const numbers = doomed.map((v) => v.number).sort((a, b) => a - b);
    await audit(tx, { actorId: actor.id, action: "skill.prune", skillId, skillName: skill.name, teamId: skill.teamId, detail: { keep, deleted: numbers } });
    return numbers;
  });
}

/** The audit trail of a visible skill, newest first. */
export async function listSkillAudit(viewer: ViewerRef, skillId: string, limit = 20) {
  const actor = await loadActor(db, viewer);
  const skill = await db.skill.findFirst({ where: { AND: [{ id: skillId }, visibleTo(actor)] }, select: { id: true } });
  if (!skill) return null;
  const events = await db.auditEvent.findMany({ where: { skillId }, orderBy: { createdAt: "desc" }, take: limit });
  const actors = await db.user.findMany({ where: { id: { in: events.flatMap((e) => (e.actorId ? [e.actorId] : [])) } }, select: { id: true, name: true } });
  const names = new Map(actors.map((a) => [a.id, a.name]));
  return events.map((e) => ({ ...e, actorName: e.actorId ? (names.get(e.actorId) ?? "deleted user") : "system", detail: JSON.parse(e.detail) as Record<string, unknown> }));
}

/** Record that someone downloaded a version (for the audit trail). */
export async function recordDownload(viewer: ViewerRef, skillId: string, version: number): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await tx.skill.findFirst({ where: { AND: [{ id: skillId }, visibleTo(actor)] }, select: { name: true, teamId: true } });
    if (!skill) throw notFound();
    await audit(tx, { actorId: actor.id, action: "skill.download", skillId, skillName: skill.name, version, teamId: skill.teamId });
  });
}

/**
 * Every skill an agent of this viewer sees: one per name, shadowing resolved, archived left out.
 * The playground's catalog.
 */
export async function resolveVisibleSkills(viewer: ViewerRef): Promise<{ visible: SkillSummary[]; shadowed: SkillSummary[] }> {
  const actor = await loadActor(db, viewer);
  const rows = await db.skill.findMany({ where: { AND: [visibleTo(actor), { archived: false }] }, select: summarySelect, orderBy: { name: "asc" } });
  const { visible, shadowedBy } = resolveShadowing(rows.map((row) => ({ ...row, scope: row.scope as Scope, rank: row.team?.name })));
  return {
    visible: visible.map((row) => toSummary(row)).sort((a, b) => a.name.localeCompare(b.name)),
    shadowed: rows
      .filter((row) => shadowedBy.has(row.id))
      .map((row) => {
        const winner = shadowedBy.get(row.id)!;
        return toSummary(row, { id: winner.id, name: winner.name, scope: winner.scope, reason: explainShadowing({ scope: row.scope as Scope }, winner, winner.team?.name) });
      }),
  };
}

/**
 * Skills with these names in one destination space, for "save as a new version of it" offers
 * (upload) and bulk import. Only what the viewer may see comes back.
 */
export async function findSkillsInDestination(viewer: ViewerRef, destination: Destination, names: string[]): Promise<Map<string, { id: string; digest: string | null; canAddVersion: boolean }>> {
  const actor = await loadActor(db, viewer);
  const ownerId = destination.scope === "PERSONAL" ? actor.id : null;
  const teamId = destination.scope === "TEAM" ? (destination.teamId ?? null) : null;
  if (destination.scope === "TEAM" && (!teamId || !actor.teamRoles[teamId])) return new Map();
  const space = spaceOf(destination.scope, { ownerId, teamId });
  const rows = await db.skill.findMany({
    where: { space, name: { in: names } },
    select: { id: true, name: true, scope: true, ownerId: true, teamId: true, currentVersion: { select: { digest: true } } },
  });
  return new Map(
    rows.filter((row) => canViewSkill(actor, access(row))).map((row) => [row.name, { id: row.id, digest: row.currentVersion?.digest ?? null, canAddVersion: canAddVersion(actor, access(row)) }]),
  );
}
