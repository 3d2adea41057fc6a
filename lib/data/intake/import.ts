import "server-only";
import type { BundleSkill } from "@/lib/skills/archive/bundle";
import type { Destination } from "@/lib/skills/permissions/permissions";
import { timeSlicer } from "@/lib/skills/archive/steps";
import { DataError } from "../errors";
import { admit, invalidSkill, isValid, judge } from "./admit";
import { openIntake, type Requester } from "./context";
import { blockedError } from "./gate";
import { refusedByWrite, storedOutcome, type IntakeOutcome } from "./outcome";
import { writeAdmitted, writeEach, type Admitted, type ImportItem, type ImportResult } from "./write";

// Skills that come in already read and planned (the CLI import, source syncs, the editor, the
// seed): validated, scanned once, gated once and written, either all or nothing (importSkills)
// or each on its own with what became of each (importEach).

/**
 * Import skills as new skills or new versions, all or nothing. Every skill is validated, then
 * scanned and gated before anything is written, so a refused or blocked skill stores nothing (not
 * even a blob); refusals are thrown as a DataError.
 */
export async function importSkills(who: Requester, items: ImportItem[]): Promise<ImportResult[]> {
  if (!items.length) return [];
  for (const item of items) if (!isValid(item.skill)) throw invalidSkill(item.skill);
  const intake = await openIntake(who);
  const admitted: Admitted[] = [];
  const slice = timeSlicer();
  for (const item of items) {
    const skill = item.skill as BundleSkill & { name: string };
    const { scan, verdict } = await judge(intake, { skill, overrideReason: item.overrideReason });
    if (verdict.kind === "blocked") throw blockedError(skill.name, verdict);
    admitted.push({ ...item, scan, review: verdict.review });
    await slice();
  }
  return writeAdmitted(intake, admitted);
}

export async function createSkill(who: Requester, input: { skill: BundleSkill; destination: Destination; message?: string }): Promise<ImportResult> {
  const [result] = await importSkills(who, [{ skill: input.skill, destination: input.destination, message: input.message }]);
  return result;
}

export async function addSkillVersion(
  who: Requester,
  skillId: string,
  input: { skill: BundleSkill; message: string; baseVersion?: number; requestId?: string },
): Promise<ImportResult> {
  const [result] = await importSkills(who, [
    { skill: input.skill, message: input.message, target: { skillId, baseVersion: input.baseVersion, requestId: input.requestId } },
  ]);
  return result;
}

export type KeyedImportItem = ImportItem & { key: string };

/**
 * Imports each item on its own transaction, so one blocked or refused skill costs only itself, and
 * says what became of each. `atomic` stores all or none, but still gates every skill first so the
 * refusal names all of them.
 */
export async function importEach(who: Requester, items: readonly KeyedImportItem[], options: { atomic?: boolean } = {}): Promise<IntakeOutcome[]> {
  const intake = await openIntake(who);
  const { admitted, refused } = await admit(intake, items);
  if (!options.atomic) {
    const written = new Map((await writeEach(intake, admitted)).map((outcome) => [outcome.key, outcome]));
    return items.map((item) => refused.get(item.key) ?? written.get(item.key)!);
  }
  if (refused.size) {
    const count = `${refused.size} ${refused.size === 1 ? "skill is" : "skills are"}`;
    return items.map(
      (item): IntakeOutcome =>
        refused.get(item.key) ?? {
          key: item.key,
          name: item.skill.name ?? item.key,
          outcome: "refused",
          reason: "not-imported",
          message: `Not imported: --atomic, and ${count} blocked.`,
        },
    );
  }
  try {
    const results = await writeAdmitted(intake, admitted);
    return results.map((result, i) => storedOutcome(admitted[i].key, result));
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    return items.map((item) => refusedByWrite(item.key, item.skill.name ?? item.key, error));
  }
}
