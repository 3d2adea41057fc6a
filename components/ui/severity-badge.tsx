import type { ReactNode } from "react";
import { InfoIcon, OctagonAlertIcon, ShieldAlertIcon, TriangleAlertIcon } from "lucide-react";
import type { ScanSeverity } from "@/lib/types/skills";
import { cn } from "@/lib/utils";

// A scan severity as the findings, lists and badges show it. No hooks and no "use client": it
// renders on whichever side uses it.

export const SEVERITY_LABEL: Record<ScanSeverity, string> = { critical: "Critical", high: "High", medium: "Medium", low: "Low" };

const SEVERITY_STYLE: Record<ScanSeverity, string> = {
  critical: "border-red-600/30 bg-red-600/15 text-red-700 dark:border-red-400/30 dark:bg-red-500/20 dark:text-red-200",
  high: "border-orange-600/30 bg-orange-500/15 text-orange-800 dark:border-orange-400/30 dark:bg-orange-500/20 dark:text-orange-200",
  medium: "border-amber-500/30 bg-amber-400/15 text-amber-800 dark:border-amber-400/30 dark:bg-amber-400/15 dark:text-amber-200",
  low: "border-border bg-muted text-muted-foreground",
};

const SEVERITY_ICON: Record<ScanSeverity, typeof ShieldAlertIcon> = {
  critical: OctagonAlertIcon,
  high: ShieldAlertIcon,
  medium: TriangleAlertIcon,
  low: InfoIcon,
};

export function SeverityBadge({ severity, className, children }: { severity: ScanSeverity; className?: string; children?: ReactNode }) {
  const Icon = SEVERITY_ICON[severity];
  return (
    <span
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-md border px-1.5 py-0.5 text-xs font-medium whitespace-nowrap",
        SEVERITY_STYLE[severity],
        className,
      )}
    >
      <Icon aria-hidden className="size-3" />
      {children ?? SEVERITY_LABEL[severity]}
    </span>
  );
}
