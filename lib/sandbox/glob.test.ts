import { describe, expect, it } from "vitest";
import { globBase, globMatcher, globProblem, globToRegExp } from "./glob";

describe("globToRegExp", () => {
  const matches = (glob: string, path: string) => globToRegExp(glob).test(path);

  it("** spans folders, * and ? stay inside one segment", () => {
    expect(matches("out/**", "out/a.txt")).toBe(true);
    expect(matches("out/**", "out/deep/er/b.svg")).toBe(true);
    expect(matches("out/**", "outside/a.txt")).toBe(false);
    expect(matches("out/**", "work/out/a.txt")).toBe(false);
    expect(matches("out/*.csv", "out/a.csv")).toBe(true);
    expect(matches("out/*.csv", "out/sub/a.csv")).toBe(false);
    expect(matches("**/*.svg", "chart.svg")).toBe(true);
    expect(matches("**/*.svg", "out/charts/chart.svg")).toBe(true);
    expect(matches("out/?.md", "out/a.md")).toBe(true);
    expect(matches("out/?.md", "out/ab.md")).toBe(false);
    expect(matches("out/a/**/z.txt", "out/a/z.txt")).toBe(true);
    expect(matches("out/a/**/z.txt", "out/a/b/c/z.txt")).toBe(true);
  });

  it("treats regular-expression characters literally", () => {
    expect(matches("out/a+b (1).txt", "out/a+b (1).txt")).toBe(true);
    expect(matches("out/a.txt", "out/aXtxt")).toBe(false);
    expect(matches("out/[ab].txt", "out/a.txt")).toBe(false);
  });

  it("refuses globs that could name something outside the workspace", () => {
    expect(globProblem("/etc/*")).toMatch(/absolute/);
    expect(globProblem("out/../../etc/passwd")).toMatch(/"\.\."/);
    expect(globProblem("")).toMatch(/empty/);
    expect(globProblem("out//a")).toMatch(/empty/);
    expect(globProblem("out/a**")).toMatch(/whole path segment/);
    expect(() => globMatcher(["out/**", "../x"])).toThrow(/"\.\."/);
  });
});

describe("globBase", () => {
  it("is the fixed folder a walk starts from", () => {
    expect(globBase("out/**")).toBe("out");
    expect(globBase("out/charts/*.svg")).toBe("out/charts");
    expect(globBase("out/*/x.txt")).toBe("out");
    expect(globBase("**/*.svg")).toBe("");
    expect(globBase("findings.md")).toBe("");
  });
});
