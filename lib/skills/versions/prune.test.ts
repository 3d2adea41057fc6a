import { describe, expect, it } from "vitest";
import { planPrune, type PruneCandidate } from "./prune";

const v = (number: number, extra: Partial<PruneCandidate> = {}): PruneCandidate => ({ number, current: false, pinned: false, ...extra });

describe("planPrune", () => {
  it("deletes everything past the newest N, in any input order", () => {
    expect(planPrune([v(2), v(5, { current: true }), v(1), v(4), v(3)], 2)).toEqual({ deleted: [1, 2, 3], spared: [] });
  });

  it("never deletes the current version or a pinned one, and says which it spared", () => {
    // The current version is the newest in practice; the rule does not rely on it.
    const versions = [v(6), v(5), v(4, { pinned: true }), v(3), v(2, { current: true }), v(1)];
    expect(planPrune(versions, 2)).toEqual({ deleted: [1, 3], spared: [2, 4] });
  });

  it("deletes nothing when N covers every version, and refuses a keep below 1 or fractional", () => {
    expect(planPrune([v(1), v(2)], 2)).toEqual({ deleted: [], spared: [] });
    expect(planPrune([v(1), v(2)], 10)).toEqual({ deleted: [], spared: [] });
    for (const keep of [0, -1, 1.5, Number.NaN]) expect(planPrune([v(1), v(2), v(3)], keep), String(keep)).toEqual({ deleted: [], spared: [] });
  });
});
