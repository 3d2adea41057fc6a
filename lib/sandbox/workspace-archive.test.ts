import { execFileSync } from "node:child_process";
import { link, mkdir, mkdtemp, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_COLLECT_LIMITS } from "./executor";
import { collectFromArchive, MAX_WALK_ENTRIES } from "./workspace-archive";
import { removeTree } from "./workspace-fs";

// The archives here are made by the host's GNU tar exactly as the sandbox's shell makes them.

let dir: string;
let root: string;
let archive: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "workspace-archive-"));
  root = path.join(dir, "workspace");
  archive = path.join(dir, "workspace.tar");
  await mkdir(path.join(root, "out"), { recursive: true });
});
afterEach(() => removeTree(dir));

const put = async (relative: string, text: string) => {
  await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
  await writeFile(path.join(root, relative), text);
};
const pack = () => execFileSync("tar", ["-C", root, "--sort=name", "-cf", archive, "."]);
const collect = async (globs: string[], limits = DEFAULT_COLLECT_LIMITS, max?: number) => {
  pack();
  return collectFromArchive(archive, globs, limits, max);
};

describe("collectFromArchive", () => {
  it("returns regular files matching the globs, sorted, with their bytes", async () => {
    await put("out/b.txt", "b");
    await put("out/charts/a.svg", "<svg/>");
    await put("work/scratch.txt", "not collected");
    const result = await collect(["out/**"]);
    expect(result.files.map((file) => [file.path, new TextDecoder().decode(file.bytes), file.size])).toEqual([
      ["out/b.txt", "b", 1],
      ["out/charts/a.svg", "<svg/>", 6],
    ]);
    expect(result.skipped).toEqual([]);
  });

  it("never follows a symlink: not to a host file, not to a host folder, not as the base folder", async () => {
    const outside = path.join(dir, "outside");
    await mkdir(outside);
    await writeFile(path.join(outside, "secret.txt"), "host secret");
    await put("out/ok.txt", "ok");
    await symlink(path.join(outside, "secret.txt"), path.join(root, "out/leak"));
    await symlink(outside, path.join(root, "out/dir"));
    await symlink(outside, path.join(root, "elsewhere"));
    const result = await collect(["out/**", "elsewhere/**"]);
    expect(result.files.map((file) => file.path)).toEqual(["out/ok.txt"]);
    expect(result.skipped).toEqual([
      "elsewhere: a symbolic link, not followed",
      "out/dir: a symbolic link, not followed",
      "out/leak: a symbolic link, not followed",
    ]);
  });

  it("skips FIFOs; a hard link is the file it links to; long names come through", async () => {
    execFileSync("mkfifo", [path.join(root, "out/pipe")]);
    await put("out/a.txt", "same bytes");
    await link(path.join(root, "out/a.txt"), path.join(root, "out/b.txt"));
    const long = `out/${"d".repeat(120)}/${"f".repeat(150)}.txt`;
    await put(long, "deep");
    const result = await collect(["out/**"]);
    expect(result.files.map((file) => [file.path, new TextDecoder().decode(file.bytes)])).toEqual([
      ["out/a.txt", "same bytes"],
      ["out/b.txt", "same bytes"],
      [long, "deep"],
    ]);
    expect(result.skipped).toEqual(["out/pipe: not a regular file"]);
  });

  it("applies the limits per file, in files and in total, and says which one", async () => {
    await put("out/a.txt", "12345");
    await put("out/b.txt", "123456789012");
    await put("out/c.txt", "1234");
    await put("out/d.txt", "1234");
    const result = await collect(["out/*.txt"], { maxFiles: 2, maxFileBytes: 10, maxTotalBytes: 9 });
    expect(result.files.map((file) => file.path)).toEqual(["out/a.txt", "out/c.txt"]);
    expect(result.skipped).toEqual(["out/b.txt: 12 bytes, over the 10 bytes limit per file", "out/d.txt: over the limit of 2 files"]);
    const total = await collectFromArchive(archive, ["out/*.txt"], { maxFiles: 10, maxFileBytes: 10, maxTotalBytes: 7 });
    expect(total.skipped).toContain("out/c.txt: would pass the 7 bytes limit in all");
  });

  it("stops looking through a huge tree", async () => {
    await mkdir(path.join(root, "out/many"));
    await Promise.all(Array.from({ length: 30 }, (_, i) => writeFile(path.join(root, "out/many", `f${i}`), "")));
    const result = await collect(["out/**"], DEFAULT_COLLECT_LIMITS, 20);
    expect(result.files).toHaveLength(20);
    expect(result.skipped).toEqual(["stopped looking after 20 entries"]);
    expect(MAX_WALK_ENTRIES).toBe(20_000);
  });

  it("an archive a script wrote over is reported, not trusted; a missing one holds nothing", async () => {
    await writeFile(archive, "not an archive at all, but long enough to hold a header".repeat(20));
    expect(await collectFromArchive(archive, ["out/**"], DEFAULT_COLLECT_LIMITS)).toEqual({
      files: [],
      skipped: ["the workspace's files could not be read: not a tar header at byte 0"],
    });
    expect(await collectFromArchive(path.join(dir, "missing.tar"), ["out/**"], DEFAULT_COLLECT_LIMITS)).toEqual({ files: [], skipped: [] });
  });

  it("skips a name with '..' that only a forged archive could hold", async () => {
    await put("out/x/evil.txt", "forged");
    // GNU tar keeps a member name it is given as it is when asked to (--transform): what a forger could write.
    execFileSync("tar", ["-C", root, "-cf", archive, "--transform=s,^out/x/,out/../../,", "out/x/evil.txt"]);
    const result = await collectFromArchive(archive, ["out/**"], DEFAULT_COLLECT_LIMITS);
    expect(result.files).toEqual([]);
    expect(result.skipped).toEqual(["out/../../evil.txt: not a plain relative path"]);
  });
});
