// Runs one process tree with a wall-clock timeout and capped output. The process starts in a session
// of its own (detached), so the timeout and an abort can SIGKILL the whole group at once; for a
// sandbox that group is bubblewrap, whose death takes the PID namespace and everything in it along.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import type { RunOutcome } from "./executor";
import { createOutputCap, formatSize } from "./output-cap";

export const LAUNCH_PATH = "/usr/local/bin:/usr/bin:/bin";
/** The only variable the launched program gets from the server: where to find its own helpers. */
export const LAUNCH_ENV = { PATH: LAUNCH_PATH } as unknown as NodeJS.ProcessEnv; // ProcessEnv declares NODE_ENV, which it must not get

export interface ProcessRun {
  file: string;
  args: readonly string[];
  timeoutMs: number;
  maxOutputBytes: number;
  /** Host user and group to run as (only a root server can switch). */
  uid?: number;
  gid?: number;
  signal?: AbortSignal;
  /** Written to the process's stdin, which is then closed; without it stdin is empty (closed at once). */
  stdin?: Uint8Array;
}

const signalNames = new Map(Object.entries(constants.signals).map(([name, number]) => [number, name]));

/** What a shell reports as 128+n: the signal n that ended the command. */
export const signalOfExitCode = (code: number | null): string | null => (code !== null && code > 128 ? (signalNames.get(code - 128) ?? null) : null);

const seconds = (ms: number) => `${Number.isInteger(ms / 1000) ? ms / 1000 : (ms / 1000).toFixed(1)} s`;

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The run was aborted", "AbortError");
}

/**
 * Resolves when the process and its output are done. exitCode is null and signal "SIGKILL" when the
 * timeout killed it; on an abort the tree is killed and the promise rejects with the abort reason.
 */
export async function runProcess(run: ProcessRun): Promise<RunOutcome> {
  if (run.signal?.aborted) throw abortReason(run.signal);
  const started = performance.now();
  const child = spawn(run.file, run.args, {
    cwd: "/",
    env: LAUNCH_ENV,
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
    ...(run.uid !== undefined ? { uid: run.uid, gid: run.gid } : {}),
  });
  const stdout = createOutputCap(run.maxOutputBytes);
  const stderr = createOutputCap(run.maxOutputBytes);
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  // A program that exits without reading all of stdin closes the pipe (EPIPE): its choice, not a failure of the run.
  child.stdin.on("error", () => undefined);
  child.stdin.end(run.stdin);

  let timedOut = false;
  let aborted = false;
  const killTree = () => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killTree();
  }, run.timeoutMs);
  const onAbort = () => {
    aborted = true;
    killTree();
  };
  run.signal?.addEventListener("abort", onAbort, { once: true });
  let drainTimer: NodeJS.Timeout | undefined;

  try {
    const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", (code, signal) => resolve({ code, signal }));
      // Every process of the sandbox dies with it, so its pipes close at once; should anything still
      // hold them, stop waiting after a moment instead of hanging the caller.
      child.once("exit", () => {
        drainTimer = setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
        }, 2000);
      });
    });
    if (aborted && run.signal) throw abortReason(run.signal);
    const durationMs = Math.round(performance.now() - started);
    const out = stdout.finish();
    const err = stderr.finish();
    const warnings: string[] = [];
    if (timedOut) warnings.push(`killed after ${seconds(run.timeoutMs)}: the wall-clock timeout`);
    if (out.hiddenBytes) warnings.push(`stdout truncated at ${formatSize(run.maxOutputBytes)} (${formatSize(out.hiddenBytes)} more not shown)`);
    if (err.hiddenBytes) warnings.push(`stderr truncated at ${formatSize(run.maxOutputBytes)} (${formatSize(err.hiddenBytes)} more not shown)`);
    return {
      stdout: out.text,
      stderr: err.text,
      exitCode: signal ? null : code,
      signal: signal ?? signalOfExitCode(code),
      timedOut,
      durationMs,
      warnings,
    };
  } finally {
    clearTimeout(timer);
    clearTimeout(drainTimer);
    run.signal?.removeEventListener("abort", onAbort);
  }
}
