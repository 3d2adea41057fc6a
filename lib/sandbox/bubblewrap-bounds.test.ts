// The bounds of a whole run, with real bubblewrap: its memory (the process cap that keeps processes
// × memory per process within the total) and its disk (the workspace is a tmpfs of fixed size).
// Each executor here is made with small bounds so that reaching them is quick.
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { createBubblewrapExecutor, type BubblewrapOptions } from "./bubblewrap";
import type { RunCommand } from "./executor";
import { describeSandbox, SKILL_MD } from "./test-kit";

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** One workspace of an executor with these bounds; `body` gets its run and collect, and its folder on the host. */
async function withBounds<T>(
  options: BubblewrapOptions,
  body: (
    run: (command: string, limits?: RunCommand["limits"]) => ReturnType<import("./executor").Workspace["run"]>,
    workspace: import("./executor").Workspace,
    hostDir: string,
  ) => Promise<T>,
): Promise<T> {
  const executor = createBubblewrapExecutor(options);
  const workspace = await executor.createWorkspace();
  try {
    await workspace.stageSkill("demo", [SKILL_MD]);
    const hostDir = path.join(os.tmpdir(), "skillshelf-runs", workspace.id);
    return await body((command, limits = {}) => workspace.run("demo", { command, limits, env: {} }), workspace, hostDir);
  } finally {
    await workspace.cleanup();
  }
}

/** Bytes the folder takes on the host's disk (du counts blocks, so sparse files count as they are). */
const diskUsage = (dir: string) => Number(execFileSync("du", ["-sb", "--apparent-size", dir], { encoding: "utf8" }).split("\t")[0]);

describeSandbox("the bounds of a whole run", () => {
  it("the process cap keeps processes × memory per process within the run's total", async () => {
    // Forks until the kernel refuses (Python does not retry as bash does), then ends its children.
    const forks = `import os, sys, time
kids = []
for i in range(40):
    try:
        pid = os.fork()
    except OSError as error:
        print("refused:", error.strerror, file=sys.stderr)
        break
    if pid == 0:
        time.sleep(10)
        os._exit(0)
    kids.append(pid)
print(len(kids))
for pid in kids:
    os.kill(pid, 9)`;
    await withBounds({ memoryTotalBytes: 12 * GiB }, async (run) => {
      // 12 GiB at 1 GiB a process: at most 12 processes and threads, whatever maxProcesses says;
      // bubblewrap's init and the sandbox's shell are two of them.
      const outcome = await run(`python3 -c '${forks}'`, { maxProcesses: 64, timeoutMs: 20_000 });
      expect(outcome.exitCode).toBe(0);
      expect(outcome.stderr).toBe("refused: Resource temporarily unavailable\n");
      expect(Number(outcome.stdout)).toBeGreaterThanOrEqual(7);
      expect(Number(outcome.stdout)).toBeLessThanOrEqual(9);
      expect(outcome.warnings).toEqual(["the process limit: a run may have 12 processes and threads (12 GB of memory at 1 GB each)"]);
    });
  });

  it("a smaller memory per process leaves room for more processes; each still fails past its own share", async () => {
    await withBounds({ memoryTotalBytes: 4 * GiB }, async (run) => {
      const outcome = await run(`python3 -c "b = bytearray(300 * 1024 ** 2); print('allocated')"`, { memoryBytes: 256 * MiB, timeoutMs: 20_000 });
      expect(outcome.stdout).toBe("");
      expect(outcome.stderr).toMatch(/MemoryError/);
      expect(outcome.warnings).toContain("out of memory: each process may map 256 MB, and a run may have 16 processes and threads (4 GB in all)");
    });
  });

  it("refuses a run whose memory per process leaves no room for the processes a run needs", async () => {
    await withBounds({ memoryTotalBytes: 4 * GiB }, async (run) => {
      await expect(run("true")).rejects.toThrow(
        "the memory limit of 1 GB per process leaves room for 4 processes in the run's 4 GB; a run needs at least 12: lower the limit per process or raise SANDBOX_MEMORY_TOTAL",
      );
    });
  });

  it("a run fills at most the disk bound, on a tmpfs, not the host's disk; what it wrote before is still collected", async () => {
    await withBounds({ diskBytes: 16 * MiB }, async (run, workspace, hostDir) => {
      const outcome = await run(
        "echo kept > out/first.txt; for i in $(seq 1 12); do head -c 4000000 /dev/zero > work/fill$i || { echo FULL at $i; break; }; done; df -B1 --output=size /workspace | tail -1",
        { timeoutMs: 20_000 },
      );
      expect(outcome.stdout).toMatch(/^FULL at [45]\n/);
      expect(Number(outcome.stdout.split("\n")[1])).toBe(16 * MiB);
      expect(outcome.stderr).toMatch(/No space left on device/);
      expect(outcome.warnings).toContain("out of space: the workspace holds at most 16 MB, /tmp 256 MB");
      // On the host, the workspace is one archive no larger than the tmpfs and its headers.
      expect(diskUsage(hostDir)).toBeLessThan(20 * MiB);
      const collected = await workspace.collect(["out/**"]);
      expect(collected.files.map((file) => [file.path, new TextDecoder().decode(file.bytes)])).toEqual([["out/first.txt", "kept\n"]]);
      // The next run sees what the last one left, within the same bound.
      expect((await run("cat out/first.txt; ls work | wc -l")).stdout).toMatch(/^kept\n[45]\n$/);
    });
  });

  it("sparse files that would archive to more than the bound are not kept, and the run says so", async () => {
    await withBounds({ diskBytes: 16 * MiB }, async (run, workspace, hostDir) => {
      const outcome = await run("echo lost > out/a.txt; for i in $(seq 1 8); do truncate -s 8M work/sparse$i; done; true", { timeoutMs: 20_000 });
      expect(outcome.exitCode).toBe(0);
      expect(outcome.warnings).toContain("the files left in the workspace came to more than 20 MB as an archive; none were kept");
      expect(diskUsage(hostDir)).toBeLessThan(1 * MiB);
      expect(await workspace.collect(["out/**"])).toEqual({ files: [], skipped: [] });
    });
  });
});
