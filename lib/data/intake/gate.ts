import "server-only";
import type { Actor } from "@/lib/skills/permissions/permissions";
import { gateImport } from "@/lib/skills/vetting/policy";
import type { ScanFinding, ScanResult } from "@/lib/skills/scan/types";
import { DataError } from "../errors";
import type { ReviewDecision } from "./version-writer";

// The security gate: the one place that decides what a skill's scan means for storing it. Every
// way in (uploads and their dry runs, the CLI import, source syncs, the editor, restores and
// renames) asks it once per skill and acts on its verdict.

export type Verdict =
  /** Stored, starting in `review` (a high finding: "needs_review"; an admin's override: "override"). */
  | { kind: "accepted"; review: ReviewDecision }
  /** A critical finding without an instance admin's written reason. `findings`: the critical ones. */
  | { kind: "blocked"; code: "FORBIDDEN" | "INVALID"; message: string; findings: ScanFinding[]; canOverride: boolean };

export function gateSkill(actor: Actor, name: string, scan: ScanResult, overrideReason: string | undefined): Verdict {
  const isInstanceAdmin = actor.role === "ADMIN";
  const gate = gateImport(name, scan, { isInstanceAdmin, overrideReason });
  if (gate.kind === "blocked") {
    return {
      kind: "blocked",
      code: gate.code,
      message: gate.message,
      findings: scan.findings.filter((f) => f.severity === "critical"),
      canOverride: isInstanceAdmin,
    };
  }
  if (gate.kind === "override") return { kind: "accepted", review: { status: "override", by: actor.id, at: new Date(), note: gate.reason, decidedNow: true } };
  return { kind: "accepted", review: { status: gate.status, by: null, at: null, note: null } };
}

/** A blocked verdict as the error an all-or-nothing write refuses with, naming the skill, the rule and file:line. */
export function blockedError(name: string, verdict: Extract<Verdict, { kind: "blocked" }>): DataError {
  return new DataError(verdict.code, verdict.message, { reason: "scan-blocked", skill: name, findings: verdict.findings, canOverride: verdict.canOverride });
}

/** The review state a version about to be written starts in, or the blocking DataError (restores and renames). */
export function reviewFromScan(actor: Actor, name: string, scan: ScanResult, overrideReason: string | undefined): ReviewDecision {
  const verdict = gateSkill(actor, name, scan, overrideReason);
  if (verdict.kind === "blocked") throw blockedError(name, verdict);
  return verdict.review;
}
