import "server-only";
import type { ScanReportItem } from "@/lib/types/skills";
import { isSeverity } from "@/lib/skills/vetting/policy";
import { MAX_REPORT_NOTE, MIN_REPORT_NOTE } from "@/lib/skills/vetting/inputs";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { readScanFindings } from "../core/json-columns";
import { DataError, notFound } from "../errors";
import { requireSkill } from "../core/skill-access";
import { audit } from "../notifications/audit";

// "Report a false positive": anyone who may read a skill can say that one of its version's stored
// findings is wrong, with a note; instance admins read the open reports (to review the skill, or
// to tune the rules) and resolve them. A report changes no severity and unblocks nothing.

export type { ScanReportItem };

export interface FindingRef {
  rule: string;
  file: string;
  line: number | null;
}

/** Records (or, for the same reader and finding, replaces) a report; audited as "scan.report". */
export async function reportFalsePositive(
  viewer: ViewerRef,
  skillId: string,
  number: number,
  finding: FindingRef,
  note: string,
): Promise<{ id: string; replaced: boolean }> {
  const text = note.trim();
  if (text.length < MIN_REPORT_NOTE)
    throw new DataError("INVALID", `Write a note of at least ${MIN_REPORT_NOTE} characters: why this finding is wrong here.`, { field: "note" });
  if (text.length > MAX_REPORT_NOTE) throw new DataError("INVALID", `Keep the note under ${MAX_REPORT_NOTE} characters.`, { field: "note" });
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await requireSkill(tx, actor, skillId, "view");
    const version = await tx.skillVersion.findUnique({
      where: { skillId_number: { skillId, number } },
      select: { id: true, scanFindings: true, scanRuleset: true },
    });
    if (!version) throw notFound(`Version ${number}`);
    const findings = readScanFindings(version.scanFindings);
    const stored = findings.find((f) => f.rule === finding.rule && f.file === finding.file && f.line === finding.line);
    if (!stored)
      throw new DataError(
        "NOT_FOUND",
        `Version ${number} has no finding ${finding.rule} at ${finding.line === null ? finding.file : `${finding.file}:${finding.line}`}.`,
      );
    const key = { versionId: version.id, rule: stored.rule, file: stored.file, line: stored.line, reporterId: actor.id };
    const earlier = await tx.scanReport.findFirst({ where: key, select: { id: true } });
    const row = earlier
      ? await tx.scanReport.update({
          where: { id: earlier.id },
          data: { note: text, status: "open", resolvedAt: null, resolvedById: null, ruleset: version.scanRuleset ?? "" },
          select: { id: true },
        })
      : await tx.scanReport.create({ data: { ...key, note: text, ruleset: version.scanRuleset ?? "" }, select: { id: true } });
    await audit(tx, {
      actorId: actor.id,
      action: "scan.report",
      skillId,
      skillName: skill.name,
      version: number,
      teamId: skill.teamId,
      detail: { rule: stored.rule, file: stored.file, line: stored.line, severity: stored.severity, note: text },
    });
    return { id: row.id, replaced: earlier !== null };
  });
}

/** Open reports, newest first: instance admins only. */
export async function listOpenScanReports(viewer: ViewerRef, limit = 100): Promise<ScanReportItem[]> {
  const actor = await loadActor(db, viewer);
  if (actor.role !== "ADMIN") throw new DataError("FORBIDDEN", "Only instance admins read false-positive reports.");
  const rows = await db.scanReport.findMany({
    where: { status: "open" },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: {
      id: true,
      rule: true,
      file: true,
      line: true,
      ruleset: true,
      note: true,
      createdAt: true,
      reporter: { select: { id: true, name: true } },
      version: { select: { number: true, scanFindings: true, skill: { select: { id: true, name: true } } } },
    },
  });
  return rows.map((row) => {
    const stored = readScanFindings(row.version.scanFindings).find((f) => f.rule === row.rule && f.file === row.file && f.line === row.line);
    return {
      id: row.id,
      skillId: row.version.skill.id,
      skillName: row.version.skill.name,
      version: row.version.number,
      rule: row.rule,
      file: row.file,
      line: row.line,
      severity: stored && isSeverity(stored.severity) ? stored.severity : null,
      excerpt: stored?.excerpt ?? null,
      context: stored?.context ?? null,
      ruleset: row.ruleset,
      note: row.note,
      reporter: row.reporter,
      createdAt: row.createdAt,
    };
  });
}

/** Marks an open report resolved (instance admins); audited as "scan.report-resolved". */
export async function resolveScanReport(viewer: ViewerRef, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    if (actor.role !== "ADMIN") throw new DataError("FORBIDDEN", "Only instance admins resolve false-positive reports.");
    const report = await tx.scanReport.findUnique({
      where: { id },
      select: {
        status: true,
        rule: true,
        file: true,
        line: true,
        version: { select: { number: true, skill: { select: { id: true, name: true, teamId: true } } } },
      },
    });
    if (!report) throw notFound("Report");
    if (report.status !== "open") throw new DataError("CONFLICT", "This report is already resolved.");
    await tx.scanReport.update({ where: { id }, data: { status: "resolved", resolvedById: actor.id, resolvedAt: new Date() } });
    const skill = report.version.skill;
    await audit(tx, {
      actorId: actor.id,
      action: "scan.report-resolved",
      skillId: skill.id,
      skillName: skill.name,
      version: report.version.number,
      teamId: skill.teamId,
      detail: { rule: report.rule, file: report.file, line: report.line },
    });
  });
}
