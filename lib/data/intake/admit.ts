import "server-only";
import type { BundleSkill } from "@/lib/skills/archive/bundle";
import { timeSlicer } from "@/lib/skills/archive/steps";
import type { ScanResult } from "@/lib/skills/scan/types";
import { DataError } from "../errors";
import type { Intake } from "./context";
import { gateSkill, type Verdict } from "./gate";
import { blockedOutcome, type Refused } from "./outcome";
import { scanOnce } from "./scan";
import type { Admitted, ImportItem } from "./write";

// Validate, scan once, gate once: what stands between a skill that was read and the write stage.

/** A skill with errors, refused with each of them (the store never holds an invalid skill). */
export function invalidSkill(skill: BundleSkill): DataError {
  const errors = skill.findings.filter((finding) => finding.severity === "error");
  return new DataError("INVALID", `${skill.name ?? (skill.root || "SKILL.md")} has ${errors.length} error(s): ${errors.map((e) => e.message).join("; ")}`, {
    findings: errors,
  });
}

export const isValid = (skill: BundleSkill): skill is BundleSkill & { name: string } => skill.ok && !!skill.name;

/** The scan of a valid skill and the gate's verdict on it. */
export async function judge(
  intake: Intake,
  item: { skill: BundleSkill & { name: string }; overrideReason?: string },
): Promise<{ scan: ScanResult; verdict: Verdict }> {
  const scan = await scanOnce(intake, item.skill);
  return { scan, verdict: gateSkill(intake.actor, item.skill.name, scan, item.overrideReason) };
}

/**
 * Every item through validation, the scan and the gate, without writing anything: the admitted
 * ones ready for the write stage, and the refused ones by key with the reason. Scanning is the only
 * cost, so a refused run answers before any blob is stored.
 */
export async function admit<T extends ImportItem & { key: string }>(
  intake: Intake,
  items: readonly T[],
): Promise<{ admitted: (T & Admitted)[]; refused: Map<string, Refused> }> {
  const admitted: (T & Admitted)[] = [];
  const refused = new Map<string, Refused>();
  // A turn for the event loop between skills' scans: see writeAdmitted.
  const slice = timeSlicer();
  for (const item of items) {
    await slice();
    const { skill } = item;
    if (!isValid(skill)) {
      const error = invalidSkill(skill);
      refused.set(item.key, { key: item.key, name: skill.name, outcome: "refused", reason: "invalid", message: error.message, findings: skill.findings });
      continue;
    }
    const { scan, verdict } = await judge(intake, { skill, overrideReason: item.overrideReason });
    if (verdict.kind === "blocked") refused.set(item.key, blockedOutcome(item.key, skill.name, verdict, scan));
    else admitted.push({ ...item, scan, review: verdict.review });
  }
  return { admitted, refused };
}
