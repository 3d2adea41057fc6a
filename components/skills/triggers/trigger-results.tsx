import { Fragment } from "react";
import { CheckIcon, SwordsIcon, XIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatRate } from "@/lib/playground/evals/score";
import type { TakenQuery, TriggerEvalSummary, TriggerTestResult } from "@/lib/types/evals";
import { cn } from "@/lib/utils";

// A trigger-test run as people read it: the summary, then per request what was expected, what
// loaded and the verdict (said in words and an icon, never by colour alone), and on a miss the
// skill that won it or, for the offline router, why nothing loaded. Used by the skill page's
// Triggers tab, its history and the editor's A/B, so it holds no state and no server imports.

export interface RunOutcome {
  summary: TriggerEvalSummary;
  results: TriggerTestResult[];
  takes: TakenQuery[];
}

export const expectation = (shouldTrigger: boolean) => (shouldTrigger ? "should load" : "should not load");
export const loadedText = (disclosed: readonly string[]) => (disclosed.length ? disclosed.join(", ") : "nothing");

export function Verdict({ passed, className }: { passed: boolean; className?: string }) {
  return passed ? (
    <Badge variant="success" className={className}>
      <CheckIcon aria-hidden /> Pass
    </Badge>
  ) : (
    <Badge variant="destructive" className={className}>
      <XIcon aria-hidden /> Fail
    </Badge>
  );
}

/** Passed, recall and precision as a definition list: "Passed 2/3 (67%)". */
export function RunSummary({ summary, className }: { summary: TriggerEvalSummary; className?: string }) {
  const items = [
    { term: "Passed", value: formatRate(summary.passed, summary.tests), title: "Tests whose verdict matched what was expected" },
    { term: "Recall", value: formatRate(summary.truePositives, summary.positives), title: "Requests that should load the skill and did" },
    {
      term: "Precision",
      value: formatRate(summary.truePositives, summary.truePositives + summary.falsePositives),
      title: "Of the requests that loaded the skill, those that should have",
    },
  ];
  return (
    <dl className={cn("flex flex-wrap gap-x-5 gap-y-1 text-sm", className)} data-testid="run-summary">
      {items.map((item) => (
        <div key={item.term} className="flex gap-1.5" title={item.title}>
          <dt className="text-muted-foreground">{item.term}</dt>
          <dd className="font-medium tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Why a test came out as it did, beyond the verdict: the skill that won a miss, the router's ranking or reason, the tool calls, an error. */
export function ResultDetail({ result }: { result: TriggerTestResult }) {
  const lines: React.ReactNode[] = [];
  if (result.error) lines.push(<span className="text-destructive">The model failed on this request: {result.error}</span>);
  if (result.competitor)
    lines.push(
      <span className="font-medium text-foreground">
        <SwordsIcon aria-hidden className="mr-1 inline size-3.5 align-[-2px]" />
        lost to <span className="font-mono">{result.competitor}</span>
      </span>,
    );
  if (result.ranking?.length)
    lines.push(
      <span>
        Router ranking:{" "}
        {result.ranking.map((entry, i) => (
          <Fragment key={entry.name}>
            {i ? " · " : ""}
            <span className="whitespace-nowrap">
              <span className="font-mono">{entry.name}</span> <span className="tabular-nums">{entry.score.toFixed(2)}</span>
            </span>
          </Fragment>
        ))}
      </span>,
    );
  if (result.reason) lines.push(<span>Why nothing loaded: {result.reason}</span>);
  if (!result.ranking && result.toolCalls.length)
    lines.push(<span className="break-all">Tool calls: {result.toolCalls.map((call) => `${call.toolName}(${JSON.stringify(call.input)})`).join(", ")}</span>);
  if (!lines.length) return null;
  return (
    <span className="grid gap-0.5 text-xs text-muted-foreground">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </span>
  );
}

/** One row per request: the request, what was expected, what loaded, the verdict and why. */
export function ResultList({ results, label }: { results: readonly TriggerTestResult[]; label: string }) {
  return (
    <ol className="divide-y rounded-lg border" aria-label={label}>
      {results.map((result, index) => (
        <li key={index} className="grid gap-1.5 px-3 py-2.5 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-4" data-testid="trigger-result">
          <span className="min-w-0 text-sm break-words">“{result.query}”</span>
          <Verdict passed={result.passed} className="row-span-2 sm:justify-self-end" />
          <span className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground">
            <span>
              Expected: <span className="text-foreground">{expectation(result.shouldTrigger)}</span>
            </span>
            <span>
              Loaded: <span className="font-mono text-foreground">{loadedText(result.disclosed)}</span>
            </span>
          </span>
          <span className="sm:col-span-2">
            <ResultDetail result={result} />
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Skills that won this skill's requests, and other skills' requests this one took. */
export function Conflicts({ summary, takes, className }: { summary: TriggerEvalSummary; takes: readonly TakenQuery[]; className?: string }) {
  return (
    <div className={cn("grid gap-4 text-sm sm:grid-cols-2", className)}>
      <section className="grid content-start gap-1.5" aria-label="Skills that win this skill's requests">
        <h4 className="font-medium">Skills that win this skill&apos;s requests</h4>
        {summary.competitors.length ? (
          <ul className="grid gap-1">
            {summary.competitors.map((c) => (
              <li key={c.name}>
                <span className="font-mono">{c.name}</span>{" "}
                <span className="text-muted-foreground">
                  won {c.wins} {c.wins === 1 ? "request" : "requests"}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">None: no other skill loaded instead on a request that should load this one.</p>
        )}
      </section>
      <section className="grid content-start gap-1.5" aria-label="Requests of other skills this one takes">
        <h4 className="font-medium">Requests of other skills this one takes</h4>
        {takes.length ? (
          <ul className="grid gap-1">
            {takes.map((t, i) => (
              <li key={i} className="break-words">
                “{t.query}” <span className="text-muted-foreground">(a request of </span>
                <span className="font-mono">{t.skill}</span>
                <span className="text-muted-foreground">)</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">None: no should-load test of another skill (from its own {"evals/triggers.json"}) loaded this skill instead.</p>
        )}
      </section>
    </div>
  );
}

/** A whole run: summary, rows and conflicts. */
export function RunOutcomeView({ outcome, label }: { outcome: RunOutcome; label: string }) {
  return (
    <div className="grid gap-4">
      <RunSummary summary={outcome.summary} />
      <ResultList results={outcome.results} label={label} />
      <Conflicts summary={outcome.summary} takes={outcome.takes} />
    </div>
  );
}
