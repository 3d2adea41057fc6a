import { chmod, lstat, mkdir, mkdtemp, readFile, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ensureRunsRoot, relativePathProblem, removeTree, segmentProblem, writeNewFile } from "./workspace-fs";

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
