import { describe, expect, it } from "vitest";
import { runSteps, runStepsYielding, timeSlicer, type Steps } from "./steps";

function* countTo(n: number, spin = 0): Steps<number> {
  let total = 0;
  for (let i = 1; i <= n; i++) {
    total += i;
    const until = performance.now() + spin;
    while (performance.now() < until) {
      // stands in for a unit of synchronous work
    }
    yield;
  }
  return total;
}

describe("steps", () => {
  it("runs to the same result with or without pauses", async () => {
    expect(runSteps(countTo(100))).toBe(5050);
    expect(await runStepsYielding(countTo(100))).toBe(5050);
  });

  it("pauses only once a slice of work went by", async () => {
    let pauses = 0;
    const pause = async () => {
      pauses++;
    };
    // 20 units of 2 ms in slices of 5 ms: a pause every third unit or so, never every unit
    expect(await runStepsYielding(countTo(20, 2), { sliceMs: 5, pause })).toBe(210);
    expect(pauses).toBeGreaterThanOrEqual(4);
    expect(pauses).toBeLessThan(20);
    pauses = 0;
    // fast units within one slice: no pause at all
    await runStepsYielding(countTo(1000), { sliceMs: 10_000, pause });
    expect(pauses).toBe(0);
  });

  it("lets other callbacks run between slices", async () => {
    let turns = 0;
    let handle = setImmediate(function tick() {
      turns++;
      handle = setImmediate(tick);
    });
    try {
      runSteps(countTo(30, 1));
      expect(turns).toBe(0); // the synchronous driver never lets go
      await runStepsYielding(countTo(30, 1), { sliceMs: 3 });
      expect(turns).toBeGreaterThan(0);
    } finally {
      clearImmediate(handle);
    }
  });

  it("slices loops of async work the same way", async () => {
    let pauses = 0;
    const slice = timeSlicer(0, async () => {
      pauses++;
    });
    for (let i = 0; i < 5; i++) await slice();
    expect(pauses).toBe(5);
  });
});
