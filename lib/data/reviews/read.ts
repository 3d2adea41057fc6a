import "server-only";
import type { ReviewInboxCounts, ReviewListFilter, ReviewListPage, ReviewRequestDetail, ReviewRequestSummary } from "@/lib/types/reviews";
import type { ViewerRef } from "../actor";

/** The header's counts: requests waiting for the viewer's decision, and the viewer's own open ones. */
export async function countReviewInbox(viewer: ViewerRef): Promise<ReviewInboxCounts> {
  void viewer;
  throw new Error("not implemented yet");
}

/** The inbox: requests the viewer may see, filtered, newest activity first. */
export async function listReviewRequests(viewer: ViewerRef, filter: ReviewListFilter): Promise<ReviewListPage> {
  void viewer;
  void filter;
  throw new Error("not implemented yet");
}

/** A skill's open requests (the skill page's "2 proposals open"); empty when the skill is not visible. */
export async function listSkillReviewRequests(viewer: ViewerRef, skillId: string): Promise<ReviewRequestSummary[]> {
  void viewer;
  void skillId;
  throw new Error("not implemented yet");
}

/** The review page; `revision` picks an earlier revision to show. Null (404) for whoever may not see it. */
export async function getReviewRequest(viewer: ViewerRef, requestId: string, options: { revision?: number } = {}): Promise<ReviewRequestDetail | null> {
  void viewer;
  void requestId;
  void options;
  throw new Error("not implemented yet");
}
