// The skill executor on Linux: every run is a bubblewrap sandbox (user, PID, network, IPC, UTS and
// cgroup namespaces; a read-only /usr; no writable host folder: the workspace is a tmpfs of fixed
// size whose files travel between runs as an archive) around one `bash -lc` command. Where bubblewrap is missing or cannot create namespaces, availability() says
// why and nothing runs: there is no unsandboxed fallback.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { constants, lstatSync, readlinkSync } from "node:fs";
import { access, chmod, chown, lstat, mkdir, mkdtemp, stat, symlink, truncate, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  archiveLimit,
  boundLimits,
  bwrapArgs,
  identityFiles,
  resolveCwd,
  resolveLimits,
  sandboxEnv,
  TMP_BYTES,
  type BwrapFeatures,
  type SystemEntry,
} from "./bwrap-args";
import {
  DEFAULT_COLLECT_LIMITS,
  DEFAULT_RUN_LIMITS,
  MAX_STDIN_BYTES,
  RUNS_DIR,
  type CollectLimits,
  type ExecutorAvailability,
  type InputFile,
  type RunCommand,
  type RunLimits,
  type RunOutcome,
  type SkillExecutor,
  type StagedFile,
  type Workspace,
} from "./executor";
import { formatSize } from "./output-cap";
import { LAUNCH_ENV, LAUNCH_PATH, runProcess } from "./run-process";
import { collectFromArchive } from "./workspace-archive";
import { ensureRunsRoot, makeDirectories, removeTree, segmentProblem, writeNewFile } from "./workspace-fs";

const run = promisify(execFile);

export interface BubblewrapOptions {
  /** The bwrap binary; by default the first `bwrap` in /usr/local/bin, /usr/bin, /bin. */
  bwrapPath?: string;
  /** Where workspaces are made; default <os.tmpdir()>/skillshelf-runs. */
  runsRoot?: string;
  /**
   * The host user sandboxes run as when the server itself runs as root (default 65534, nobody):
   * the kernel does not apply RLIMIT_NPROC to root, so a fork bomb would not stop otherwise.
   */
  rootRunsAs?: { uid: number; gid: number };
  /** The address space each process may map unless a run says otherwise (default 1 GiB). */
  processMemoryBytes?: number;
  /** The most memory one run's processes may map together (default 16 GiB): caps its process count. */
  memoryTotalBytes?: number;
  /** The size of a run's workspace, which lives in memory (default 256 MiB): the most it can write there. */
  diskBytes?: number;
}

export const DEFAULT_MEMORY_TOTAL_BYTES = 16 * 1024 ** 3;
export const DEFAULT_DISK_BYTES = 256 * 1024 ** 2;

export const BUBBLEWRAP_REMEDY =
  "Install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap) and let unprivileged processes create user namespaces " +
  "(sysctl kernel.unprivileged_userns_clone=1 on older Debian kernels; kernel.apparmor_restrict_unprivileged_userns=0 on Ubuntu 24.04 and later; " +
  "user.max_user_namespaces above 0). Inside Docker, the default seccomp profile blocks them: allow them, or run skill scripts through a container executor.";

const SEARCH_PATH = LAUNCH_PATH.split(":");
const SYSTEM_DIRS = ["/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32"];
const MAX_COMMAND_BYTES = 64 * 1024;

/** How the host lays out /bin, /lib…: merged-/usr symlinks are recreated, real folders bound read-only. */
export function detectSystemLayout(): SystemEntry[] {
  return SYSTEM_DIRS.flatMap((dir): SystemEntry[] => {
    try {
      const stat = lstatSync(dir);
      if (stat.isSymbolicLink()) return [{ kind: "symlink", path: dir, target: readlinkSync(dir) }];
      return stat.isDirectory() ? [{ kind: "bind", path: dir }] : [];
    } catch {
      return [];
    }
  });
}

interface Tool {
  bwrap: string;
  version: string;
  features: BwrapFeatures;
  system: SystemEntry[];
}

class ProbeFailure extends Error {}

async function locateTool(bwrapPath: string | undefined): Promise<Tool> {
  const candidates = bwrapPath ? [bwrapPath] : SEARCH_PATH.map((dir) => path.join(dir, "bwrap"));
  let bwrap: string | undefined;
  for (const candidate of candidates) {
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    ) {
      bwrap = candidate;
      break;
    }
  }
  if (!bwrap) throw new ProbeFailure(`bubblewrap (bwrap) was not found ${bwrapPath ? `at ${bwrapPath}` : `in ${SEARCH_PATH.join(", ")}`}`);
  const options = { env: LAUNCH_ENV, timeout: 5000 };
  const version = (await run(bwrap, ["--version"], options)).stdout.trim().replace(/^bubblewrap\s+/, "");
  const help = await run(bwrap, ["--help"], options).then(
    ({ stdout }) => stdout,
    () => "",
  );
  const features = { disableUserns: help.includes("--disable-userns"), tmpfsSize: help.includes("--size") };
  return { bwrap, version, features, system: detectSystemLayout() };
}

const trimmed = (text: string) => {
  const oneLine = text.trim().replace(/\s*\n\s*/g, "; ");
  return oneLine.length > 400 ? `${oneLine.slice(0, 400)}…` : oneLine;
};

interface Context {
  tool: () => Promise<Tool>;
  runsRoot: string;
  /** Set when a root server hands the sandbox to another host user. */
  runAs: { uid: number; gid: number } | null;
  processMemoryBytes: number;
  memoryTotalBytes: number;
  diskBytes: number;
}

/** A folder the sandbox writes to must belong to the host user it runs as. */
async function handOver(target: string, context: Context): Promise<void> {
  if (context.runAs) await chown(target, context.runAs.uid, context.runAs.gid);
}

class BubblewrapWorkspace implements Workspace {
  private readonly root: string;
  private cleaned = false;

  constructor(
    readonly id: string,
    /** Holds workspace/ (its skills/ and inputs/ are mounted in /workspace), workspace.tar (the rest) and etc/ (passwd, group). */
    private readonly dir: string,
    private readonly context: Context,
  ) {
    this.root = path.join(dir, "workspace");
  }

  private get archive() {
    return path.join(this.dir, "workspace.tar");
  }

  async stageSkill(name: string, files: readonly StagedFile[]): Promise<void> {
    this.assertOpen();
    const problem = segmentProblem(name);
    if (problem) throw new Error(`skill name: ${problem}`);
    const skillDir = await makeDirectories(this.root, `skills/${name}`);
    for (const file of files) await writeNewFile(skillDir, file.path, file.bytes, file.executable ? 0o755 : 0o644);
    // From the skill folder (the default cwd) `scripts/x.py > out/y` should work as in trpc-agent-go;
    // a skill with its own entry of that name keeps it. Relative, so they resolve inside the workspace.
    const topLevel = new Set(files.map((file) => file.path.split("/")[0]));
    for (const link of ["out", "work", "inputs"]) {
      if (!topLevel.has(link)) await symlink(`../../${link}`, path.join(skillDir, link));
    }
  }

  async stageInputs(files: readonly InputFile[]): Promise<void> {
    this.assertOpen();
    for (const file of files) {
      const problem = segmentProblem(file.name);
      if (problem) throw new Error(`input name: ${problem}`);
    }
    const inputs = await makeDirectories(this.root, "inputs");
    for (const file of files) await writeNewFile(inputs, file.name, file.bytes, 0o644);
  }

  async run(skillName: string, command: RunCommand, signal?: AbortSignal): Promise<RunOutcome> {
    this.assertOpen();
    const tool = await this.context.tool();
    const problem = segmentProblem(skillName);
    if (problem) throw new Error(`skill name: ${problem}`);
    const staged = await lstat(path.join(this.root, "skills", skillName)).catch(() => null);
    if (!staged?.isDirectory()) throw new Error(`skill "${skillName}" is not staged in this workspace`);
    if (command.command.includes("\0")) throw new Error("the command contains a NUL byte");
    if (Buffer.byteLength(command.command) > MAX_COMMAND_BYTES) throw new Error(`the command is longer than ${formatSize(MAX_COMMAND_BYTES)}`);
    const stdin = typeof command.stdin === "string" ? new TextEncoder().encode(command.stdin) : command.stdin;
    if (stdin && stdin.length > MAX_STDIN_BYTES) throw new Error(`stdin is larger than ${formatSize(MAX_STDIN_BYTES)}`);
    if (!tool.features.tmpfsSize)
      throw new Error(`bubblewrap ${tool.version} cannot size a tmpfs (--size needs 0.5 or later), so a run's disk limit would not hold`);
    const asked = { ...command.limits, memoryBytes: command.limits?.memoryBytes ?? this.context.processMemoryBytes };
    const limits = boundLimits(resolveLimits(asked), this.context.memoryTotalBytes);
    const cwd = resolveCwd(command.cwd, skillName);
    const runId = `run-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
    const args = bwrapArgs({
      workspaceDir: this.root,
      archivePath: this.archive,
      diskBytes: this.context.diskBytes,
      etcDir: path.join(this.dir, "etc"),
      system: tool.system,
      cwd,
      env: sandboxEnv(skillName, `${RUNS_DIR}/${runId}`, command.env),
      limits,
      command: command.command,
      features: tool.features,
    });
    const outcome = await runProcess({
      file: tool.bwrap,
      args,
      timeoutMs: limits.timeoutMs,
      maxOutputBytes: limits.maxOutputBytes,
      signal,
      stdin,
      ...this.context.runAs,
    });
    const bounds = { memoryTotalBytes: this.context.memoryTotalBytes, diskBytes: this.context.diskBytes };
    return { ...outcome, warnings: [...outcome.warnings, ...limitWarnings(outcome, limits, bounds), ...(await this.keptFiles(outcome))] };
  }

  /** What became of the files the run left: an archive cut short at its limit is dropped whole. */
  private async keptFiles(outcome: RunOutcome): Promise<string[]> {
    const limit = archiveLimit(this.context.diskBytes);
    if ((await stat(this.archive)).size >= limit) {
      await truncate(this.archive, 0);
      return [`the files left in the workspace came to more than ${formatSize(limit)} as an archive; none were kept`];
    }
    return outcome.timedOut ? ["files written during this run were not kept: it was stopped before the workspace was saved"] : [];
  }

  async collect(globs: readonly string[], limits: Partial<CollectLimits> = {}) {
    this.assertOpen();
    return collectFromArchive(this.archive, globs, { ...DEFAULT_COLLECT_LIMITS, ...limits });
  }

  async cleanup(): Promise<void> {
    this.cleaned = true;
    await removeTree(this.dir);
  }

  private assertOpen() {
    if (this.cleaned) throw new Error(`workspace ${this.id} was cleaned up`);
  }
}

/**
 * Names the limit behind an exit status or an error, so the model can tell "my script failed" from
 * "it was stopped", and which setting bounds it.
 */
export function limitWarnings(outcome: RunOutcome, limits: RunLimits, bounds: { memoryTotalBytes: number; diskBytes: number }): string[] {
  if (outcome.timedOut || outcome.exitCode === null) return [];
  const warnings: string[] = [];
  if (/MemoryError|Cannot allocate memory|std::bad_alloc|out of memory|memory allocation failed/i.test(outcome.stderr)) {
    warnings.push(
      `out of memory: each process may map ${formatSize(limits.memoryBytes)}, and a run may have ${limits.maxProcesses} processes and threads (${formatSize(bounds.memoryTotalBytes)} in all)`,
    );
  }
  if (/fork: (?:retry: )?Resource temporarily unavailable|Resource temporarily unavailable|can't start new thread/i.test(outcome.stderr)) {
    warnings.push(
      `the process limit: a run may have ${limits.maxProcesses} processes and threads (${formatSize(bounds.memoryTotalBytes)} of memory at ${formatSize(limits.memoryBytes)} each)`,
    );
  }
  if (/No space left on device/.test(outcome.stderr)) {
    warnings.push(`out of space: the workspace holds at most ${formatSize(bounds.diskBytes)}, /tmp ${formatSize(TMP_BYTES)}`);
  }
  return [...signalWarnings(outcome, limits), ...warnings];
}

function signalWarnings(outcome: RunOutcome, limits: RunLimits): string[] {
  if (outcome.signal === "SIGXCPU") return [`stopped at the CPU time limit of ${limits.cpuSeconds} s (SIGXCPU)`];
  if (outcome.signal === "SIGXFSZ") return [`stopped at the file size limit of ${formatSize(limits.maxFileBytes)} (SIGXFSZ)`];
  if (outcome.signal === "SIGKILL") return [`killed (SIGKILL): the CPU time hard limit of ${limits.cpuSeconds + 1} s, or out of memory`];
  if (outcome.exitCode === 125) return ["the sandbox could not apply its resource limits"];
  return [];
}

export function createBubblewrapExecutor(options: BubblewrapOptions = {}): SkillExecutor {
  let tool: Promise<Tool> | undefined;
  let probe: Promise<ExecutorAvailability> | undefined;
  const context: Context = {
    tool: () => (tool ??= locateTool(options.bwrapPath)),
    runsRoot: options.runsRoot ?? path.join(os.tmpdir(), "skillshelf-runs"),
    runAs: process.getuid?.() === 0 ? (options.rootRunsAs ?? { uid: 65534, gid: 65534 }) : null,
    processMemoryBytes: options.processMemoryBytes ?? DEFAULT_RUN_LIMITS.memoryBytes,
    memoryTotalBytes: options.memoryTotalBytes ?? DEFAULT_MEMORY_TOTAL_BYTES,
    diskBytes: options.diskBytes ?? DEFAULT_DISK_BYTES,
  };

  const createWorkspace = async (): Promise<Workspace> => {
    await ensureRunsRoot(context.runsRoot);
    const dir = await mkdtemp(path.join(context.runsRoot, "ws-"));
    const workspace = new BubblewrapWorkspace(path.basename(dir), dir, context);
    try {
      // The sandbox user must pass through dir (711) to its workspace (700, its own); the rest stays the server's.
      if (context.runAs) await chmod(dir, 0o711);
      const root = path.join(dir, "workspace");
      const etc = path.join(dir, "etc");
      const identity = identityFiles();
      // Modes are set explicitly: under a umask of 077 the sandbox user could not read the skill.
      const folder = (target: string, mode: number) => mkdir(target).then(() => chmod(target, mode));
      const file = (target: string, text: string, mode = 0o644) => writeFile(target, text).then(() => chmod(target, mode));
      // The sandbox mounts only what is in here; the server keeps it (the sandbox user reads it).
      await Promise.all([folder(root, 0o755), folder(etc, 0o755)]);
      await Promise.all([
        folder(path.join(root, "skills"), 0o755),
        folder(path.join(root, "inputs"), 0o755),
        file(path.join(dir, "workspace.tar"), "", 0o600).then(() => handOver(path.join(dir, "workspace.tar"), context)),
        file(path.join(etc, "passwd"), identity.passwd),
        file(path.join(etc, "group"), identity.group),
      ]);
      return workspace;
    } catch (error) {
      await workspace.cleanup();
      throw error;
    }
  };

  const runProbe = async (): Promise<ExecutorAvailability> => {
    let version = "unknown";
    try {
      version = (await context.tool()).version;
      const workspace = await createWorkspace();
      try {
        await workspace.stageSkill("probe", [{ path: "SKILL.md", bytes: new TextEncoder().encode("---\nname: probe\n---\n"), executable: false }]);
        const outcome = await workspace.run("probe", { command: "true", limits: { timeoutMs: 10_000 } });
        if (outcome.exitCode !== 0) {
          const detail = trimmed(outcome.stderr) || (outcome.timedOut ? "it did not finish within 10 s" : `exit code ${outcome.exitCode ?? outcome.signal}`);
          return { available: false, executor: "bubblewrap", reason: `bubblewrap ${version} could not create a sandbox: ${detail}`, remedy: BUBBLEWRAP_REMEDY };
        }
      } finally {
        await workspace.cleanup();
      }
      return { available: true, executor: "bubblewrap", version };
    } catch (error) {
      const reason = error instanceof ProbeFailure ? error.message : `bubblewrap ${version} could not be started: ${trimmed((error as Error).message)}`;
      return { available: false, executor: "bubblewrap", reason, remedy: BUBBLEWRAP_REMEDY };
    }
  };

  return { name: "bubblewrap", availability: () => (probe ??= runProbe()), createWorkspace };
}
