import "server-only";
import type { Actor } from "@/lib/skills/permissions/permissions";
import { RULESET_VERSION } from "@/lib/skills/scan";
import { canReviewVersion, MAX_REVIEW_NOTE, MIN_REVIEW_NOTE, reviewAfterRescan } from "@/lib/skills/vetting/policy";
import type { AwaitingReview } from "@/lib/types/skills";

export type { AwaitingReview };
import { loadActor, type ViewerRef } from "../core/actor";
import { accessOf, requireSkill, visibleTo } from "../core/skill-access";
import { db } from "@/lib/db/server";
import { readScanFindings } from "../core/json-columns";
import { DataError, notFound } from "../errors";
import { scanColumns, scanStoredVersion } from "./scan-columns";
import { audit } from "../notifications/audit";

// The review gate's second half: a version stored with a high finding waits as "needs_review"
// until someone who answers for the skill reads the findings and the source and marks it reviewed
// with a note. And rescans: when the rules change, stored versions are scanned again.

/**
 * Mark one version that needs review as reviewed, with a note saying what was checked (audited as
 * "skill.review"). Refused for anyone but the version's reviewers (see canReviewVersion: a
 * critical finding needs an instance admin), and for a version that does not need review.
 */
export async function markVersionReviewed(viewer: ViewerRef, skillId: string, number: number, note: string): Promise<{ status: "reviewed"; reviewedAt: Date }> {
  const text = note.trim();
  if (text.length < MIN_REVIEW_NOTE)
    throw new DataError("INVALID", `Write a review note of at least ${MIN_REVIEW_NOTE} characters: what you checked and why it is acceptable.`, {
      field: "note",
    });
  if (text.length > MAX_REVIEW_NOTE) throw new DataError("INVALID", `Keep the review note under ${MAX_REVIEW_NOTE} characters.`, { field: "note" });
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await requireSkill(tx, actor, skillId, "view");
    const version = await tx.skillVersion.findUnique({
      where: { skillId_number: { skillId, number } },
      select: { id: true, reviewStatus: true, scanHighest: true, scanRuleset: true, scanFindings: true },
    });
    if (!version) throw notFound(`Version ${number}`);
    if (!canReviewVersion(actor, skill.access, version.scanHighest)) throw new DataError("FORBIDDEN", reviewerHint(skill.scope, version.scanHighest));
    if (version.reviewStatus !== "needs_review") {
      throw new DataError(
        "CONFLICT",
        version.reviewStatus === "reviewed" ? `Version ${number} is already reviewed.` : `Version ${number} does not need a review.`,
        { reason: "not-needs-review" },
      );
    }
    const reviewedAt = new Date();
    await tx.skillVersion.update({ where: { id: version.id }, data: { reviewStatus: "reviewed", reviewedById: actor.id, reviewedAt, reviewNote: text } });
    const findings = readScanFindings(version.scanFindings);
    await audit(tx, {
      actorId: actor.id,
      action: "skill.review",
      skillId,
      skillName: skill.name,
      version: number,
      teamId: skill.teamId,
      detail: {
        note: text,
        ruleset: version.scanRuleset,
        highest: version.scanHighest,
        findings: findings.filter((f) => f.severity === "critical" || f.severity === "high").map((f) => ({ rule: f.rule, file: f.file, line: f.line })),
      },
    });
    return { status: "reviewed" as const, reviewedAt };
  });
}

function reviewerHint(scope: string, highest: string | null): string {
  if (highest === "critical") return "Only an instance admin can mark a version with a critical finding reviewed.";
  if (scope === "TEAM") return "Only the team's owners and admins can mark this skill reviewed.";
  if (scope === "PERSONAL") return "Only the skill's owner can mark it reviewed.";
  return "Only instance admins can mark public and built-in skills reviewed.";
}

/** Versions waiting for a review that this viewer may give, current versions first, newest first. */
export async function listVersionsAwaitingReview(viewer: ViewerRef, limit = 50): Promise<AwaitingReview[]> {
  const actor = await loadActor(db, viewer);
  const rows = await db.skillVersion.findMany({
    where: { reviewStatus: "needs_review", skill: { AND: [visibleTo(actor), { archived: false }] } },
    select: {
      number: true,
      scanHighest: true,
      scanFindings: true,
      createdAt: true,
      author: { select: { id: true, name: true } },
      currentOf: { select: { id: true } },
      skill: { select: { id: true, name: true, scope: true, ownerId: true, teamId: true, team: { select: { id: true, name: true } } } },
    },
    orderBy: { createdAt: "desc" },
    take: 500,
  });
  return rows
    .filter((row) => canReviewVersion(actor, accessOf(row.skill), row.scanHighest))
    .map((row) => ({
      skillId: row.skill.id,
      skillName: row.skill.name,
      scope: row.skill.scope,
      team: row.skill.team,
      version: row.number,
      current: row.currentOf !== null,
      highest: row.scanHighest,
      findingCount: readScanFindings(row.scanFindings).length,
      createdAt: row.createdAt,
      author: row.author,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, limit);
}

export interface RescanReport {
  ruleset: string;
  /** Versions scanned again. */
  scanned: number;
  /** Of those, how many changed findings or completeness. */
  changed: number;
  /** Versions the rescan sent (back) to "needs_review". */
  needsReview: number;
  /** Versions that needed review and no longer do (the rules that flagged them changed). */
  cleared: number;
}

/** How many stored versions were scanned with other rules than the current ones (or never). */
export async function countStaleVersions(): Promise<number> {
  return db.skillVersion.count({ where: { OR: [{ scanRuleset: null }, { scanRuleset: { not: RULESET_VERSION } }] } });
}

/**
 * Scan stored versions again: those whose results come from another rule set (or none), or every
 * version with `all`. Not a viewer operation (the CLI and the start step run it as the app); the
 * admin button goes through rescanAsAdmin. Review states move as reviewAfterRescan says. Each
 * version is written on its own, so a long rescan never holds the database for long.
 */
export async function rescanStoredVersions(options: { all?: boolean; onProgress?: (done: number, total: number) => void } = {}): Promise<RescanReport> {
  const where = options.all ? {} : { OR: [{ scanRuleset: null }, { scanRuleset: { not: RULESET_VERSION } }] };
  const ids = (await db.skillVersion.findMany({ where, select: { id: true }, orderBy: { createdAt: "asc" } })).map((row) => row.id);
  const report: RescanReport = { ruleset: RULESET_VERSION, scanned: 0, changed: 0, needsReview: 0, cleared: 0 };
  for (const id of ids) {
    const before = await db.skillVersion.findUnique({
      where: { id },
      select: { scanFindings: true, scanComplete: true, scanRuleset: true, scanSkipped: true, reviewStatus: true },
    });
    if (!before) continue; // deleted meanwhile
    const scan = await scanStoredVersion(db, id);
    const previous = { status: before.reviewStatus, findings: readScanFindings(before.scanFindings) } as const;
    const status = reviewAfterRescan(previous, scan);
    const columns = scanColumns(scan);
    await db.skillVersion.update({ where: { id }, data: { ...columns, reviewStatus: status } });
    report.scanned++;
    if (columns.scanFindings !== before.scanFindings || columns.scanComplete !== before.scanComplete || columns.scanSkipped !== before.scanSkipped)
      report.changed++;
    if (status === "needs_review" && previous.status !== "needs_review") report.needsReview++;
    if (previous.status === "needs_review" && status === "none") report.cleared++;
    options.onProgress?.(report.scanned, ids.length);
  }
  return report;
}

/** The admin button: rescan stale versions (or all), audited as "scan.rescan". Instance admins only. */
export async function rescanAsAdmin(viewer: ViewerRef, options: { all?: boolean } = {}): Promise<RescanReport> {
  const actor: Actor = await loadActor(db, viewer);
  if (actor.role !== "ADMIN") throw new DataError("FORBIDDEN", "Only instance admins can rescan stored skills.");
  const report = await rescanStoredVersions(options);
  await db.$transaction(async (tx) => audit(tx, { actorId: actor.id, action: "scan.rescan", detail: { all: !!options.all, ...report } }));
  return report;
}
