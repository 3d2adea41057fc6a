import type { EvalRunView } from "@/lib/types/evals";

// How stored trigger-test runs are laid out: by version, newest first, the two arms of an A/B
// side by side, and each version's own latest result (what the versions page shows).

export type HistoryEntry = { kind: "single"; run: EvalRunView } | { kind: "ab"; a: EvalRunView; b: EvalRunView };

export interface VersionRuns {
  version: number;
  entries: HistoryEntry[];
}

/** A run of the version's own description (arm A of an A/B, or a plain run, or a proposed run filed under the version it became). */
export const isOwnRun = (run: EvalRunView) => run.arm === "version" && run.descriptionVersion === null;

/**
 * Runs (newest first, as listTriggerEvalRuns returns them) grouped by version, newest version
 * first; an A/B's arms become one entry where the newer of the two stood. A proposed arm later
 * filed under the version saved with its description shows twice: alone in that version (its
 * result), and beside its A in the version it was measured on (the comparison).
 */
export function groupRuns(runs: readonly EvalRunView[]): VersionRuns[] {
  const byVersion = new Map<number, HistoryEntry[]>();
  const add = (version: number, entry: HistoryEntry) => byVersion.set(version, [...(byVersion.get(version) ?? []), entry]);
  const shown = new Set<string>();
  for (const run of runs) {
    if (shown.has(run.id)) continue;
    const partner =
      run.comparisonId && run.measuredOn === null ? runs.find((other) => other.id !== run.id && other.comparisonId === run.comparisonId) : undefined;
    if (!partner) {
      add(run.version, { kind: "single", run });
      continue;
    }
    // A filed B stays listed under its own version too; an unfiled one is shown here only.
    if (partner.measuredOn === null) shown.add(partner.id);
    const [a, b] = partner.measuredOn !== null || isOwnRun(run) ? [run, partner] : [partner, run];
    add(a.version, { kind: "ab", a, b });
  }
  return [...byVersion].sort(([x], [y]) => y - x).map(([version, entries]) => ({ version, entries }));
}

/** Each version's latest result for its own description: version number → run. */
export function latestOwnRuns(runs: readonly EvalRunView[]): Map<number, EvalRunView> {
  const latest = new Map<number, EvalRunView>();
  for (const run of runs) if (isOwnRun(run) && !latest.has(run.version)) latest.set(run.version, run);
  return latest;
}

/** What a run measured, in a few words: "v3's description", "proposed description", "proposed description (saved as v4)". */
export function armLabel(run: EvalRunView, inComparison = false): string {
  if (run.arm === "proposed") return "proposed description";
  if (inComparison && run.measuredOn !== null) return `proposed description (saved as v${run.version})`;
  if (run.descriptionVersion !== null) return `v${run.descriptionVersion}'s description`;
  return `v${run.version}'s description`;
}
