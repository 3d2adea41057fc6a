import { describe, expect, it } from "vitest";
import type { ScanFinding } from "../scan/types";
import { gateImport, initialReviewStatus, reviewAfterRescan, scanHeadline } from "./policy";

const finding = (severity: ScanFinding["severity"], rule = `x/${severity}`, line: number | null = 3): ScanFinding => ({
  rule,
  severity,
  category: "hidden-text",
  file: "SKILL.md",
  line,
  excerpt: "…",
  message: "risk",
});
const scan = (...findings: ScanFinding[]) => ({ findings, highest: findings[0]?.severity ?? null });

describe("gateImport", () => {
  it("lets medium, low and no findings through, and high as needs_review", () => {
    expect(gateImport("a", scan(), { isInstanceAdmin: false })).toEqual({ kind: "pass", status: "none" });
    expect(gateImport("a", scan(finding("medium")), { isInstanceAdmin: false })).toEqual({ kind: "pass", status: "none" });
    expect(gateImport("a", scan(finding("high")), { isInstanceAdmin: false })).toEqual({ kind: "pass", status: "needs_review" });
  });

  it("blocks critical for a user, whatever reason they give; names the rule and file:line", () => {
    const gate = gateImport("smuggler", scan(finding("critical", "hidden-text/tag-characters", 12), finding("critical", "x/y", null)), {
      isInstanceAdmin: false,
      overrideReason: "a long enough reason",
    });
    expect(gate).toMatchObject({ kind: "blocked", code: "FORBIDDEN" });
    expect(gate.kind === "blocked" && gate.message).toContain(
      '"smuggler" has 2 critical security findings: hidden-text/tag-characters at SKILL.md:12; x/y at SKILL.md.',
    );
  });

  it("lets an admin through only with a written reason", () => {
    const critical = scan(finding("critical"));
    expect(gateImport("a", critical, { isInstanceAdmin: true })).toMatchObject({ kind: "blocked", code: "INVALID" });
    expect(gateImport("a", critical, { isInstanceAdmin: true, overrideReason: "   short " })).toMatchObject({ kind: "blocked", code: "INVALID" });
    expect(gateImport("a", critical, { isInstanceAdmin: true, overrideReason: "  A fixture for scanner tests.  " })).toEqual({
      kind: "override",
      reason: "A fixture for scanner tests.",
    });
  });
});

describe("review states", () => {
  it("starts high and critical as needs_review", () => {
    expect([null, "low", "medium", "high", "critical"].map((s) => initialReviewStatus(s as never))).toEqual([
      "none",
      "none",
      "none",
      "needs_review",
      "needs_review",
    ]);
  });

  it("keeps a decision while no new high or critical finding appears", () => {
    const seen = [finding("high", "a/b", 4)];
    expect(reviewAfterRescan({ status: "reviewed", findings: seen }, scan(finding("high", "a/b", 4), finding("medium")))).toBe("reviewed");
    expect(reviewAfterRescan({ status: "reviewed", findings: seen }, scan(finding("high", "a/c", 4)))).toBe("needs_review");
    expect(reviewAfterRescan({ status: "override", findings: [finding("critical")] }, scan(finding("critical")))).toBe("override");
    expect(reviewAfterRescan({ status: "needs_review", findings: seen }, scan(finding("low")))).toBe("none");
    expect(reviewAfterRescan({ status: "none", findings: [] }, scan(finding("critical")))).toBe("needs_review");
  });

  it("reopens a decision when a finding it saw became more severe", () => {
    const seen = [finding("high", "a/b", 4)];
    expect(reviewAfterRescan({ status: "reviewed", findings: seen }, scan(finding("critical", "a/b", 4)))).toBe("needs_review");
  });
});

describe("scanHeadline", () => {
  it("never reads 'No findings' for an incomplete or missing scan", () => {
    expect(scanHeadline({ findings: [], complete: true, ruleset: "1" })).toEqual({ title: "No findings", tone: "none" });
    expect(scanHeadline({ findings: [], complete: false, ruleset: "1" }).tone).toBe("incomplete");
    expect(scanHeadline({ findings: [], complete: true, ruleset: null }).tone).toBe("unscanned");
    expect(scanHeadline({ findings: [finding("high"), finding("low")], complete: false, ruleset: "1" }).title).toBe(
      "2 findings: 1 high, 1 low (not fully scanned)",
    );
  });
});
