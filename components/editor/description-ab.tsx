"use client";
import { useState } from "react";
import { AbResults, BLIND_NOTE } from "@/components/skills/triggers/ab-results";
import { catalogOf, costsTokens, EvalSetupFields, RunButton, RunPhaseNotice, type EvalOptions, type EvalSetup } from "@/components/skills/triggers/run-setup";
import { OFFLINE_ROUTER_ID } from "@/lib/playground/domain";
import type { TriggerTest } from "@/lib/skills/format/trigger-tests";
import type { DescriptionAb } from "./use-description-ab";

/**
 * "Compare descriptions": the draft's trigger tests run with the base version's description (A)
 * and the draft's (B), blind, side by side. Shown in the Trigger tests panel and the save dialog.
 */
export function DescriptionAbSection({
  idPrefix,
  ab,
  options,
  baseVersion,
  draftDescription,
  tests,
}: {
  idPrefix: string;
  ab: DescriptionAb;
  options: EvalOptions;
  baseVersion: number;
  draftDescription: string;
  /** The draft's tests when they can run; null when the file is missing, empty or has problems. */
  tests: TriggerTest[] | null;
}) {
  const [setup, setSetup] = useState<EvalSetup>({ catalog: "all", modelId: OFFLINE_ROUTER_ID });
  const { phase } = ab;
  const done = phase.kind === "done" && phase.runs.length === 2 ? phase.runs : null;
  const stale = done !== null && done[1].description !== draftDescription;
  const count = tests?.length ?? 0;

  return (
    <section
      aria-labelledby={`${idPrefix}-title`}
      className="grid gap-3 rounded-lg border border-primary/25 bg-primary/5 px-4 py-3"
      data-testid="description-ab"
    >
      <div className="grid gap-1">
        <h3 id={`${idPrefix}-title`} className="text-sm font-semibold">
          Your description changed — test it against the current one first
        </h3>
        <p className="text-xs text-muted-foreground">
          Compare descriptions runs your trigger tests with v{baseVersion}&apos;s description (A) and yours (B) against the same catalog. {BLIND_NOTE}
        </p>
      </div>
      {tests ? (
        // Not a form: the save dialog around it is one.
        <div className="grid gap-3">
          <EvalSetupFields idPrefix={idPrefix} options={options} setup={setup} onChange={setSetup} disabled={ab.busy || phase.kind === "confirm"} />
          <div>
            <RunButton
              phase={phase}
              idle="Compare descriptions"
              running={`Running ${count} ${count === 1 ? "test" : "tests"} with A and B…`}
              progress={ab.progress}
              onClick={() =>
                void ab.start(
                  { version: baseVersion, catalog: catalogOf(setup.catalog), modelId: setup.modelId, tests, compare: { description: draftDescription } },
                  costsTokens(options, setup.modelId),
                )
              }
            />
          </div>
        </div>
      ) : (
        <p className="text-sm">Add trigger tests (below, or in evals/triggers.json) and fix any problem in them to compare the two descriptions.</p>
      )}
      <RunPhaseNotice phase={phase} onConfirm={() => void ab.confirm()} onCancel={ab.cancel} />
      <p aria-live="polite" className="sr-only">
        {phase.kind === "running" ? "Comparing the descriptions…" : done ? `Done: A passed ${done[0].summary.passed}, B passed ${done[1].summary.passed}.` : ""}
      </p>
      {done ? (
        <div className="grid gap-2 rounded-lg border bg-background p-3" data-testid="description-ab-result">
          {stale ? (
            <p className="text-sm text-amber-700 dark:text-amber-300">The description changed since this comparison; compare again to test the new one.</p>
          ) : null}
          <AbResults a={done[0]} b={done[1]} labels={{ a: `current, v${baseVersion}`, b: "proposed (your draft)" }} />
        </div>
      ) : null}
    </section>
  );
}
