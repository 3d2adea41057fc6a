import "server-only";
import type { Finding } from "@/lib/skills/format/findings";
import { parseReviewPolicy, proposalPolicyForDestination } from "@/lib/skills/review-requests/policy";
import {
  planRefusal,
  planUpload,
  selectUploadSkills,
  type PlannedSkill,
  type SelectedSkill,
  type UploadChoice,
  type UploadPlan,
} from "@/lib/skills/upload/plan";
import type { ReadUpload } from "@/lib/skills/upload/upload";
import { timeSlicer } from "@/lib/skills/archive/steps";
import type { ScanResult } from "@/lib/skills/scan/types";
import type { ApiErrorBody, UploadDestination, UploadPlanItem } from "@/lib/types/uploads";
import { db } from "@/lib/db/server";
import { DataError } from "../errors";
import type { Intake } from "./context";
import { findSkillsInDestination, resolveTarget, resolveUploadDestination, type DestinationInput } from "./destinations";
import { gateSkill } from "./gate";
import { blockedOutcome, type Refused } from "./outcome";
import { scanOnce } from "./scan";
import type { Admitted } from "./write";

// The plan stage of an upload: the format core plans the commit (lib/skills/upload/plan.ts) from
// what only the store knows (where the actor may put skills, which names are taken there), then
// every skill it would write is scanned and gated, so a dry run is this stage and nothing after.

export interface CommitInput {
  destination: DestinationInput;
  /** Which skills and what to do with each; null takes every skill with action "auto". */
  choices: UploadChoice[] | null;
  /** Version message for every chosen skill without one; with "auto", asks for new versions of existing skills. */
  message?: string;
  /**
   * An instance admin's written reason to import a chosen skill that has a critical security
   * finding (audited). It names no skill, so it applies only when one chosen skill needs it;
   * with several, each gets its own in its choice's `overrideReason`.
   */
  overrideReason?: string;
  /** Refuse everything when any chosen skill would be refused (default: import the others). */
  atomic?: boolean;
}

export interface UploadPlanResult {
  destination: UploadDestination;
  plan: UploadPlanItem[];
  problems: UploadPlan["problems"];
  /** The refusal the commit would answer with, or null when it would go through. */
  refusal: ReturnType<typeof planRefusal>;
  /** Every finding of every source and chosen skill, for refusal bodies. */
  findings: NonNullable<ApiErrorBody["error"]["findings"]>;
}

export interface Planned extends UploadPlanResult {
  items: PlannedSkill[];
  /** What the gate let in, ready for the write stage, by key. */
  admitted: Map<string, Admitted & { key: string }>;
  /** What the gate blocked, by key. */
  blocked: Map<string, Refused>;
}

export async function planCommit(intake: Intake, upload: ReadUpload, input: CommitInput): Promise<Planned> {
  const { actor } = intake;
  const { destination, target } = await resolveUploadDestination(intake, input.destination);
  let selected: SelectedSkill[];
  try {
    selected = selectUploadSkills(upload, input.choices);
  } catch (error) {
    if (error instanceof RangeError) throw new DataError("INVALID", error.message, { field: "choices" });
    throw error;
  }
  const names = [...new Set(selected.flatMap((s) => (s.skill.name ? [s.skill.name] : [])))];
  const existing = names.length ? await findSkillsInDestination(intake, target, names) : new Map();
  const raw = planUpload(upload, selected, destination, existing, { message: input.message });

  const slice = timeSlicer();
  const scans = new Map<string, ScanResult>();
  for (const item of raw.items) {
    await slice();
    if (item.action !== "unchanged") scans.set(item.key, await scanOnce(intake, item.skill));
  }
  const reasons = overrideReasons(
    input,
    [...scans].filter(([, scan]) => scan.highest === "critical").map(([key]) => key),
  );
  const admitted = new Map<string, Admitted & { key: string }>();
  const blocked = new Map<string, Refused>();
  for (const item of raw.items) {
    const scan = scans.get(item.key);
    if (!scan) continue;
    const verdict = gateSkill(actor, item.name, scan, reasons.get(item.key));
    if (verdict.kind === "blocked") {
      raw.problems.push({ kind: verdict.code === "FORBIDDEN" ? "forbidden" : "invalid", key: item.key, name: item.name, message: verdict.message });
      blocked.set(item.key, blockedOutcome(item.key, item.name, verdict, scan));
      continue;
    }
    const where =
      item.action === "create" ? { destination: resolveTarget(destination) } : { target: { skillId: item.targetId!, baseVersion: item.baseVersion } };
    admitted.set(item.key, { key: item.key, skill: item.skill, message: item.message, ...where, scan, review: verdict.review });
  }

  const findings: UploadPlanResult["findings"] = [
    ...upload.sources.flatMap((s) => s.findings.map((f: Finding) => ({ ...f, source: s.index, skill: null, key: null }))),
    ...selected.flatMap((s) => s.skill.findings.map((f) => ({ ...f, source: s.entry.source, skill: s.skill.name, key: s.entry.key }))),
  ];
  // Every item goes to the same place, so one rule says whether its writes would be proposed (a dry run's `proposed`).
  const teamPolicy =
    target.scope === "TEAM"
      ? parseReviewPolicy((await db.team.findUnique({ where: { id: target.teamId! }, select: { reviewPolicy: true } }))?.reviewPolicy)
      : parseReviewPolicy(null);
  const proposed = proposalPolicyForDestination(actor, target, teamPolicy) !== null;
  return {
    destination,
    plan: raw.items.map((item) => ({
      key: item.key,
      name: item.name,
      action: item.action,
      skillId: item.targetId ?? null,
      ...(proposed && item.action !== "unchanged" ? { proposed: true } : {}),
    })),
    problems: raw.problems,
    refusal: planRefusal(raw.problems),
    findings,
    items: raw.items,
    admitted,
    blocked,
  };
}

/**
 * The override reason for each chosen skill with a critical finding: its choice's own, or the
 * request-wide one when it is the only such skill. A request-wide reason with several is a mistake
 * the caller must fix (one reason would otherwise cover skills nobody named).
 */
function overrideReasons(input: CommitInput, criticalKeys: string[]): Map<string, string> {
  const own = new Map((input.choices ?? []).flatMap((choice) => (choice.overrideReason ? [[choice.key, choice.overrideReason] as const] : [])));
  const unnamed = criticalKeys.filter((key) => !own.has(key));
  if (input.overrideReason && unnamed.length > 1) {
    throw new DataError(
      "INVALID",
      `overrideReason names no skill, and ${unnamed.length} chosen skills have a critical finding (${unnamed.join(", ")}): give each its own reason in its choice's overrideReason.`,
      { field: "overrideReason" },
    );
  }
  const reasons = new Map(own);
  if (input.overrideReason && unnamed.length === 1) reasons.set(unnamed[0], input.overrideReason);
  return reasons;
}

/**
 * Splits a plan into the skills to store and the ones refused with their reason (a refused source
 * rules out every one of its skills), and says whether the whole upload is refused instead: with
 * `atomic` on any problem, otherwise when nothing is left or the upload as a whole is at fault.
 */
export function partition(planned: Planned, upload: ReadUpload, atomic = false): { refused: Refused[]; accepted: PlannedSkill[]; refuseAll: boolean } {
  const sourceOf = new Map(upload.skills.map((s) => [s.key, s.source]));
  const refused: Refused[] = [];
  const ruledOut = new Set<string>();
  for (const problem of planned.problems) {
    if (problem.key !== null) {
      const { key, name, kind, message, findings } = problem;
      refused.push(planned.blocked.get(key) ?? { key, name, outcome: "refused", reason: kind, message, findings });
      ruledOut.add(key);
    } else if (problem.source !== undefined) {
      for (const item of planned.items) {
        if (sourceOf.get(item.key) !== problem.source || ruledOut.has(item.key)) continue;
        refused.push({ key: item.key, name: item.name, outcome: "refused", reason: "invalid", message: problem.message, findings: problem.findings });
        ruledOut.add(item.key);
      }
    }
  }
  const accepted = planned.items.filter((item) => !ruledOut.has(item.key));
  const wholeUpload = planned.problems.some((p) => p.key === null && p.source === undefined);
  const refuseAll = !!planned.refusal && (atomic || !accepted.length || wholeUpload);
  return { refused, accepted, refuseAll };
}
