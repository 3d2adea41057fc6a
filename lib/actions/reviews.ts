"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import {
  commentOnRequest,
  decideRequest,
  deleteComment,
  editComment,
  getReviewDiffFiles,
  setThreadResolved,
  withdrawRequest,
  type DecisionResult,
} from "@/lib/data/reviews";
import { diffFilesPaths } from "@/lib/skills/diff/defer";
import { MAX_COMMENT } from "@/lib/skills/review-requests/policy";
import { action, failure, formAction, success } from "./action";
import { revalidateSkill } from "./revalidate";

// The review page's writes: thin over lib/data/reviews, which authorizes and validates anchors.

const id = z.string().trim().min(1, "Review request not found.").max(200);
// A form sends an empty string for a field left blank (no anchor, no parent).
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
const positive = z.coerce.number().int().positive();

/** Revalidate the request's page, the inbox and (after a merge) the skill's pages. */
function revalidateRequest(requestId: string, skillId?: string) {
  revalidatePath(`/reviews/${encodeURIComponent(requestId)}`);
  revalidatePath("/reviews");
  if (skillId) revalidateSkill(skillId);
}

const body = z
  .string()
  .trim()
  .min(1, "Write a comment first.")
  .max(MAX_COMMENT, `Keep a comment under ${MAX_COMMENT.toLocaleString("en-US")} characters.`);

const commentInput = z
  .object({
    requestId: id,
    body,
    parentId: optional(z.string().max(200)),
    anchorVersion: optional(positive),
    anchorPath: optional(z.string().min(1).max(1000)),
    anchorLine: optional(positive),
  })
  .refine(
    (input) =>
      [input.anchorVersion, input.anchorPath, input.anchorLine].every((v) => v === undefined) ||
      [input.anchorVersion, input.anchorPath, input.anchorLine].every((v) => v !== undefined),
    {
      message: "A line comment needs the version, the file and the line.",
      path: ["anchorLine"],
    },
  );

const fields = (names: string[]) => (form: FormData) => Object.fromEntries(names.map((name) => [name, form.get(name) ?? ""]));

/** A comment on the whole request, on a line of a file (anchor fields), or a reply (parentId). */
export const commentAction = formAction(
  commentInput,
  async ({ requestId, body, parentId, anchorVersion, anchorPath, anchorLine }, viewer) => {
    const anchor =
      anchorVersion !== undefined && anchorPath !== undefined && anchorLine !== undefined
        ? { version: anchorVersion, path: anchorPath, line: anchorLine }
        : undefined;
    const result = await commentOnRequest(viewer, requestId, { body, anchor, parentId });
    revalidateRequest(requestId);
    return success(result, parentId ? "Reply added." : "Comment added.");
  },
  {
    fields: fields(["requestId", "body", "parentId", "anchorVersion", "anchorPath", "anchorLine"]),
    // The body's message first: it is the one field typed.
    invalid: (error) => (error.issues.find((issue) => issue.path[0] === "body") ?? error.issues[0])?.message ?? "Check the comment.",
    echo: true,
  },
);

const commentRef = { requestId: id, commentId: z.string().trim().min(1, "Comment not found.").max(200) };

/** Change the text of one's own comment. */
export const editCommentAction = formAction(
  z.object({ ...commentRef, body }),
  async ({ requestId, commentId, body }, viewer) => {
    await editComment(viewer, commentId, { body });
    revalidateRequest(requestId);
    return success(null, "Comment updated.");
  },
  {
    fields: fields(["requestId", "commentId", "body"]),
    invalid: (error) => (error.issues.find((issue) => issue.path[0] === "body") ?? error.issues[0])?.message ?? "Check the comment.",
    echo: true,
  },
);

/** Delete one's own comment (a thread's first comment with its replies, unless others replied). */
export const deleteCommentAction = formAction(
  z.object(commentRef),
  async ({ requestId, commentId }, viewer) => {
    await deleteComment(viewer, commentId);
    revalidateRequest(requestId);
    return success(null, "Comment deleted.");
  },
  { fields: fields(["requestId", "commentId"]) },
);

const resolveInput = z.object({ requestId: id, threadId: z.string().trim().min(1, "Thread not found.").max(200), resolved: z.enum(["true", "false"]) });

/** Resolve or reopen a thread. */
export const resolveThreadAction = formAction(
  resolveInput,
  async ({ requestId, threadId, resolved }, viewer) => {
    await setThreadResolved(viewer, threadId, resolved === "true");
    revalidateRequest(requestId);
    return success(null, resolved === "true" ? "Thread resolved." : "Thread reopened.");
  },
  { fields: fields(["requestId", "threadId", "resolved"]) },
);

const decideInput = z
  .object({
    requestId: id,
    skillId: z.string().trim().min(1).max(200),
    revision: positive,
    verdict: z.enum(["approve", "changes"], "Choose approve or request changes."),
    note: z
      .string()
      .trim()
      .max(MAX_COMMENT, `Keep the note under ${MAX_COMMENT.toLocaleString("en-US")} characters.`),
  })
  .refine((input) => input.verdict === "approve" || input.note.length > 0, {
    message: "Say what should change in the note with your decision (a comment in the conversation is not part of it).",
    path: ["note"],
  });

/** What the reviewer is told after deciding. */
function decisionMessage(result: DecisionResult): string {
  if (result.verdict === "changes") return "Changes requested. The author will see your note.";
  if (result.merged) return `Approved and merged as v${result.merged.version}.`;
  if (result.outOfDate) return "Approved, but the skill's current version moved meanwhile: the author must rebase in the editor before it can merge.";
  return `Approved (${result.approvals} of ${result.required}).`;
}

/** Approve or request changes on the revision the reviewer saw; an approval that completes the count merges. */
export const decideAction = formAction(
  decideInput,
  async ({ requestId, skillId, revision, verdict, note }, viewer) => {
    const result = await decideRequest(viewer, requestId, { verdict, revision, note: note || undefined });
    revalidateRequest(requestId, result.merged ? skillId : undefined);
    return success(result, decisionMessage(result));
  },
  {
    fields: fields(["requestId", "skillId", "revision", "verdict", "note"]),
    invalid: (error) => (error.issues.find((issue) => issue.path[0] === "note") ?? error.issues[0])?.message ?? "Check the form.",
    echo: true,
  },
);

/** The author withdraws the request; its versions stay, unpublished. */
export const withdrawAction = formAction(
  z.object({ requestId: id, skillId: z.string().trim().min(1).max(200) }),
  async ({ requestId, skillId }, viewer) => {
    await withdrawRequest(viewer, requestId);
    revalidateRequest(requestId, skillId);
    return success(null, "Request withdrawn.");
  },
  { fields: fields(["requestId", "skillId"]) },
);

/** The bodies a big review page left out, as its files come into view (a read; nothing changes). */
export const reviewDiffFilesAction = action(
  z.object({ requestId: id, revision: positive, since: positive.optional(), paths: diffFilesPaths }),
  async ({ requestId, revision, since, paths }, viewer) => {
    const files = await getReviewDiffFiles(viewer, requestId, revision, paths, since);
    return files ? success(files) : failure("This review request or revision is no longer available. Reload the page.", { code: "NOT_FOUND" });
  },
);
