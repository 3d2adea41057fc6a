import type { ReviewPolicy } from "@/lib/types/reviews";

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

/**
 * Why some changes could never gather the approvals the policy asks for, given the team's people;
 * null when every change can. The author never counts, so a team's only owner cannot approve
 * their own change unless owners and admins publish at once.
 */
export function reviewPolicyWarning(policy: ReviewPolicy, team: { managers: number; members: number }): string | null {
  if (policy.mode === "direct") return null;
  const need = policy.approvals;
  if (policy.approvers === "members") {
    const others = team.members - 1;
    return others < need
      ? `A change needs ${need} ${need === 1 ? "approval" : "approvals"} from the other members, and the team has ${others}: add members or ask for fewer.`
      : null;
  }
  if (team.managers < need) {
    return `A change needs ${need} ${need === 1 ? "approval" : "approvals"} from owners and admins, and the team has ${team.managers}: no change could be approved.`;
  }
  if (!policy.managersBypass && team.managers - 1 < need) {
    return `An owner's or admin's own change needs ${need} ${need === 1 ? "approval" : "approvals"} from the other ${team.managers - 1}: let owners and admins publish at once, or ask for fewer.`;
  }
  return null;
}
