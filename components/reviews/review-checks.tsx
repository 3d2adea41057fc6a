import { CircleCheckIcon, CircleXIcon, ShieldAlertIcon, ShieldCheckIcon, TriangleAlertIcon } from "lucide-react";
import { ScanFindingList } from "@/components/skills/scan-findings";
import { SeverityBadge } from "@/components/ui/severity-badge";
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/display";
import type { LevelTokens, ReviewRequestDetail } from "@/lib/types/reviews";
import { cn } from "@/lib/utils";

type Shown = ReviewRequestDetail["shown"];

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function Panel({
  title,
  summary,
  icon,
  children,
  id,
}: {
  title: string;
  summary: React.ReactNode;
  icon: React.ReactNode;
  children?: React.ReactNode;
  id: string;
}) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-2 rounded-xl border bg-card px-4 py-3 shadow-xs">
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold">
        {icon}
        {title}
      </h3>
      <div className="text-sm text-muted-foreground">{summary}</div>
      {children}
    </section>
  );
}

function Validation({ validation }: { validation: Shown["validation"] }) {
  const { errorCount, warningCount, findings } = validation;
  const sorted = [...findings].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
  return (
    <Panel
      id="review-check-validation"
      title="Validation"
      icon={
        errorCount ? (
          <CircleXIcon aria-hidden className="size-4 text-destructive" />
        ) : warningCount ? (
          <TriangleAlertIcon aria-hidden className="size-4 text-amber-500" />
        ) : (
          <CircleCheckIcon aria-hidden className="size-4 text-emerald-600 dark:text-emerald-400" />
        )
      }
      summary={errorCount || warningCount ? `${count(errorCount, "error")}, ${count(warningCount, "warning")}` : "No errors or warnings."}
    >
      {sorted.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer rounded-sm text-xs font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring/50">
            Show the findings
          </summary>
          <ul className="mt-2 grid gap-1.5">
            {sorted.map((finding, index) => (
              <li key={index} className="flex items-start gap-2">
                {finding.severity === "error" ? (
                  <CircleXIcon aria-label="Error" className="mt-0.5 size-3.5 shrink-0 text-destructive" />
                ) : (
                  <TriangleAlertIcon aria-label="Warning" className="mt-0.5 size-3.5 shrink-0 text-amber-500" />
                )}
                <span className="min-w-0">
                  {finding.message}{" "}
                  <span className="font-mono text-xs text-muted-foreground">
                    {finding.path || "SKILL.md"}
                    {finding.line ? `:${finding.line}` : ""}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Panel>
  );
}

function Security({ scan }: { scan: Shown["scan"] }) {
  const needsReview = scan.reviewStatus === "needs_review";
  return (
    <Panel
      id="review-check-security"
      title="Security scan"
      icon={
        scan.highest || needsReview ? (
          <ShieldAlertIcon aria-hidden className="size-4 text-orange-600 dark:text-orange-400" />
        ) : (
          <ShieldCheckIcon aria-hidden className="size-4 text-emerald-600 dark:text-emerald-400" />
        )
      }
      summary={
        <span className="flex flex-wrap items-center gap-1.5">
          {scan.highest ? (
            <>
              <SeverityBadge severity={scan.highest} /> {count(scan.findings.length, "finding")}
            </>
          ) : (
            <span>No findings.</span>
          )}
          {scan.complete ? null : <Badge variant="warning">Not fully scanned</Badge>}
          {needsReview ? <Badge variant="warning">Needs security review</Badge> : null}
        </span>
      }
    >
      {scan.findings.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer rounded-sm text-xs font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring/50">
            Show the findings
          </summary>
          <div className="mt-2">
            <ScanFindingList findings={scan.findings} headingLevel={4} idPrefix="review-scan" />
          </div>
        </details>
      ) : null}
    </Panel>
  );
}

const LEVELS: { key: keyof LevelTokens; label: string }[] = [
  { key: "catalog", label: "Catalog (L1)" },
  { key: "body", label: "Body (L2)" },
  { key: "resources", label: "Resources (L3)" },
];

function Delta({ before, after }: { before: number | null; after: number }) {
  const delta = after - (before ?? 0);
  if (!delta) return <span className="text-muted-foreground">±0</span>;
  return (
    <span className={cn("font-medium", delta > 0 ? "text-amber-700 dark:text-amber-300" : "text-emerald-700 dark:text-emerald-300")}>
      {delta > 0 ? "+" : "−"}
      {formatNumber(Math.abs(delta))}
    </span>
  );
}

function Tokens({ tokens }: { tokens: Shown["tokens"] }) {
  return (
    <Panel
      id="review-check-tokens"
      title="Tokens per disclosure level"
      icon={null}
      summary={tokens.before ? "Before → after this proposal." : "A new skill: no version before it."}
    >
      <table className="w-full text-sm tabular-nums" data-testid="review-tokens">
        <thead className="sr-only">
          <tr>
            <th>Level</th>
            <th>Before</th>
            <th>After</th>
            <th>Change</th>
          </tr>
        </thead>
        <tbody>
          {LEVELS.map(({ key, label }) => (
            <tr key={key} className="border-t first:border-t-0">
              <th scope="row" className="py-1 pr-2 text-left font-normal text-muted-foreground">
                {label}
              </th>
              <td className="py-1 text-right">{tokens.before ? formatNumber(tokens.before[key]) : "—"}</td>
              <td className="py-1 text-right font-medium">
                <span aria-hidden className="px-1 font-normal text-muted-foreground">
                  →
                </span>
                {formatNumber(tokens.after[key])}
              </td>
              <td className="w-16 py-1 text-right">
                <Delta before={tokens.before?.[key] ?? null} after={tokens.after[key]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

/** Validation, the security scan and the token deltas of the version shown. */
export function ReviewChecks({ shown }: { shown: Shown }) {
  return (
    <section aria-labelledby="review-checks-title" className="grid gap-3">
      <h2 id="review-checks-title" className="text-lg font-semibold tracking-tight">
        Checks <span className="text-sm font-normal text-muted-foreground">on v{shown.to}</span>
      </h2>
      <div className="grid gap-3 md:grid-cols-3">
        <Validation validation={shown.validation} />
        <Security scan={shown.scan} />
        <Tokens tokens={shown.tokens} />
      </div>
    </section>
  );
}
