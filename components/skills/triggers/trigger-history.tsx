import Link from "next/link";
import { ChevronRightIcon } from "lucide-react";
import { formatRelative } from "@/lib/display";
import { formatRate } from "@/lib/playground/evals/score";
import type { EvalRunView } from "@/lib/types/evals";
import { AbResults, BLIND_NOTE } from "./ab-results";
import { armLabel, groupRuns, type HistoryEntry } from "./history-groups";
import { RunOutcomeView } from "./trigger-results";

// Every run the viewer may see, by version, newest first; each one opens to its per-request rows.

function Scores({ run }: { run: EvalRunView }) {
  const s = run.summary;
  return (
    <span className="tabular-nums">
      passed {formatRate(s.passed, s.tests)} · recall {formatRate(s.truePositives, s.positives)} · precision{" "}
      {formatRate(s.truePositives, s.truePositives + s.falsePositives)}
    </span>
  );
}

function RunFacts({ run, modelLabel }: { run: EvalRunView; modelLabel: (id: string) => string }) {
  const at = new Date(run.createdAt);
  return (
    <span className="text-xs text-muted-foreground">
      <time dateTime={run.createdAt} title={at.toLocaleString("en-US")}>
        {formatRelative(at)}
      </time>{" "}
      · {run.createdBy ?? "deleted user"} · {modelLabel(run.modelId)} · {run.catalog.label} ({run.catalog.size} skills)
      {run.measuredOn !== null ? <> · measured on v{run.measuredOn} before saving</> : null}
    </span>
  );
}

const summaryClass =
  "flex cursor-pointer list-none items-start gap-2 rounded-md px-3 py-2.5 outline-none hover:bg-accent/50 focus-visible:ring-3 focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden";

function Entry({ entry, modelLabel }: { entry: HistoryEntry; modelLabel: (id: string) => string }) {
  const chevron = <ChevronRightIcon aria-hidden className="mt-0.5 size-4 shrink-0 transition-transform group-open:rotate-90" />;
  if (entry.kind === "single") {
    const { run } = entry;
    return (
      <details className="group rounded-lg border" data-testid="trigger-history-run">
        <summary className={summaryClass}>
          {chevron}
          <span className="grid min-w-0 gap-0.5 text-sm">
            <span>
              <span className="font-medium">{armLabel(run)}</span> · <Scores run={run} />
            </span>
            <RunFacts run={run} modelLabel={modelLabel} />
          </span>
        </summary>
        <div className="px-3 pt-1 pb-3">
          <RunOutcomeView outcome={run} label={`Results of the run of ${armLabel(run)}`} />
        </div>
      </details>
    );
  }
  const { a, b } = entry;
  return (
    <details className="group rounded-lg border" data-testid="trigger-history-ab">
      <summary className={summaryClass}>
        {chevron}
        <span className="grid min-w-0 gap-0.5 text-sm">
          <span className="font-medium">A/B of descriptions</span>
          <span>
            A: {armLabel(a)} · <Scores run={a} />
          </span>
          <span>
            B: {armLabel(b, true)} · <Scores run={b} />
          </span>
          <RunFacts run={a} modelLabel={modelLabel} />
        </span>
      </summary>
      <div className="grid gap-3 px-3 pt-1 pb-3">
        <p className="text-xs text-muted-foreground">{BLIND_NOTE}</p>
        {b.arm === "proposed" || b.measuredOn !== null ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">The proposed description</summary>
            <p className="mt-1 rounded-md bg-muted/40 px-3 py-2 break-words">{b.description}</p>
          </details>
        ) : null}
        <AbResults a={a} b={b} labels={{ a: armLabel(a), b: armLabel(b, true) }} />
      </div>
    </details>
  );
}

export function TriggerHistory({
  runs,
  modelLabels,
  versionHref,
}: {
  runs: readonly EvalRunView[];
  modelLabels: Record<string, string>;
  versionHref: (version: number) => string;
}) {
  const groups = groupRuns(runs);
  const modelLabel = (id: string) => modelLabels[id] ?? id;
  return (
    <section aria-labelledby="trigger-history-title" className="grid gap-4">
      <div className="grid gap-1">
        <h3 id="trigger-history-title" className="text-base font-semibold">
          History
        </h3>
        <p className="text-sm text-muted-foreground">
          Every run you may see: yours, and runs against the catalog of a team you are in. Open one for its requests.
        </p>
      </div>
      {groups.length ? (
        groups.map((group) => (
          <section key={group.version} aria-label={`Runs of version ${group.version}`} className="grid gap-2" data-testid="trigger-history-version">
            <h4 className="text-sm font-semibold">
              <Link href={versionHref(group.version)} className="font-mono underline-offset-4 hover:underline">
                v{group.version}
              </Link>
            </h4>
            {group.entries.map((entry) => (
              <Entry key={entry.kind === "single" ? entry.run.id : entry.a.id} entry={entry} modelLabel={modelLabel} />
            ))}
          </section>
        ))
      ) : (
        <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">No runs yet.</p>
      )}
    </section>
  );
}
