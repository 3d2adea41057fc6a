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
 * first; an A/B's arms become one entry where the older of the two stood. A proposed arm later
 * filed under another version is alone in that version: its A stays where it was measured.
 */
export function groupRuns(runs: readonly EvalRunView[]): VersionRuns[] {
  const byVersion = new Map<number, HistoryEntry[]>();
  const paired = new Set<string>();
  for (const run of runs) {
    if (paired.has(run.id)) continue;
    const entries = byVersion.get(run.version) ?? [];
    byVersion.set(run.version, entries);
    const partner =
      run.comparisonId && run.measuredOn === null
        ? runs.find((other) => other.id !== run.id && other.comparisonId === run.comparisonId && other.version === run.version && other.measuredOn === null)
        : undefined;
    if (!partner) {
      entries.push({ kind: "single", run });
      continue;
    }
    paired.add(partner.id);
    const [a, b] = isOwnRun(run) ? [run, partner] : [partner, run];
    entries.push({ kind: "ab", a, b });
  }
  return [...byVersion].sort(([x], [y]) => y - x).map(([version, entries]) => ({ version, entries }));
}

/** Each version's latest result for its own description: version number → run. */
export function latestOwnRuns(runs: readonly EvalRunView[]): Map<number, EvalRunView> {
  const latest = new Map<number, EvalRunView>();
  for (const run of runs) if (isOwnRun(run) && !latest.has(run.version)) latest.set(run.version, run);
  return latest;
}

/** What a run measured, in a few words: "v3's description", "proposed description", "v2's description on v3's tests". */
export function armLabel(run: EvalRunView): string {
  if (run.arm === "proposed") return "proposed description";
  if (run.descriptionVersion !== null) return `v${run.descriptionVersion}'s description`;
  return `v${run.version}'s description`;
}
