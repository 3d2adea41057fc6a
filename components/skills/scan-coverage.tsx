import { SCAN_COVERAGE } from "@/lib/skills/scan";
import { cn } from "@/lib/utils";

/**
 * What the static scanner checks and what it cannot: shown wherever results are, because static
 * rules miss much, and "no findings" is not "safe".
 */
export function ScanCoverage({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <div className={cn("grid gap-3 text-sm sm:grid-cols-2", className)}>
      <div className="grid content-start gap-1.5">
        <p className="font-medium">{compact ? "Checked" : "What the scan checks"}</p>
        <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
          {SCAN_COVERAGE.checked.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div className="grid content-start gap-1.5">
        <p className="font-medium">{compact ? "Not checked" : "What it cannot tell you"}</p>
        <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
          {SCAN_COVERAGE.notChecked.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
