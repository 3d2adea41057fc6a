import "server-only";
import { canViewSkill, type Actor } from "@/lib/skills/permissions/permissions";
import { canSeeRequest, isEligibleReviewer } from "@/lib/skills/review-requests/policy";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ReviewListFilter, ReviewListPage, ReviewRequestSummary } from "@/lib/types/reviews";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { visibleTo } from "../core/skill-access";
import { factsOf, isOutOfDate, requestFactsSelect, type RequestRow } from "../core/request-facts";
import { countReviewInbox } from "./header-counts";
import { reviewerWhere } from "./reviewers";

// Reading requests: the inbox and a skill's open proposals (the inbox's counts: header-counts.ts).
// Which requests a viewer sees is written once as a Prisma filter (seeWhere), the same rule as canSeeRequest.

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

/** Requests the actor may see: the skill's viewers, the author, the reviewers (canSeeRequest). */
function seeWhere(actor: Actor): Prisma.ReviewRequestWhereInput {
  return { OR: [{ skill: visibleTo(actor) }, { authorId: actor.id }, reviewerWhere(actor)] };
}

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

/** Open requests waiting for this reviewer's verdict on their latest revision. */
async function waitingFor(actor: Actor, where: Prisma.ReviewRequestWhereInput = {}): Promise<SummaryRow[]> {
  const rows = await db.reviewRequest.findMany({
    where: { AND: [{ state: "open" }, reviewerWhere(actor), where] },
    select: summarySelect,
    orderBy: { updatedAt: "desc" },
    take: 500,
  });
  return rows.filter((row) => {
    const facts = factsOf(row as unknown as RequestRow);
    return isEligibleReviewer(actor, facts) && !row.verdicts.some((v) => v.reviewerId === actor.id && v.revision === row.revision);
  });
}

/** The inbox: requests the viewer may see, filtered, newest activity first. */
export async function listReviewRequests(viewer: ViewerRef, filter: ReviewListFilter): Promise<ReviewListPage> {
  const actor = await loadActor(db, viewer);
  const page = Math.max(1, filter.page ?? 1);
  const pageSize = Math.min(100, Math.max(1, filter.pageSize ?? 25));
  const narrow: Prisma.ReviewRequestWhereInput = {
    ...(filter.skillId ? { skillId: filter.skillId } : {}),
    ...(filter.teamId ? { OR: [{ targetTeamId: filter.teamId }, { skill: { teamId: filter.teamId } }] } : {}),
  };
  const counts = await countReviewInbox(viewer);
  if (filter.box === "for-me") {
    // Waiting for me is open by definition; other states have nothing waiting.
    const rows = filter.state === "open" || filter.state === "all" ? await waitingFor(actor, narrow) : [];
    return { items: await summarize(actor, rows.slice((page - 1) * pageSize, page * pageSize)), total: rows.length, page, pageSize, counts };
  }
  const where: Prisma.ReviewRequestWhereInput = {
    AND: [filter.box === "mine" ? { authorId: actor.id } : seeWhere(actor), filter.state === "all" ? {} : { state: filter.state }, narrow],
  };
  const [total, rows] = await Promise.all([
    db.reviewRequest.count({ where }),
    db.reviewRequest.findMany({ where, select: summarySelect, orderBy: [{ updatedAt: "desc" }, { id: "asc" }], skip: (page - 1) * pageSize, take: pageSize }),
  ]);
  const visible = rows.filter((row) => {
    const facts = factsOf(row as unknown as RequestRow);
    return canSeeRequest(actor, facts, canViewSkill(actor, facts.skill));
  });
  return { items: await summarize(actor, visible), total, page, pageSize, counts };
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
