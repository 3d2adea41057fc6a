import { placeLabel } from "@/lib/labels";
import type { ReviewBox, ReviewRequestState, ReviewRequestSummary } from "@/lib/types/reviews";

// How the inbox words a request and an empty list. Pure, shared by the rows and the skill page.

type KindFacts = Pick<ReviewRequestSummary, "kind" | "target" | "versionNumber">;

/** "new version v5", "move to Team Platform", "publish to Public". */
export function requestKindText(request: KindFacts): string {
  if (request.kind === "move") {
    if (!request.target) return "move";
    if (request.target.scope === "PUBLIC") return "publish to Public";
    return `move to ${placeLabel(request.target.scope, request.target.team?.name)}`;
  }
  if (request.kind === "label") return "release label move";
  return request.versionNumber === null ? "new version" : `new version v${request.versionNumber}`;
}

/** "1/2 approvals" for screen readers and titles; the row shows "1/2". */
export function approvalsText(request: Pick<ReviewRequestSummary, "approvals" | "requiredApprovals">): string {
  return `${request.approvals} of ${request.requiredApprovals} ${request.requiredApprovals === 1 ? "approval" : "approvals"}`;
}

const STATE_WORD: Record<ReviewRequestState, string> = { open: "open", merged: "merged", withdrawn: "withdrawn" };

/** The empty state of a tab and state filter: what it would hold, and why it may be empty. */
export function emptyInboxText(box: ReviewBox, state: ReviewRequestState | "all", filteredBySkill: boolean): { title: string; body: string } {
  const which = state === "all" ? "" : `${STATE_WORD[state]} `;
  const onSkill = filteredBySkill ? " on this skill" : "";
  if (box === "for-me") {
    return state === "open"
      ? {
          title: `Nothing waits for your review${onSkill}`,
          body: "When someone proposes a change to a skill in a team you review for (or a publication to the public space, for instance admins), it shows up here.",
        }
      : { title: `No ${which}requests${onSkill} you review`, body: "Requests you may approve show here; try another state." };
  }
  if (box === "mine") {
    return state === "open"
      ? {
          title: `You have no open requests${onSkill}`,
          body: "Saving a team skill whose team asks for approval, or publishing to the public space, opens a request you can follow here.",
        }
      : { title: `You have no ${which}requests${onSkill}`, body: "Try another state, or the other tabs." };
  }
  return {
    title: `No ${which}review requests${onSkill}`,
    body: "Teams whose changes need approval collect their proposals here. Team owners and admins set that in the team's review policy.",
  };
}
