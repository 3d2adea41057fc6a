import { TagIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";

/** Release labels as chips (stable, beta, a team's own), on the skill header and history rows. */
export function LabelChips({ labels, className }: { labels: readonly string[]; className?: string }) {
  if (!labels.length) return null;
  return (
    <span className={className ?? "inline-flex flex-wrap gap-1"} data-testid="label-chips">
      {labels.map((label) => (
        <Badge
          key={label}
          variant="outline"
          data-label={label}
          title={`The ${label} label points here: agents and clients following ${label} get this version`}
          className={label === "stable" ? "border-emerald-600/40 text-emerald-700 dark:border-emerald-400/40 dark:text-emerald-300" : undefined}
        >
          <TagIcon aria-hidden /> {label}
        </Badge>
      ))}
    </span>
  );
}
