import "server-only";
import { getEnv } from "@/lib/env";
import { readBundle } from "@/lib/skills/archive/bundle";
import { renameSkillMd } from "@/lib/skills/format/rename";
import { skillNameProblem } from "@/lib/skills/format/skill-name";
import { placeLabel } from "@/lib/labels";
import type { ScanResult } from "@/lib/skills/scan/types";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { DataError } from "../errors";
import { addVersionForbidden, requireSkill } from "../core/skill-access";
import { prepareVersion, scanSkill, type ReviewDecision } from "../intake/version-writer";
import { addVersionInTx, lockSkillName, reviewFromScan, type ImportResult } from "../intake";
import { readSkillVersionFiles } from "./files";

// Renaming a skill: the stored name and SKILL.md's `name` change together, as one new version
// (the name an agent reads is the frontmatter's, so the two must never disagree).

/** Where a name clash is, in the words the refusal uses: "your personal skills", "team Platform"... */
function spaceWords(skill: { scope: "PERSONAL" | "TEAM" | "PUBLIC" | "BUILTIN"; team: { name: string } | null }): string {
  if (skill.scope === "PERSONAL") return "your personal skills";
  if (skill.scope === "TEAM") return `team ${skill.team?.name ?? ""}`.trim();
  return `the ${placeLabel(skill.scope).toLowerCase()} skills`;
}

const sameFindings = (scan: ScanResult, stored: { scanRuleset: string | null; scanFindings: string; scanComplete: boolean }) =>
  stored.scanRuleset === scan.ruleset && stored.scanComplete === scan.complete && stored.scanFindings === JSON.stringify(scan.findings);

/**
 * Rename a skill: adds a version whose SKILL.md is the current one with only the `name:` value
 * changed (renameSkillMd keeps every other byte), and the skill takes the new name with it. Who
 * may add versions may rename: the editor already lets them change the name in SKILL.md, so a
 * stricter rule here would stop nobody. The name follows the spec's rules (INVALID with their
 * message); a name already used in the same space is a CONFLICT naming it. `baseVersion` refuses
 * the rename when someone saved a version meanwhile. A review carries over when the scan finds
 * exactly what it found before (the decision was about those findings, and only the name moved).
 */
export async function renameSkill(viewer: ViewerRef, skillId: string, newName: string, options: { baseVersion?: number } = {}): Promise<ImportResult> {
  const name = newName.trim();
  const problem = skillNameProblem(name);
  if (problem) throw new DataError("INVALID", problem, { field: "name" });

  const reader = await loadActor(db, viewer);
  // Refused before anything is read or scanned: someone who may only read the skill learns nothing more.
  const skill = await requireSkill(db, reader, skillId, "addVersion", {
    select: {
      space: true,
      team: { select: { name: true } },
      currentVersion: {
        select: {
          number: true,
          scanRuleset: true,
          scanFindings: true,
          scanComplete: true,
          reviewStatus: true,
          reviewedById: true,
          reviewedAt: true,
          reviewNote: true,
        },
      },
    },
    forbidden: addVersionForbidden,
  });
  const current = skill.currentVersion;
  if (!current) throw new DataError("INVALID", "This skill has no version to rename.");
  if (name === skill.name) throw new DataError("INVALID", `The skill is already called “${name}”.`, { field: "name" });
  const clash = await db.skill.findUnique({ where: { space_name: { space: skill.space, name } }, select: { id: true } });
  if (clash) throw clashError(name, spaceWords(skill), clash.id);

  const stored = await readSkillVersionFiles(viewer, skillId, current.number);
  if (!stored) throw new DataError("NOT_FOUND", "Skill not found.");
  const skillMd = stored.files.find((file) => file.path === "SKILL.md");
  const renamed = skillMd ? renameSkillMd(new TextDecoder().decode(skillMd.bytes), name) : null;
  if (renamed === null) throw new DataError("INVALID", "This skill's SKILL.md has no frontmatter to put the new name in; edit it in the editor instead.");
  const files = stored.files.map((file) => ({
    path: file.path,
    bytes: file.path === "SKILL.md" ? new TextEncoder().encode(renamed) : file.bytes,
    executable: file.executable,
  }));
  const [built] = readBundle({ kind: "files", files }, { limits: getEnv().limits }).skills;
  const errors = built?.findings.filter((f) => f.severity === "error") ?? [];
  if (!built?.ok || errors.length) {
    throw new DataError("INVALID", `“${name}” cannot be used: ${errors.map((e) => e.message).join("; ") || "the renamed SKILL.md is not valid"}.`, {
      field: "name",
      findings: errors,
    });
  }

  const scan = scanSkill(built);
  const carried = sameFindings(scan, current) && (current.reviewStatus === "reviewed" || current.reviewStatus === "override");
  const review: ReviewDecision = carried
    ? { status: current.reviewStatus, by: current.reviewedById, at: current.reviewedAt, note: current.reviewNote }
    : reviewFromScan(reader, name, scan, undefined);
  const version = await prepareVersion(built, { scan, review });

  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const before = await requireSkill(tx, actor, skillId, "addVersion", { select: { space: true }, forbidden: addVersionForbidden });
    // Checked again on the rows the write holds: another rename may have taken the name meanwhile.
    await lockSkillName(tx, before.space, name);
    const taken = await tx.skill.findUnique({ where: { space_name: { space: before.space, name } }, select: { id: true } });
    if (taken && taken.id !== skillId) throw clashError(name, spaceWords(skill), taken.id);
    return addVersionInTx(tx, actor, skillId, version, {
      message: `Rename “${before.name}” to “${name}”`,
      baseVersion: options.baseVersion,
      action: "skill.rename",
      detail: { from: before.name, to: name },
    });
  });
}

function clashError(name: string, where: string, existingSkillId: string) {
  return new DataError("CONFLICT", `A skill named “${name}” already exists in ${where}. Choose another name, or rename that skill first.`, {
    reason: "name-taken",
    field: "name",
    existingSkillId,
    name,
  });
}
