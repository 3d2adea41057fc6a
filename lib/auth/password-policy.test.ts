import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  it.each(["password", "Password1!", "12345678", "qwertyui", "iloveyou2025", "letmein123"])("refuses the common %s", (password) => {
    expect(passwordProblem(password)).toMatch(/most common/);
  });

  it.each(["cccccccc", "abababab", "abcdefghij", "98765432", "hgfedcba", "lkjhgfds", "zyxwvuts1"])("refuses the trivial %s", (password) => {
    expect(passwordProblem(password)).toMatch(/repeated characters and sequences/);
  });

  it("refuses the email, its local part and the name", () => {
    const context = { email: "Grace.Hopper@example.com", name: "Grace Hopper" };
    expect(passwordProblem("grace.hopper@example.com", context)).toMatch(/email or name/);
    expect(passwordProblem("grace.hopper1", context)).toMatch(/email or name/);
    expect(passwordProblem("GraceHopper", context)).toMatch(/email or name/);
    expect(passwordProblem("hopper2026", context)).toMatch(/email or name/);
  });

  it("accepts ordinary good passwords, even ones that happen to contain a short name", () => {
    const context = { email: "ada@example.com", name: "Ada" };
    for (const password of ["correct horse battery", "skillshelf-demo", "canada-geese-fly-south", "T7#kq9vLm2"]) {
      expect(passwordProblem(password, context)).toBeNull();
    }
  });
});
