import { EyeOffIcon, TriangleAlertIcon } from "lucide-react";
import type { SkillSummary } from "@/lib/types/skills";
import { formatTokens } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Level 1 (catalog entry) and level 2 (SKILL.md body) token counts, explained on hover. */
export function TokenCounts({ skill, className }: { skill: Pick<SkillSummary, "catalogTokens" | "bodyTokens">; className?: string }) {
  const label = `${skill.catalogTokens} catalog tokens (level 1), ${skill.bodyTokens} body tokens (level 2), approximate`;
  return (
    <span className={cn("tabular-nums", className)} title={label}>
      <span aria-hidden>
        {formatTokens(skill.catalogTokens)} / {formatTokens(skill.bodyTokens)} tok
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function WarningCount({ count, className }: { count: number; className?: string }) {
  if (!count) return null;
  return (
    <span className={cn("inline-flex items-center gap-1 text-amber-700 dark:text-amber-400", className)}>
      <TriangleAlertIcon className="size-3" aria-hidden />
      {count} {count === 1 ? "warning" : "warnings"}
    </span>
  );
}

/** Marks a skill that a same-named one in a higher-priority scope hides from agents; the reason shows on hover. */
export function ShadowedMarker({ shadowedBy, className }: { shadowedBy: SkillSummary["shadowedBy"]; className?: string }) {
  if (!shadowedBy) return null;
  return (
    <span className={cn("relative z-10 inline-flex cursor-help items-center gap-1 text-foreground", className)} title={shadowedBy.reason}>
      <EyeOffIcon className="size-3" aria-hidden />
      Shadowed
      <span className="sr-only">: {shadowedBy.reason}</span>
    </span>
  );
}
