import "server-only";
import type { BundleSkill } from "@/lib/skills/archive/bundle";
import { runStepsYielding } from "@/lib/skills/archive/steps";
import { scanBundleSkillSteps } from "@/lib/skills/scan";
import type { ScanResult } from "@/lib/skills/scan/types";
import { safeScan } from "../vetting/scan-columns";
import type { Intake } from "./context";

/**
 * The security scan of a skill as the store records it, run at most once per intake: whichever
 * stage asks first (a preview, a plan, a write) scans, the others read its result. It gives the
 * event loop a turn between files (a big skill scans for 100 ms and more) and never throws: a
 * scanner error reads "not fully scanned".
 */
export async function scanOnce(intake: Intake, skill: BundleSkill): Promise<ScanResult> {
  const known = intake.scans.get(skill);
  if (known) return known;
  let scan: ScanResult;
  try {
    scan = await runStepsYielding(scanBundleSkillSteps(skill));
  } catch (error) {
    scan = safeScan(() => {
      throw error;
    });
  }
  intake.scans.set(skill, scan);
  return scan;
}
