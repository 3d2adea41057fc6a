import type { ReviewRequestDetail, ReviewRequestSummary } from "@/lib/types/reviews";
import { reviewLinks, skillLinks } from "./links";

// The HTTP API's view of review requests: the inbox row and the request with its conversation, in
// the same words as lib/http/skill-json.ts (lowercase scopes, absolute links). The diff is the
// review page's: scripts that want files compare the two versions' downloads.

const scopeWord = (scope: string) => scope.toLowerCase() as "personal" | "team" | "public" | "builtin";

export function reviewSummaryJson(request: ReviewRequestSummary) {
  return {
    id: request.id,
    kind: request.kind,
    state: request.state,
    title: request.title,
    skill: { id: request.skill.id, name: request.skill.name, scope: scopeWord(request.skill.scope), team: request.skill.team },
    target: request.target && { scope: scopeWord(request.target.scope), team: request.target.team },
    author: request.author,
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
    revision: request.revision,
    versionNumber: request.versionNumber,
    baseVersion: request.baseVersion,
    mergedVersion: request.mergedVersion,
    approvals: request.approvals,
    requiredApprovals: request.requiredApprovals,
    approvers: request.approvers,
    changesRequested: request.changesRequested,
    outOfDate: request.outOfDate,
    commentCount: request.commentCount,
    unresolvedThreads: request.unresolvedThreads,
    waitingOn: request.waitingOn,
    links: {
      ...reviewLinks(request.id),
      skill: skillLinks(request.skill.id).api,
      // The proposed version's files (a reviewer's download; agents keep the current version).
      download: request.versionNumber === null ? null : skillLinks(request.skill.id, request.versionNumber).download,
    },
  };
}

/** The request with every revision, verdict and thread, and the shown revision's checks; no diff. */
export function reviewDetailJson(request: ReviewRequestDetail) {
  const { shown } = request;
  return {
    ...reviewSummaryJson(request),
    revisions: request.revisions.map((r) => ({
      number: r.number,
      versionNumber: r.versionNumber,
      baseVersion: r.baseVersion,
      message: r.message,
      author: r.author,
      createdAt: r.createdAt,
      pruned: r.pruned,
    })),
    verdicts: request.verdicts.map((v) => ({
      id: v.id,
      reviewer: v.reviewer,
      verdict: v.verdict,
      note: v.note,
      revision: v.revision,
      dismissed: v.dismissed,
      createdAt: v.createdAt,
    })),
    threads: request.threads.map((t) => ({
      id: t.id,
      anchor: t.anchor,
      outdated: t.outdated,
      resolved: t.resolved,
      comments: t.comments.map((c) => ({ id: c.id, author: c.author, body: c.body, createdAt: c.createdAt })),
    })),
    readiness: request.readiness,
    shown: {
      revision: shown.revision,
      from: shown.from,
      to: shown.to,
      // What changed, in numbers (the diff itself is the review page's).
      stats: shown.diff.stats,
      validation: { errorCount: shown.validation.errorCount, warningCount: shown.validation.warningCount },
      scan: { highest: shown.scan.highest, complete: shown.scan.complete, reviewStatus: shown.scan.reviewStatus },
      tokens: shown.tokens,
    },
    can: request.can,
    decideRefusal: request.decideRefusal,
  };
}
