import { describe, expect, it } from "vitest";
import { summarize } from "@/lib/playground/evals/score";
import type { EvalRunView } from "@/lib/types/evals";
import { armLabel, groupRuns, latestOwnRuns } from "./history-groups";

let clock = 100;
function run(over: Partial<EvalRunView> & { id: string; version: number }): EvalRunView {
  return {
    skillId: "s",
    arm: "version",
    description: "d",
    descriptionVersion: null,
    comparisonId: null,
    catalog: { kind: "all", ref: null, label: "Everything you can see", size: 3 },
    modelId: "offline-router",
    mode: "full",
    summary: summarize([]),
    results: [],
    takes: [],
    measuredOn: null,
    createdBy: "Ada",
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, clock--)).toISOString(),
    ...over,
  };
}

describe("groupRuns", () => {
  it("groups by version, newest version first, keeping the runs' order within one", () => {
    const runs = [run({ id: "r3", version: 1 }), run({ id: "r2", version: 2 }), run({ id: "r1", version: 1 })];
    const groups = groupRuns(runs);
    expect(groups.map((g) => g.version)).toEqual([2, 1]);
    expect(groups[1].entries.map((e) => (e.kind === "single" ? e.run.id : "ab"))).toEqual(["r3", "r1"]);
  });

  it("puts an A/B's arms side by side, A being the version's own description, whichever came first", () => {
    const b = run({ id: "b", version: 2, arm: "proposed", comparisonId: "c" });
    const a = run({ id: "a", version: 2, comparisonId: "c" });
    const [group] = groupRuns([b, a]);
    expect(group.entries).toEqual([{ kind: "ab", a, b }]);
  });

  it("shows a proposed run filed under a later version there alone, and beside its A where it was measured", () => {
    const filed = run({ id: "b", version: 3, comparisonId: "c", measuredOn: 2 });
    const a = run({ id: "a", version: 2, comparisonId: "c" });
    const miss = run({ id: "m", version: 2 });
    expect(groupRuns([filed, a, miss])).toEqual([
      { version: 3, entries: [{ kind: "single", run: filed }] },
      {
        version: 2,
        entries: [
          { kind: "ab", a, b: filed },
          { kind: "single", run: miss },
        ],
      },
    ]);
  });
});

describe("latestOwnRuns", () => {
  it("takes each version's newest run of its own description, not a proposed or another version's arm", () => {
    const proposed = run({ id: "p", version: 2, arm: "proposed", comparisonId: "c" });
    const other = run({ id: "o", version: 2, descriptionVersion: 1, comparisonId: "d" });
    const own = run({ id: "a", version: 2, comparisonId: "c" });
    const older = run({ id: "x", version: 2 });
    const filed = run({ id: "f", version: 3, measuredOn: 2 });
    const latest = latestOwnRuns([filed, proposed, other, own, older]);
    expect([...latest].map(([v, r]) => [v, r.id])).toEqual([
      [3, "f"],
      [2, "a"],
    ]);
  });
});

describe("armLabel", () => {
  it("says what description a run measured", () => {
    expect(armLabel(run({ id: "a", version: 3 }))).toBe("v3's description");
    expect(armLabel(run({ id: "b", version: 3, arm: "proposed" }))).toBe("proposed description");
    expect(armLabel(run({ id: "c", version: 3, descriptionVersion: 1 }))).toBe("v1's description");
    const filed = run({ id: "d", version: 4, measuredOn: 3 });
    expect([armLabel(filed), armLabel(filed, true)]).toEqual(["v4's description", "proposed description (saved as v4)"]);
  });
});
