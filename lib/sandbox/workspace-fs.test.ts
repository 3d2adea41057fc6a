import { chmod, lstat, mkdir, mkdtemp, readFile, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_COLLECT_LIMITS } from "./executor";
import { collectFiles, ensureRunsRoot, MAX_WALK_ENTRIES, relativePathProblem, removeTree, segmentProblem, writeNewFile } from "./workspace-fs";

let root: string;
let outside: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "workspace-fs-"));
  outside = await mkdtemp(path.join(os.tmpdir(), "workspace-fs-outside-"));
  await writeFile(path.join(outside, "secret.txt"), "host secret");
  await mkdir(path.join(root, "out"));
});
afterEach(async () => {
  await removeTree(root);
  await removeTree(outside);
});

describe("names and paths", () => {
  it("accepts a plain name and relative path, refuses what could leave the folder", () => {
    expect(segmentProblem("data.csv")).toBeNull();
    expect(segmentProblem("")).toMatch(/empty/);
    expect(segmentProblem("a/b")).toMatch(/slash/);
    expect(segmentProblem("..")).toMatch(/not a file name/);
    expect(segmentProblem("a\0b")).toMatch(/NUL/);
    expect(segmentProblem("x".repeat(256))).toMatch(/255 bytes/);
    expect(relativePathProblem("scripts/x.py")).toBeNull();
    expect(relativePathProblem("/etc/passwd")).toMatch(/absolute/);
    expect(relativePathProblem("scripts/../../x")).toMatch(/not a file name/);
    expect(relativePathProblem("a//b")).toMatch(/empty/);
  });
});

describe("writeNewFile", () => {
  it("writes with the mode asked for, whatever the umask", async () => {
    await writeNewFile(root, "skills/a/scripts/run.sh", new TextEncoder().encode("#!/bin/sh\n"), 0o755);
    await writeNewFile(root, "skills/a/SKILL.md", new TextEncoder().encode("x"), 0o644);
    expect((await stat(path.join(root, "skills/a/scripts/run.sh"))).mode & 0o777).toBe(0o755);
    expect((await stat(path.join(root, "skills/a/SKILL.md"))).mode & 0o777).toBe(0o644);
  });

  it("never writes through a symlink a script left behind, as a file or as a folder", async () => {
    await symlink(path.join(outside, "secret.txt"), path.join(root, "out/file"));
    await symlink(outside, path.join(root, "inputs"));
    await expect(writeNewFile(root, "out/file", new TextEncoder().encode("x"), 0o644)).rejects.toThrow(/already exists/);
    await expect(writeNewFile(root, "inputs/new.txt", new TextEncoder().encode("x"), 0o644)).rejects.toThrow(/not a directory/);
    expect(await readFile(path.join(outside, "secret.txt"), "utf8")).toBe("host secret");
    await expect(lstat(path.join(outside, "new.txt"))).rejects.toThrow(/ENOENT/);
  });

  it("refuses paths outside the folder", async () => {
    await expect(writeNewFile(root, "../escape.txt", new Uint8Array(), 0o644)).rejects.toThrow(/not a file name/);
    await expect(writeNewFile(root, "/tmp/escape.txt", new Uint8Array(), 0o644)).rejects.toThrow(/absolute/);
  });
});

describe("collectFiles", () => {
  const put = async (relative: string, text: string) => {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), text);
  };

  it("returns regular files matching the globs, sorted, with their bytes", async () => {
    await put("out/b.txt", "b");
    await put("out/charts/a.svg", "<svg/>");
    await put("work/scratch.txt", "not collected");
    const result = await collectFiles(root, ["out/**"], DEFAULT_COLLECT_LIMITS);
    expect(result.files.map((file) => [file.path, new TextDecoder().decode(file.bytes), file.size])).toEqual([
      ["out/b.txt", "b", 1],
      ["out/charts/a.svg", "<svg/>", 6],
    ]);
    expect(result.skipped).toEqual([]);
  });

  it("never follows a symlink: not to a host file, not to a host folder, not as the base folder", async () => {
    await put("out/ok.txt", "ok");
    await symlink(path.join(outside, "secret.txt"), path.join(root, "out/leak"));
    await symlink(outside, path.join(root, "out/dir"));
    await symlink(outside, path.join(root, "elsewhere"));
    const result = await collectFiles(root, ["out/**", "elsewhere/**"], DEFAULT_COLLECT_LIMITS);
    expect(result.files.map((file) => file.path)).toEqual(["out/ok.txt"]);
    expect(result.skipped).toEqual([
      "elsewhere: a symbolic link, not followed",
      "out/dir: a symbolic link, not followed",
      "out/leak: a symbolic link, not followed",
    ]);
  });

  it("skips FIFOs without blocking", async () => {
    execFileSync("mkfifo", [path.join(root, "out/pipe")]);
    const result = await collectFiles(root, ["out/**"], DEFAULT_COLLECT_LIMITS);
    expect(result).toEqual({ files: [], skipped: ["out/pipe: not a regular file"] });
  });

  it("applies the limits per file, in files and in total, and says which one", async () => {
    await put("out/a.txt", "12345");
    await put("out/b.txt", "123456789012");
    await put("out/c.txt", "1234");
    await put("out/d.txt", "1234");
    const result = await collectFiles(root, ["out/*.txt"], { maxFiles: 2, maxFileBytes: 10, maxTotalBytes: 9 });
    expect(result.files.map((file) => file.path)).toEqual(["out/a.txt", "out/c.txt"]);
    expect(result.skipped).toEqual(["out/b.txt: 12 bytes, over the 10 bytes limit per file", "out/d.txt: over the limit of 2 files"]);
    const total = await collectFiles(root, ["out/*.txt"], { maxFiles: 10, maxFileBytes: 10, maxTotalBytes: 7 });
    expect(total.skipped).toContain("out/c.txt: would pass the 7 bytes limit in all");
  });

  it("stops walking a huge tree", async () => {
    await mkdir(path.join(root, "out/many"));
    await Promise.all(Array.from({ length: 30 }, (_, i) => writeFile(path.join(root, "out/many", `f${i}`), "")));
    const result = await collectFiles(root, ["out/**"], DEFAULT_COLLECT_LIMITS, 20);
    expect(result.files).toHaveLength(19); // the folder itself is the first entry
    expect(result.skipped).toEqual(["stopped looking after 20 entries"]);
    expect(MAX_WALK_ENTRIES).toBe(20_000);
  });
});

describe("removeTree and ensureRunsRoot", () => {
  it("removes folders a script made read-only", async () => {
    await put2(path.join(root, "work/locked/file.txt"));
    await chmod(path.join(root, "work/locked"), 0o500);
    await chmod(path.join(root, "work"), 0o500);
    await removeTree(root);
    await expect(lstat(root)).rejects.toThrow(/ENOENT/);
  });

  it("refuses a runs folder that is a symlink", async () => {
    const link = path.join(root, "runs-link");
    await symlink(outside, link);
    await expect(ensureRunsRoot(link)).rejects.toThrow(/not a directory owned by this server's user/);
    await ensureRunsRoot(path.join(root, "runs"));
    expect((await stat(path.join(root, "runs"))).mode & 0o777).toBe(0o711);
  });
});

async function put2(file: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, "x");
}
