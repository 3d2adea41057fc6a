import { describe, expect, it } from "vitest";
import { reviewPolicySummary, reviewPolicyWarning } from "./review-policy-text";

const approval = (approvals: number, approvers: "managers" | "members", managersBypass = false) => ({
  mode: "approval" as const,
  approvals,
  approvers,
  managersBypass,
});

describe("reviewPolicySummary", () => {
  it("says what each mode does", () => {
    expect(reviewPolicySummary({ mode: "direct" })).toMatch(/^Changes publish at once/);
    expect(reviewPolicySummary(approval(2, "members", true))).toBe(
      "Changes need approval: a proposal becomes the version agents get after 2 approvals from any member other than the author; nobody approves their own. Owners and admins publish their own changes at once.",
    );
    expect(reviewPolicySummary(approval(1, "managers"))).toContain("after 1 approval from owners and admins");
  });
});

describe("reviewPolicyWarning", () => {
  it("is quiet when every change can be approved", () => {
    expect(reviewPolicyWarning({ mode: "direct" }, { managers: 1, members: 1 })).toBeNull();
    expect(reviewPolicyWarning(approval(1, "managers"), { managers: 2, members: 5 })).toBeNull();
    expect(reviewPolicyWarning(approval(1, "managers", true), { managers: 1, members: 5 })).toBeNull();
    expect(reviewPolicyWarning(approval(2, "members"), { managers: 1, members: 3 })).toBeNull();
  });

  it("warns when the team has too few people to approve", () => {
    expect(reviewPolicyWarning(approval(3, "managers", true), { managers: 2, members: 5 })).toMatch(/has 2: no change could be approved/);
    expect(reviewPolicyWarning(approval(1, "managers"), { managers: 1, members: 5 })).toMatch(/from the other 0/);
    expect(reviewPolicyWarning(approval(2, "members"), { managers: 1, members: 2 })).toMatch(/the team has 1/);
  });
});
