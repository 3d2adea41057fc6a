import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadIdenticalChunksOnce } from "./identical-chunks.mjs";

// Real files loaded by Node's own require, as Turbopack's runtime loads a server chunk. Each chunk
// counts its evaluations in a global, so "compiled once" is observed, not assumed.
const nodeRequire = createRequire(import.meta.url);
const counter = "__identicalChunksTest";
const chunk = (tag: string, map: string) =>
  `module.exports=[1,(globalThis.${counter}=(globalThis.${counter}||[])).push(${JSON.stringify(tag)}),function(){return ${JSON.stringify(tag)}}];\n//# sourceMappingURL=${map}.js.map\n`;

let dir: string;
let hook: ReturnType<typeof loadIdenticalChunksOnce>;
const evaluated = () => (globalThis as Record<string, unknown>)[counter] as string[] | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "identical-chunks-"));
  await mkdir(path.join(dir, "chunks", "ssr"), { recursive: true });
  delete (globalThis as Record<string, unknown>)[counter];
  hook = loadIdenticalChunksOnce(path.join(dir, "chunks"));
});
afterEach(async () => {
  hook.uninstall();
  await rm(dir, { recursive: true, force: true });
});

const write = async (name: string, content: string) => {
  const file = path.join(dir, "chunks", name);
  await writeFile(file, content);
  return file;
};

describe("loadIdenticalChunksOnce", () => {
  it("gives a chunk that differs only in its source-map comment the first copy's exports", async () => {
    const a = await write("ssr/_aaa._.js", chunk("shared", "_aaa._"));
    const b = await write("ssr/_bbb._.js", chunk("shared", "_bbb._"));
    const first = nodeRequire(a);
    const second = nodeRequire(b);
    expect(second).toBe(first);
    expect(evaluated()).toEqual(["shared"]);
    expect(hook.sharedBytes()).toBe(chunk("shared", "_bbb._").length);
  });

  it("compiles chunks with other content, and copies in another folder, on their own", async () => {
    const a = await write("ssr/_aaa._.js", chunk("one", "_aaa._"));
    const b = await write("ssr/_bbb._.js", chunk("two", "_bbb._"));
    const c = await write("_ccc._.js", chunk("one", "_ccc._"));
    const [one, two, otherFolder] = [nodeRequire(a), nodeRequire(b), nodeRequire(c)];
    expect(two).not.toBe(one);
    expect(otherFolder).not.toBe(one);
    expect(evaluated()).toEqual(["one", "two", "one"]);
    expect(hook.sharedBytes()).toBe(0);
  });

  it("loads files that are not Turbopack chunks, and files outside the folder, as usual", async () => {
    const runtime = "globalThis.__identicalChunksTest=(globalThis.__identicalChunksTest||[]).concat('runtime');module.exports={};\n";
    const r1 = await write("ssr/[turbopack]_runtime.js", runtime);
    const r2 = await write("ssr/[turbopack]_runtime-copy.js", runtime);
    const outside = path.join(dir, "other.js");
    await writeFile(outside, chunk("outside", "other"));
    const outsideCopy = path.join(dir, "other-copy.js");
    await writeFile(outsideCopy, chunk("outside", "other-copy"));
    const [runtime1, runtime2, outside1, outside2] = [nodeRequire(r1), nodeRequire(r2), nodeRequire(outside), nodeRequire(outsideCopy)];
    expect(runtime2).not.toBe(runtime1);
    expect(outside2).not.toBe(outside1);
    expect(evaluated()).toEqual(["runtime", "runtime", "outside", "outside"]);
  });

  it("stops sharing once uninstalled", async () => {
    hook.uninstall();
    const a = await write("ssr/_aaa._.js", chunk("shared", "_aaa._"));
    const b = await write("ssr/_bbb._.js", chunk("shared", "_bbb._"));
    expect(nodeRequire(b)).not.toBe(nodeRequire(a));
  });
});
