import { useReducer } from "react";
import { estimateTriggerEvalAction, runTriggerEvalAction } from "@/lib/actions/evals";
import type { EvalRunRequest, EvalRunView } from "@/lib/types/evals";
import { idle, isBusy, triggerRunReducer } from "./trigger-run-state";
import { useRunProgress } from "./use-run-progress";

const OFFLINE = "Nothing reached the server; check your connection and try again.";

/** Starts a run (after an estimate and a yes when the model spends tokens) and keeps its phase. */
export function useTriggerRun(skillId: string, onFinished?: (runs: EvalRunView[], request: EvalRunRequest) => void) {
  const [phase, dispatch] = useReducer(triggerRunReducer, idle);

  const run = async (request: EvalRunRequest) => {
    dispatch({ type: "run", request });
    try {
      const result = await runTriggerEvalAction({ skillId, request });
      if (!result.ok) return dispatch({ type: "failed", message: result.message });
      dispatch({ type: "finished", runs: result.data });
      onFinished?.(result.data, request);
    } catch {
      dispatch({ type: "failed", message: OFFLINE });
    }
  };

  /** `costsTokens`: the chosen model spends tokens, so the estimate comes first. */
  const start = async (request: EvalRunRequest, costsTokens: boolean) => {
    if (isBusy(phase)) return;
    if (!costsTokens) return run(request);
    dispatch({ type: "estimate", request });
    try {
      const result = await estimateTriggerEvalAction({ skillId, request });
      if (!result.ok) return dispatch({ type: "failed", message: result.message });
      dispatch({ type: "estimated", estimate: result.data });
    } catch {
      dispatch({ type: "failed", message: OFFLINE });
    }
  };

  const confirm = () => (phase.kind === "confirm" ? run(phase.request) : undefined);
  const cancel = () => dispatch({ type: "cancel" });

  const progress = useRunProgress(skillId, phase.kind === "running");

  return { phase, start, confirm, cancel, busy: isBusy(phase), progress };
}
