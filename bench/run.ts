// skill_run sandbox benchmark (`npm run bench:run [-- --runs=200]`): what bubblewrap adds to a command.
// Measured side by side in one run, interleaved so drift in the machine touches every series alike:
//   direct     spawning `true` with the same detached, piped spawn the executor uses, no sandbox
//   run step   Workspace.run("true") in a workspace staged once (bwrap, namespaces, limits, bash -lc)
//   full       createWorkspace, stage a two-file skill, run `true`, cleanup: what one skill_run costs
// then 8 full runs at once, several times over. Besides wall time, the CPU the finished children used
// (user + system, from /proc/self/stat): on a busy machine the wall time is mostly waiting for a core.
// Each figure prints as "<figure>: <number> <unit>".
import { readFileSync } from "node:fs";
import os from "node:os";
import { createBubblewrapExecutor } from "../lib/sandbox/bubblewrap";
import type { SkillExecutor, StagedFile } from "../lib/sandbox/executor";
import { runProcess } from "../lib/sandbox/run-process";
import { figure, percentile, sized } from "./bench-kit";

const flags = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split(/=(.*)/s, 2) as [string, string | undefined]));
const RUNS = Number(flags.get("runs") ?? sized(200, 2));
const CONCURRENCY = sized(8, 2);
const BATCHES = Number(flags.get("batches") ?? sized(10, 1));
const WARMUP = sized(10, 1);
const TARGET_OVERHEAD_MS = 30;

const encode = (text: string) => new TextEncoder().encode(text);
const SKILL: StagedFile[] = [
  { path: "SKILL.md", bytes: encode("---\nname: tiny\ndescription: A benchmark skill.\n---\nRun scripts/hello.sh.\n"), executable: false },
  { path: "scripts/hello.sh", bytes: encode("#!/bin/sh\necho hello\n"), executable: true },
];

async function timed(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** CPU milliseconds of this process's waited-for children so far (cutime + cstime, in clock ticks of 10 ms). */
function childrenCpuMs(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

async function direct(): Promise<void> {
  const outcome = await runProcess({ file: "/bin/true", args: [], timeoutMs: 10_000, maxOutputBytes: 65_536 });
  if (outcome.exitCode !== 0) throw new Error(`true exited ${outcome.exitCode}`);
}

async function fullRun(executor: SkillExecutor): Promise<void> {
  const workspace = await executor.createWorkspace();
  try {
    await workspace.stageSkill("tiny", SKILL);
    const outcome = await workspace.run("tiny", { command: "true" });
    if (outcome.exitCode !== 0) throw new Error(`sandboxed true exited ${outcome.exitCode}: ${outcome.stderr}`);
  } finally {
    await workspace.cleanup();
  }
}

function report(name: string, samples: number[]): void {
  figure(`${name} p50`, percentile(samples, 50), "ms");
  figure(`${name} p95`, percentile(samples, 95), "ms");
}

const executor = createBubblewrapExecutor();
const availability = await executor.availability();
if (!availability.available) {
  console.log(`bubblewrap is not available: ${availability.reason}\n${availability.remedy}`);
  process.exitCode = 1;
} else {
  console.log(
    `skill_run sandbox: bubblewrap ${availability.version}, node ${process.version}, ${os.cpus().length} CPUs, ${os.release()}, uid ${process.getuid?.()}`,
  );
  console.log(`${RUNS} runs of each series, interleaved, after ${WARMUP} warm-up runs each`);
  const staged = await executor.createWorkspace();
  await staged.stageSkill("tiny", SKILL);
  const runStep = async () => {
    const outcome = await staged.run("tiny", { command: "true" });
    if (outcome.exitCode !== 0) throw new Error(`sandboxed true exited ${outcome.exitCode}: ${outcome.stderr}`);
  };
  const series = { direct: [] as number[], run: [] as number[], full: [] as number[] };
  const cpu = { direct: 0, run: 0, full: 0 };
  const steps: [keyof typeof series, () => Promise<void>][] = [
    ["direct", direct],
    ["run", runStep],
    ["full", () => fullRun(executor)],
  ];
  for (let i = 0; i < WARMUP; i++) for (const [, step] of steps) await step();
  for (let i = 0; i < RUNS; i++) {
    // Rotate the order so no series always runs right after another.
    for (let j = 0; j < steps.length; j++) {
      const [name, step] = steps[(i + j) % steps.length];
      const cpuBefore = childrenCpuMs();
      series[name].push(await timed(step));
      cpu[name] += childrenCpuMs() - cpuBefore;
    }
  }
  await staged.cleanup();

  report("spawn true directly", series.direct);
  report("sandboxed true, run step only", series.run);
  report("sandboxed true, full workspace (create, stage, run, cleanup)", series.full);
  const overhead = percentile(series.run, 95) - percentile(series.direct, 95);
  figure("p50 overhead of the run step", percentile(series.run, 50) - percentile(series.direct, 50), "ms");
  figure("p95 overhead of the run step", overhead, "ms");
  figure("p95 overhead of the full workspace", percentile(series.full, 95) - percentile(series.direct, 95), "ms");
  figure("CPU per run, spawn true directly (children, user+system)", cpu.direct / RUNS, "ms");
  figure("CPU per run, sandboxed true (bwrap and all inside, user+system)", cpu.run / RUNS, "ms");
  console.log(
    `load average during the run: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(", ")} (1, 5, 15 min)`,
  );

  const walls: number[] = [];
  const perRun: number[] = [];
  for (let batch = 0; batch < BATCHES; batch++) {
    walls.push(await timed(async () => void perRun.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, () => timed(() => fullRun(executor))))))));
  }
  console.log(`${CONCURRENCY} concurrent full runs, ${BATCHES} batches`);
  figure(`${CONCURRENCY} concurrent runs wall time p50`, percentile(walls, 50), "ms");
  figure(`${CONCURRENCY} concurrent runs wall time p95`, percentile(walls, 95), "ms");
  figure(`${CONCURRENCY} concurrent runs per-run p95`, percentile(perRun, 95), "ms");
  console.log(`target: run step p95 overhead under ${TARGET_OVERHEAD_MS} ms: ${overhead < TARGET_OVERHEAD_MS ? "met" : "NOT met"}`);
}
