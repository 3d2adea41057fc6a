import "server-only";
import { canViewSkill } from "@/lib/skills/permissions/permissions";
import { isTextMediaType } from "@/lib/skills/format/media-type";
import { decodeUtf8 } from "@/lib/skills/format/text";
import { canComment, isEligibleReviewer, lineAnchorProblem, MAX_COMMENT } from "@/lib/skills/review-requests/policy";
import type { LineAnchor, ReviewThread } from "@/lib/types/reviews";
import { loadActor, type ViewerRef } from "../core/actor";
import { blobSelect, loadFileBytes } from "../platform/blobs";
import { db } from "@/lib/db/server";
import { DataError } from "../errors";
import { audit } from "../notifications/audit";
import { requireRequest } from "../core/request-facts";

// The conversation on a request: comments on the whole proposal or on one line of one version's
// file, replies, and resolving a thread. A line anchor names the version it was written against,
// so it stays right however many revisions follow.

/** The text of one file of a version the request is about (a revision's proposal or its base), or undefined. */
async function anchoredFile(requestId: string, skillId: string, anchor: LineAnchor): Promise<{ text: string | null } | undefined> {
  const revisions = await db.reviewRevision.findMany({ where: { requestId }, select: { versionNumber: true, baseVersion: true } });
  const versions = new Set(revisions.flatMap((r) => (r.baseVersion === null ? [r.versionNumber] : [r.versionNumber, r.baseVersion])));
  if (!versions.has(anchor.version)) return undefined;
  const file = await db.skillFile.findFirst({
    where: { path: anchor.path, version: { skillId, number: anchor.version } },
    select: { path: true, mediaType: true, size: true, ...blobSelect },
  });
  if (!file) return undefined;
  if (!isTextMediaType(file.mediaType)) return { text: null };
  const [loaded] = await loadFileBytes([file]);
  return { text: decodeUtf8(loaded.bytes) };
}

/**
 * Comment on an open request: on the whole request, on a line of a file of one of its versions
 * (`anchor`), or a reply to a thread (`parentId`). Audited "review.comment".
 */
export async function commentOnRequest(
  viewer: ViewerRef,
  requestId: string,
  input: { body: string; anchor?: LineAnchor; parentId?: string },
): Promise<{ threadId: string; commentId: string }> {
  const body = input.body.trim();
  if (!body) throw new DataError("INVALID", "Write something: the comment is empty.", { field: "body" });
  if (body.length > MAX_COMMENT)
    throw new DataError("INVALID", `Keep a comment under ${MAX_COMMENT} characters (this one has ${body.length}).`, { field: "body" });
  const actor = await loadActor(db, viewer);
  const { row, facts } = await requireRequest(db, actor, requestId);
  if (!canComment(actor, facts, canViewSkill(actor, facts.skill)))
    throw new DataError("CONFLICT", `This request is ${row.state}; its conversation is closed.`, { reason: `request-${row.state}` });

  let threadId: string | null = null;
  if (input.parentId) {
    const parent = await db.reviewComment.findUnique({ where: { id: input.parentId }, select: { id: true, requestId: true, parentId: true } });
    if (!parent || parent.requestId !== requestId)
      throw new DataError("INVALID", "The comment you are replying to is not part of this request.", { field: "parentId" });
    threadId = parent.parentId ?? parent.id;
  } else if (input.anchor) {
    const problem = lineAnchorProblem(await anchoredFile(requestId, row.skillId, input.anchor), input.anchor.path, input.anchor.version, input.anchor.line);
    if (problem) throw new DataError("INVALID", problem, { field: "anchor" });
  }

  return db.$transaction(async (tx) => {
    const comment = await tx.reviewComment.create({
      data: {
        requestId,
        authorId: actor.id,
        body,
        parentId: threadId,
        ...(threadId || !input.anchor ? {} : { versionNumber: input.anchor.version, path: input.anchor.path, line: input.anchor.line }),
      },
      select: { id: true },
    });
    await tx.reviewRequest.update({ where: { id: requestId }, data: { updatedAt: new Date() } });
    await audit(tx, {
      actorId: actor.id,
      action: "review.comment",
      skillId: row.skillId,
      skillName: row.skill.name,
      version: threadId ? undefined : input.anchor?.version,
      teamId: row.targetTeamId ?? row.skill.teamId,
      detail: {
        requestId,
        commentId: comment.id,
        ...(threadId ? { replyTo: threadId } : {}),
        ...(input.anchor && !threadId ? { path: input.anchor.path, line: input.anchor.line } : {}),
      },
    });
    return { threadId: threadId ?? comment.id, commentId: comment.id };
  });
}

/** Resolve (or reopen) a thread: its author, the request's author, or an eligible reviewer, while the request is open. */
export async function setThreadResolved(viewer: ViewerRef, threadId: string, resolved: boolean): Promise<ReviewThread["resolved"]> {
  const actor = await loadActor(db, viewer);
  const thread = await db.reviewComment.findUnique({ where: { id: threadId }, select: { id: true, requestId: true, parentId: true, authorId: true } });
  if (!thread || thread.parentId) throw new DataError("NOT_FOUND", "Thread not found.");
  const { row, facts } = await requireRequest(db, actor, thread.requestId).catch(() => {
    throw new DataError("NOT_FOUND", "Thread not found.");
  });
  if (!canComment(actor, facts, canViewSkill(actor, facts.skill)))
    throw new DataError("CONFLICT", `This request is ${row.state}; its conversation is closed.`, { reason: `request-${row.state}` });
  if (thread.authorId !== actor.id && row.authorId !== actor.id && !isEligibleReviewer(actor, facts)) {
    throw new DataError("FORBIDDEN", "Only the thread's author, the request's author or a reviewer can resolve this thread.");
  }
  const at = resolved ? new Date() : null;
  await db.$transaction(async (tx) => {
    await tx.reviewComment.update({ where: { id: threadId }, data: { resolvedAt: at, resolvedById: resolved ? actor.id : null } });
    await audit(tx, {
      actorId: actor.id,
      action: resolved ? "review.resolve" : "review.reopen",
      skillId: row.skillId,
      skillName: row.skill.name,
      teamId: row.targetTeamId ?? row.skill.teamId,
      detail: { requestId: row.id, threadId },
    });
  });
  if (!at) return null;
  const me = await db.user.findUnique({ where: { id: actor.id }, select: { id: true, name: true } });
  return { at, by: me };
}

/** One's own comment on an open request, with what its thread is, or a refusal naming why. */
async function requireOwnComment(viewer: ViewerRef, commentId: string) {
  const actor = await loadActor(db, viewer);
  const comment = await db.reviewComment.findUnique({ where: { id: commentId }, select: { id: true, requestId: true, parentId: true, authorId: true } });
  if (!comment) throw new DataError("NOT_FOUND", "Comment not found.");
  const { row, facts } = await requireRequest(db, actor, comment.requestId).catch(() => {
    throw new DataError("NOT_FOUND", "Comment not found.");
  });
  if (comment.authorId !== actor.id) throw new DataError("FORBIDDEN", "Only its author can change or delete a comment.");
  if (!canComment(actor, facts, canViewSkill(actor, facts.skill)))
    throw new DataError("CONFLICT", `This request is ${row.state}; its conversation is kept as a record.`, { reason: `request-${row.state}` });
  return { actor, comment, row };
}

type RequestRef = Awaited<ReturnType<typeof requireRequest>>["row"];
const auditComment = (tx: Parameters<typeof audit>[0], action: string, actorId: string, row: RequestRef, commentId: string) =>
  audit(tx, {
    actorId,
    action,
    skillId: row.skillId,
    skillName: row.skill.name,
    teamId: row.targetTeamId ?? row.skill.teamId,
    detail: { requestId: row.id, commentId },
  });

/** Change the text of one's own comment while the request is open. Audited "review.comment.edit". */
export async function editComment(viewer: ViewerRef, commentId: string, input: { body: string }): Promise<void> {
  const body = input.body.trim();
  if (!body) throw new DataError("INVALID", "Write something: the comment is empty.", { field: "body" });
  if (body.length > MAX_COMMENT)
    throw new DataError("INVALID", `Keep a comment under ${MAX_COMMENT} characters (this one has ${body.length}).`, { field: "body" });
  const { actor, comment, row } = await requireOwnComment(viewer, commentId);
  await db.$transaction(async (tx) => {
    await tx.reviewComment.update({ where: { id: comment.id }, data: { body } });
    await auditComment(tx, "review.comment.edit", actor.id, row, comment.id);
  });
}

/**
 * Delete one's own comment while the request is open. A thread's first comment goes with its
 * replies, so it is refused once someone else replied (their words are not the author's to remove).
 * Audited "review.comment.delete".
 */
export async function deleteComment(viewer: ViewerRef, commentId: string): Promise<void> {
  const { actor, comment, row } = await requireOwnComment(viewer, commentId);
  await db.$transaction(async (tx) => {
    if (comment.parentId === null) {
      const others = await tx.reviewComment.count({ where: { parentId: comment.id, NOT: { authorId: actor.id } } });
      if (others) throw new DataError("CONFLICT", "Others replied to this comment: edit it instead of deleting the thread.", { reason: "has-replies" });
      await tx.reviewComment.deleteMany({ where: { parentId: comment.id } });
    }
    await tx.reviewComment.delete({ where: { id: comment.id } });
    await auditComment(tx, "review.comment.delete", actor.id, row, comment.id);
  });
}
