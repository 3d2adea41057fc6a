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
  /** Processes/threads of the sandbox user (RLIMIT_NPROC); lowered so that × memoryBytes it fits the executor's total. */
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
  /** Written to the command's stdin, which is then closed (at most MAX_STDIN_BYTES); without it stdin is empty. */
  stdin?: string | Uint8Array;
}

/** The most a run's stdin may carry: a bound tool's arguments, not a file (files go under inputs/). */
export const MAX_STDIN_BYTES = 1024 * 1024;

export interface RunOutcome {
  stdout: string;
  stderr: string;
  /**
   * The command's exit status as a shell reports it: 128+n when signal n ended it (a resource limit:
   * 152 for SIGXCPU, 153 for SIGXFSZ, 137 for SIGKILL). null only when the executor killed the
   * sandbox itself (the wall-clock timeout).
   */
  exitCode: number | null;
  /** The signal that ended it ("SIGKILL" after a timeout, "SIGXCPU" at the CPU limit…), or null. */
  signal: string | null;
  timedOut: boolean;
  durationMs: number;
  /** Human-readable notes: "stdout truncated at 64 KB (1.2 MB more not shown)", "killed after 30 s: the wall-clock timeout". */
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
  /**
   * Writes the skill under skills/<name>/ (read-only inside the sandbox), plus links out, work and
   * inputs in its folder unless it has entries of those names. Throws on an absolute path, "..",
   * NUL or a file staged twice; never creates a symlink from skill content.
   */
  stageSkill(name: string, files: readonly StagedFile[]): Promise<void>;
  /** Writes the user's files under inputs/ (names: one segment, no slash or "..", at most 255 bytes). */
  stageInputs(files: readonly InputFile[]): Promise<void>;
  /**
   * Runs one command in a new sandbox over this workspace. Throws on a bad request (unstaged skill,
   * cwd outside the workspace, reserved or malformed env names, limits that are not positive
   * integers). When `signal` aborts, the whole process tree is killed and the promise rejects with
   * the abort reason. A failing command is not an error: it resolves with its exit code.
   */
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
