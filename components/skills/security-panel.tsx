import Link from "next/link";
import { OctagonAlertIcon, ShieldAlertIcon, ShieldCheckIcon, ShieldIcon, ShieldQuestionIcon } from "lucide-react";
import type { SkillRoutes } from "@/components/skills/skill-routes";
import { formatRelative } from "@/lib/display";
import type { SkillDetail, SkillVersionDetail, VersionScan } from "@/lib/types/skills";
import { cn } from "@/lib/utils";
import { LazyReportFindingDialog, LazyReviewDialog } from "./lazy-actions";
import type { FlaggedSource } from "./review-dialog";
import { ScanCoverage } from "./scan-coverage";
import { ScanFindingList, scanHeadline, SkippedFiles } from "./scan-findings";

// Not a verdict: the page never calls a skill safe, only says what the rules did not find.
const NO_FINDINGS =
  "No findings from the static rules. That is not a clean bill of health: static rules miss much, so read what the skill asks an agent to do before you use it.";

/** The review state in one sentence, with who decided and their note. */
export function ReviewBanner({ scan, routes, showLink }: { scan: VersionScan; routes: SkillRoutes; showLink: boolean }) {
  const { review } = scan;
  const who = review.reviewer ? (
    <>
      {" "}
      by <strong className="font-medium">{review.reviewer.name}</strong>
      {review.at ? (
        <>
          {" "}
          <time dateTime={review.at.toISOString()} title={review.at.toISOString()}>
            {formatRelative(review.at)}
          </time>
        </>
      ) : null}
    </>
  ) : null;
  if (review.status === "needs_review") {
    return (
      <p role="note" className="flex flex-wrap items-start gap-2 rounded-lg border border-orange-500/35 bg-orange-500/10 px-4 py-2.5 text-sm">
        <ShieldAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-orange-700 dark:text-orange-300" />
        <span className="min-w-0 flex-1">
          <span className="font-medium">Needs review:</span> the security scan found something a reviewer has to look at before the team relies on this version.
          {review.reviewer && review.note ? (
            <span className="block text-muted-foreground">
              Reviewed earlier{who}, before newer rules found more: “{review.note}”
            </span>
          ) : null}
        </span>
        {showLink ? (
          <Link href={routes.security()} className="font-medium text-orange-800 underline underline-offset-2 dark:text-orange-200">
            See the findings
          </Link>
        ) : null}
      </p>
    );
  }
  if (review.status === "override") {
    return (
      <p role="note" className="flex items-start gap-2 rounded-lg border border-red-500/35 bg-red-500/10 px-4 py-2.5 text-sm">
        <OctagonAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-300" />
        <span className="min-w-0">
          <span className="font-medium">Imported despite a critical finding</span>
          {who}: “{review.note}”
          {showLink ? (
            <>
              {" "}
              <Link href={routes.security()} className="font-medium underline underline-offset-2">
                See the findings
              </Link>
            </>
          ) : null}
        </span>
      </p>
    );
  }
  if (review.status === "reviewed") {
    return (
      <p role="note" className="flex items-start gap-2 rounded-lg border border-emerald-500/30 bg-emerald-500/10 px-4 py-2.5 text-sm">
        <ShieldCheckIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-300" />
        <span className="min-w-0">
          <span className="font-medium">Reviewed</span>
          {who}: “{review.note}”
        </span>
      </p>
    );
  }
  return null;
}

/**
 * The Security tab: every finding of the version shown with its excerpt and line, the review
 * decision, what was and was not scanned, and for reviewers the "Mark reviewed" dialog.
 */
export function SecurityPanel({
  skill,
  version,
  routes,
  flaggedSources,
}: {
  skill: SkillDetail;
  version: SkillVersionDetail;
  routes: SkillRoutes;
  flaggedSources: FlaggedSource[] | null;
}) {
  const { scan } = version;
  const headline = scanHeadline(scan);
  const files = new Set(version.files.map((f) => f.path));
  const Icon = headline.tone === "findings" ? ShieldAlertIcon : headline.tone === "none" ? ShieldIcon : ShieldQuestionIcon;
  const canReview = skill.can.review && scan.review.status === "needs_review" && flaggedSources !== null;
  return (
    <section aria-labelledby="security-title" className="grid gap-6">
      <div className="grid gap-3 rounded-xl border bg-card px-5 py-4 shadow-xs">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="security-title" className="flex items-center gap-2 text-base font-semibold">
              <Icon
                aria-hidden
                className={cn(
                  "size-5",
                  headline.tone === "findings"
                    ? scan.highest === "critical"
                      ? "text-red-600 dark:text-red-400"
                      : scan.highest === "high"
                        ? "text-orange-600 dark:text-orange-400"
                        : "text-amber-600 dark:text-amber-400"
                    : "text-muted-foreground",
                )}
              />
              Security scan: {headline.title}
            </h2>
            <p className="text-sm text-muted-foreground">
              {scan.ruleset === null ? (
                "This version was stored before the scanner existed; it is scanned on the next start or rescan."
              ) : (
                <>
                  Version {version.number}, rule set <code className="font-mono text-xs">{scan.ruleset}</code>
                  {scan.stale ? " (older than the current rules: a rescan is due)" : ""}.{" "}
                  {scan.complete ? "Every file was read." : "Some files could not be read, so the absence of findings in them means nothing."}
                </>
              )}
            </p>
          </div>
          {canReview ? (
            <LazyReviewDialog skillId={skill.id} skillName={skill.name} version={version.number} findings={scan.findings} sources={flaggedSources} />
          ) : null}
        </div>
        <ReviewBanner scan={scan} routes={routes} showLink={false} />
        {scan.review.status === "needs_review" && !skill.can.review ? (
          <p className="text-sm text-muted-foreground">
            {scan.highest === "critical"
              ? "A critical finding needs an instance admin's decision: an instance admin can mark it reviewed."
              : skill.scope === "TEAM"
                ? `An owner or admin of team ${skill.team?.name ?? ""} can mark it reviewed.`
                : skill.scope === "PERSONAL"
                  ? "Its owner can mark it reviewed."
                  : "An instance admin can mark it reviewed."}
          </p>
        ) : null}
        {scan.skipped.length ? (
          <div className="grid gap-1.5 rounded-lg border border-amber-500/30 bg-amber-500/5 px-3 py-2.5">
            <p className="text-sm font-medium">Not fully scanned</p>
            <SkippedFiles skipped={scan.skipped} />
          </div>
        ) : null}
      </div>

      {scan.findings.length ? (
        <ScanFindingList
          findings={scan.findings}
          fileHref={(file, line) => (files.has(file) ? routes.page({ file, view: "source", hash: line ? `L${line}` : null }) : null)}
          action={(finding) => (
            <LazyReportFindingDialog skillId={skill.id} version={version.number} finding={{ rule: finding.rule, file: finding.file, line: finding.line }} />
          )}
        />
      ) : scan.ruleset !== null ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          {scan.complete ? NO_FINDINGS : "No findings in the files that were read; the files listed above were not scanned."}
        </p>
      ) : null}

      <section aria-labelledby="coverage-title" className="grid gap-3 rounded-xl border px-5 py-4">
        <h3 id="coverage-title" className="text-sm font-semibold">
          What was and was not checked
        </h3>
        <ScanCoverage />
      </section>
    </section>
  );
}
