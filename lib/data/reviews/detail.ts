import "server-only";
import { canViewSkill, type Actor } from "@/lib/skills/permissions/permissions";
import { diffSkillFiles } from "@/lib/skills/diff/skill-diff";
import type { FileDiff } from "@/lib/skills/diff/diff";
import type { Finding } from "@/lib/skills/format/findings";
import {
  canComment,
  canDecide,
  canRevise,
  canSeeRequest,
  canWithdraw,
  decideRefusal,
  isEligibleReviewer,
  noEligibleReviewerText,
  reviewedPlace,
  type RequestFacts,
} from "@/lib/skills/review-requests/policy";
import type { LevelTokens, ReviewRequestDetail, ReviewThread } from "@/lib/types/reviews";
import { loadActor, type ViewerRef } from "../core/actor";
import { readDiffInputs } from "../skills/diff-inputs";
import { db } from "@/lib/db/server";
import { readScanFindings } from "../core/json-columns";
import { explicitOwnerIds } from "../core/owner-ids";
import { readinessOf } from "./decide";
import { factsOf, requestFactsSelect, type RequestRow } from "../core/request-facts";
import { reviewSummarySelect, summarize } from "./read";

// The review page's data: the request, the revision on screen with its diff against the version
// it was based on, the checks of the proposed version, and the conversation. The files are read
// through the request (a reviewer of a publication may not see the personal skill otherwise).

const versionSelect = {
  id: true,
  number: true,
  findings: true,
  errorCount: true,
  warningCount: true,
  scanFindings: true,
  scanHighest: true,
  scanComplete: true,
  reviewStatus: true,
  catalogTokens: true,
  bodyTokens: true,
  resourceTokens: true,
} as const;

const levels = (v: { catalogTokens: number; bodyTokens: number; resourceTokens: number }): LevelTokens => ({
  catalog: v.catalogTokens,
  body: v.bodyTokens,
  resources: v.resourceTokens,
});

function readFindings(json: string): Finding[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as Finding[]) : [];
  } catch {
    return [];
  }
}

/** How many people other than the author may approve the request now. */
async function eligibleReviewers(facts: RequestFacts): Promise<number> {
  const notAuthor = facts.authorId ? { NOT: { userId: facts.authorId } } : {};
  if (facts.approvers === "instance-admins")
    return db.user.count({ where: { role: "ADMIN", disabledAt: null, ...(facts.authorId ? { NOT: { id: facts.authorId } } : {}) } });
  const place = reviewedPlace(facts);
  if (place.scope !== "TEAM" || !place.teamId) return 0;
  return db.membership.count({
    where: { teamId: place.teamId, ...notAuthor, ...(facts.approvers === "managers" ? { role: { in: ["OWNER", "ADMIN"] } } : {}) },
  });
}

/** The skill's owners who may approve the request (its author never may): they are asked first. */
async function ownersAskedFirst(skillId: string, facts: RequestFacts): Promise<{ id: string; name: string }[]> {
  const ids = (await explicitOwnerIds(db, skillId)).filter((id) => id !== facts.authorId);
  const owners: { id: string; name: string }[] = [];
  for (const id of ids) {
    const owner = await loadActor(db, { id }).catch(() => null);
    if (!owner || !isEligibleReviewer(owner, facts)) continue;
    const user = await db.user.findUnique({ where: { id }, select: { id: true, name: true } });
    if (user) owners.push(user);
  }
  return owners;
}

/** The newest revision before the latest that this reviewer decided on, if any. */
function lastReviewed(verdicts: readonly { reviewerId: string; revision: number }[], reviewerId: string, latest: number): number | null {
  const mine = verdicts.filter((v) => v.reviewerId === reviewerId && v.revision < latest).map((v) => v.revision);
  return mine.length ? Math.max(...mine) : null;
}

/** The request and the revision on screen with its two versions, or null for whoever may not see it (or a revision that does not exist). */
async function visibleRequest(actor: Actor, requestId: string) {
  const row = await db.reviewRequest.findUnique({ where: { id: requestId }, select: reviewSummarySelect });
  if (!row) return null;
  const facts = factsOf(row as unknown as RequestRow);
  return canSeeRequest(actor, facts, canViewSkill(actor, facts.skill)) ? { row, facts } : null;
}

async function loadShown(actor: Actor, requestId: string, revision: number | undefined, since?: number) {
  const visible = await visibleRequest(actor, requestId);
  if (!visible) return null;
  const { row, facts } = visible;
  const revisions = await db.reviewRevision.findMany({ where: { requestId }, orderBy: { number: "asc" } });
  const shown = revision === undefined ? revisions.at(-1) : revisions.find((r) => r.number === revision);
  if (!shown) return null;
  // ?since=N compares two revisions of the request: only an earlier one, whose version is still kept.
  const earlier = since === undefined ? undefined : revisions.find((r) => r.number === since && r.number < shown.number && r.versionId !== null);
  if (since !== undefined && !earlier) return null;
  const from = earlier ? earlier.versionNumber : row.kind === "move" ? null : shown.baseVersion;
  const [after, before] = await Promise.all([
    shown.versionId ? db.skillVersion.findUnique({ where: { id: shown.versionId }, select: versionSelect }) : null,
    from === null ? null : db.skillVersion.findUnique({ where: { skillId_number: { skillId: row.skillId, number: from } }, select: versionSelect }),
  ]);
  return { row, facts, revisions, shown, from, since: earlier?.number ?? null, after, before };
}

/**
 * The review page's title when it exists for this viewer (the request is visible and the revision
 * exists), without reading a file: the page answers 404 from this before anything streams.
 */
export async function reviewRequestHead(
  viewer: ViewerRef,
  requestId: string,
  options: { revision?: number; since?: number } = {},
): Promise<{ title: string; skillName: string } | null> {
  const actor = await loadActor(db, viewer);
  const row = await db.reviewRequest.findUnique({ where: { id: requestId }, select: requestFactsSelect });
  if (!row) return null;
  const facts = factsOf(row);
  if (!canSeeRequest(actor, facts, canViewSkill(actor, facts.skill))) return null;
  const revisions = await db.reviewRevision.findMany({ where: { requestId }, select: { number: true, versionId: true } });
  const shown = options.revision ?? Math.max(0, ...revisions.map((r) => r.number));
  if (!revisions.some((r) => r.number === shown)) return null;
  if (options.since !== undefined && !revisions.some((r) => r.number === options.since && r.number < shown && r.versionId !== null)) return null;
  return { title: row.title, skillName: row.skill.name };
}

/**
 * Some files of a revision's diff, whole (the page leaves big diffs' later bodies out and loads
 * them with this); null when the page would be a 404. Paths not in the diff are left out.
 */
export async function getReviewDiffFiles(
  viewer: ViewerRef,
  requestId: string,
  revision: number,
  paths: readonly string[],
  since?: number,
): Promise<FileDiff[] | null> {
  const actor = await loadActor(db, viewer);
  const loaded = await loadShown(actor, requestId, revision, since);
  if (!loaded) return null;
  const { before, after } = await readDiffInputs(loaded.before?.id ?? null, loaded.after?.id ?? null, new Set(paths));
  return diffSkillFiles(before, after).files.filter((f) => f.status !== "unchanged");
}

/**
 * The review page; `revision` picks an earlier revision to show, `since` an earlier revision to
 * diff it against instead of its base. Null (404) for whoever may not see it.
 */
export async function getReviewRequest(
  viewer: ViewerRef,
  requestId: string,
  options: { revision?: number; since?: number } = {},
): Promise<ReviewRequestDetail | null> {
  const actor = await loadActor(db, viewer);
  const loaded = await loadShown(actor, requestId, options.revision, options.since);
  if (!loaded) return null;
  const { row, facts, revisions, shown, from, since, after, before } = loaded;
  const files = await readDiffInputs(before?.id ?? null, after?.id ?? null);

  const [verdicts, comments] = await Promise.all([
    db.reviewVerdictRow.findMany({ where: { requestId }, orderBy: { createdAt: "asc" } }),
    db.reviewComment.findMany({ where: { requestId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  const userIds = [
    ...new Set([...verdicts.map((v) => v.reviewerId), ...comments.flatMap((c) => [c.authorId, c.resolvedById]), ...revisions.map((r) => r.authorId)]),
  ].filter((id): id is string => !!id);
  const users = new Map((await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } })).map((u) => [u.id, u]));
  const user = (id: string | null) => (id ? (users.get(id) ?? null) : null);

  const canSee = canViewSkill(actor, facts.skill);
  const mayComment = canComment(actor, facts, canSee);
  const shownVersions = new Set([from, shown.versionNumber].filter((n): n is number => n !== null));
  const threads: ReviewThread[] = comments
    .filter((c) => c.parentId === null)
    .map((root) => {
      const anchor =
        root.versionNumber !== null && root.path !== null && root.line !== null ? { version: root.versionNumber, path: root.path, line: root.line } : null;
      return {
        id: root.id,
        anchor,
        comments: [root, ...comments.filter((c) => c.parentId === root.id)].map((c) => ({
          id: c.id,
          author: user(c.authorId),
          body: c.body,
          createdAt: c.createdAt,
          canEdit: mayComment && c.authorId === actor.id,
        })),
        resolved: root.resolvedAt ? { at: root.resolvedAt, by: user(root.resolvedById) } : null,
        outdated: anchor !== null && !shownVersions.has(anchor.version),
      };
    });

  const [summary] = await summarize(actor, [row]);
  const readiness = await readinessOf(db, row as unknown as RequestRow, facts, row.revision);
  return {
    ...summary,
    approvals: readiness.approvals,
    changesRequested: readiness.changesRequestedBy.length > 0,
    revisions: revisions.map((r) => ({
      number: r.number,
      versionNumber: r.versionNumber,
      baseVersion: r.baseVersion,
      message: r.message,
      author: user(r.authorId),
      createdAt: r.createdAt,
      pruned: r.versionId === null,
    })),
    verdicts: verdicts.map((v) => ({
      id: v.id,
      reviewer: user(v.reviewerId),
      verdict: v.verdict,
      note: v.note,
      revision: v.revision,
      dismissed: v.dismissed,
      createdAt: v.createdAt,
    })),
    threads,
    readiness,
    shown: {
      revision: shown.number,
      from,
      since,
      to: shown.versionNumber,
      diff: diffSkillFiles(files.before, files.after),
      validation: { errorCount: after?.errorCount ?? 0, warningCount: after?.warningCount ?? 0, findings: after ? readFindings(after.findings) : [] },
      scan: {
        highest: after?.scanHighest ?? null,
        complete: after?.scanComplete ?? false,
        findings: after ? readScanFindings(after.scanFindings) : [],
        reviewStatus: after?.reviewStatus ?? "none",
      },
      tokens: { before: before ? levels(before) : null, after: after ? levels(after) : { catalog: 0, body: 0, resources: 0 } },
    },
    can: {
      decide: canDecide(actor, facts),
      withdraw: canWithdraw(actor, facts),
      revise: canRevise(actor, facts) && row.kind === "version",
      comment: mayComment,
    },
    lastReviewedRevision: lastReviewed(verdicts, actor.id, row.revision),
    noEligibleReviewer: row.state === "open" ? noEligibleReviewerText(facts, row.requiredApprovals, await eligibleReviewers(facts)) : null,
    askedFirst: row.state === "open" ? await ownersAskedFirst(row.skillId, facts) : [],
    decideRefusal: row.state === "open" && !canDecide(actor, facts) && row.authorId !== actor.id ? decideRefusal(actor, facts) : null,
  };
}
