import "server-only";
import type { LineAnchor, ReviewThread } from "@/lib/types/reviews";
import type { ViewerRef } from "../actor";

/**
 * Comment on an open request: on the whole request, on a line of a file of one of its versions
 * (`anchor`), or a reply to a thread (`parentId`). Audited "review.comment".
 */
export async function commentOnRequest(viewer: ViewerRef, requestId: string, input: { body: string; anchor?: LineAnchor; parentId?: string }): Promise<{ threadId: string; commentId: string }> {
  void viewer;
  void requestId;
  void input;
  throw new Error("not implemented yet");
}

/** Resolve (or reopen) a thread: its author, the request's author, or an eligible reviewer. */
export async function setThreadResolved(viewer: ViewerRef, threadId: string, resolved: boolean): Promise<ReviewThread["resolved"]> {
  void viewer;
  void threadId;
  void resolved;
  throw new Error("not implemented yet");
}
