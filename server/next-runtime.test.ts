import { execFileSync } from "node:child_process";
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadPreparedNextRuntimes, preparedDir, prepareNextRuntimes, RUNTIMES } from "./next-runtime.mjs";

// A checkout with a stand-in for Next.js: its runtimes are small scripts with an IIFE, loaded by
// Node's own require as Next.js loads them. Which code ran is seen in the exported function's text.
const runtime = (version: number) =>
  `"use strict";\nconst K = ${version};\nexports.version = K;\nexports.render = function render(x) { return function (a) { return a + K; }(x); };\n`;

let root: string;
let distDir: string;
let hook: ReturnType<typeof loadPreparedNextRuntimes> | undefined;
const installed = (name: string) => path.join(root, "node_modules", "next", "dist", "compiled", "next-server", name);
const nodeRequire = () => createRequire(path.join(root, "package.json"));

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "next-runtime-"));
  distDir = path.join(root, ".next");
  await writeFile(path.join(root, "package.json"), "{}");
  await mkdir(path.dirname(installed(RUNTIMES[0])), { recursive: true });
  await writeFile(path.join(root, "node_modules", "next", "package.json"), JSON.stringify({ name: "next", version: "0.0.0-test" }));
  for (const name of RUNTIMES) await writeFile(installed(name), runtime(1));
});
afterEach(async () => {
  hook?.uninstall();
  hook = undefined;
  await rm(root, { recursive: true, force: true });
});

type Runtime = { version: number; render: (x: number) => number };

describe("prepareNextRuntimes and loadPreparedNextRuntimes", () => {
  it("keeps a hoisted copy beside the build, once, and the server's require compiles it under the installed name", async () => {
    expect(await prepareNextRuntimes(root, distDir)).toEqual({ made: RUNTIMES, failed: [] });
    expect(await prepareNextRuntimes(root, distDir)).toEqual({ made: [], failed: [] });
    const kept = await readFile(path.join(preparedDir(distDir), RUNTIMES[0]), "utf8");
    expect(kept).toMatch(/^\/\/ hoisted by server\/hoist-iifes\.mjs from [0-9a-f]{64}\n"use strict";function __hoisted0_0\(a\)/);

    hook = loadPreparedNextRuntimes(root, distDir);
    expect(hook.asInstalled).toEqual([]);
    const loaded = nodeRequire()(installed(RUNTIMES[0])) as Runtime;
    expect(hook.loadedCopies()).toEqual([RUNTIMES[0]]);
    expect(loaded.render(2)).toBe(3);
    expect(loaded.render.toString()).toContain("__hoisted0_0(x)");
    // Still the installed module to everyone else: its own file name, one instance.
    expect(nodeRequire().resolve("next/dist/compiled/next-server/" + RUNTIMES[0])).toBe(installed(RUNTIMES[0]));
    expect(nodeRequire()("next/dist/compiled/next-server/" + RUNTIMES[0])).toBe(loaded);
  });

  it("loads the installed file when the copy was made from another version of it, and makes a new one", async () => {
    await prepareNextRuntimes(root, distDir);
    for (const name of RUNTIMES) await writeFile(installed(name), runtime(2));
    hook = loadPreparedNextRuntimes(root, distDir);
    expect(hook.asInstalled).toEqual(RUNTIMES);
    const loaded = nodeRequire()(installed(RUNTIMES[0])) as Runtime;
    expect(loaded.version).toBe(2);
    expect(loaded.render.toString()).not.toContain("__hoisted");
    hook.uninstall();

    expect((await prepareNextRuntimes(root, distDir)).made).toEqual(RUNTIMES);
    expect(await readFile(path.join(preparedDir(distDir), RUNTIMES[0]), "utf8")).toContain("const K = 2;");
  });

  it("loads the installed file when there is no copy, and reports a runtime it cannot transform", async () => {
    hook = loadPreparedNextRuntimes(root, distDir);
    expect(hook.asInstalled).toEqual(RUNTIMES);
    expect((nodeRequire()(installed(RUNTIMES[1])) as Runtime).render(1)).toBe(2);
    hook.uninstall();

    await writeFile(installed(RUNTIMES[0]), "this is not ( javascript");
    const { made, failed } = await prepareNextRuntimes(root, distDir);
    expect(made).toEqual([RUNTIMES[1]]);
    expect(failed).toEqual([{ name: RUNTIMES[0], error: expect.stringMatching(/Unexpected token/) }]);
  });

  it("serves a page-rendering runtime that loads on this Node: Next.js's own, prepared and required in a fresh process", async () => {
    const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
    const { made } = await prepareNextRuntimes(app, distDir);
    expect(made).toEqual(RUNTIMES);
    const script = `
      import { createRequire } from "node:module";
      import { loadPreparedNextRuntimes } from ${JSON.stringify(path.join(app, "server", "next-runtime.mjs"))};
      const hook = loadPreparedNextRuntimes(${JSON.stringify(app)}, ${JSON.stringify(distDir)});
      const require = createRequire(${JSON.stringify(path.join(app, "package.json"))});
      // What Next.js's server sets up before it loads a runtime (AsyncLocalStorage as a global).
      require("next/dist/server/node-environment.js");
      const page = require("next/dist/compiled/next-server/app-page-turbo.runtime.prod.js");
      const route = require("next/dist/compiled/next-server/app-route-turbo.runtime.prod.js");
      console.log(JSON.stringify({ asInstalled: hook.asInstalled, loaded: hook.loadedCopies(), page: Object.keys(page).length, route: Object.keys(route).length }));`;
    const out = JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } }),
    );
    expect(out).toEqual({ asInstalled: [], loaded: RUNTIMES, page: expect.any(Number), route: expect.any(Number) });
    expect(out.page).toBeGreaterThan(0);
    expect(out.route).toBeGreaterThan(0);
  });
});
