// What the store does with a scan result: the import gate (critical blocks unless an instance
// admin overrides with a written reason), the review state a new version starts in, and how a
// rescan moves a stored version's review state. Pure: the data layer loads the facts and asks.
import { canReviewSkill, type Actor, type SkillAccess } from "../permissions/permissions";
import { SEVERITY_ORDER, type ScanFinding, type ScanResult, type ScanSeverity, type ScanSkipped } from "../scan/types";

export const REVIEW_STATUSES = ["none", "needs_review", "reviewed", "override"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A written reason is a sentence, not "ok": an audited decision must say why. */
export const MIN_OVERRIDE_REASON = 10;
export const MAX_REVIEW_NOTE = 2000;
/** A review note says what the reviewer checked; same floor as an override reason. */
export const MIN_REVIEW_NOTE = MIN_OVERRIDE_REASON;

export function severityRank(severity: ScanSeverity | null): number {
  return severity ? SEVERITY_ORDER.length - SEVERITY_ORDER.indexOf(severity) : 0;
}

export function isSeverity(value: string | null | undefined): value is ScanSeverity {
  return !!value && (SEVERITY_ORDER as readonly string[]).includes(value);
}

/** "SKILL.md:12" or "scripts/x.bin" for findings about a whole file. */
export function findingLocation(finding: Pick<ScanFinding, "file" | "line">): string {
  return finding.line === null ? finding.file : `${finding.file}:${finding.line}`;
}

/** The findings of one severity, in file and line order. */
export function findingsOf(findings: readonly ScanFinding[], severity: ScanSeverity): ScanFinding[] {
  return findings.filter((f) => f.severity === severity);
}

/** One sentence naming the skill, each critical rule and where it matched (the first few). */
export function describeCritical(skillName: string, findings: readonly ScanFinding[]): string {
  const critical = findingsOf(findings, "critical");
  const shown = critical.slice(0, 3).map((f) => `${f.rule} at ${findingLocation(f)}`);
  const more = critical.length > shown.length ? ` and ${critical.length - shown.length} more` : "";
  return `"${skillName}" has ${critical.length === 1 ? "a critical security finding" : `${critical.length} critical security findings`}: ${shown.join("; ")}${more}.`;
}

export type OverrideProblem = "missing" | "too-short" | "too-long";

/** Why an override reason is not good enough, or null when it is. */
export function overrideReasonProblem(reason: string | null | undefined): OverrideProblem | null {
  const text = reason?.trim() ?? "";
  if (!text) return "missing";
  if (text.length < MIN_OVERRIDE_REASON) return "too-short";
  if (text.length > MAX_REVIEW_NOTE) return "too-long";
  return null;
}

export const OVERRIDE_PROBLEM_MESSAGE: Record<OverrideProblem, string> = {
  missing: "An override needs a written reason.",
  "too-short": `Write a reason of at least ${MIN_OVERRIDE_REASON} characters: say why importing it is acceptable.`,
  "too-long": `Keep the reason under ${MAX_REVIEW_NOTE} characters.`,
};

/**
 * Who may mark a version reviewed. A critical finding is what the import gate lets through only on
 * an instance admin's word, so one that reaches a stored version later (a rescan with new rules)
 * waits for an instance admin too; anything less answers to the skill's reviewers (canReviewSkill).
 */
export function canReviewVersion(actor: Actor, skill: SkillAccess, highest: string | null): boolean {
  return highest === "critical" ? actor.role === "ADMIN" : canReviewSkill(actor, skill);
}

/** A rule or the scanner itself failed: what it would have found is unknown, so a person has to look. */
export function scanFailed(scan: { skipped?: readonly Pick<ScanSkipped, "reason">[] }): boolean {
  return !!scan.skipped?.some((s) => s.reason === "error");
}

export type GateDecision =
  | { kind: "pass"; status: "none" | "needs_review" }
  | { kind: "override"; reason: string }
  | { kind: "blocked"; code: "FORBIDDEN" | "INVALID"; message: string };

type GatedScan = Pick<ScanResult, "findings" | "highest"> & { skipped?: readonly Pick<ScanSkipped, "reason">[] };

/** What the gate does with a scan, before anyone's role or reason is known (the upload preview's label). */
export function gateOf(scan: GatedScan): "blocked" | "needs_review" | "none" {
  return scan.highest === "critical" ? "blocked" : initialReviewStatus(scan.highest, scan);
}

/**
 * The import gate for one skill. critical: blocked, unless the actor is an instance admin with a
 * written reason (then "override"); high, or a scan that failed (it may have missed a critical
 * finding): stored as "needs_review"; medium, low and none pass.
 */
export function gateImport(skillName: string, scan: GatedScan, actor: { isInstanceAdmin: boolean; overrideReason?: string | null }): GateDecision {
  if (scan.highest !== "critical") return { kind: "pass", status: initialReviewStatus(scan.highest, scan) };
  const what = describeCritical(skillName, scan.findings);
  if (!actor.isInstanceAdmin) {
    return { kind: "blocked", code: "FORBIDDEN", message: `${what} The import is blocked; only an instance admin can let it through, with a written reason.` };
  }
  const problem = overrideReasonProblem(actor.overrideReason);
  if (problem) {
    return {
      kind: "blocked",
      code: "INVALID",
      message: `${what} ${actor.overrideReason?.trim() ? OVERRIDE_PROBLEM_MESSAGE[problem] : "To import it anyway, override with a written reason."}`,
    };
  }
  return { kind: "override", reason: actor.overrideReason!.trim() };
}

/** The review state of a version written without an import decision (built-ins, rescans of never-scanned rows). */
export function initialReviewStatus(highest: ScanSeverity | null, scan: { skipped?: readonly Pick<ScanSkipped, "reason">[] } = {}): "none" | "needs_review" {
  return severityRank(highest) >= severityRank("high") || scanFailed(scan) ? "needs_review" : "none";
}

// Severity is part of a finding's identity: a decision taken on a high finding does not cover the
// same match once the rules call it critical.
const findingKey = (f: Pick<ScanFinding, "rule" | "file" | "line" | "severity">) => `${f.rule}\0${f.file}\0${f.line ?? ""}\0${f.severity}`;

/**
 * A stored version's review state after a rescan. Content never changes, so only the rules did:
 * - a decision ("reviewed", "override") stands while every high or critical finding it saw is
 *   still all there is; a new one (a rule that did not exist then) sends it back to "needs_review"
 *   (the earlier reviewer and note are kept for the record);
 * - "needs_review" with no high or critical left (and a scan that did not fail) goes back to "none";
 * - "none" with a high or critical finding, or a scan that failed, now needs review (a stored
 *   version is never blocked after the fact: a reviewer has to look).
 */
export function reviewAfterRescan(previous: { status: ReviewStatus; findings: readonly ScanFinding[] }, next: GatedScan): ReviewStatus {
  const serious = (findings: readonly ScanFinding[]) => findings.filter((f) => f.severity === "critical" || f.severity === "high");
  const now = serious(next.findings);
  if (previous.status === "reviewed" || previous.status === "override") {
    const seen = new Set(serious(previous.findings).map(findingKey));
    return now.some((f) => !seen.has(findingKey(f))) ? "needs_review" : previous.status;
  }
  return now.length || scanFailed(next) ? "needs_review" : "none";
}

/** "2 critical, 1 high" for a set of findings. */
export function severityCounts(findings: readonly Pick<ScanFinding, "severity">[]): string {
  return SEVERITY_ORDER.map((severity) => [severity, findings.filter((f) => f.severity === severity).length] as const)
    .filter(([, n]) => n > 0)
    .map(([severity, n]) => `${n} ${severity}`)
    .join(", ");
}

/**
 * The headline of a scan result. Never "safe"; "No findings" only when every file was read, so
 * an incomplete or missing scan can never pass for a clean one.
 */
export function scanHeadline(scan: { findings: readonly Pick<ScanFinding, "severity">[]; complete: boolean; ruleset: string | null }): {
  title: string;
  tone: "none" | "findings" | "incomplete" | "unscanned";
} {
  if (scan.ruleset === null) return { title: "Not scanned yet", tone: "unscanned" };
  if (scan.findings.length) {
    return {
      title: `${scan.findings.length} ${scan.findings.length === 1 ? "finding" : "findings"}: ${severityCounts(scan.findings)}${scan.complete ? "" : " (not fully scanned)"}`,
      tone: "findings",
    };
  }
  if (!scan.complete) return { title: "Not fully scanned: no findings in the files that were read", tone: "incomplete" };
  return { title: "No findings", tone: "none" };
}
