"use client";
import { useState } from "react";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useRouter } from "next/navigation";
import { OFFLINE_ROUTER_ID } from "@/lib/playground/domain";
import { catalogOf, costsTokens, EvalSetupFields, RunButton, RunPhaseNotice, type EvalOptions, type EvalSetup } from "./run-setup";
import { AbResults, BLIND_NOTE } from "./ab-results";
import { RunOutcomeView } from "./trigger-results";
import { useTriggerRun } from "./use-trigger-run";

/**
 * The Triggers tab's run form: catalog, model, optionally another version's description to compare
 * with (an A/B), Run; the result below, and the history refreshed.
 */
export function TriggerRunForm({
  skillId,
  version,
  testCount,
  options,
  otherVersions,
}: {
  skillId: string;
  version: number;
  testCount: number;
  options: EvalOptions;
  otherVersions: number[];
}) {
  const router = useRouter();
  const [setup, setSetup] = useState<EvalSetup>({ catalog: "all", modelId: OFFLINE_ROUTER_ID });
  const [compareWith, setCompareWith] = useState("");
  const { phase, start, confirm, cancel, busy, progress } = useTriggerRun(skillId, () => router.refresh());
  const tests = `${testCount} ${testCount === 1 ? "test" : "tests"}`;
  const result = phase.kind === "done" ? phase.runs[0] : null;
  const other = phase.kind === "done" ? phase.runs[1] : undefined;

  return (
    <section aria-labelledby="trigger-run-title" className="grid gap-4 rounded-xl border bg-card px-5 py-4 shadow-xs">
      <h3 id="trigger-run-title" className="text-base font-semibold">
        Run the tests
      </h3>
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const compare = compareWith ? { compare: { version: Number(compareWith) } } : {};
          void start({ version, catalog: catalogOf(setup.catalog), modelId: setup.modelId, ...compare }, costsTokens(options, setup.modelId));
        }}
      >
        <EvalSetupFields idPrefix="trigger-run" options={options} setup={setup} onChange={setSetup} disabled={busy || phase.kind === "confirm"} />
        {otherVersions.length > 0 ? (
          <div className="grid max-w-md gap-1.5">
            <Label htmlFor="trigger-run-compare">Compare descriptions (A/B)</Label>
            <Select
              id="trigger-run-compare"
              value={compareWith}
              disabled={busy || phase.kind === "confirm"}
              onChange={(event) => setCompareWith(event.target.value)}
            >
              <option value="">No comparison: v{version}&apos;s description only</option>
              {otherVersions.map((n) => (
                <option key={n} value={String(n)}>
                  v{version}&apos;s description (A) against v{n}&apos;s (B)
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <div>
          <RunButton phase={phase} idle={`Run ${tests}`} running={`Running ${tests}…`} progress={progress} />
        </div>
      </form>
      <RunPhaseNotice phase={phase} onConfirm={() => void confirm()} onCancel={cancel} />
      <p aria-live="polite" className="sr-only">
        {phase.kind === "running" ? `Running ${tests}…` : result ? `Done: ${result.summary.passed} of ${result.summary.tests} passed.` : ""}
      </p>
      {result && other ? (
        <div className="grid gap-2" data-testid="trigger-run-ab">
          <h4 className="text-sm font-semibold">
            A/B against {result.catalog.label} ({result.catalog.size} skills)
          </h4>
          <p className="text-xs text-muted-foreground">{BLIND_NOTE}</p>
          <AbResults a={result} b={other} labels={{ a: `v${version}'s description`, b: `v${other.descriptionVersion ?? "?"}'s description` }} />
        </div>
      ) : result ? (
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
