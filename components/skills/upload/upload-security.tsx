"use client";
import { OctagonAlertIcon, ShieldAlertIcon, ShieldIcon, ShieldQuestionIcon } from "lucide-react";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { MAX_REVIEW_NOTE, MIN_OVERRIDE_REASON } from "@/lib/skills/vetting/policy";
import type { UploadPreviewSkill } from "@/lib/types/uploads";
import { cn } from "@/lib/utils";
import { ScanCoverage } from "../scan-coverage";
import { ScanFindingList, scanHeadline, SkippedFiles } from "../scan-findings";

/** One uploaded skill's security scan in the preview: every finding, what was skipped, what is checked at all. */
export function SkillScanReport({ skill, idPrefix }: { skill: UploadPreviewSkill; idPrefix: string }) {
  const { scan, gate } = skill;
  const headline = scanHeadline(scan);
  const Icon =
    gate === "blocked" ? OctagonAlertIcon : headline.tone === "findings" ? ShieldAlertIcon : headline.tone === "none" ? ShieldIcon : ShieldQuestionIcon;
  return (
    <section
      aria-labelledby={`${idPrefix}-scan`}
      className={cn(
        "grid gap-3 rounded-md border px-3 py-2.5",
        gate === "blocked" ? "border-red-500/40 bg-red-500/5" : gate === "needs_review" ? "border-orange-500/35 bg-orange-500/5" : "",
      )}
    >
      <h5 id={`${idPrefix}-scan`} className="flex flex-wrap items-center gap-2 text-sm font-medium">
        <Icon
          aria-hidden
          className={cn(
            "size-4",
            gate === "blocked"
              ? "text-red-600 dark:text-red-400"
              : gate === "needs_review"
                ? "text-orange-600 dark:text-orange-400"
                : headline.tone === "findings"
                  ? "text-amber-600 dark:text-amber-400"
                  : "text-muted-foreground",
          )}
        />
        Security scan: {headline.title}
      </h5>
      {gate === "blocked" ? (
        <p className="text-sm text-red-800 dark:text-red-200">
          <span className="font-medium">Import blocked:</span> a critical finding means this skill may act against the people using it. Only an instance admin
          can import it, with a written reason that is kept in the audit trail.
        </p>
      ) : gate === "needs_review" ? (
        <p className="text-sm text-orange-900 dark:text-orange-200">
          <span className="font-medium">Will need review:</span> it can be imported, and is marked “needs review” until a team admin (an instance admin for
          public skills) reads the findings and marks it reviewed.
        </p>
      ) : null}
      {scan.findings.length ? <ScanFindingList findings={scan.findings} headingLevel={4} idPrefix={`${idPrefix}-sev`} /> : null}
      {!scan.complete ? (
        <div className="grid gap-1">
          <p className="text-sm font-medium">Not fully scanned</p>
          <SkippedFiles skipped={scan.skipped} />
        </div>
      ) : null}
      <details className="text-sm">
        <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50">
          What was and was not checked
        </summary>
        <ScanCoverage compact className="mt-2" />
      </details>
    </section>
  );
}

/**
 * Under the preview when chosen skills have critical findings. Everyone sees why the import is
 * blocked; an instance admin may override it with a written reason (audited on the server).
 */
export function ScanOverride({
  blocked,
  canOverride,
  override,
  onOverrideChange,
  showErrors,
  idPrefix,
}: {
  blocked: UploadPreviewSkill[];
  canOverride: boolean;
  override: { enabled: boolean; reason: string };
  onOverrideChange: (override: { enabled: boolean; reason: string }) => void;
  showErrors: boolean;
  idPrefix: string;
}) {
  if (!blocked.length) return null;
  const names = blocked.map((s) => s.name ?? s.root).join(", ");
  const reasonProblem =
    override.reason.trim().length < MIN_OVERRIDE_REASON ? `Write at least ${MIN_OVERRIDE_REASON} characters: why is importing it acceptable?` : null;
  return (
    <div role="region" aria-label="Security gate" className="grid gap-3 rounded-lg border border-red-500/40 bg-red-500/5 px-3 py-3">
      <p className="flex items-start gap-2 text-sm">
        <OctagonAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
        <span id={`${idPrefix}-blocked`}>
          <span className="font-medium">Blocked by the security scan:</span> {names} {blocked.length === 1 ? "has" : "have"} a critical finding.{" "}
          {canOverride
            ? "As an instance admin you may import anyway, with a written reason."
            : "Leave it out to import the rest, or ask an instance admin to import it."}
        </span>
      </p>
      {canOverride ? (
        <div className="grid gap-2 pl-6">
          <label className="flex items-start gap-2 text-sm font-medium">
            <input
              id={`${idPrefix}-override`}
              type="checkbox"
              className="mt-0.5 size-4 accent-red-600"
              checked={override.enabled}
              onChange={(event) => onOverrideChange({ ...override, enabled: event.target.checked })}
            />
            Override the block and import {blocked.length === 1 ? "it" : "them"} anyway
          </label>
          {override.enabled ? (
            <div className="grid gap-1.5">
              <Label htmlFor={`${idPrefix}-override-reason`}>Reason (kept in the audit trail with your name)</Label>
              <Textarea
                id={`${idPrefix}-override-reason`}
                value={override.reason}
                rows={2}
                maxLength={MAX_REVIEW_NOTE}
                onChange={(event) => onOverrideChange({ ...override, reason: event.target.value })}
                aria-invalid={showErrors && !!reasonProblem}
                aria-describedby={`${idPrefix}-override-hint`}
                placeholder="Why is this acceptable? e.g. the flagged text is a documented test fixture"
              />
              <p id={`${idPrefix}-override-hint`} className={cn("text-xs", showErrors && reasonProblem ? "text-destructive" : "text-muted-foreground")}>
                {showErrors && reasonProblem ? reasonProblem : `At least ${MIN_OVERRIDE_REASON} characters.`}
              </p>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
