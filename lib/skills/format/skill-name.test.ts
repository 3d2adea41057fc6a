import { describe, expect, it } from "vitest";
import { skillNameProblem } from "./skill-name";

describe("skillNameProblem", () => {
  it("accepts spec names", () => {
    expect(skillNameProblem("pdf-tools")).toBeNull();
    expect(skillNameProblem("a1")).toBeNull();
  });
  it("says what is wrong", () => {
    expect(skillNameProblem("")).toMatch(/new name/);
    expect(skillNameProblem("PDF")).toMatch(/lowercase/);
    expect(skillNameProblem("pdf tools")).toMatch(/only lowercase/);
    expect(skillNameProblem("-pdf")).toMatch(/start or end/);
    expect(skillNameProblem("pdf--tools")).toMatch(/two hyphens/);
    expect(skillNameProblem("a".repeat(65))).toMatch(/64/);
  });
});
