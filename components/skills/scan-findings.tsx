import Link from "next/link";
import { FileWarningIcon } from "lucide-react";
import { SEVERITY_LABEL, SeverityBadge } from "@/components/ui/severity-badge";
import { findingLocation } from "@/lib/skills/vetting/policy";

export { scanHeadline, severityCounts } from "@/lib/skills/vetting/policy";
import { SEVERITY_ORDER, type ScanFinding, type ScanSkipped } from "@/lib/skills/scan/types";

// Security findings as the upload preview, the Security tab and the review dialog show them. No
// hooks and no "use client": it renders on whichever side uses it.

/**
 * Every finding, grouped by severity (worst first) and, within one, by file in line order: the
 * rule, its plain-words risk, where it matched, and the excerpt with invisible characters shown.
 */
export function ScanFindingList({
  findings,
  fileHref,
  headingLevel = 3,
  idPrefix = "scan",
  action,
}: {
  findings: readonly ScanFinding[];
  /** Where "file:line" links to; no link without it. */
  fileHref?: (file: string, line: number | null) => string | null;
  headingLevel?: 3 | 4;
  idPrefix?: string;
  /** A control shown with each finding (the Security tab's "Report a false positive"). */
  action?: (finding: ScanFinding) => React.ReactNode;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="grid gap-4">
      {SEVERITY_ORDER.map((severity) => {
        const group = findings.filter((f) => f.severity === severity);
        if (!group.length) return null;
        const files = [...new Set(group.map((f) => f.file))];
        return (
          <section key={severity} aria-labelledby={`${idPrefix}-${severity}`} className="grid gap-2">
            <Heading id={`${idPrefix}-${severity}`} className="flex items-center gap-2 text-sm font-semibold">
              <SeverityBadge severity={severity} />
              <span className="font-normal text-muted-foreground">
                {group.length} {group.length === 1 ? "finding" : "findings"}
              </span>
            </Heading>
            <ul className="grid gap-2">
              {files.flatMap((file) =>
                group
                  .filter((f) => f.file === file)
                  .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
                  .map((finding, index) => (
                    <FindingItem
                      key={`${file}:${finding.line}:${finding.rule}:${index}`}
                      finding={finding}
                      href={fileHref?.(finding.file, finding.line) ?? null}
                      action={action?.(finding)}
                    />
                  )),
              )}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function FindingItem({ finding, href, action }: { finding: ScanFinding; href: string | null; action?: React.ReactNode }) {
  const place = findingLocation(finding);
  return (
    <li className="grid gap-1.5 rounded-lg border bg-background px-3 py-2.5" data-severity={finding.severity}>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        <code className="font-mono font-medium text-foreground">{finding.rule}</code>
        {href ? (
          <Link href={href} prefetch={false} className="font-mono text-muted-foreground underline-offset-2 hover:text-foreground hover:underline">
            {place}
          </Link>
        ) : (
          <span className="font-mono text-muted-foreground">{place}</span>
        )}
      </p>
      <p className="text-sm leading-snug">{finding.message}</p>
      {finding.context ? (
        <p className="text-xs leading-snug text-muted-foreground" data-context={finding.context.kind}>
          <span className="font-medium text-foreground">
            {finding.ruleSeverity ? `Lowered from ${SEVERITY_LABEL[finding.ruleSeverity].toLowerCase()}` : "Severity"}:
          </span>{" "}
          {finding.context.note}
        </p>
      ) : null}
      {finding.excerpt ? (
        <pre
          className="max-h-40 overflow-auto rounded-md bg-muted/70 px-2.5 py-1.5 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap"
          aria-label={`Matched text at ${place}`}
        >
          {finding.excerpt}
        </pre>
      ) : null}
      {action ? <div className="flex justify-end">{action}</div> : null}
    </li>
  );
}

const SKIP_REASON: Record<ScanSkipped["reason"], string> = {
  "too-large": "too large to scan",
  binary: "binary, not read as text",
  error: "the scanner failed on it",
};

/** Files the scanner did not read: why the result is "not fully scanned". */
export function SkippedFiles({ skipped }: { skipped: readonly ScanSkipped[] }) {
  if (!skipped.length) return null;
  return (
    <ul className="grid gap-1 text-sm">
      {skipped.map((entry) => (
        <li key={`${entry.path}:${entry.reason}`} className="flex items-start gap-2">
          <FileWarningIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
          <span className="min-w-0 break-words">
            <code className="font-mono text-xs">{entry.path === "*" ? "every file" : entry.path}</code>: {SKIP_REASON[entry.reason]}
            {entry.detail ? <span className="text-muted-foreground"> ({entry.detail})</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
