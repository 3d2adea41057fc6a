import "server-only";
import type { Actor, Scope } from "@/lib/skills/permissions/permissions";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ReviewStatus, Severity } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db/server";
import type { SkillSummary } from "@/lib/types/skills";
import { visibleToSql } from "../core/skill-access";
import { sameNamedSql, shadowsAmong, toSummary, type SameNamedRow, type SummaryRow } from "./rows";
import { date, int, yes } from "@/lib/db/sql-values";
import { dayRange, LOAD_CHANNELS } from "@/lib/skills/usage/events";

// A list's page of skills as summaries in two statements whatever the page holds: the rows with
// their team, owner, star count, current version and its author joined, and beside it their tags
// with the same-named skills that may shadow them (and, for the list's cards, their loads per
// day). (Prisma's summarySelect loads each relation with a statement of its own: seven, and the
// shadowing lookup an eighth.) Quoted identifiers, so it runs on SQLite and PostgreSQL alike.

/** A skill's own columns as the raw reads select them (drivers differ in how they give booleans, dates and counts). */
export type SkillColumns = {
  id: string;
  name: string;
  scope: Scope;
  ownerId: string | null;
  teamId: string | null;
  archived: unknown;
  createdAt: unknown;
  updatedAt: unknown;
  teamName: string | null;
  ownerName: string | null;
  starCount: unknown;
};

type Row = SkillColumns & {
  versionId: string | null;
  number: unknown;
  description: string | null;
  catalogTokens: unknown;
  bodyTokens: unknown;
  resourceTokens: unknown;
  fileCount: unknown;
  totalBytes: unknown;
  warningCount: unknown;
  errorCount: unknown;
  scanHighest: Severity | null;
  reviewStatus: ReviewStatus | null;
  authorId: string | null;
  authorName: string | null;
};

function readRows(actor: Actor, ids: string[]) {
  return db.$queryRaw<Row[]>`
    SELECT s."id", s."name", s."scope", s."ownerId", s."teamId", s."archived", s."createdAt", s."updatedAt",
      t."name" AS "teamName", o."name" AS "ownerName",
      (SELECT COUNT(*) FROM "SkillStar" st WHERE st."skillId" = s."id") AS "starCount",
      v."id" AS "versionId", v."number", v."description", v."catalogTokens", v."bodyTokens", v."resourceTokens", v."fileCount",
      v."totalBytes", v."warningCount", v."errorCount", v."scanHighest", v."reviewStatus", v."authorId", a."name" AS "authorName"
    FROM "Skill" s
    LEFT JOIN "SkillVersion" v ON v."id" = s."currentVersionId"
    LEFT JOIN "Team" t ON t."id" = s."teamId"
    LEFT JOIN "user" o ON o."id" = s."ownerId"
    LEFT JOIN "user" a ON a."id" = v."authorId"
    WHERE s."id" IN (${Prisma.join(ids)}) AND ${visibleToSql(actor)}`;
}

type NameRow = { kind: "tag" | "same" | "load"; id: string; name: string; scope: Scope | null; teamName: string | null; rank: unknown };

// The tags of these skills, A to Z in the database's collation (as Prisma's ORDER BY), kept by
// ROW_NUMBER; and shadowingFor's lookup, over the names of those of them the actor sees (the inner
// "s" is the subquery's own skill). With `days`: each skill's loads per day since the first of
// them, from the daily rollup (the day in "name", the loads in "rank").
function readNames(actor: Actor, ids: string[], days?: string[]) {
  const idList = Prisma.join(ids);
  const loads = days
    ? Prisma.sql`UNION ALL SELECT 'load', u."skillId", u."day", CAST(NULL AS TEXT), CAST(NULL AS TEXT), SUM(u."count")
        FROM "UsageDaily" u WHERE u."skillId" IN (${idList}) AND u."day" >= ${days[0]} AND u."channel" IN (${Prisma.join([...LOAD_CHANNELS])})
        GROUP BY u."skillId", u."day"`
    : Prisma.empty;
  return db.$queryRaw<NameRow[]>`
    SELECT 'tag' AS "kind", g."skillId" AS "id", g."name" AS "name", CAST(NULL AS TEXT) AS "scope", CAST(NULL AS TEXT) AS "teamName",
      ROW_NUMBER() OVER (PARTITION BY g."skillId" ORDER BY g."name") AS "rank"
      FROM "SkillTag" g WHERE g."skillId" IN (${idList})
    UNION ALL SELECT 'same', x."id", x."name", x."scope", x."teamName", 0
      FROM (${sameNamedSql(actor, Prisma.sql`SELECT s."name" FROM "Skill" s WHERE s."id" IN (${idList}) AND ${visibleToSql(actor)}`)}) x
    ${loads}`;
}

/**
 * The visible skills of these ids as summaries, in the ids' order (one not visible is left out),
 * with their shadowing; with `loads30`, each with its loads per day over the 30 days up to today
 * (UTC), oldest first: the list card's sparkline.
 */
export async function readSummaries(actor: Actor, ids: string[], options: { loads30?: boolean } = {}): Promise<(SkillSummary & { loads30?: number[] })[]> {
  if (!ids.length) return [];
  const days = options.loads30 ? dayRange(new Date(), 30) : undefined;
  const [rows, names] = await Promise.all([readRows(actor, ids), readNames(actor, ids, days)]);
  const tagsOf = new Map<string, { name: string; rank: number }[]>();
  const found: SameNamedRow[] = [];
  const loadsOf = new Map<string, number[]>();
  const dayIndex = new Map(days?.map((day, i) => [day, i]));
  for (const row of names) {
    if (row.kind === "tag") tagsOf.set(row.id, [...(tagsOf.get(row.id) ?? []), { name: row.name, rank: int(row.rank) }]);
    else if (row.kind === "load") {
      const i = dayIndex.get(row.name);
      const series = loadsOf.get(row.id) ?? loadsOf.set(row.id, new Array(dayIndex.size).fill(0)).get(row.id)!;
      if (i !== undefined) series[i] += int(row.rank);
    } else found.push({ id: row.id, name: row.name, scope: row.scope as Scope, teamName: row.teamName });
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const shadows = shadowsAmong(ordered, found);
  return ordered.map((row) => {
    const summary = toSummary(toSummaryRow(row, tagsOf.get(row.id) ?? []), shadows.get(row.id) ?? null);
    return days ? { ...summary, loads30: loadsOf.get(row.id) ?? new Array(days.length).fill(0) } : summary;
  });
}

function toSummaryRow(row: Row, tags: { name: string; rank: number }[]): SummaryRow {
  return summaryRowOf(
    row,
    tags.sort((a, b) => a.rank - b.rank).map(({ name }) => name),
    row.versionId === null
      ? null
      : {
          number: int(row.number),
          description: row.description ?? "",
          catalogTokens: int(row.catalogTokens),
          bodyTokens: int(row.bodyTokens),
          resourceTokens: int(row.resourceTokens),
          fileCount: int(row.fileCount),
          totalBytes: int(row.totalBytes),
          warningCount: int(row.warningCount),
          errorCount: int(row.errorCount),
          scanHighest: row.scanHighest,
          reviewStatus: row.reviewStatus ?? "none",
          author: row.authorId && row.authorName !== null ? { id: row.authorId, name: row.authorName } : null,
        },
  );
}

/** A SummaryRow, as Prisma's summarySelect would give it, from a raw read's skill columns, tag names and current version. */
export function summaryRowOf(row: SkillColumns, tags: string[], currentVersion: SummaryRow["currentVersion"]): SummaryRow {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    ownerId: row.ownerId,
    teamId: row.teamId,
    archived: yes(row.archived),
    createdAt: date(row.createdAt),
    updatedAt: date(row.updatedAt),
    team: row.teamId && row.teamName !== null ? { id: row.teamId, name: row.teamName } : null,
    owner: row.ownerId && row.ownerName !== null ? { id: row.ownerId, name: row.ownerName } : null,
    tags: tags.map((name) => ({ name })),
    _count: { stars: int(row.starCount) },
    currentVersion,
  };
}
