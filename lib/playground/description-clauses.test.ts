import { describe, expect, it } from "vitest";
import { splitDescription } from "./description-clauses";

const catalog = new Set([
  "dask",
  "vaex",
  "polars",
  "semgrep",
  "codeql",
  "sarif-parsing",
  "uipath-platform",
  "uipath-tasks",
  "terraform-policy",
  "scikit-learn",
]);
const split = (self: string, description: string) => {
  const parts = splitDescription(self, description, catalog);
  return { own: parts.own, pointers: Object.fromEntries(parts.pointers) };
};

describe("splitDescription", () => {
  it("keeps the clauses about the skill itself", () => {
    expect(split("vaex", "Lazy dataframes over huge files. Use when data does not fit in memory.")).toEqual({
      own: "Lazy dataframes over huge files. Use when data does not fit in memory.",
      pointers: {},
    });
  });

  it("credits a 'for X use Y' clause to Y, and drops it when Y is not in the catalog", () => {
    expect(split("dask", "Distributed pandas. For out-of-core analytics on a single machine use vaex; for interactive plots use plotly.")).toEqual({
      own: "Distributed pandas.",
      pointers: { vaex: ["For out-of-core analytics on a single machine use vaex"] },
    });
    expect(split("polars", "Fast frames. For larger-than-RAM data use dask or vaex.").pointers).toEqual({
      dask: ["For larger-than-RAM data use dask or vaex."],
      vaex: ["For larger-than-RAM data use dask or vaex."],
    });
  });

  it("credits the comma-separated pieces before the named skill, not the whole clause", () => {
    const parts = split(
      "codeql",
      "Deep taint analysis. For fast single-file matching, or when no build is available, use the semgrep skill; to read SARIF, use the sarif-parsing skill.",
    );
    expect(parts.own).toBe("Deep taint analysis.");
    expect(parts.pointers).toEqual({
      semgrep: ["For fast single-file matching, or when no build is available, use the semgrep skill"],
      "sarif-parsing": ["to read SARIF, use the sarif-parsing skill."],
    });
  });

  it("drops negative clauses: not for, do not, excludes, use … instead", () => {
    expect(split("x", "Parses files — not for running scans. Does NOT upload. Excludes binaries. Use for text only. For GPUs use pufferlib instead.").own).toBe(
      "Parses files Use for text only.",
    );
  });

  it("treats an arrow to another skill of a family as a redirect, and an arrow to anything else as text", () => {
    const parts = split("uipath-insights", "Job metrics. For job start/stop→uipath-platform, RPA authoring→uipath-rpa. Converts Sentinel→tfpolicy.");
    expect(parts.own).toBe("Job metrics. Converts Sentinel→tfpolicy.");
    expect(parts.pointers).toEqual({ "uipath-platform": ["For job start/stop→uipath-platform"] });
  });

  it("ends a redirect at the parenthesis it sits in", () => {
    expect(split("x", "Builds SaaS that routes money (for example, POS, booking — not operational SaaS), asks about payouts.").own).toBe(
      "Builds SaaS that routes money (for example, POS, booking , asks about payouts.",
    );
  });

  it("names only whole catalog names, never the skill itself", () => {
    expect(split("scikit-learn", "Use scikit-learn for models. Use when comparing against dask-ml.").pointers).toEqual({});
  });
});
