// What trigger-test pages, actions, the HTTP API and the CLI exchange: plain data, no behaviour.
import type { EvalCatalogRef } from "@/lib/playground/evals/catalog-ref";
import type { TakenQuery } from "@/lib/playground/evals/compare";
import type { TriggerTestResult } from "@/lib/playground/evals/run";
import type { TriggerEvalSummary } from "@/lib/playground/evals/score";
import type { CatalogMode } from "@/lib/playground/domain";
import type { TriggerTest } from "@/lib/skills/format/trigger-tests";

export type { TakenQuery, TriggerEvalSummary, TriggerTest, TriggerTestResult };

/** The catalog a run is made against: the runner's whole visible catalog, what a team's agents see, or an agent profile. */
export type EvalCatalog = EvalCatalogRef;

/** The second arm of an A/B: a description typed in, or another version's. */
export type EvalComparison = { description: string } | { version: number };

export interface EvalRunRequest {
  /** The version whose tests (and description) run; default the current one. */
  version?: number;
  catalog: EvalCatalog;
  modelId: string;
  mode?: CatalogMode;
  /** Tests to run instead of the version's evals/triggers.json (the editor's unsaved draft). */
  tests?: TriggerTest[];
  /** Run the version's description as arm A and this as arm B. */
  compare?: EvalComparison;
}

export interface EvalRunView {
  id: string;
  skillId: string;
  version: number;
  /** "version": that version's own description; "proposed": a description typed in. */
  arm: "version" | "proposed";
  description: string;
  /** The arm's other version, for an A/B against another version's description. */
  descriptionVersion: number | null;
  comparisonId: string | null;
  catalog: { kind: EvalCatalog["kind"]; ref: string | null; label: string; size: number };
  modelId: string;
  mode: CatalogMode;
  summary: TriggerEvalSummary;
  results: TriggerTestResult[];
  takes: TakenQuery[];
  /** A proposed run filed under the version later saved with that description: the version it was measured on. */
  measuredOn: number | null;
  createdBy: string | null;
  createdAt: string;
}

/** A run still going (in the server process that runs it), as far as it got. */
export interface EvalRunProgress {
  id: string;
  skillId: string;
  /** The version under test; null until the run has read it (the current one). */
  version: number | null;
  modelId: string;
  catalogLabel: string | null;
  arms: number;
  /** Model requests answered, of `total` (the tests and other skills' requests, times the arms); total is null until the catalog is read. */
  done: number;
  total: number | null;
  startedAt: string;
}

/** What a run will cost before it starts. */
export interface EvalEstimate {
  modelId: string;
  /** false for the offline router: nothing is spent. */
  costsTokens: boolean;
  tests: number;
  /** Other skills' should-trigger tests run for the conflicts check (each arm). */
  otherTests: number;
  arms: number;
  inputTokens: number;
  catalogSize: number;
  catalogLabel: string;
}

/** The tests of a version as stored, with any problems of the file. */
export interface TriggerTestsView {
  version: number;
  /** false when the version has no evals/triggers.json. */
  exists: boolean;
  tests: TriggerTest[];
  /** Problems of the file, each naming the test and line; the tests cannot run while there are any. */
  problems: string[];
}
