import Link from "next/link";
import { FlagIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SeverityBadge } from "@/components/ui/severity-badge";
import { formatRelative } from "@/lib/display";
import { findingLocation } from "@/lib/skills/vetting/policy";
import type { ScanReportItem } from "@/lib/types/skills";
import { ResolveReportButton } from "./resolve-report-button";

/** Instance admins: the open "false positive" reports readers sent from the Security tab. */
export function ScanReports({ reports }: { reports: ScanReportItem[] }) {
  return (
    <section aria-labelledby="scan-reports-title" className="max-w-3xl">
      <Card>
        <CardHeader>
          <CardTitle id="scan-reports-title">Reported false positives</CardTitle>
          <CardDescription>
            Findings that readers say are wrong, with their note. Look at the finding in context, then review the version or tune the rules; resolve the report
            when done.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {reports.length ? (
            <ul className="grid gap-3" aria-label="Open reports">
              {reports.map((report) => (
                <li key={report.id} className="grid gap-1.5 rounded-lg border px-3 py-2.5 text-sm">
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Link
                      href={`/skills/${encodeURIComponent(report.skillId)}/v/${report.version}?tab=security`}
                      className="font-mono font-semibold text-primary underline-offset-4 hover:underline"
                    >
                      {report.skillName} v{report.version}
                    </Link>
                    <code className="font-mono text-xs">{report.rule}</code>
                    <span className="font-mono text-xs text-muted-foreground">{findingLocation(report)}</span>
                    {report.severity ? (
                      <SeverityBadge severity={report.severity} />
                    ) : (
                      <span className="text-xs text-muted-foreground">(no longer found there)</span>
                    )}
                  </p>
                  {report.excerpt ? (
                    <pre className="max-h-24 overflow-auto rounded-md bg-muted/70 px-2.5 py-1.5 font-mono text-xs break-all whitespace-pre-wrap">
                      {report.excerpt}
                    </pre>
                  ) : null}
                  {report.context ? <p className="text-xs text-muted-foreground">{report.context.note}</p> : null}
                  <blockquote className="border-l-2 pl-3 break-words">{report.note}</blockquote>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-xs text-muted-foreground">
                      {report.reporter.name},{" "}
                      <time dateTime={report.createdAt.toISOString()} suppressHydrationWarning>
                        {formatRelative(report.createdAt)}
                      </time>{" "}
                      · rule set <code className="font-mono">{report.ruleset}</code>
                    </span>
                    <ResolveReportButton id={report.id} />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <FlagIcon aria-hidden className="size-4" /> No open reports.
            </p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
