import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/server";
import type { AnalyticsQuery } from "@/lib/skills/usage/analytics-query";
import { loadActor, type ViewerRef } from "../core/actor";
import { visibleToSql } from "../core/skill-access";

// GET /api/v1/analytics/skills: the daily rollup of the skills a viewer may see, grouped by day,
// version or channel, a page at a time. Counts only: no person is named here.

export interface AnalyticsRow {
  skillId: string;
  skill: string;
  day?: string;
  version?: number;
  channel?: string;
  count: number;
}

const GROUP_COLUMN = { day: Prisma.raw(`d."day"`), version: Prisma.raw(`d."version"`), channel: Prisma.raw(`d."channel"`) } as const;

/** One page of rows (ordered by skill, then the group), and the offset of the next page or null. */
export async function queryUsageAnalytics(viewer: ViewerRef, query: AnalyticsQuery): Promise<{ rows: AnalyticsRow[]; next: number | null }> {
  const actor = await loadActor(db, viewer);
  const group = GROUP_COLUMN[query.groupBy];
  const filters = [visibleToSql(actor, "s"), Prisma.sql`d."day" >= ${query.from}`, Prisma.sql`d."day" <= ${query.to}`];
  if (query.team) filters.push(Prisma.sql`s."teamId" = ${query.team}`);
  if (query.skill) filters.push(Prisma.sql`d."skillId" = ${query.skill}`);
  const rows = await db.$queryRaw<{ skillId: string; skill: string; key: string | number; count: bigint | number }[]>(Prisma.sql`
    SELECT d."skillId" AS "skillId", s."name" AS "skill", ${group} AS "key", SUM(d."count") AS "count"
    FROM "UsageDaily" d JOIN "Skill" s ON s."id" = d."skillId"
    WHERE ${Prisma.join(filters, " AND ")}
    GROUP BY d."skillId", s."name", ${group}
    ORDER BY d."skillId", ${group}
    LIMIT ${query.limit + 1} OFFSET ${query.offset}`);
  const page = rows.slice(0, query.limit).map((r) => ({
    skillId: r.skillId,
    skill: r.skill,
    [query.groupBy]: query.groupBy === "version" ? Number(r.key) : String(r.key),
    count: Number(r.count),
  }));
  return { rows: page, next: rows.length > query.limit ? query.offset + query.limit : null };
}
