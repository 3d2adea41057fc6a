import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { hoistIifes } from "./hoist-iifes.mjs";

// Each program runs as written and as transformed, in fresh contexts: the transform may only change
// where functions are created, never what the program computes. `result` is what a program leaves.
function both(program: string) {
  const run = (code: string) => {
    const context = vm.createContext({ result: undefined });
    vm.runInContext(code, context);
    return JSON.stringify(context.result);
  };
  const { code, hoisted } = hoistIifes(program);
  return { before: run(program), after: run(code), code, hoisted };
}

describe("hoistIifes", () => {
  it("declares an IIFE that uses nothing of its caller once, outside it, with the same results", () => {
    const { before, after, code, hoisted } = both(`
      var K = 10;
      function outer(x) { var y = function (a, b) { return a + b + K; }(x, 1); return y; }
      result = [outer(1), outer(2)];`);
    expect(hoisted).toBe(1);
    expect(after).toBe(before);
    expect(before).toBe("[12,13]");
    // The caller no longer creates a function: it calls the one declared at the top.
    expect(code).toMatch(/^\s*function __hoisted0_0\(a, b\)/);
    expect(code).toContain("var y = __hoisted0_0(x, 1)");
  });

  it("renames a named IIFE that calls itself together with its calls", () => {
    const { before, after, code, hoisted } = both(`
      function factorial(n) { return function f(k) { return k <= 1 ? 1 : k * f(k - 1); }(n); }
      result = [factorial(5), factorial(1)];`);
    expect(hoisted).toBe(1);
    expect(after).toBe(before);
    expect(before).toBe("[120,1]");
    expect(code).not.toMatch(/\bf\(/);
  });

  it("moves an IIFE only as far out as the variables it uses allow, and nested ones in later passes", () => {
    const { before, after, code, hoisted } = both(`
      var G = 2;
      function outer(p) {
        function middle(q) {
          // uses p: may leave middle, not outer
          return function (r) { return p + r + function () { return G; }(); }(q);
        }
        return middle(1) + middle(2);
      }
      result = [outer(10), outer(20)];`);
    expect(hoisted).toBe(2);
    expect(after).toBe(before);
    expect(before).toBe("[27,47]");
    // The inner one uses only a global: it ends at the top; the outer one in outer's body.
    expect(code).toMatch(/function outer\(p\) \{function __hoisted0_0\(r\)/);
    expect(code).toMatch(/^\s*function __hoisted1_0\(\) \{ return G; \};/);
  });

  it("leaves IIFEs that use their caller's variables, loop bindings, this or arguments of an arrow", () => {
    const { before, after, hoisted } = both(`
      function local(x) { var y = 2; return function () { return x * y; }(); }
      function loop() { var out = []; for (let i = 0; i < 3; i++) out.push(function () { return i; }()); return out; }
      function arrow() { return (() => 7)(); }
      result = [local(3), loop(), arrow()];`);
    expect(hoisted).toBe(0);
    expect(after).toBe(before);
  });

  it("keeps strictness: a strict IIFE moves only into strict code, after its directive", () => {
    const sloppyOuter = both(`
      function outer() { "use strict"; return function () { return typeof this; }(); }
      result = outer();`);
    expect(sloppyOuter.hoisted).toBe(0);
    expect(sloppyOuter.after).toBe('"undefined"');

    const strictWrapper = both(`
      function wrapper() {
        "use strict";
        function outer() { return function () { return typeof this; }(); }
        return [outer(), outer()];
      }
      result = wrapper();`);
    expect(strictWrapper.hoisted).toBe(1);
    expect(strictWrapper.after).toBe(strictWrapper.before);
    expect(strictWrapper.before).toBe('["undefined","undefined"]');
    expect(strictWrapper.code).toMatch(/"use strict";function __hoisted0_0\(\)/);
  });

  it("leaves IIFEs whose names are decided at run time: with, direct eval, arguments.callee", () => {
    const { before, after, hoisted } = both(`
      var x = "global";
      function withScope(o) { with (o) { return function () { return x; }(); } }
      function evalInside() { return function () { return eval("typeof x"); }(); }
      function evalAround() { eval("var x = 'local'"); return function () { return x; }(); }
      function callee() { return function () { return typeof arguments.callee; }(); }
      result = [withScope({ x: "with" }), evalInside(), evalAround(), callee()];`);
    expect(hoisted).toBe(0);
    expect(after).toBe(before);
    expect(before).toBe('["with","string","local","function"]');
  });

  it("hoists async and generator IIFEs, and leaves a program without any unchanged", async () => {
    const program = `
      var G = 5;
      async function later() { return await async function () { return G; }(); }
      function gen() { return [...function* () { yield G; yield G + 1; }()]; }
      result = gen();`;
    const { before, after, hoisted, code } = both(program);
    expect(hoisted).toBe(2);
    expect(after).toBe(before);
    const context = vm.createContext({ result: undefined });
    vm.runInContext(`${code}; result = later();`, context);
    expect(await (context.result as Promise<number>)).toBe(5);

    const plain = "function f(a) { return a + 1; }\nresult = f(1);";
    expect(hoistIifes(plain)).toEqual({ code: plain, hoisted: 0 });
  });

  it("keeps a hashbang first, and never takes a name the source already uses", () => {
    const { code, hoisted } = hoistIifes("#!/usr/bin/env node\nvar __hoisted = 1;\nfunction f() { return function () { return 2; }(); }\n");
    expect(hoisted).toBe(1);
    expect(code.startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(code).toContain("function __hoisted_0_0()");
  });

  it("transforms the runtime Next.js renders pages with into a script that still compiles", () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve("next/dist/compiled/next-server/app-page-turbo.runtime.prod.js");
    const { code, hoisted } = hoistIifes(readFileSync(file, "utf8"));
    // 152 with Next.js 16.4: React's pushStartInstance, Flight's renderModel and reviver among them.
    expect(hoisted).toBeGreaterThan(100);
    expect(() => new vm.Script(code, { filename: file })).not.toThrow();
  });
});
