import { describe, expect, it } from "vitest";
import type { EvalEstimate, EvalRunRequest } from "@/lib/types/evals";
import { estimateSentence, idle, triggerRunReducer, type TriggerRunEvent, type TriggerRunPhase } from "./trigger-run-state";

const request: EvalRunRequest = { catalog: { kind: "all" }, modelId: "openai:gpt-4.1-mini" };
const estimate: EvalEstimate = {
  modelId: "openai:gpt-4.1-mini",
  costsTokens: true,
  tests: 3,
  otherTests: 3,
  arms: 1,
  inputTokens: 12_400,
  catalogSize: 14,
  catalogLabel: "Everything you can see",
};
const play = (events: TriggerRunEvent[], from: TriggerRunPhase = idle) => events.reduce(triggerRunReducer, from);

describe("triggerRunReducer", () => {
  it("asks before a paid run: estimating, then confirm, then running, then done", () => {
    expect(play([{ type: "estimate", request }]).kind).toBe("estimating");
    const confirm = play([
      { type: "estimate", request },
      { type: "estimated", estimate },
    ]);
    expect(confirm).toEqual({ kind: "confirm", request, estimate });
    const done = play(
      [
        { type: "run", request },
        { type: "finished", runs: [] },
      ],
      confirm,
    );
    expect(done).toEqual({ kind: "done", request, runs: [] });
  });

  it("drops an estimate that arrives after Cancel, and a second start while one is busy", () => {
    expect(play([{ type: "estimate", request }, { type: "cancel" }, { type: "estimated", estimate }])).toEqual(idle);
    const running = play([{ type: "run", request }]);
    expect(play([{ type: "estimate", request: { ...request, modelId: "x" } }], running)).toBe(running);
  });

  it("shows a failure only for the phase that was waiting on it", () => {
    expect(
      play([
        { type: "run", request },
        { type: "failed", message: "No." },
      ]),
    ).toEqual({ kind: "failed", message: "No." });
    expect(play([{ type: "failed", message: "late" }])).toEqual(idle);
  });
});

describe("estimateSentence", () => {
  it("counts every request of every arm, the other skills' included", () => {
    expect(estimateSentence(estimate)).toBe("about 12,400 input tokens for 6 requests against 14 skills");
    expect(estimateSentence({ ...estimate, tests: 1, otherTests: 0, catalogSize: 1 })).toBe("about 12,400 input tokens for 1 request against 1 skill");
  });
});
