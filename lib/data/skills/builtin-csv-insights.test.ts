import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The built-in csv-insights skill's profiler (prisma/skills/builtin), run as the sandbox runs it.
const SCRIPT = path.resolve("prisma/skills/builtin/csv-insights/scripts/profile_csv.py");
const dir = mkdtempSync(path.join(tmpdir(), "csv-insights-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function profile(name: string, csv: string) {
  const file = path.join(dir, name);
  writeFileSync(file, csv);
  const out = path.join(dir, `${name}-out`);
  execFileSync("python3", [SCRIPT, file, "--out", out]);
  return { findings: readFileSync(path.join(out, "findings.md"), "utf8"), chart: readFileSync(path.join(out, "chart.svg"), "utf8") };
}

describe("csv-insights profile_csv.py", () => {
  it("never charts an identifier column, even one that repeats (order lines of one order)", () => {
    const lines = ["order_id,product,units"];
    for (let i = 0; i < 12; i++) lines.push(`${1000 + Math.floor(i / 3)},${["Widget", "Gadget", "Gizmo"][i % 3]},${(i % 5) + 1}`);
    const { findings, chart } = profile("lines.csv", lines.join("\n") + "\n");
    expect(chart).toContain(">units by product<");
    expect(chart).not.toContain("order_id");
    expect(findings).toContain("| order_id | identifier |");
  });

  it("an unnamed running number is an identifier; a measure unique per row is still a number", () => {
    const rows = Array.from({ length: 6 }, (_, i) => `${i + 1},${["a", "b"][i % 2]},${(i * 7.3 + 2).toFixed(2)}`);
    const { findings, chart } = profile("seq.csv", ["row,kind,price", ...rows].join("\n") + "\n");
    expect(findings).toContain("| row | identifier |");
    expect(findings).toContain("| price | number |");
    expect(chart).toContain(">price by kind<");
  });

  it("says which line each duplicate row repeats", () => {
    const { findings } = profile("dupes.csv", "a,b\n1,x\n2,y\n1,x\n2,y\n3,z\n");
    expect(findings).toContain("- 2 duplicate rows: line 4 repeats line 2; line 5 repeats line 3.");
    expect(findings).not.toContain("Duplicate rows at lines");
  });
});
