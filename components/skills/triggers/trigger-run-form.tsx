"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { OFFLINE_ROUTER_ID } from "@/lib/playground/types";
import { catalogOf, costsTokens, EvalSetupFields, RunButton, RunPhaseNotice, type EvalOptions, type EvalSetup } from "./run-setup";
import { RunOutcomeView } from "./trigger-results";
import { useTriggerRun } from "./use-trigger-run";

/** The Triggers tab's run form: catalog, model, Run; the result below, and the history refreshed. */
export function TriggerRunForm({ skillId, version, testCount, options }: { skillId: string; version: number; testCount: number; options: EvalOptions }) {
  const router = useRouter();
  const [setup, setSetup] = useState<EvalSetup>({ catalog: "all", modelId: OFFLINE_ROUTER_ID });
  const { phase, start, confirm, cancel, busy } = useTriggerRun(skillId, () => router.refresh());
  const tests = `${testCount} ${testCount === 1 ? "test" : "tests"}`;
  const result = phase.kind === "done" ? phase.runs[0] : null;

  return (
    <section aria-labelledby="trigger-run-title" className="grid gap-4 rounded-xl border bg-card px-5 py-4 shadow-xs">
      <h3 id="trigger-run-title" className="text-base font-semibold">
        Run the tests
      </h3>
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void start({ version, catalog: catalogOf(setup.catalog), modelId: setup.modelId }, costsTokens(options, setup.modelId));
        }}
      >
        <EvalSetupFields idPrefix="trigger-run" options={options} setup={setup} onChange={setSetup} disabled={busy || phase.kind === "confirm"} />
        <div>
          <RunButton phase={phase} idle={`Run ${tests}`} running={`Running ${tests}…`} />
        </div>
      </form>
      <RunPhaseNotice phase={phase} onConfirm={() => void confirm()} onCancel={cancel} />
      <p aria-live="polite" className="sr-only">
        {phase.kind === "running" ? `Running ${tests}…` : result ? `Done: ${result.summary.passed} of ${result.summary.tests} passed.` : ""}
      </p>
      {result ? (
        <div className="grid gap-2" data-testid="trigger-run-result">
          <h4 className="text-sm font-semibold">
            Result against {result.catalog.label} ({result.catalog.size} skills)
          </h4>
          <RunOutcomeView outcome={result} label="Results of this run" />
        </div>
      ) : null}
    </section>
  );
}
