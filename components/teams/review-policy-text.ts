import type { ReviewPolicy } from "@/lib/types/reviews";

// The data layer refuses such a policy unless confirmed, so the rule lives beside the policy.
export { reviewPolicyWarning } from "@/lib/skills/review-requests/policy";

// How the team page words a review policy: the summary members read, and the warning owners get
// when the policy asks for more approvals than the team has people to give them.

export const APPROVERS_LABEL = { managers: "owners and admins", members: "any member other than the author" } as const;

/** One or two sentences for the team page's read-only summary. */
export function reviewPolicySummary(policy: ReviewPolicy): string {
  if (policy.mode === "direct") return "Changes publish at once: every member's save, upload or restore becomes the version agents get.";
  const count = `${policy.approvals} ${policy.approvals === 1 ? "approval" : "approvals"}`;
  const bypass = policy.managersBypass ? " Owners and admins publish their own changes at once." : "";
  return `Changes need approval: a proposal becomes the version agents get after ${count} from ${APPROVERS_LABEL[policy.approvers]}; nobody approves their own.${bypass}`;
}
