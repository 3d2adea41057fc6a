// The port between the playground's skill_run tool and whatever isolates the scripts it runs. The
// shape follows trpc-agent-go's workspace executor: create a fresh workspace, stage the skill
// (read-only) and the user's inputs into it, run one command, collect output files by glob with
// limits, clean up. One real implementation exists (bubblewrap.ts); a container executor for hosts
// without user namespaces would implement the same interface. Pure: no Next, React or Prisma.

/** What a workspace looks like inside the sandbox (the paths scripts see). */
export const WORKSPACE_DIR = "/workspace";
export const SKILLS_DIR = `${WORKSPACE_DIR}/skills`;
export const WORK_DIR = `${WORKSPACE_DIR}/work`;
export const OUTPUT_DIR = `${WORKSPACE_DIR}/out`;
export const INPUTS_DIR = `${WORKSPACE_DIR}/inputs`;
export const RUNS_DIR = `${WORKSPACE_DIR}/runs`;

/** Limits of one run. Every field is enforced by the executor, not merely requested. */
export interface RunLimits {
  /** Wall clock: the whole process tree is killed when it passes. */
  timeoutMs: number;
  /** CPU seconds (RLIMIT_CPU). */
  cpuSeconds: number;
  /** Address space per process in bytes (RLIMIT_AS). */
  memoryBytes: number;
  /** Processes/threads of the sandbox user (RLIMIT_NPROC). */
  maxProcesses: number;
  /** Largest file a script may write, in bytes (RLIMIT_FSIZE). */
  maxFileBytes: number;
  /** stdout and stderr are each cut at this many bytes, with a visible marker. */
  maxOutputBytes: number;
}

/** Output collection limits (trpc-agent-go's defaults: 100 files, 4 MiB each, 64 MiB in all). */
export interface CollectLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

export const DEFAULT_RUN_LIMITS: RunLimits = {
  timeoutMs: 30_000,
  cpuSeconds: 20,
  memoryBytes: 1024 * 1024 * 1024,
  maxProcesses: 64,
  maxFileBytes: 64 * 1024 * 1024,
  maxOutputBytes: 64 * 1024,
};

export const DEFAULT_COLLECT_LIMITS: CollectLimits = { maxFiles: 100, maxFileBytes: 4 * 1024 * 1024, maxTotalBytes: 64 * 1024 * 1024 };

/** One file of a skill version to stage. `executable` stages it with mode 755, else 644. */
export interface StagedFile {
  path: string;
  bytes: Uint8Array;
  executable: boolean;
}

/** A file the user attached, staged under inputs/<name>. */
export interface InputFile {
  name: string;
  bytes: Uint8Array;
}

export interface RunCommand {
  /** Run with `bash -lc` (trpc-agent-go's convention). */
  command: string;
  /** Relative to the workspace root; defaults to the staged skill's folder. Must stay inside the workspace. */
  cwd?: string;
  /** Extra environment variables (names [A-Z_][A-Z0-9_]*); never the server's own environment. */
  env?: Record<string, string>;
  limits?: Partial<RunLimits>;
}

export interface RunOutcome {
  stdout: string;
  stderr: string;
  /** null when the process was killed by a signal (timeout, limit). */
  exitCode: number | null;
  /** The signal that ended it, e.g. "SIGKILL", or null. */
  signal: string | null;
  timedOut: boolean;
  durationMs: number;
  /** Human-readable notes: "stdout truncated at 64 KiB", "killed after 30 s". */
  warnings: string[];
}

export interface CollectedFile {
  /** Relative to the workspace root, e.g. out/findings.md. */
  path: string;
  bytes: Uint8Array;
  size: number;
}

export interface CollectResult {
  files: CollectedFile[];
  /** Files matched but not collected, with the limit they broke ("out/big.bin: larger than 4 MiB"). */
  skipped: string[];
}

/** A fresh, private directory tree for one run. Nothing survives cleanup(). */
export interface Workspace {
  readonly id: string;
  /** Writes the skill under skills/<name>/ (read-only inside the sandbox). */
  stageSkill(name: string, files: readonly StagedFile[]): Promise<void>;
  /** Writes the user's files under inputs/. */
  stageInputs(files: readonly InputFile[]): Promise<void>;
  run(skillName: string, command: RunCommand, signal?: AbortSignal): Promise<RunOutcome>;
  /** Regular files under the workspace matching any glob (e.g. "out/**"); symlinks are never followed. */
  collect(globs: readonly string[], limits?: Partial<CollectLimits>): Promise<CollectResult>;
  cleanup(): Promise<void>;
}

export type ExecutorAvailability =
  | { available: true; executor: string; version: string }
  /** reason: what is wrong; remedy: how an operator enables it. */
  | { available: false; executor: string; reason: string; remedy: string };

export interface SkillExecutor {
  readonly name: string;
  /** Probed once and cached: whether this host can run sandboxed commands at all. */
  availability(): Promise<ExecutorAvailability>;
  createWorkspace(): Promise<Workspace>;
}
