import "server-only";
import type { BundleSkill } from "@/lib/skills/archive/bundle";
import { sameVersionContent } from "@/lib/skills/archive/digest";
import { db } from "@/lib/db/server";
import { prepareVersion, writeVersion, type PreparedVersion } from "../intake/version-writer";
import { audit } from "../notifications/audit";
import { lockName } from "@/lib/db/locks";

export interface BuiltinSyncReport {
  created: string[];
  updated: string[];
  unchanged: string[];
  archived: string[];
}

/**
 * Make the database's built-in skills match the set the app ships: create the missing ones, add
 * a version where the shipped content changed, archive the ones no longer shipped. Not a viewer
 * operation: it runs at start, as the app itself. Idempotent.
 */
export async function syncBuiltinSkills(shipped: BundleSkill[]): Promise<BuiltinSyncReport> {
  const report: BuiltinSyncReport = { created: [], updated: [], unchanged: [], archived: [] };
  const prepared: PreparedVersion[] = [];
  for (const skill of shipped) {
    if (!skill.ok || !skill.name) throw new Error(`Built-in skill ${skill.root} is invalid: ${skill.findings.map((f) => f.message).join("; ")}`);
    prepared.push(await prepareVersion(skill));
  }
  await db.$transaction(async (tx) => {
    // Instances starting together each sync; the second then finds the first's skills (lib/db/locks.ts).
    await lockName(tx, "builtin-sync");
    const existing = await tx.skill.findMany({
      where: { scope: "BUILTIN" },
      select: {
        id: true,
        name: true,
        archived: true,
        versionCount: true,
        currentVersion: { select: { digest: true, files: { where: { executable: true }, select: { path: true } } } },
      },
    });
    const byName = new Map(existing.map((skill) => [skill.name, skill]));
    for (const version of prepared) {
      const current = byName.get(version.name);
      if (!current) {
        const skill = await tx.skill.create({ data: { name: version.name, scope: "BUILTIN", space: "builtin", versionCount: 1 }, select: { id: true } });
        await writeVersion(tx, { skillId: skill.id, number: 1, authorId: null, message: "Shipped with Skillshelf", version });
        await audit(tx, { actorId: null, action: "skill.create", skillId: skill.id, skillName: version.name, version: 1, detail: { scope: "BUILTIN" } });
        report.created.push(version.name);
        continue;
      }
      // a script shipped executable where it was not (or back) is a new version too
      const changed =
        !current.currentVersion ||
        !sameVersionContent({ ...current.currentVersion, executables: current.currentVersion.files.map((f) => f.path) }, version.files);
      if (changed || current.archived) {
        const number = current.versionCount + 1;
        if (changed) {
          await tx.skill.update({ where: { id: current.id }, data: { versionCount: number, archived: false } });
          await writeVersion(tx, { skillId: current.id, number, authorId: null, message: "Updated with Skillshelf", version });
          await audit(tx, { actorId: null, action: "skill.version", skillId: current.id, skillName: version.name, version: number });
        } else {
          await tx.skill.update({ where: { id: current.id }, data: { archived: false } });
        }
        report.updated.push(version.name);
      } else {
        report.unchanged.push(version.name);
      }
    }
    const shippedNames = new Set(prepared.map((version) => version.name));
    for (const skill of existing) {
      if (!shippedNames.has(skill.name) && !skill.archived) {
        await tx.skill.update({ where: { id: skill.id }, data: { archived: true } });
        await audit(tx, { actorId: null, action: "skill.archive", skillId: skill.id, skillName: skill.name, detail: { reason: "no longer shipped" } });
        report.archived.push(skill.name);
      }
    }
  });
  return report;
}
