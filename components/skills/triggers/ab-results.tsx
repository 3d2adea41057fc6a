import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { TriggerTestResult } from "@/lib/types/evals";
import { Conflicts, expectation, loadedText, ResultDetail, RunSummary, Verdict, type RunOutcome } from "./trigger-results";

// A description A/B side by side: per request each arm's verdict, the requests B fixed or broke,
// each arm's scores and conflicts. The arms ran blind: each request carried one description only.

export type VerdictChange = "fixed" | "broken" | null;

/** Fixed: fails with A, passes with B; broken: the other way round. */
export function verdictChange(a: TriggerTestResult | undefined, b: TriggerTestResult | undefined): VerdictChange {
  if (!a || !b || a.passed === b.passed) return null;
  return b.passed ? "fixed" : "broken";
}

export function ChangeBadge({ change }: { change: VerdictChange }) {
  if (change === "fixed")
    return (
      <Badge variant="success">
        <ArrowUpIcon aria-hidden /> Fixed by B
      </Badge>
    );
  if (change === "broken")
    return (
      <Badge variant="destructive">
        <ArrowDownIcon aria-hidden /> Broken by B
      </Badge>
    );
  return null;
}

function Arm({ name, result }: { name: string; result: TriggerTestResult }) {
  return (
    <div className="grid min-w-0 content-start gap-1 rounded-md bg-muted/40 px-2.5 py-2">
      <span className="flex flex-wrap items-center justify-between gap-2 text-xs">
        <span className="font-medium">{name}</span>
        <Verdict passed={result.passed} />
      </span>
      <span className="text-xs text-muted-foreground">
        Loaded: <span className="font-mono text-foreground">{loadedText(result.disclosed)}</span>
      </span>
      <ResultDetail result={result} />
    </div>
  );
}

export function AbResults({ a, b, labels }: { a: RunOutcome; b: RunOutcome; labels: { a: string; b: string } }) {
  const changes = a.results.map((result, i) => verdictChange(result, b.results[i]));
  const fixed = changes.filter((c) => c === "fixed").length;
  const broken = changes.filter((c) => c === "broken").length;
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {(["a", "b"] as const).map((arm) => (
          <section key={arm} className="grid gap-1.5 rounded-lg border px-3 py-2.5" aria-label={`${arm.toUpperCase()}: ${labels[arm]}`}>
            <h4 className="text-sm font-semibold">
              {arm.toUpperCase()}: {labels[arm]}
            </h4>
            <RunSummary summary={(arm === "a" ? a : b).summary} />
          </section>
        ))}
      </div>
      <p className="text-sm" data-testid="ab-changes">
        {fixed || broken ? `B fixes ${fixed} ${fixed === 1 ? "request" : "requests"} and breaks ${broken}.` : "B gives the same verdict as A on every request."}
      </p>
      <ol className="divide-y rounded-lg border" aria-label="Requests, A beside B">
        {a.results.map((result, i) => (
          <li key={i} className="grid gap-2 px-3 py-2.5" data-testid="ab-row">
            <span className="flex flex-wrap items-start justify-between gap-2">
              <span className="min-w-0 text-sm break-words">“{result.query}”</span>
              <ChangeBadge change={changes[i]} />
            </span>
            <span className="text-xs text-muted-foreground">
              Expected: <span className="text-foreground">{expectation(result.shouldTrigger)}</span>
            </span>
            <span className="grid gap-2 sm:grid-cols-2">
              <Arm name="A" result={result} />
              {b.results[i] ? <Arm name="B" result={b.results[i]} /> : null}
            </span>
          </li>
        ))}
      </ol>
      <div className="grid gap-3">
        {(["a", "b"] as const).map((arm) => (
          <section key={arm} className="grid gap-2" aria-label={`Conflicts with ${arm.toUpperCase()}`}>
            <h4 className="text-sm font-semibold">Conflicts with {arm.toUpperCase()}</h4>
            <Conflicts summary={(arm === "a" ? a : b).summary} takes={(arm === "a" ? a : b).takes} />
          </section>
        ))}
      </div>
    </div>
  );
}

export const BLIND_NOTE =
  "Blind: every request is sent with one description only (A or B, alternating which goes first), and the model is never told there is another or which it sees.";
