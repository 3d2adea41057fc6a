// The bubblewrap executor doing its job: scripts run from the skill folder with the documented
// environment, read their inputs, write outputs that collect() returns; runs do not share anything.
// The escape attempts are in bubblewrap-escape.test.ts.
import { chmod, lstat, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUBBLEWRAP_REMEDY, createBubblewrapExecutor } from "./bubblewrap";
import { MAX_STDIN_BYTES } from "./executor";
import { availability, bytes, describeSandbox, executor, processesWith, runIn, uniqueMarker, withWorkspace } from "./test-kit";

const PROFILE_PY = `#!/usr/bin/env python3
import csv, json, os, sys
rows = list(csv.reader(open(os.path.join("inputs", sys.argv[1]))))
os.makedirs("out/charts", exist_ok=True)
with open("out/findings.md", "w") as f:
    f.write(f"# {len(rows) - 1} rows\\n")
with open(os.path.join(os.environ["OUTPUT_DIR"], "charts", "chart.svg"), "w") as f:
    f.write("<svg/>")
print(json.dumps({"cwd": os.getcwd(), "uid": os.getuid(), "env": dict(os.environ)}))
`;

describe("availability", () => {
  it("says why and how to fix it when bwrap is missing", async () => {
    const missing = await createBubblewrapExecutor({ bwrapPath: "/nonexistent/bwrap" }).availability();
    expect(missing).toEqual({
      available: false,
      executor: "bubblewrap",
      reason: "bubblewrap (bwrap) was not found at /nonexistent/bwrap",
      remedy: BUBBLEWRAP_REMEDY,
    });
    expect(BUBBLEWRAP_REMEDY).toMatch(/apt-get install bubblewrap/);
    expect(BUBBLEWRAP_REMEDY).toMatch(/unprivileged_userns_clone=1/);
    expect(BUBBLEWRAP_REMEDY).toMatch(/container executor/);
  });

  it("passes on bwrap's own words when it cannot create a sandbox", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "fake-bwrap-"));
    const fake = path.join(dir, "bwrap");
    const refusal = "bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces.";
    await writeFile(
      fake,
      `#!/bin/sh\n[ "$1" = --version ] && { echo "bubblewrap 0.5.0"; exit 0; }\n[ "$1" = --help ] && { echo "    --size BYTES"; exit 0; }\necho "${refusal}" >&2\nexit 1\n`,
    );
    await chmod(fake, 0o755);
    await chmod(dir, 0o755); // a root server starts it as user 65534
    try {
      expect(await createBubblewrapExecutor({ bwrapPath: fake }).availability()).toEqual({
        available: false,
        executor: "bubblewrap",
        reason: `bubblewrap 0.5.0 could not create a sandbox: ${refusal}`,
        remedy: BUBBLEWRAP_REMEDY,
      });
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it("reports the bwrap version when it works", () => {
    if (availability.available) expect(availability.version).toMatch(/^\d+\.\d+/);
  });
});

describeSandbox("bubblewrap executor", () => {
  it("runs an executable Python script from the skill folder with the documented environment, inputs and outputs", async () => {
    await withWorkspace([{ path: "scripts/profile.py", bytes: bytes(PROFILE_PY), executable: true }], async (workspace) => {
      await workspace.stageInputs([{ name: "sales.csv", bytes: bytes("region,total\nnorth,3\nsouth,4\n") }]);
      const outcome = await workspace.run("demo", { command: "scripts/profile.py sales.csv", env: { MODE: "quick" } });
      expect(outcome).toMatchObject({ stderr: "", exitCode: 0, signal: null, timedOut: false, warnings: [] });
      const report = JSON.parse(outcome.stdout);
      expect(report.cwd).toBe("/workspace/skills/demo");
      expect(report.uid).toBe(1000);
      expect(report.env).toMatchObject({
        WORKSPACE_DIR: "/workspace",
        SKILLS_DIR: "/workspace/skills",
        WORK_DIR: "/workspace/work",
        OUTPUT_DIR: "/workspace/out",
        SKILL_NAME: "demo",
        HOME: "/workspace/work",
        TMPDIR: "/tmp",
        LANG: "C.UTF-8",
        MODE: "quick",
      });
      expect(report.env.RUN_DIR).toMatch(/^\/workspace\/runs\/run-[a-z0-9]+-[0-9a-f]{6}$/);
      expect((await workspace.run("demo", { command: 'test -d "$RUN_DIR" && test -w "$RUN_DIR"' })).exitCode).toBe(0);

      const collected = await workspace.collect(["out/**"]);
      expect(collected.skipped).toEqual([]);
      expect(collected.files.map((file) => [file.path, new TextDecoder().decode(file.bytes)])).toEqual([
        ["out/charts/chart.svg", "<svg/>"],
        ["out/findings.md", "# 2 rows\n"],
      ]);
    });
  });

  it("keeps the executable bit of staged files and no more", async () => {
    const files = [
      { path: "scripts/run.sh", bytes: bytes("#!/bin/sh\necho ran\n"), executable: true },
      { path: "scripts/plain.sh", bytes: bytes("#!/bin/sh\necho ran\n"), executable: false },
    ];
    await withWorkspace(files, async (workspace) => {
      expect(await workspace.run("demo", { command: "scripts/run.sh" })).toMatchObject({ stdout: "ran\n", exitCode: 0 });
      const plain = await workspace.run("demo", { command: "scripts/plain.sh" });
      expect(plain.exitCode).toBe(126);
      expect(plain.stderr).toMatch(/Permission denied/);
    });
  });

  it("reads inputs from the skill folder's link and from /workspace/inputs; a cwd elsewhere in the workspace works", async () => {
    await withWorkspace([], async (workspace) => {
      await workspace.stageInputs([{ name: "notes.txt", bytes: bytes("é and 😀\n") }]);
      expect((await workspace.run("demo", { command: "cat inputs/notes.txt /workspace/inputs/notes.txt" })).stdout).toBe("é and 😀\né and 😀\n");
      expect((await workspace.run("demo", { command: "pwd", cwd: "work" })).stdout).toBe("/workspace/work\n");
      await expect(workspace.run("demo", { command: "pwd", cwd: "../.." })).rejects.toThrow(/outside the workspace/);
      await expect(workspace.stageInputs([{ name: "../escape", bytes: bytes("x") }])).rejects.toThrow(/input name/);
      await expect(workspace.run("other", { command: "true" })).rejects.toThrow(/not staged/);
    });
  });

  it("a skill with its own out/ folder keeps it; the outputs folder is still reachable by $OUTPUT_DIR", async () => {
    await withWorkspace([{ path: "out/template.txt", bytes: bytes("shipped"), executable: false }], async (workspace) => {
      const outcome = await workspace.run("demo", { command: 'cat out/template.txt && cp out/template.txt "$OUTPUT_DIR/copy.txt"' });
      expect(outcome).toMatchObject({ stdout: "shipped", exitCode: 0 });
      expect((await workspace.collect(["out/**"])).files.map((file) => file.path)).toEqual(["out/copy.txt"]);
    });
  });

  it("runs many workspaces at once without one seeing another", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        withWorkspace([], async (workspace) => {
          const outcome = await workspace.run("demo", { command: `echo ${i} > out/mine.txt && sleep 0.3 && ls /workspace/out && cat out/mine.txt` });
          const collected = await workspace.collect(["out/**"]);
          return { outcome, files: collected.files.map((file) => new TextDecoder().decode(file.bytes)) };
        }),
      ),
    );
    outcomes.forEach(({ outcome, files }, i) => {
      expect(outcome).toMatchObject({ stdout: `mine.txt\n${i}\n`, exitCode: 0 });
      expect(files).toEqual([`${i}\n`]);
    });
  });

  it("leaves nothing behind: cleanup removes the workspace, a cleaned workspace refuses to run", async () => {
    const workspace = await executor.createWorkspace();
    const dir = path.join(os.tmpdir(), "skillshelf-runs", workspace.id);
    await workspace.stageSkill("demo", [{ path: "SKILL.md", bytes: bytes("x"), executable: false }]);
    await workspace.run("demo", {
      command: "mkdir -p /workspace/work/locked && touch /workspace/work/locked/f && chmod 500 /workspace/work/locked /workspace/work",
    });
    expect((await lstat(dir)).isDirectory()).toBe(true);
    await workspace.cleanup();
    await expect(lstat(dir)).rejects.toThrow(/ENOENT/);
    await expect(workspace.run("demo", { command: "true" })).rejects.toThrow(/cleaned up/);
  });

  it("an abort kills the run's whole process tree and rejects", async () => {
    const marker = uniqueMarker();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    await expect(
      withWorkspace([], (workspace) => workspace.run("demo", { command: `sleep 30.${marker} & sleep 31.${marker}` }, controller.signal)),
    ).rejects.toThrow(/abort/i);
    expect(processesWith(`.${marker}`)).toEqual([]);
  });

  it("hands stdin to the command and closes it; without stdin the command reads nothing", async () => {
    const echo = `#!/usr/bin/env python3
import json, sys
args = json.load(sys.stdin)
print(json.dumps({"got": args, "more": sys.stdin.read()}))
`;
    await withWorkspace([{ path: "scripts/echo.py", bytes: bytes(echo), executable: true }], async (workspace) => {
      const outcome = await workspace.run("demo", { command: "scripts/echo.py", stdin: '{"city": "Zürich", "n": 2}' });
      expect(outcome).toMatchObject({ exitCode: 0, stderr: "" });
      expect(JSON.parse(outcome.stdout)).toEqual({ got: { city: "Zürich", n: 2 }, more: "" });
      // Bytes pass through unchanged, NUL included.
      const binary = new Uint8Array([0, 1, 2, 255, 10]);
      expect((await workspace.run("demo", { command: "od -An -tu1 | tr -s ' '", stdin: binary })).stdout).toBe(" 0 1 2 255 10\n");
      expect(await workspace.run("demo", { command: "wc -c" })).toMatchObject({ stdout: "0\n", exitCode: 0 });
    });
  });

  it("takes stdin up to 1 MiB, even when the command never reads it, and refuses more before anything runs", async () => {
    const full = new Uint8Array(MAX_STDIN_BYTES).fill(97);
    expect((await withWorkspace([], (workspace) => workspace.run("demo", { command: "wc -c", stdin: full }))).stdout).toBe(`${MAX_STDIN_BYTES}\n`);
    // A command that exits without reading closes the pipe: the run still ends normally.
    expect(await withWorkspace([], (workspace) => workspace.run("demo", { command: "exit 4", stdin: full }))).toMatchObject({ exitCode: 4, timedOut: false });
    await expect(withWorkspace([], (workspace) => workspace.run("demo", { command: "wc -c", stdin: new Uint8Array(MAX_STDIN_BYTES + 1) }))).rejects.toThrow(
      "stdin is larger than 1 MB",
    );
  });

  it("a shell error reaches stderr with its exit code", async () => {
    expect(await runIn("echo to-stderr >&2; exit 3")).toMatchObject({ stdout: "", stderr: "to-stderr\n", exitCode: 3, signal: null });
  });
});
