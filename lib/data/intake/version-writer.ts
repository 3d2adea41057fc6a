import "server-only";
import type { BundleSkill } from "@/lib/skills/archive/bundle";
import type { Finding } from "@/lib/skills/format/findings";
import { bundleDigest } from "@/lib/skills/archive/digest";
import type { Tx } from "@/lib/db/client";
import { scanBundleSkill } from "@/lib/skills/scan";
import type { ScanResult } from "@/lib/skills/scan/types";
import { initialReviewStatus, type ReviewStatus } from "@/lib/skills/vetting/policy";
import { putBlobs, writeBlobRows, type PutBlobs } from "../platform/blobs";
import { safeScan, scanColumns } from "../vetting/scan-columns";
import { audit } from "../notifications/audit";

/** The review state a version is written with; `by` is the deciding user for "reviewed"/"override". */
export interface ReviewDecision {
  status: ReviewStatus;
  by: string | null;
  at: Date | null;
  note: string | null;
  /** This write is where the decision is made (an import's override), not a restore carrying an earlier one: audit it. */
  decidedNow?: boolean;
}

/** A skill version ready to be written: everything computed before the transaction opens. */
export interface PreparedVersion {
  name: string;
  description: string;
  frontmatter: string;
  body: string;
  catalogTokens: number;
  bodyTokens: number;
  resourceTokens: number;
  totalBytes: number;
  fileCount: number;
  digest: string;
  findings: string;
  errorCount: number;
  warningCount: number;
  files: { path: string; size: number; mediaType: string; sha256: string; tokens: number | null; executable: boolean }[];
  blobs: PutBlobs;
  /** The security scan of exactly these files. */
  scan: ScanResult;
  review: ReviewDecision;
}

/** The security scan of a skill as the store records it (never throws: a scanner error reads "not fully scanned"); the intake scans with lib/data/intake/scan.ts. */
export function scanSkill(skill: BundleSkill): ScanResult {
  return safeScan(() => scanBundleSkill(skill));
}

/**
 * Everything about a version computed before the transaction opens: metadata, blobs, and the
 * security scan (passed in when the caller already ran it for the import gate). Without a review
 * decision, a high or critical finding (or a failed scan) starts the version as "needs_review".
 */
export async function prepareVersion(skill: BundleSkill, options: { scan?: ScanResult; review?: ReviewDecision } = {}): Promise<PreparedVersion> {
  if (!skill.name || skill.description === null) throw new Error("prepareVersion needs a valid skill");
  const tokensByPath = new Map(skill.tokens.resources.map((resource) => [resource.path, resource.tokens]));
  const files = skill.files
    .map((file) => ({
      path: file.path,
      size: file.size,
      mediaType: file.mediaType,
      sha256: file.sha256,
      tokens: file.path === "SKILL.md" ? skill.tokens.body : (tokensByPath.get(file.path) ?? null),
      executable: file.executable,
    }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const scan = options.scan ?? scanSkill(skill);
  const blobs = await putBlobs(skill.files);
  return {
    name: skill.name,
    description: skill.description,
    frontmatter: JSON.stringify(skill.frontmatter ?? {}),
    body: skill.body,
    catalogTokens: skill.tokens.catalog,
    bodyTokens: skill.tokens.body,
    resourceTokens: skill.tokens.resources.reduce((sum, resource) => sum + (resource.tokens ?? 0), 0),
    totalBytes: skill.files.reduce((sum, file) => sum + file.size, 0),
    fileCount: skill.files.length,
    digest: bundleDigest(skill.files),
    findings: JSON.stringify(skill.findings satisfies Finding[]),
    errorCount: skill.findings.filter((finding) => finding.severity === "error").length,
    warningCount: skill.findings.filter((finding) => finding.severity === "warning").length,
    files,
    blobs,
    scan,
    review: options.review ?? { status: initialReviewStatus(scan.highest, scan), by: null, at: null, note: null },
  };
}

/** Where a version synced from a skill source came from (lib/data/sources/sync.ts). */
export interface Provenance {
  sourceId: string;
  url: string;
  revision: string;
  /** The skill's folder in the repository. */
  path: string;
  /** The commit's author and message (Git sources). */
  commit?: { author: string; message: string };
}

/**
 * Writes version `number` of a skill with its files (blobs stored once), its scan and review
 * state, and makes it current, unless `proposed`: then it stays unpublished for a review request
 * (lib/data/reviews). An admin's override of a critical finding is audited here, with the
 * version it let through.
 */
export async function writeVersion(
  tx: Tx,
  input: {
    skillId: string;
    number: number;
    authorId: string | null;
    message: string;
    version: PreparedVersion;
    teamId?: string | null;
    proposed?: boolean;
    provenance?: Provenance;
  },
): Promise<{ id: string; number: number }> {
  const { version } = input;
  await writeBlobRows(tx, version.blobs);
  const row = await tx.skillVersion.create({
    data: {
      skillId: input.skillId,
      number: input.number,
      name: version.name,
      description: version.description,
      frontmatter: version.frontmatter,
      body: version.body,
      catalogTokens: version.catalogTokens,
      bodyTokens: version.bodyTokens,
      resourceTokens: version.resourceTokens,
      totalBytes: version.totalBytes,
      fileCount: version.fileCount,
      digest: version.digest,
      findings: version.findings,
      errorCount: version.errorCount,
      warningCount: version.warningCount,
      authorId: input.authorId,
      message: input.message,
      ...scanColumns(version.scan),
      reviewStatus: version.review.status,
      reviewedById: version.review.by,
      reviewedAt: version.review.at,
      reviewNote: version.review.note,
      publishedAt: input.proposed ? null : new Date(),
      ...(input.provenance
        ? {
            sourceId: input.provenance.sourceId,
            sourceUrl: input.provenance.url,
            sourceRevision: input.provenance.revision,
            sourcePath: input.provenance.path,
            commitAuthor: input.provenance.commit?.author,
            commitMessage: input.provenance.commit?.message,
          }
        : {}),
      files: { create: version.files },
    },
    select: { id: true, number: true },
  });
  if (!input.proposed) await tx.skill.update({ where: { id: input.skillId }, data: { currentVersionId: row.id } });
  if (version.review.status === "override" && version.review.decidedNow) {
    await audit(tx, {
      actorId: version.review.by,
      action: "skill.scan-override",
      skillId: input.skillId,
      skillName: version.name,
      version: row.number,
      teamId: input.teamId ?? null,
      detail: {
        reason: version.review.note,
        ruleset: version.scan.ruleset,
        critical: version.scan.findings.filter((f) => f.severity === "critical").map((f) => ({ rule: f.rule, file: f.file, line: f.line })),
      },
    });
  }
  return row;
}
