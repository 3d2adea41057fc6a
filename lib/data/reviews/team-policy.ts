import "server-only";
import type { ReviewPolicy } from "@/lib/skills/review-requests/policy";
import type { TeamReviewSettings } from "@/lib/types/reviews";
import type { ViewerRef } from "../actor";

/** A team's review policy as its members see it; null when the viewer is not a member (404). */
export async function getTeamReviewSettings(viewer: ViewerRef, teamId: string): Promise<TeamReviewSettings | null> {
  void viewer;
  void teamId;
  throw new Error("not implemented yet");
}

/** Set a team's review policy: its owners and admins (audited "team.review-policy"). */
export async function setTeamReviewPolicy(viewer: ViewerRef, teamId: string, policy: ReviewPolicy): Promise<TeamReviewSettings> {
  void viewer;
  void teamId;
  void policy;
  throw new Error("not implemented yet");
}
