import "server-only";
import type { BundleSkill } from "@/lib/skills/archive/bundle";
import type { Finding } from "@/lib/skills/format/findings";
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
} from "@/lib/skills/permissions/permissions";
import { buildFtsQuery, cleanSnippet, hasMatch, MARK_CLOSE, MARK_OPEN, splitMarked } from "@/lib/skills/list/search";
import { planPrune } from "@/lib/skills/versions/prune";
import { describeReferences, summarizeReferences, type ReferenceSummary } from "@/lib/skills/permissions/references";
import { spaceOf } from "@/lib/skills/permissions/space";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { loadActor, visibleTo, visibleToSql, type ViewerRef } from "./actor";
import { db } from "@/lib/db/server";
import { DataError, notFound } from "./errors";
import { skillReferences } from "./profile-references";
import { getBlobStore } from "./storage";
import { audit, collectOrphanBlobs, prepareVersion, scanSkill, writeVersion, type PreparedVersion, type ReviewDecision } from "./version-writer";
import { RULESET_VERSION } from "@/lib/skills/scan";
import type { ScanFinding, ScanResult, ScanSkipped } from "@/lib/skills/scan/types";
import { canReviewVersion, gateImport, isReviewStatus, isSeverity } from "@/lib/skills/review/policy";
import { scanStoredVersion } from "./scan-columns";

import type { SkillAuthor, SkillDetail, SkillFileInfo, SkillListItem, SkillListPage, SkillSearchMatch, SkillSummary, SkillVersionDetail, VersionListItem } from "@/lib/types/skills";

export type { SkillAuthor, SkillDetail, SkillFileInfo, SkillListItem, SkillListPage, SkillSearchMatch, SkillSummary, SkillVersionDetail, VersionListItem };

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
      scanHighest: true,
      reviewStatus: true,
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
    scanHighest: isSeverity(v?.scanHighest) ? v.scanHighest : null,
    reviewStatus: isReviewStatus(v?.reviewStatus) ? v.reviewStatus : "none",
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
/** "relevance" orders a search by match quality; without a query it means "updated". */
export type SkillSort = "relevance" | "updated" | "name" | "tokens" | "size";

export interface ListSkillsOptions {
  scope?: ScopeFilter;
  /** With scope "team": one team's skills. */
  teamId?: string;
  /**
   * Full-text search over the name, description and SKILL.md body of each skill's current
   * version; words are ANDed, the last matches as a prefix, "quoted phrases" match exactly.
   * Ranked by relevance unless another sort is asked for, with matched terms in `match`.
   */
  q?: string;
  /** Author of the current version. */
  authorId?: string;
  hasWarnings?: boolean;
  includeArchived?: boolean;
  /** Defaults to "relevance" with a query, "updated" without. */
  sort?: SkillSort;
  page?: number;
  pageSize?: number;
}

export type SkillPage = SkillListPage;

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

function filterWhere(options: Pick<ListSkillsOptions, "authorId" | "hasWarnings">): Prisma.SkillWhereInput[] {
  return [
    options.authorId ? { currentVersion: { authorId: options.authorId } } : {},
    options.hasWarnings === undefined ? {} : options.hasWarnings ? { currentVersion: { warningCount: { gt: 0 } } } : { currentVersion: { warningCount: 0 } },
  ];
}

const sortOrder: Record<Exclude<SkillSort, "relevance">, Prisma.SkillOrderByWithRelationInput[]> = {
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
  if (q) return searchSkills(actor, q, { ...options, page, pageSize });
  const where: Prisma.SkillWhereInput = {
    AND: [visibleTo(actor), scopeWhere(options.scope ?? "all", options.teamId), options.includeArchived ? {} : { archived: false }, ...filterWhere(options)],
  };
  const sort = !options.sort || options.sort === "relevance" ? "updated" : options.sort;
  const [rows, total] = await Promise.all([
    db.skill.findMany({ where, select: summarySelect, orderBy: sortOrder[sort], skip: (page - 1) * pageSize, take: pageSize }),
    db.skill.count({ where }),
  ]);
  const shadows = await shadowingFor(actor, rows);
  return { items: rows.map((row) => ({ ...toSummary(row, shadows.get(row.id) ?? null), match: null })), total, page, pageSize };
}

// bm25 weights for the indexed columns (name, description, body): a word in a skill's name says
// far more about what it is for than the same word somewhere in its instructions.
const RANK = Prisma.sql`bm25("SkillSearch", 10.0, 4.0, 1.0)`;

const searchOrder: Record<Exclude<SkillSort, "relevance">, Prisma.Sql> = {
  updated: Prisma.sql`e."updatedAt" DESC, e."skillId"`,
  name: Prisma.sql`e."name", e."skillId"`,
  tokens: Prisma.sql`e."bodyTokens" DESC, e."skillId"`,
  size: Prisma.sql`e."totalBytes" DESC, e."skillId"`,
};

function scopeSql(filter: ScopeFilter, teamId?: string): Prisma.Sql {
  switch (filter) {
    case "all":
      return Prisma.sql`1`;
    case "personal":
      return Prisma.sql`e."scope" = 'PERSONAL'`;
    case "team":
      return teamId ? Prisma.sql`e."scope" = 'TEAM' AND e."teamId" = ${teamId}` : Prisma.sql`e."scope" = 'TEAM'`;
    case "public":
      return Prisma.sql`e."scope" = 'PUBLIC'`;
    case "builtin":
      return Prisma.sql`e."scope" = 'BUILTIN'`;
  }
}

// The index drives the join; each match then costs one primary-key lookup in the narrow entries
// table, which carries every column a search filters or sorts on (see the migration).
const searchFrom = Prisma.sql`"SkillSearch" CROSS JOIN "SkillSearchEntry" e ON e."id" = "SkillSearch"."rowid"`;

function searchWhere(actor: Actor, match: string, options: ListSkillsOptions): Prisma.Sql {
  return Prisma.join(
    [
      Prisma.sql`"SkillSearch" MATCH ${match}`,
      visibleToSql(actor, "e"),
      scopeSql(options.scope ?? "all", options.teamId),
      options.includeArchived ? Prisma.sql`1` : Prisma.sql`e."archived" = 0`,
      options.authorId ? Prisma.sql`e."authorId" = ${options.authorId}` : Prisma.sql`1`,
      options.hasWarnings === undefined ? Prisma.sql`1` : options.hasWarnings ? Prisma.sql`e."warningCount" > 0` : Prisma.sql`e."warningCount" = 0`,
    ].map((condition) => Prisma.sql`(${condition})`),
    " AND ",
  );
}

/**
 * The FTS5 path of listSkills: one query ranks and pages the matching visible skills, a second
 * marks the matched terms in that page only (highlighting every match would re-read every body),
 * and the rows then load through Prisma like any list.
 */
async function searchSkills(actor: Actor, q: string, options: ListSkillsOptions & { page: number; pageSize: number }): Promise<SkillPage> {
  const { page, pageSize } = options;
  const match = buildFtsQuery(q);
  if (!match) return { items: [], total: 0, page, pageSize };
  const where = searchWhere(actor, match, options);
  // A query that is a skill's exact name puts that skill first, whatever bm25 thinks.
  const order = !options.sort || options.sort === "relevance" ? Prisma.sql`(e."name" = ${q.toLowerCase()}) DESC, ${RANK}, e."name", e."skillId"` : searchOrder[options.sort];
  const [hits, [{ total }]] = await Promise.all([
    db.$queryRaw<{ id: string; rowid: number | bigint }[]>`SELECT e."skillId" AS "id", e."id" AS "rowid" FROM ${searchFrom} WHERE ${where} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    db.$queryRaw<{ total: number | bigint }[]>`SELECT count(*) AS "total" FROM ${searchFrom} WHERE ${where}`,
  ]);
  if (!hits.length) return { items: [], total: Number(total), page, pageSize };

  // FTS5 answers `rowid IN (...)` by running the whole query once per id (~0.4 ms each for a
  // common prefix); a rowid range is one pass over the matches, and the unary + keeps the IN list
  // a plain filter on that pass.
  const rowids = hits.map((hit) => Number(hit.rowid));
  const [lowest, highest] = [Math.min(...rowids), Math.max(...rowids)];

  const [marked, rows] = await Promise.all([
    db.$queryRaw<{ rowid: number | bigint; name: string; description: string; body: string }[]>`
      SELECT "rowid" AS "rowid",
        highlight("SkillSearch", 0, ${MARK_OPEN}, ${MARK_CLOSE}) AS "name",
        highlight("SkillSearch", 1, ${MARK_OPEN}, ${MARK_CLOSE}) AS "description",
        snippet("SkillSearch", 2, ${MARK_OPEN}, ${MARK_CLOSE}, '…', 14) AS "body"
      FROM "SkillSearch" WHERE "SkillSearch" MATCH ${match} AND "rowid" BETWEEN ${lowest} AND ${highest} AND +"rowid" IN (${Prisma.join(rowids)})`,
    db.skill.findMany({ where: { AND: [{ id: { in: hits.map((hit) => hit.id) } }, visibleTo(actor)] }, select: summarySelect }),
  ]);
  const matches = new Map<string, SkillSearchMatch>();
  const idByRowid = new Map(hits.map((hit) => [String(hit.rowid), hit.id]));
  for (const row of marked) {
    const body = splitMarked(cleanSnippet(row.body));
    matches.set(idByRowid.get(String(row.rowid))!, { name: splitMarked(row.name), description: splitMarked(row.description), body: hasMatch(body) ? body : null });
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = hits.flatMap((hit) => byId.get(hit.id) ?? []);
  const shadows = await shadowingFor(actor, ordered);
  return {
    items: ordered.map((row) => ({ ...toSummary(row, shadows.get(row.id) ?? null), match: matches.get(row.id) ?? null })),
    total: Number(total),
    page,
    pageSize,
  };
}

/** Everyone who wrote the current version of a visible, unarchived skill, with how many: the author filter's choices. */
export async function listSkillAuthors(viewer: ViewerRef): Promise<SkillAuthor[]> {
  const actor = await loadActor(db, viewer);
  // The search index's entries hold each skill's current author: no need to read the versions.
  const rows = await db.$queryRaw<{ id: string; name: string; skillCount: number | bigint }[]>`
    SELECT u."id" AS "id", u."name" AS "name", a."n" AS "skillCount"
    FROM (SELECT e."authorId", count(*) AS "n" FROM "SkillSearchEntry" e WHERE ${visibleToSql(actor, "e")} AND e."archived" = 0 AND e."authorId" IS NOT NULL GROUP BY e."authorId") a
    JOIN "user" u ON u."id" = a."authorId"
    ORDER BY u."name", u."id"`;
  return rows.map((row) => ({ id: row.id, name: row.name, skillCount: Number(row.skillCount) }));
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

export type ScopeCounts = { all: number; personal: number; public: number; builtin: number; teams: Record<string, number> };

/**
 * Count of visible, unarchived skills per scope tab (and per team); with filters, of those that
 * match them, so each tab says what it would show for the current search.
 */
export async function countSkillsByScope(viewer: ViewerRef, filters: Pick<ListSkillsOptions, "q" | "authorId" | "hasWarnings"> = {}): Promise<ScopeCounts> {
  const actor = await loadActor(db, viewer);
  const q = filters.q?.trim();
  let groups: { scope: string; teamId: string | null; n: number }[];
  if (q) {
    const match = buildFtsQuery(q);
    groups = match
      ? (
          await db.$queryRaw<{ scope: string; teamId: string | null; n: number | bigint }[]>`
            SELECT e."scope" AS "scope", e."teamId" AS "teamId", count(*) AS "n"
            FROM ${searchFrom} WHERE ${searchWhere(actor, match, { ...filters, scope: "all" })}
            GROUP BY e."scope", e."teamId"`
        ).map((row) => ({ ...row, n: Number(row.n) }))
      : [];
  } else {
    const where: Prisma.SkillWhereInput = { AND: [visibleTo(actor), { archived: false }, ...filterWhere(filters)] };
    groups = (await db.skill.groupBy({ by: ["scope", "teamId"], where, _count: { _all: true } })).map((group) => ({ scope: group.scope, teamId: group.teamId, n: group._count._all }));
  }
  const counts: ScopeCounts = { all: 0, personal: 0, public: 0, builtin: 0, teams: {} };
  for (const { scope, teamId, n } of groups) {
    counts.all += n;
    if (scope === "PERSONAL") counts.personal += n;
    else if (scope === "PUBLIC") counts.public += n;
    else if (scope === "BUILTIN") counts.builtin += n;
    else if (teamId) counts.teams[teamId] = (counts.teams[teamId] ?? 0) + n;
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
  scanFindings: true,
  scanHighest: true,
  scanRuleset: true,
  scanComplete: true,
  scanSkipped: true,
  reviewStatus: true,
  reviewedById: true,
  reviewedAt: true,
  reviewNote: true,
} satisfies Prisma.SkillVersionSelect;

type VersionRow = Prisma.SkillVersionGetPayload<{ select: typeof versionSelect }>;

async function toVersionDetail(row: VersionRow): Promise<SkillVersionDetail> {
  const { scanFindings, scanHighest, scanRuleset, scanComplete, scanSkipped, reviewStatus, reviewedById, reviewedAt, reviewNote, ...rest } = row;
  // The reviewer is kept without a foreign key (the decision outlives the account).
  const reviewer = reviewedById ? await db.user.findUnique({ where: { id: reviewedById }, select: { id: true, name: true } }) : null;
  return {
    ...rest,
    frontmatter: JSON.parse(row.frontmatter) as Record<string, unknown>,
    findings: JSON.parse(row.findings) as Finding[],
    scan: {
      ruleset: scanRuleset,
      stale: scanRuleset !== RULESET_VERSION,
      findings: JSON.parse(scanFindings) as ScanFinding[],
      highest: isSeverity(scanHighest) ? scanHighest : null,
      // Never scanned reads as incomplete, whatever the column default says.
      complete: scanRuleset !== null && scanComplete,
      skipped: JSON.parse(scanSkipped) as ScanSkipped[],
      review: {
        status: isReviewStatus(reviewStatus) ? reviewStatus : "none",
        reviewer: reviewedById ? (reviewer ?? { id: reviewedById, name: "deleted user" }) : null,
        at: reviewedAt,
        note: reviewNote,
      },
    },
  };
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
    current: await toVersionDetail(row.currentVersion),
    versions: row.versions,
    can: { addVersion: canAddVersion(actor, access(row)), manage: canManageSkill(actor, access(row)), review: canReviewVersion(actor, access(row), row.currentVersion.scanHighest) },
  };
}

/** One version of a visible skill, or null. */
export async function getSkillVersion(viewer: ViewerRef, skillId: string, number: number): Promise<SkillVersionDetail | null> {
  const actor = await loadActor(db, viewer);
  const row = await db.skillVersion.findFirst({ where: { number, skill: { AND: [{ id: skillId }, visibleTo(actor)] } }, select: versionSelect });
  return row ? await toVersionDetail(row) : null;
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
  /** An instance admin's written reason to store it despite a critical security finding (audited). */
  overrideReason?: string;
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
 * The security gate for one version about to be written: the review state it starts in, or a
 * DataError naming the skill, the rule and file:line when a critical finding blocks it.
 */
function reviewFromScan(actor: Actor, name: string, scan: ScanResult, overrideReason: string | undefined): ReviewDecision {
  const gate = gateImport(name, scan, { isInstanceAdmin: actor.role === "ADMIN", overrideReason });
  if (gate.kind === "blocked") {
    throw new DataError(gate.code, gate.message, {
      reason: "scan-blocked",
      skill: name,
      findings: scan.findings.filter((f) => f.severity === "critical"),
      canOverride: actor.role === "ADMIN",
    });
  }
  if (gate.kind === "override") return { status: "override", by: actor.id, at: new Date(), note: gate.reason, decidedNow: true };
  return { status: gate.status, by: null, at: null, note: null };
}

/**
 * Import skills as new skills or new versions, all or nothing: one transaction for every skill,
 * version, file and blob row. Permissions and name clashes are checked before anything is written;
 * the security scan runs first, so a blocked skill stores nothing (not even a blob).
 */
export async function importSkills(viewer: ViewerRef, items: ImportItem[]): Promise<ImportResult[]> {
  if (!items.length) return [];
  for (const item of items) if (!item.skill.ok || !item.skill.name) throw invalidSkill(item.skill);
  const gateActor = await loadActor(db, viewer);
  const gated = items.map((item) => {
    const scan = scanSkill(item.skill);
    return { scan, review: reviewFromScan(gateActor, item.skill.name!, scan, item.overrideReason) };
  });
  const store = getBlobStore();
  const prepared: PreparedVersion[] = [];
  for (const [index, item] of items.entries()) prepared.push(await prepareVersion(item.skill, store, gated[index]));

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
        await writeVersion(tx, { skillId: skill.id, number: 1, authorId: actor.id, message: item.message?.trim() || "Initial version", version, teamId });
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
  await writeVersion(tx, { skillId, number: versionCount, authorId: actor.id, message: options.message?.trim() || "New version", version, teamId: skill.teamId });
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
    const reopenedReviews = await reopenReviewsAfterMove(tx, skillId, { scope: destination.scope, ownerId, teamId });
    await audit(tx, {
      actorId: actor.id,
      action: "skill.scope",
      skillId,
      skillName: skill.name,
      teamId: teamId ?? skill.teamId,
      detail: { from: { scope: skill.scope, teamId: skill.teamId }, to: { scope: destination.scope, teamId }, ...(reopenedReviews.length ? { reopenedReviews } : {}) },
    });
  });
  const row = await db.skill.findUniqueOrThrow({ where: { id: skillId }, select: summarySelect });
  return toSummary(row);
}

/**
 * A security review answers for the skill where it was given. After a move, a "reviewed" version
 * whose reviewer could not give that review where the skill now is goes back to "needs_review"
 * (reviewer and note stay on record), or a member could review their own personal skill and share
 * it with a team as reviewed. Overrides stand: they are an instance admin's decision. Returns the
 * version numbers reopened.
 */
async function reopenReviewsAfterMove(tx: Tx, skillId: string, to: SkillAccess): Promise<number[]> {
  const reviewed = await tx.skillVersion.findMany({ where: { skillId, reviewStatus: "reviewed" }, select: { id: true, number: true, reviewedById: true, scanHighest: true } });
  const reviewers = new Map<string, Actor | null>();
  const reopen: { id: string; number: number }[] = [];
  for (const version of reviewed) {
    const id = version.reviewedById;
    if (id && !reviewers.has(id)) {
      // A deleted reviewer cannot answer for the new place either.
      reviewers.set(id, await loadActor(tx, { id }).catch((error: unknown) => (error instanceof DataError ? null : Promise.reject(error))));
    }
    const reviewer = id ? reviewers.get(id) : null;
    if (!reviewer || !canReviewVersion(reviewer, to, version.scanHighest)) reopen.push(version);
  }
  if (reopen.length) await tx.skillVersion.updateMany({ where: { id: { in: reopen.map((v) => v.id) } }, data: { reviewStatus: "needs_review" } });
  return reopen.map((v) => v.number).sort((a, b) => a - b);
}

/**
 * Who uses a visible skill in agent profiles, as the viewer may know it: their own profiles by
 * name, everyone else's as a count.
 */
export async function listSkillReferences(viewer: ViewerRef, skillId: string): Promise<ReferenceSummary | null> {
  const actor = await loadActor(db, viewer);
  const skill = await db.skill.findFirst({ where: { AND: [{ id: skillId }, visibleTo(actor)] }, select: { scope: true, ownerId: true, teamId: true } });
  return skill ? summarizeReferences(actor.id, await skillReferences(db, skillId, access(skill))) : null;
}

/**
 * Delete a skill with every version. Refused while profiles of people who may manage it use it
 * (the refusal names only the caller's own); `removeReferences` takes it out of those profiles.
 * Anyone else's profile just loses it: a viewer's profile must not hold a skill for its owners.
 */
export async function deleteSkill(viewer: ViewerRef, skillId: string, options: { removeReferences?: boolean } = {}): Promise<{ deleted: true }> {
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await tx.skill.findUnique({ where: { id: skillId }, select: { id: true, name: true, scope: true, ownerId: true, teamId: true, versionCount: true } });
    if (!skill || !canViewSkill(actor, access(skill))) throw notFound();
    if (!canManageSkill(actor, access(skill))) throw new DataError("FORBIDDEN", skill.scope === "BUILTIN" ? "Built-in skills cannot be deleted." : "You cannot delete this skill.");
    const references = await skillReferences(tx, skillId, access(skill));
    const summary = summarizeReferences(actor.id, references);
    if (summary.holding && !options.removeReferences) {
      throw new DataError("REFERENCED", `"${skill.name}" is used by ${describeReferences(summary)}.`, { references: summary });
    }
    await tx.agentProfileSkill.deleteMany({ where: { skillId } });
    await tx.skill.update({ where: { id: skillId }, data: { currentVersionId: null } });
    await tx.skill.delete({ where: { id: skillId } });
    await collectOrphanBlobs(tx);
    const removedReferences = references.map(({ profileId, ownerId }) => ({ profileId, ownerId }));
    await audit(tx, { actorId: actor.id, action: "skill.delete", skillId, skillName: skill.name, teamId: skill.teamId, detail: { scope: skill.scope, versions: skill.versionCount, removedReferences } });
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

/**
 * Make an old version current again by adding a new version with its exact content. The restored
 * content is scanned again with today's rules: an earlier review or override carries over only
 * when the rules are the ones it was decided under (same content, same findings); otherwise the
 * import gate applies as to any new version (critical blocks without an admin's override).
 */
export async function restoreSkillVersion(viewer: ViewerRef, skillId: string, number: number, options: { baseVersion?: number; overrideReason?: string } = {}): Promise<ImportResult> {
  const reader = await loadActor(db, viewer);
  const source = await db.skillVersion.findFirst({
    where: { number, skill: { AND: [{ id: skillId }, visibleTo(reader)] } },
    select: { id: true, name: true, scanRuleset: true, reviewStatus: true, reviewedById: true, reviewedAt: true, reviewNote: true },
  });
  if (!source) throw (await db.skill.findFirst({ where: { AND: [{ id: skillId }, visibleTo(reader)] }, select: { id: true } })) ? notFound(`Version ${number}`) : notFound();
  // Refuse before scanning: a viewer who may only read the skill must not be able to make the
  // server rescan its versions. The transaction below checks again on the rows it writes.
  const target = await db.skill.findUniqueOrThrow({ where: { id: skillId }, select: { scope: true, ownerId: true, teamId: true } });
  if (!canAddVersion(reader, access(target))) throw new DataError("FORBIDDEN", target.scope === "BUILTIN" ? "Built-in skills are read-only." : "You cannot add versions to this skill.");
  const scan = await scanStoredVersion(db, source.id);
  const carried = source.scanRuleset === scan.ruleset && (source.reviewStatus === "reviewed" || source.reviewStatus === "override");
  const review: ReviewDecision = carried
    ? { status: isReviewStatus(source.reviewStatus) ? source.reviewStatus : "needs_review", by: source.reviewedById, at: source.reviewedAt, note: source.reviewNote }
    : reviewFromScan(reader, source.name, scan, options.overrideReason);

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
      scan,
      review,
    };
    return addVersionInTx(tx, actor, skillId, version, { message: `Restore v${number}`, baseVersion: options.baseVersion, action: "skill.restore", detail: { restored: number } });
  });
}

/**
 * Delete old versions, keeping the newest `keep`, the current one, and any version pinned by a
 * profile that holds the skill (lib/skills/references.ts). Other profiles pinning a deleted
 * version follow the current one from then on. Returns the numbers deleted.
 */
export async function pruneSkillVersions(viewer: ViewerRef, skillId: string, keep: number): Promise<number[]> {
  if (!Number.isInteger(keep) || keep < 1) throw new DataError("INVALID", "Keep at least one version.");
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await tx.skill.findUnique({ where: { id: skillId }, select: { name: true, scope: true, ownerId: true, teamId: true, currentVersionId: true } });
    if (!skill || !canViewSkill(actor, access(skill))) throw notFound();
    if (!canManageSkill(actor, access(skill))) throw new DataError("FORBIDDEN", "Only the skill's owners and admins can prune versions.");
    const versions = await tx.skillVersion.findMany({ where: { skillId }, select: { id: true, number: true }, orderBy: { number: "desc" } });
    const pinned = new Set((await skillReferences(tx, skillId, access(skill))).flatMap((r) => (r.holds && r.pinnedVersion !== null ? [r.pinnedVersion] : [])));
    const deleted = new Set(planPrune(versions.map((v) => ({ number: v.number, current: v.id === skill.currentVersionId, pinned: pinned.has(v.number) })), keep).deleted);
    const doomed = versions.filter((v) => deleted.has(v.number));
    if (!doomed.length) return [];
    const numbers = doomed.map((v) => v.number).sort((a, b) => a - b);
    const unpinned = await tx.agentProfileSkill.updateMany({ where: { skillId, pinnedVersion: { in: numbers } }, data: { pinnedVersion: null } });
    await tx.skillVersion.deleteMany({ where: { id: { in: doomed.map((v) => v.id) } } });
    await collectOrphanBlobs(tx);
    await audit(tx, { actorId: actor.id, action: "skill.prune", skillId, skillName: skill.name, teamId: skill.teamId, detail: { keep, deleted: numbers, unpinned: unpinned.count } });
    return numbers;
  });
}

/**
 * The audit trail of a visible skill, newest first. Whole for those who may manage the skill;
 * anyone else sees only their own events (who downloaded what is not every reader's business).
 */
export async function listSkillAudit(viewer: ViewerRef, skillId: string, limit = 20) {
  const actor = await loadActor(db, viewer);
  const skill = await db.skill.findFirst({ where: { AND: [{ id: skillId }, visibleTo(actor)] }, select: { scope: true, ownerId: true, teamId: true } });
  if (!skill) return null;
  const events = await db.auditEvent.findMany({ where: { skillId, ...(canManageSkill(actor, access(skill)) ? {} : { actorId: actor.id }) }, orderBy: { createdAt: "desc" }, take: limit });
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
export async function findSkillsInDestination(
  viewer: ViewerRef,
  destination: Destination,
  names: string[],
): Promise<Map<string, { id: string; digest: string | null; version: number; canAddVersion: boolean }>> {
  const actor = await loadActor(db, viewer);
  const ownerId = destination.scope === "PERSONAL" ? actor.id : null;
  const teamId = destination.scope === "TEAM" ? (destination.teamId ?? null) : null;
  if (destination.scope === "TEAM" && (!teamId || !actor.teamRoles[teamId])) return new Map();
  const space = spaceOf(destination.scope, { ownerId, teamId });
  const rows = await db.skill.findMany({
    where: { space, name: { in: names } },
    select: { id: true, name: true, scope: true, ownerId: true, teamId: true, currentVersion: { select: { digest: true, number: true } } },
  });
  return new Map(
    rows
      .filter((row) => canViewSkill(actor, access(row)))
      .map((row) => [row.name, { id: row.id, digest: row.currentVersion?.digest ?? null, version: row.currentVersion?.number ?? 0, canAddVersion: canAddVersion(actor, access(row)) }]),
  );
}

/**
 * The bytes of several files of one version at once (the skill page reads every Markdown file to
 * resolve links), or null when the skill or version is not visible. Paths not in the version are
 * left out of the map.
 */
export async function readSkillFiles(
  viewer: ViewerRef,
  skillId: string,
  number: number,
  paths: readonly string[],
): Promise<Map<string, { bytes: Uint8Array; size: number; mediaType: string; sha256: string }> | null> {
  const actor = await loadActor(db, viewer);
  const version = await db.skillVersion.findFirst({ where: { number, skill: { AND: [{ id: skillId }, visibleTo(actor)] } }, select: { id: true } });
  if (!version) return null;
  const result = new Map<string, { bytes: Uint8Array; size: number; mediaType: string; sha256: string }>();
  if (!paths.length) return result;
  const files = await db.skillFile.findMany({
    where: { versionId: version.id, path: { in: [...new Set(paths)] } },
    select: { path: true, size: true, mediaType: true, sha256: true, blob: { select: { sha256: true, storage: true, data: true, key: true } } },
  });
  const store = getBlobStore();
  for (const file of files) result.set(file.path, { bytes: await store.get(file.blob), size: file.size, mediaType: file.mediaType, sha256: file.sha256 });
  return result;
}

/**
 * Every file of one version with its bytes (the current version when `number` is omitted), for
 * downloads; null when the skill or the version is not visible.
 */
export async function readSkillVersionFiles(
  viewer: ViewerRef,
  skillId: string,
  number?: number,
): Promise<{ skillId: string; name: string; version: number; digest: string; files: { path: string; bytes: Uint8Array; size: number; mediaType: string; sha256: string }[] } | null> {
  const actor = await loadActor(db, viewer);
  const skill = await db.skill.findFirst({ where: { AND: [{ id: skillId }, visibleTo(actor)] }, select: { currentVersion: { select: { number: true } } } });
  const versionNumber = number ?? skill?.currentVersion?.number;
  if (!skill || !versionNumber) return null;
  const version = await db.skillVersion.findUnique({
    where: { skillId_number: { skillId, number: versionNumber } },
    select: {
      name: true,
      digest: true,
      files: { select: { path: true, size: true, mediaType: true, sha256: true, blob: { select: { sha256: true, storage: true, data: true, key: true } } }, orderBy: { path: "asc" } },
    },
  });
  if (!version) return null;
  const store = getBlobStore();
  const files = [];
  for (const file of version.files) files.push({ path: file.path, bytes: await store.get(file.blob), size: file.size, mediaType: file.mediaType, sha256: file.sha256 });
  return { skillId, name: version.name, version: versionNumber, digest: version.digest, files };
}
