import "server-only";
import { explainShadowing, resolveShadowing, type Actor, type Scope } from "@/lib/skills/permissions/permissions";
import { RULESET_VERSION } from "@/lib/skills/scan";
import { invocationFlags, normalizeAllowedTools, readToolDeclarations, toolDefinitionTokens } from "@/lib/skills/format/bound-tools";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SkillSummary, SkillVersionDetail } from "@/lib/types/skills";
import type { VersionProvenance } from "@/lib/types/sources";
import { db } from "@/lib/db/server";
import { readFindings, readFrontmatter, readScanFindings, readScanSkipped } from "../core/json-columns";
import { visibleToSql } from "../core/skill-access";

// The rows every skill read selects and the one mapping of each to what callers get.

export const userRef = { select: { id: true, name: true } } as const;
export const summarySelect = {
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
  tags: { select: { name: true }, orderBy: { name: "asc" } },
  _count: { select: { stars: true } },
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

export type SummaryRow = Prisma.SkillGetPayload<{ select: typeof summarySelect }>;

export function toSummary(row: SummaryRow, shadowedBy: SkillSummary["shadowedBy"] = null): SkillSummary {
  const v = row.currentVersion;
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
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
    scanHighest: v?.scanHighest ?? null,
    reviewStatus: v?.reviewStatus ?? "none",
    archived: row.archived,
    tags: row.tags.map((t) => t.name),
    starCount: row._count.stars,
    shadowedBy,
  };
}

/** Which of these skills are hidden, for this actor, by a same-named skill of a higher-priority scope. */
export async function shadowingFor(actor: Actor, rows: { id: string; name: string }[]): Promise<Map<string, NonNullable<SkillSummary["shadowedBy"]>>> {
  if (!rows.length) return new Map();
  // One statement with the team's name joined (a relation load would be a second).
  const found = await db.$queryRaw<SameNamedRow[]>(sameNamedSql(actor, Prisma.join([...new Set(rows.map((row) => row.name))])));
  return shadowsAmong(rows, found);
}

/**
 * shadowingFor's lookup as a query, for it and for the statements that read it beside other
 * rows (summaries.ts, page.ts): the visible, unarchived skills whose name is among `names` (values
 * or a subquery), as SameNamedRow columns.
 */
export const sameNamedSql = (actor: Actor, names: Prisma.Sql): Prisma.Sql => Prisma.sql`
  SELECT s."id" AS "id", s."name" AS "name", CAST(s."scope" AS TEXT) AS "scope", t."name" AS "teamName"
  FROM "Skill" s LEFT JOIN "Team" t ON t."id" = s."teamId"
  WHERE ${visibleToSql(actor)} AND s."archived" = FALSE AND s."name" IN (${names})`;

/** A skill of `shadowsAmong`'s lookup: visible, unarchived, of a name among the skills asked about. */
export type SameNamedRow = { id: string; name: string; scope: Scope; teamName: string | null };

/** shadowingFor's answer from its lookup's rows, for a caller that read them in a statement of its own. */
export function shadowsAmong(rows: { id: string }[], found: SameNamedRow[]): Map<string, NonNullable<SkillSummary["shadowedBy"]>> {
  const result = new Map<string, NonNullable<SkillSummary["shadowedBy"]>>();
  const sameNamed = found.map(({ teamName, ...s }) => ({ ...s, team: teamName === null ? null : { name: teamName } }));
  const { shadowedBy } = resolveShadowing(sameNamed.map((s) => ({ ...s, scope: s.scope, rank: s.team?.name })));
  const byId = new Map(sameNamed.map((s) => [s.id, s]));
  for (const row of rows) {
    const winner = shadowedBy.get(row.id);
    const hidden = byId.get(row.id);
    if (winner && hidden) {
      result.set(row.id, {
        id: winner.id,
        name: winner.name,
        scope: winner.scope,
        reason: explainShadowing({ scope: hidden.scope }, winner, winner.team?.name),
      });
    }
  }
  return result;
}

/** The provenance columns of a version (set when a source sync wrote it). */
export const provenanceSelect = {
  sourceId: true,
  sourceUrl: true,
  sourceRevision: true,
  sourcePath: true,
  commitAuthor: true,
  commitMessage: true,
} as const satisfies Prisma.SkillVersionSelect;

export function toProvenance(row: {
  sourceId: string | null;
  sourceUrl: string | null;
  sourceRevision: string | null;
  sourcePath: string | null;
  commitAuthor: string | null;
  commitMessage: string | null;
}): VersionProvenance | null {
  if (row.sourceUrl === null || row.sourceRevision === null) return null;
  const commit = row.commitAuthor !== null ? { author: row.commitAuthor, message: row.commitMessage ?? "" } : null;
  return { sourceId: row.sourceId, url: row.sourceUrl, revision: row.sourceRevision, path: row.sourcePath ?? "", commit };
}

export const versionSelect = {
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
  files: { select: { path: true, size: true, mediaType: true, sha256: true, tokens: true, executable: true }, orderBy: { path: "asc" } },
  scanFindings: true,
  scanHighest: true,
  scanRuleset: true,
  scanComplete: true,
  scanSkipped: true,
  reviewStatus: true,
  reviewedById: true,
  reviewedAt: true,
  reviewNote: true,
  ...provenanceSelect,
} satisfies Prisma.SkillVersionSelect;

export type VersionRow = Prisma.SkillVersionGetPayload<{ select: typeof versionSelect }>;

/** `reviewer`: the reviewer's row when the caller has read it with the version (else read here). */
export async function toVersionDetail(row: VersionRow, reviewer?: { id: string; name: string } | null): Promise<SkillVersionDetail> {
  const {
    scanFindings,
    scanHighest,
    scanRuleset,
    scanComplete,
    scanSkipped,
    reviewStatus,
    reviewedById,
    reviewedAt,
    reviewNote,
    sourceId,
    sourceUrl,
    sourceRevision,
    sourcePath,
    commitAuthor,
    commitMessage,
    ...rest
  } = row;
  // The reviewer is kept without a foreign key (the decision outlives the account).
  if (reviewer === undefined) reviewer = reviewedById ? await db.user.findUnique({ where: { id: reviewedById }, select: { id: true, name: true } }) : null;
  const frontmatter = readFrontmatter(row.frontmatter);
  return {
    ...rest,
    frontmatter,
    findings: readFindings(row.findings),
    tools: readToolDeclarations(frontmatter).map((tool) => ({ ...tool, tokens: toolDefinitionTokens(tool) })),
    allowedTools: normalizeAllowedTools(frontmatter["allowed-tools"]),
    invocation: invocationFlags(frontmatter),
    provenance: toProvenance({ sourceId, sourceUrl, sourceRevision, sourcePath, commitAuthor, commitMessage }),
    scan: {
      ruleset: scanRuleset,
      stale: scanRuleset !== RULESET_VERSION,
      findings: readScanFindings(scanFindings),
      highest: scanHighest,
      // Never scanned reads as incomplete, whatever the column default says.
      complete: scanRuleset !== null && scanComplete,
      skipped: readScanSkipped(scanSkipped),
      review: {
        status: reviewStatus,
        reviewer: reviewedById ? (reviewer ?? { id: reviewedById, name: "deleted user" }) : null,
        at: reviewedAt,
        note: reviewNote,
      },
    },
  };
}
