import "server-only";
import type { ReviewVerdict } from "@/lib/types/reviews";
import type { ViewerRef } from "../actor";

export interface DecisionResult {
  verdict: ReviewVerdict;
  /** Approvals on the revision after this decision, and how many are needed. */
  approvals: number;
  required: number;
  /** The approval completed the count and the proposal is now the current version. */
  merged: { version: number } | null;
  /** The approval completed the count but the current version moved: the author must rebase. */
  outOfDate: boolean;
}

/**
 * Approve or request changes on the latest revision (`revision` must be it: a decision on what the
 * reviewer saw). When approvals reach the policy's number the proposal merges in the same
 * transaction. Audited "review.approve" / "review.changes" / "review.merge".
 */
export async function decideRequest(viewer: ViewerRef, requestId: string, input: { verdict: ReviewVerdict; revision: number; note?: string }): Promise<DecisionResult> {
  void viewer;
  void requestId;
  void input;
  throw new Error("not implemented yet");
}

/** The author withdraws an open request (audited "review.withdraw"). Its versions stay, unpublished. */
export async function withdrawRequest(viewer: ViewerRef, requestId: string): Promise<void> {
  void viewer;
  void requestId;
  throw new Error("not implemented yet");
}
