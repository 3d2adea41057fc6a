// Moves immediately-invoked function expressions out of the functions that create them, when they
// use nothing of those functions. Next.js ships React's server renderer minified, and the minifier
// inlined functions called from one place as IIFEs: `var t = function (e, t, r) {...}(a, b, c)`
// creates a new closure on every call of its caller, React's `pushStartInstance` (every element of
// every page) among them. V8 keeps a closure's optimized code only while a closure of it is alive,
// so after each full garbage collection (every 80-250 page views) it compiled those functions again:
// 1.1-1.5 ms of compile per page view in steady state, and the pages ran slower until it had.
// Declared once in the scope their free variables live in, they are compiled once and stay.
//
// What moves, and why each is the same program afterwards:
//   - Only a plain (non-arrow) function expression called where it is written, so the function
//     object is used once and never escapes; its name, if it has one, is renamed with it (a named
//     IIFE can call itself) and `arguments.callee` keeps it in place.
//   - Every free variable resolves, from the new place, to the binding it resolved to before: the
//     new place is a scope outside the function that created it and not outside any scope that
//     declares one of its free variables, and nothing between the old and new place declares them
//     (else they would have resolved there).
//   - Strictness is kept (a strict function never moves into sloppy code), and nothing moves out of
//     or across a `with` or a direct `eval`, which decide names only at run time.
//   - A function declaration is hoisted to the start of its scope, so it exists before the call
//     that used to create it; its free variables are read when it runs, as before.
// Arrow IIFEs stay (they share `this` and `arguments` with their surroundings).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * @param {string} source a script (CommonJS), as Node runs it
 * @returns {{ code: string, hoisted: number }}
 */
export function hoistIifes(source) {
  const prefix = uniquePrefix(source);
  let code = source;
  let hoisted = 0;
  // Each pass moves the outermost movable IIFEs; one inside a moved function moves in a later pass.
  for (let pass = 0; pass < 10; pass++) {
    const result = hoistPass(code, `${prefix}${pass}_`);
    if (!result.hoisted) break;
    code = result.code;
    hoisted += result.hoisted;
  }
  return { code, hoisted };
}

/**
 * @param {string} source
 * @param {string} prefix of the names this pass gives the functions it moves
 */
function hoistPass(source, prefix) {
  const acorn = require("acorn");
  const eslintScope = require("eslint-scope");
  const ast = acorn.parse(source, { ecmaVersion: "latest", sourceType: "script", ranges: true, allowHashBang: true, allowReturnOutsideFunction: true });
  const scopes = eslintScope.analyze(ast, { ecmaVersion: 2025, sourceType: "script" });
  /** @type {{ fn: any, at: number, renames: any[] }[]} */
  const candidates = [];
  walk(ast, (node) => {
    if (node.type !== "CallExpression" || node.callee.type !== "FunctionExpression") return;
    const candidate = movable(node.callee);
    if (candidate) candidates.push(candidate);
  });

  /** @param {any} fn */
  function movable(fn) {
    const scope = scopes.acquire(fn, true);
    if (!scope || hasDynamicScope(scope) || /\barguments\s*\.\s*callee\b/.test(source.slice(fn.start, fn.end))) return null;
    // A named function expression's name lives in a scope of its own between it and its surroundings.
    const nameScope = fn.id ? scope.upper : null;
    const nameVariable = nameScope ? nameScope.variables[0] : null;
    /** @type {any[]} */
    const chain = [];
    for (let s = nameScope ? nameScope.upper : scope.upper; s; s = s.upper) chain.push(s);
    const enclosing = chain.findIndex((s) => s.type === "function" || s.type === "global");
    if (enclosing < 0 || chain[enclosing].type === "global") return null;

    let deepest = chain.length - 1;
    const renames = [];
    for (const reference of scope.through) {
      if (!reference.resolved) continue;
      if (reference.resolved === nameVariable) {
        renames.push(reference.identifier);
        continue;
      }
      const index = chain.indexOf(reference.resolved.scope);
      if (index < 0) return null;
      deepest = Math.min(deepest, index);
    }
    // Any scope from the innermost that declares one of its free variables down to just outside the
    // function that creates it would do: the outermost one that keeps its strictness, and is not
    // past a scope whose names are decided at run time (with, direct eval).
    const dynamic = chain.findIndex((s) => s.type !== "global" && s.dynamic);
    for (let i = dynamic < 0 ? deepest : Math.min(deepest, dynamic); i > enclosing; i--) {
      if (chain[i].isStrict !== scope.isStrict) continue;
      const at = insertionPoint(chain[i]);
      if (at !== null) return { fn, at, renames };
    }
    return null;
  }

  /** Where a declaration goes in the scope: after its directives ("use strict"), before anything else. */
  function insertionPoint(/** @type {any} */ scope) {
    if (scope.type === "global") return afterDirectives(ast.body, ast.body.length ? ast.body[0].start : source.length);
    if (scope.type === "function" && scope.block.body.type === "BlockStatement") return afterDirectives(scope.block.body.body, scope.block.body.start + 1);
    // A declaration in a block is scoped to it only in strict code.
    if (scope.type === "block" && scope.isStrict && scope.block.type === "BlockStatement") return scope.block.start + 1;
    return null;
  }

  /** @param {any[]} statements @param {number} start */
  function afterDirectives(statements, start) {
    let at = start;
    for (const statement of statements) {
      if (statement.type !== "ExpressionStatement" || !statement.directive) break;
      at = statement.end;
    }
    return at;
  }

  // The outermost of nested candidates moves now, the inner ones with it (and on their own later).
  candidates.sort((a, b) => a.fn.start - b.fn.start);
  const chosen = [];
  let end = -1;
  for (const candidate of candidates) {
    if (candidate.fn.start < end) continue;
    chosen.push(candidate);
    end = candidate.fn.end;
  }
  /** @type {{ start: number, end: number, text: string, order: number }[]} */
  const edits = [];
  let hoisted = 0;
  for (const candidate of chosen) {
    // A declaration whose place is inside another moving function waits for the next pass.
    if (chosen.some((other) => other !== candidate && candidate.at > other.fn.start && candidate.at < other.fn.end)) continue;
    const { fn, at, renames } = candidate;
    const name = `${prefix}${hoisted}`;
    const local = [...renames, ...(fn.id ? [fn.id] : [])].sort((a, b) => b.start - a.start);
    let text = source.slice(fn.start, fn.end);
    for (const id of local) text = text.slice(0, id.start - fn.start) + name + text.slice(id.end - fn.start);
    if (!fn.id) text = text.replace(/^(async\s+)?function\s*(\*?)\s*/, (_, async, star) => `${async ?? ""}function${star} ${name}`);
    edits.push({ start: at, end: at, text: `${text};`, order: edits.length });
    edits.push({ start: fn.start, end: fn.end, text: name, order: edits.length });
    hoisted++;
  }
  edits.sort((a, b) => b.start - a.start || b.order - a.order);
  let code = source;
  for (const edit of edits) code = code.slice(0, edit.start) + edit.text + code.slice(edit.end);
  return { code, hoisted };
}

/** A name prefix no identifier of the source starts with. */
function uniquePrefix(/** @type {string} */ source) {
  let prefix = "__hoisted";
  while (source.includes(prefix)) prefix += "_";
  return prefix;
}

/** @param {any} scope */
function hasDynamicScope(scope) {
  if (scope.type !== "global" && scope.dynamic) return true;
  return scope.childScopes.some(hasDynamicScope);
}

/** @param {any} node @param {(node: any) => void} visit */
function walk(node, visit) {
  visit(node);
  for (const key in node) {
    const value = node[key];
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child.type === "string") walk(child, visit);
    } else if (value && typeof value.type === "string" && key !== "loc") walk(value, visit);
  }
}
