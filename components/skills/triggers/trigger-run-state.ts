import type { EvalEstimate, EvalRunRequest, EvalRunView } from "@/lib/types/evals";

// Running trigger tests from a page, as phases: a run on a model that spends tokens first shows
// its estimate and waits for a yes; the offline router runs at once. An answer that arrives for a
// phase already left (an estimate after Cancel) is dropped. Pure, so it is tested without a browser.

export type TriggerRunPhase =
  | { kind: "idle" }
  | { kind: "estimating"; request: EvalRunRequest }
  | { kind: "confirm"; request: EvalRunRequest; estimate: EvalEstimate }
  | { kind: "running"; request: EvalRunRequest }
  | { kind: "done"; request: EvalRunRequest; runs: EvalRunView[] }
  | { kind: "failed"; message: string };

export type TriggerRunEvent =
  | { type: "estimate"; request: EvalRunRequest }
  | { type: "estimated"; estimate: EvalEstimate }
  | { type: "run"; request: EvalRunRequest }
  | { type: "finished"; runs: EvalRunView[] }
  | { type: "failed"; message: string }
  | { type: "cancel" };

export const idle: TriggerRunPhase = { kind: "idle" };

export const isBusy = (phase: TriggerRunPhase) => phase.kind === "estimating" || phase.kind === "running";

export function triggerRunReducer(phase: TriggerRunPhase, event: TriggerRunEvent): TriggerRunPhase {
  switch (event.type) {
    case "estimate":
      return isBusy(phase) ? phase : { kind: "estimating", request: event.request };
    case "estimated":
      // The estimate of a request since cancelled (or replaced) is not asked about any more.
      return phase.kind === "estimating" ? { kind: "confirm", request: phase.request, estimate: event.estimate } : phase;
    case "run":
      return phase.kind === "running" ? phase : { kind: "running", request: event.request };
    case "finished":
      return phase.kind === "running" ? { kind: "done", request: phase.request, runs: event.runs } : phase;
    case "failed":
      return isBusy(phase) ? { kind: "failed", message: event.message } : phase;
    case "cancel":
      return phase.kind === "confirm" || phase.kind === "estimating" ? idle : phase;
  }
}

/** "about 12,400 input tokens for 6 requests against 14 skills" (both arms and other skills' requests counted). */
export function estimateSentence(estimate: EvalEstimate): string {
  const requests = (estimate.tests + estimate.otherTests) * estimate.arms;
  const tokens = estimate.inputTokens.toLocaleString("en-US");
  return `about ${tokens} input tokens for ${requests} ${requests === 1 ? "request" : "requests"} against ${estimate.catalogSize} ${estimate.catalogSize === 1 ? "skill" : "skills"}`;
}
