import { ShieldAlertIcon } from "lucide-react";
import type { SkillSummary } from "@/lib/types/skills";
import { cn } from "@/lib/utils";
import { SeverityBadge } from "@/components/ui/severity-badge";

/**
 * The list's security marks for a skill's current version: its worst finding when medium or
 * worse (low notes stay on the skill page), and "needs review" while a high finding waits for a
 * reviewer. Nothing for a version without findings: the list never claims a skill is safe.
 */
export function SecurityBadges({ skill, className }: { skill: Pick<SkillSummary, "scanHighest" | "reviewStatus">; className?: string }) {
  const severity = skill.scanHighest === "critical" || skill.scanHighest === "high" || skill.scanHighest === "medium" ? skill.scanHighest : null;
  const needsReview = skill.reviewStatus === "needs_review";
  if (!severity && !needsReview) return null;
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-1", className)}>
      {severity ? (
        <SeverityBadge severity={severity} className="px-1 py-0 text-[11px]">
          <span className="sr-only">Security finding: </span>
          {severity}
        </SeverityBadge>
      ) : null}
      {needsReview ? (
        <span className="inline-flex items-center gap-1 rounded-md border border-orange-600/30 px-1 text-[11px] font-medium whitespace-nowrap text-orange-800 dark:border-orange-400/40 dark:text-orange-200">
          <ShieldAlertIcon aria-hidden className="size-3" />
          needs review
        </span>
      ) : null}
    </span>
  );
}
