import "server-only";
import type { Finding } from "@/lib/skills/format/findings";
import type { ScanFinding, ScanResult } from "@/lib/skills/scan/types";
import type { UploadProblemKind } from "@/lib/skills/upload/plan";
import type { ProposalOutcome } from "@/lib/types/reviews";
import type { DataError } from "../errors";
import type { Verdict } from "./gate";
import type { ImportResult } from "./write";

// What became of one skill that came in, whichever way it came (an upload, the CLI, a source sync):
// the one answer every entry point gets, turned into its own wire shape at its edge.

export type RefusalReason = UploadProblemKind | "blocked" | "conflict" | "not-imported";

export type Refused =
  /** The security gate's: `findings` are the scan's critical and high ones; `canOverride`, whether the actor could let it in with a written reason. */
  | { key: string; name: string; outcome: "refused"; reason: "blocked"; message: string; findings: ScanFinding[]; canOverride: boolean }
  | {
      key: string;
      /** As SKILL.md gives it (even when invalid); null when it has none. */
      name: string | null;
      outcome: "refused";
      reason: Exclude<RefusalReason, "blocked">;
      message: string;
      /** invalid: the errors and warnings of the skill or its source. */
      findings?: Finding[];
    };

export type IntakeOutcome =
  /** `proposal`: the write opened (or revised) a review request instead of publishing; `version` is the proposed one. */
  | { key: string; name: string; outcome: "created" | "new-version"; skillId: string; version: number; proposal?: ProposalOutcome }
  /** Already exactly there: `version` is the current one. */
  | { key: string; name: string; outcome: "unchanged"; skillId: string; version: number }
  | Refused;

/** Stored, proposed or already there. */
export type Landed = Exclude<IntakeOutcome, Refused>;

export function storedOutcome(key: string, result: ImportResult): Landed {
  return {
    key,
    name: result.name,
    outcome: result.created ? "created" : "new-version",
    skillId: result.skillId,
    version: result.version,
    ...(result.proposal ? { proposal: result.proposal } : {}),
  };
}

export function blockedOutcome(key: string, name: string, verdict: Extract<Verdict, { kind: "blocked" }>, scan: ScanResult): Refused {
  return {
    key,
    name,
    outcome: "refused",
    reason: "blocked",
    message: verdict.message,
    findings: scan.findings.filter((f) => f.severity === "critical" || f.severity === "high"),
    canOverride: verdict.canOverride,
  };
}

const WRITE_REFUSAL: Partial<Record<DataError["code"], "forbidden" | "conflict" | "missing-target">> = {
  FORBIDDEN: "forbidden",
  CONFLICT: "conflict",
  NOT_FOUND: "missing-target",
};

/** A skill the write refused (someone took the name since the plan, the skill moved on, a permission changed). */
export function refusedByWrite(key: string, name: string | null, error: DataError): Refused {
  return { key, name, outcome: "refused", reason: WRITE_REFUSAL[error.code] ?? "invalid", message: error.message };
}
