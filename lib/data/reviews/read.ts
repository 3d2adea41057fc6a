import "server-only";
import { canViewSkill, type Actor } from "@/lib/skills/permissions/permissions";
import { canSeeRequest, isEligibleReviewer } from "@/lib/skills/review-requests/policy";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ReviewListFilter, ReviewListPage, ReviewRequestSummary } from "@/lib/types/reviews";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { visibleTo, visibleToSql } from "../core/skill-access";
import { date, dateOrNull, int } from "@/lib/db/sql-values";
import { factsOf, isOutOfDate, requestFactsSelect, type RequestRow } from "../core/request-facts";
import { countReviewInbox } from "./header-counts";
import { reviewerSql } from "./reviewers";

// Reading requests: the inbox and a skill's open proposals (the inbox's counts: header-counts.ts).
// Which requests a viewer sees is written once in SQL (seeSql), the same rule as canSeeRequest, which
// runs again over the rows read.

const summarySelect = {
  ...requestFactsSelect,
  createdAt: true,
  updatedAt: true,
  mergedVersion: true,
  skill: { select: { ...requestFactsSelect.skill.select, team: { select: { id: true, name: true } } } },
  revisions: { orderBy: { number: "desc" }, take: 1, select: { versionNumber: true } },
  verdicts: { where: { dismissed: false }, select: { reviewerId: true, verdict: true, revision: true, createdAt: true } },
  comments: { select: { parentId: true, resolvedAt: true, line: true } },
} as const satisfies Prisma.ReviewRequestSelect;

type SummaryRow = Prisma.ReviewRequestGetPayload<{ select: typeof summarySelect }>;

function toSummary(actor: Actor, row: SummaryRow, authors: Map<string, { id: string; name: string }>): ReviewRequestSummary {
  const facts = factsOf(row as unknown as RequestRow);
  const latest = row.verdicts.filter((v) => v.revision === row.revision).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const byReviewer = new Map(latest.map((v) => [v.reviewerId, v.verdict]));
  const approvals = [...byReviewer.values()].filter((v) => v === "approve").length;
  // A line thread waits to be resolved; a comment on the whole proposal is a remark (its Resolve only folds it), so it is not counted.
  const threads = row.comments.filter((c) => c.parentId === null && c.line !== null);
  const decidedByMe = byReviewer.has(actor.id);
  return {
    id: row.id,
    skill: { id: row.skill.id, name: row.skill.name, scope: row.skill.scope, team: row.skill.team },
    kind: row.kind,
    target: row.targetScope
      ? { scope: row.targetScope, team: row.targetTeamId ? { id: row.targetTeamId, name: authors.get(`team:${row.targetTeamId}`)?.name ?? "a team" } : null }
      : null,
    title: row.title,
    state: row.state,
    author: row.authorId ? (authors.get(row.authorId) ?? null) : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    revision: row.revision,
    versionNumber: row.kind === "version" ? (row.revisions[0]?.versionNumber ?? null) : null,
    baseVersion: row.baseVersion,
    mergedVersion: row.mergedVersion,
    approvals,
    requiredApprovals: row.requiredApprovals,
    approvers: facts.approvers,
    changesRequested: [...byReviewer.values()].includes("changes"),
    outOfDate: isOutOfDate(row),
    commentCount: row.comments.length,
    unresolvedThreads: threads.filter((t) => t.resolvedAt === null).length,
    waitingOn: row.state !== "open" ? null : row.authorId === actor.id ? "author" : isEligibleReviewer(actor, facts) && !decidedByMe ? "me" : null,
  };
}

/** Names of the authors and target teams of these rows (neither is a relation: both outlive their rows). */
async function namesFor(rows: readonly SummaryRow[]): Promise<Map<string, { id: string; name: string }>> {
  const userIds = [...new Set(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])))];
  const teamIds = [...new Set(rows.flatMap((r) => (r.targetTeamId ? [r.targetTeamId] : [])))];
  const [users, teams] = await Promise.all([
    userIds.length ? db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }) : [],
    teamIds.length ? db.team.findMany({ where: { id: { in: teamIds } }, select: { id: true, name: true } }) : [],
  ]);
  return new Map([...users.map((u) => [u.id, u] as const), ...teams.map((t) => [`team:${t.id}`, t] as const)]);
}

export async function summarize(actor: Actor, rows: SummaryRow[]): Promise<ReviewRequestSummary[]> {
  const names = await namesFor(rows);
  return rows.map((row) => toSummary(actor, row, names));
}

export { summarySelect as reviewSummarySelect };

// The inbox's read in raw SQL (quoted identifiers, so it runs on SQLite and PostgreSQL alike): the
// page's requests with their skill, team, current and proposed version numbers, author and target
// team names and the total in one statement, their live verdicts and comments in a second, and
// nothing more when the page is empty (7 to 10 before: the count and the requests, then a statement
// for each relation, with `IN (NULL)` for an empty page, and the authors and target teams by name). The rows take SummaryRow's shape, so the rules after the read (canSeeRequest,
// isEligibleReviewer, toSummary) are the ones every other read runs.

type ListRow = Record<
  "requiredApprovals" | "revision" | "baseVersion" | "mergedVersion" | "createdAt" | "updatedAt" | "currentNumber" | "versionNumber" | "total",
  unknown
> &
  Pick<SummaryRow, "id" | "skillId" | "kind" | "state" | "authorId" | "title" | "targetScope" | "targetTeamId" | "approvers" | "targetLabel"> & {
    skillName: string;
    skillScope: SummaryRow["skill"]["scope"];
    skillOwnerId: string | null;
    skillTeamId: string | null;
    skillSpace: string;
    teamName: string | null;
    authorName: string | null;
    targetTeamName: string | null;
  };

/** A live verdict or a comment of a listed request (one row each). */
type DetailRow = {
  requestId: string;
  kind: "verdict" | "comment";
  reviewerId: string | null;
  verdict: "approve" | "changes" | null;
  revision: unknown;
  /** A verdict's createdAt, a comment's resolvedAt. */
  at: unknown;
  parentId: string | null;
  line: unknown;
};

const orNull = (value: unknown): number | null => (value === null || value === undefined ? null : int(value));

const listColumns = Prisma.sql`r."id", r."skillId", r."kind", r."state", r."authorId", r."title", r."targetScope", r."targetTeamId",
  r."requiredApprovals", r."approvers", r."revision", r."baseVersion", r."targetLabel", r."mergedVersion", r."createdAt", r."updatedAt",
  s."name" AS "skillName", s."scope" AS "skillScope", s."ownerId" AS "skillOwnerId", s."teamId" AS "skillTeamId", s."space" AS "skillSpace",
  cv."number" AS "currentNumber", t."name" AS "teamName",
  (SELECT rv."versionNumber" FROM "ReviewRevision" rv WHERE rv."requestId" = r."id" ORDER BY rv."number" DESC LIMIT 1) AS "versionNumber",
  u."name" AS "authorName", tt."name" AS "targetTeamName"`;

const listJoins = Prisma.sql`FROM "ReviewRequest" r
  JOIN "Skill" s ON s."id" = r."skillId"
  LEFT JOIN "SkillVersion" cv ON cv."id" = s."currentVersionId"
  LEFT JOIN "Team" t ON t."id" = s."teamId"
  LEFT JOIN "user" u ON u."id" = r."authorId"
  LEFT JOIN "Team" tt ON tt."id" = r."targetTeamId"`;

/** The filter's skill and team, over "ReviewRequest" `r` joined to its "Skill" `s`. */
function narrowSql(filter: ReviewListFilter, r: string, s: string): Prisma.Sql {
  const [q, k] = [Prisma.raw(r), Prisma.raw(s)];
  const parts = [Prisma.sql`TRUE`];
  if (filter.skillId) parts.push(Prisma.sql`${q}."skillId" = ${filter.skillId}`);
  if (filter.teamId) parts.push(Prisma.sql`(${q}."targetTeamId" = ${filter.teamId} OR ${k}."teamId" = ${filter.teamId})`);
  return Prisma.join(parts, " AND ");
}

/** Requests the actor may see (canSeeRequest): the skill's viewers, the author, the reviewers; over "ReviewRequest" r joined to its "Skill" s. */
const seeSql = (actor: Actor) => Prisma.sql`(${visibleToSql(actor)} OR r."authorId" = ${actor.id} OR ${reviewerSql(actor, "r", "s")})`;

/** The live verdicts and the comments of these requests, in one statement; none for no requests. */
async function readDetails(ids: readonly string[]): Promise<Map<string, Pick<SummaryRow, "verdicts" | "comments">>> {
  const details = new Map(ids.map((id) => [id, { verdicts: [] as SummaryRow["verdicts"], comments: [] as SummaryRow["comments"] }]));
  if (!ids.length) return details;
  // Verdicts by date, then id: toSummary's stable sort keeps the later of two at the same instant, as header-counts.ts counts them.
  const rows = await db.$queryRaw<DetailRow[]>`
    SELECT v."requestId", 'verdict' AS "kind", v."reviewerId", CAST(v."verdict" AS TEXT) AS "verdict", v."revision", v."createdAt" AS "at",
      CAST(NULL AS TEXT) AS "parentId", CAST(NULL AS INTEGER) AS "line", v."id"
      FROM "ReviewVerdictRow" v WHERE v."requestId" IN (${Prisma.join(ids)}) AND v."dismissed" = FALSE
    UNION ALL SELECT c."requestId", 'comment', CAST(NULL AS TEXT), CAST(NULL AS TEXT), CAST(NULL AS INTEGER), c."resolvedAt", c."parentId", c."line", c."id"
      FROM "ReviewComment" c WHERE c."requestId" IN (${Prisma.join(ids)})
    ORDER BY "kind" DESC, "at" ASC, "id" ASC`;
  for (const row of rows) {
    const detail = details.get(row.requestId)!;
    if (row.kind === "verdict")
      detail.verdicts.push({ reviewerId: row.reviewerId!, verdict: row.verdict!, revision: int(row.revision), createdAt: date(row.at) });
    else detail.comments.push({ parentId: row.parentId, resolvedAt: dateOrNull(row.at), line: orNull(row.line) });
  }
  return details;
}

/** A listed row in SummaryRow's shape, without its verdicts and comments. */
function toSummaryRow(row: ListRow): Omit<SummaryRow, "verdicts" | "comments"> {
  return {
    id: row.id,
    skillId: row.skillId,
    kind: row.kind,
    state: row.state,
    authorId: row.authorId,
    title: row.title,
    targetScope: row.targetScope,
    targetTeamId: row.targetTeamId,
    requiredApprovals: int(row.requiredApprovals),
    approvers: row.approvers,
    revision: int(row.revision),
    baseVersion: orNull(row.baseVersion),
    targetLabel: row.targetLabel,
    createdAt: date(row.createdAt),
    updatedAt: date(row.updatedAt),
    mergedVersion: orNull(row.mergedVersion),
    skill: {
      id: row.skillId,
      name: row.skillName,
      scope: row.skillScope,
      ownerId: row.skillOwnerId,
      teamId: row.skillTeamId,
      space: row.skillSpace,
      currentVersion: row.currentNumber === null || row.currentNumber === undefined ? null : { number: int(row.currentNumber) },
      team: row.skillTeamId && row.teamName !== null ? { id: row.skillTeamId, name: row.teamName } : null,
    },
    revisions: row.versionNumber === null || row.versionNumber === undefined ? [] : [{ versionNumber: int(row.versionNumber) }],
  };
}

/** The summaries of listed rows: their verdicts and comments read in one statement, their names from the rows. */
async function summarizeListed(actor: Actor, rows: readonly ListRow[]): Promise<ReviewRequestSummary[]> {
  const details = await readDetails(rows.map((row) => row.id));
  const names = new Map<string, { id: string; name: string }>();
  for (const row of rows) {
    if (row.authorId && row.authorName !== null) names.set(row.authorId, { id: row.authorId, name: row.authorName });
    if (row.targetTeamId && row.targetTeamName !== null) names.set(`team:${row.targetTeamId}`, { id: row.targetTeamId, name: row.targetTeamName });
  }
  return rows.map((row) => toSummary(actor, { ...toSummaryRow(row), ...details.get(row.id)! }, names));
}

/**
 * Open requests waiting for this reviewer's verdict on their latest revision: of the 500 latest
 * they may decide on, those with no live verdict of theirs on it.
 */
async function readWaitingFor(actor: Actor, filter: ReviewListFilter): Promise<ListRow[]> {
  const rows = await db.$queryRaw<ListRow[]>`
    SELECT ${listColumns}
    ${listJoins}
    WHERE r."id" IN (SELECT r2."id" FROM "ReviewRequest" r2 JOIN "Skill" s2 ON s2."id" = r2."skillId"
        WHERE r2."state" = 'open' AND ${reviewerSql(actor, "r2", "s2")} AND ${narrowSql(filter, "r2", "s2")}
        ORDER BY r2."updatedAt" DESC, r2."id" ASC LIMIT 500)
      AND NOT EXISTS (SELECT 1 FROM "ReviewVerdictRow" v
        WHERE v."requestId" = r."id" AND v."reviewerId" = ${actor.id} AND v."revision" = r."revision" AND v."dismissed" = FALSE)
    ORDER BY r."updatedAt" DESC, r."id" ASC`;
  return rows.filter((row) => isEligibleReviewer(actor, factsOf(toSummaryRow(row))));
}

/** A page of the requests the viewer may see (or, in "mine", wrote), with the total of all of them. */
async function readPage(actor: Actor, filter: ReviewListFilter, page: number, pageSize: number): Promise<{ rows: ListRow[]; total: number }> {
  const where = Prisma.sql`${filter.box === "mine" ? Prisma.sql`r."authorId" = ${actor.id}` : seeSql(actor)}
    AND ${filter.state === "all" ? Prisma.sql`TRUE` : Prisma.sql`CAST(r."state" AS TEXT) = ${filter.state}`}
    AND ${narrowSql(filter, "r", "s")}`;
  const rows = await db.$queryRaw<ListRow[]>`
    SELECT ${listColumns}, COUNT(*) OVER () AS "total"
    ${listJoins}
    WHERE ${where}
    ORDER BY r."updatedAt" DESC, r."id" ASC
    LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`;
  if (rows.length || page === 1) return { rows, total: int(rows[0]?.total) };
  // Past the last page the window counted nothing: count apart (an old link's page).
  const [count] = await db.$queryRaw<
    { total: unknown }[]
  >`SELECT COUNT(*) AS "total" FROM "ReviewRequest" r JOIN "Skill" s ON s."id" = r."skillId" WHERE ${where}`;
  return { rows, total: int(count?.total) };
}

/** The inbox: requests the viewer may see, filtered, newest activity first. */
export async function listReviewRequests(viewer: ViewerRef, filter: ReviewListFilter): Promise<ReviewListPage> {
  const actor = await loadActor(db, viewer);
  const page = Math.max(1, filter.page ?? 1);
  const pageSize = Math.min(100, Math.max(1, filter.pageSize ?? 25));
  const counts = await countReviewInbox(viewer);
  if (filter.box === "for-me") {
    // Waiting for me is open by definition; other states have nothing waiting.
    const rows = filter.state === "open" || filter.state === "all" ? await readWaitingFor(actor, filter) : [];
    return { items: await summarizeListed(actor, rows.slice((page - 1) * pageSize, page * pageSize)), total: rows.length, page, pageSize, counts };
  }
  const { rows, total } = await readPage(actor, filter, page, pageSize);
  const visible = rows.filter((row) => {
    const facts = factsOf(toSummaryRow(row));
    return canSeeRequest(actor, facts, canViewSkill(actor, facts.skill));
  });
  return { items: await summarizeListed(actor, visible), total, page, pageSize, counts };
}

/** A skill's open requests (the skill page's "2 proposals open"); empty when the skill is not visible. */
export async function listSkillReviewRequests(viewer: ViewerRef, skillId: string): Promise<ReviewRequestSummary[]> {
  const actor = await loadActor(db, viewer);
  const where: Prisma.ReviewRequestWhereInput = { AND: [{ skillId, state: "open" }, { skill: visibleTo(actor) }] };
  // Most skills have none open: one statement says so, where the summary's relations are six
  // (Prisma reads each relation even for no rows).
  if (!(await db.reviewRequest.findFirst({ where, select: { id: true } }))) return [];
  const rows = await db.reviewRequest.findMany({ where, select: summarySelect, orderBy: { createdAt: "desc" }, take: 50 });
  return summarize(actor, rows);
}
