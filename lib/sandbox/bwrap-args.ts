// The bubblewrap command line of one run, built from plain values so the exact isolation can be
// read, tested and reported. Everything a script can see is listed here; everything else of the
// host does not exist inside.
import path from "node:path";
import { DEFAULT_RUN_LIMITS, INPUTS_DIR, OUTPUT_DIR, RUNS_DIR, SKILLS_DIR, WORK_DIR, WORKSPACE_DIR, type RunLimits } from "./executor";
import { formatSize } from "./output-cap";

/** The identity scripts run as inside (the passwd file staged with each workspace names it). */
export const SANDBOX_UID = 1000;
export const SANDBOX_GID = 1000;
export const SANDBOX_PATH = "/usr/local/bin:/usr/bin:/bin";

/** The few files of /etc that the dynamic loader, Python and coreutils read; all public. */
export const ETC_ENTRIES = ["/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/localtime"];

/** /bin, /lib… as the host has them: symlinks into /usr on merged-/usr systems, else read-only binds. */
export type SystemEntry = { kind: "symlink"; path: string; target: string } | { kind: "bind"; path: string };

export interface SandboxPlan {
  /** Host folder whose skills/ and inputs/ are mounted read-only into the workspace. */
  workspaceDir: string;
  /** Host file holding the rest of the workspace between runs (see workspace-archive.ts). */
  archivePath: string;
  /** Size of the workspace's tmpfs: the most a run can write there. */
  diskBytes: number;
  /** Host folder with the passwd and group files generated for the sandbox user. */
  etcDir: string;
  system: readonly SystemEntry[];
  /** Absolute path inside the sandbox. */
  cwd: string;
  env: Readonly<Record<string, string>>;
  limits: RunLimits;
  command: string;
  /** What this bwrap supports: forbidding nested user namespaces (0.8), sizing a tmpfs (0.5, required). */
  features: BwrapFeatures;
}

export interface BwrapFeatures {
  disableUserns: boolean;
  tmpfsSize: boolean;
}

/** Private scratch space (memory-backed, gone with the sandbox): /tmp, and /dev/shm for semaphores. */
export const TMP_BYTES = 256 * 1024 * 1024;
export const SHM_BYTES = 64 * 1024 * 1024;

/** Variables a caller cannot set: the documented ones, which scripts rely on. */
const RESERVED_ENV = new Set(["PATH", "HOME", "TMPDIR", "LANG", "WORKSPACE_DIR", "SKILLS_DIR", "WORK_DIR", "OUTPUT_DIR", "RUN_DIR", "SKILL_NAME"]);

/** Why a caller's extra variable is refused, or null. */
export function envProblem(name: string, value: string): string | null {
  if (!/^[A-Z_][A-Z0-9_]*$/.test(name)) return `environment variable name "${name}" must match [A-Z_][A-Z0-9_]*`;
  if (RESERVED_ENV.has(name)) return `environment variable ${name} is set by the sandbox and cannot be overridden`;
  if (value.includes("\0")) return `environment variable ${name} contains a NUL byte`;
  return null;
}

/** The whole environment of a script: the documented variables plus the caller's extras. */
export function sandboxEnv(skillName: string, runDir: string, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  for (const [name, value] of Object.entries(extra)) {
    const problem = envProblem(name, value);
    if (problem) throw new Error(problem);
  }
  return {
    ...extra,
    WORKSPACE_DIR,
    SKILLS_DIR,
    WORK_DIR,
    OUTPUT_DIR,
    RUN_DIR: runDir,
    SKILL_NAME: skillName,
    HOME: WORK_DIR,
    PATH: SANDBOX_PATH,
    TMPDIR: "/tmp",
    LANG: "C.UTF-8",
  };
}

/** The working directory inside the sandbox: relative to /workspace (or absolute under it), never outside. */
export function resolveCwd(cwd: string | undefined, skillName: string): string {
  if (cwd === undefined || cwd === "") return `${SKILLS_DIR}/${skillName}`;
  if (cwd.includes("\0")) throw new Error("cwd contains a NUL byte");
  const resolved = path.posix.resolve(WORKSPACE_DIR, cwd);
  if (resolved !== WORKSPACE_DIR && !resolved.startsWith(`${WORKSPACE_DIR}/`)) throw new Error(`cwd "${cwd}" is outside the workspace`);
  return resolved;
}

/** The defaults with the caller's overrides (undefined keeps the default), each a positive whole number. */
export function resolveLimits(partial: Partial<RunLimits> = {}): RunLimits {
  const given = Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined));
  const limits: RunLimits = { ...DEFAULT_RUN_LIMITS, ...given };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`limit ${name} must be a positive whole number, not ${value}`);
  }
  return limits;
}

/** Where the sandbox sees the host file that carries the workspace from one run to the next. */
export const WORKSPACE_ARCHIVE = "/run/workspace.tar";

/**
 * The most the archive of a full workspace may take on the host (tar adds a header per file), in
 * whole KiB: `ulimit -f` counts KiB, and an archive cut at exactly this size is one that was stopped.
 */
export const archiveLimit = (diskBytes: number) => Math.floor((diskBytes + Math.floor(diskBytes / 4)) / 1024) * 1024;

/** The fewest processes (and threads) a run needs: bash, a subshell and a multi-threaded program (node starts 7). */
export const MIN_PROCESSES = 12;

/**
 * Without a cgroup, a run's memory is bounded by its processes: each may map at most memoryBytes
 * (RLIMIT_AS), and the run may have at most maxProcesses processes and threads (RLIMIT_NPROC), so
 * the process cap is lowered until their product stays within memoryTotalBytes.
 */
export function boundLimits(limits: RunLimits, memoryTotalBytes: number): RunLimits {
  const fits = Math.floor(memoryTotalBytes / limits.memoryBytes);
  if (fits < MIN_PROCESSES) {
    throw new Error(
      `the memory limit of ${formatSize(limits.memoryBytes)} per process leaves room for ${fits} processes in the run's ${formatSize(memoryTotalBytes)}; a run needs at least ${MIN_PROCESSES}: lower the limit per process or raise SANDBOX_MEMORY_TOTAL`,
    );
  }
  return { ...limits, maxProcesses: Math.min(limits.maxProcesses, fits) };
}

/**
 * What the login shell inside the sandbox runs ($1 the command, $2 its working directory). It
 * unpacks the files earlier runs left, runs the command in a subshell under the limits (so they
 * bind the script and all it starts but not this shell), then archives the workspace for the host
 * and exits with the command's status. The CPU hard limit sits one second above the soft one:
 * SIGXCPU first (a clear signal), SIGKILL if it is ignored. `ulimit -v` and `-f` count KiB; the
 * shell's own file limit caps the archive.
 */
export function sandboxScript(limits: RunLimits, archiveBytes: number): string {
  const kib = (bytes: number) => Math.max(1, Math.floor(bytes / 1024));
  const limit = [
    `ulimit -t ${limits.cpuSeconds + 1}`,
    `ulimit -S -t ${limits.cpuSeconds}`,
    `ulimit -v ${kib(limits.memoryBytes)}`,
    `ulimit -u ${limits.maxProcesses}`,
    // No file can outgrow the workspace, and the shell cannot raise a limit it lowered.
    `ulimit -f ${kib(Math.min(limits.maxFileBytes, archiveBytes))}`,
  ].join(" && ");
  return [
    `ulimit -c 0 && ulimit -f ${kib(archiveBytes)} || exit 125`,
    `if [ -s ${WORKSPACE_ARCHIVE} ]; then tar -C ${WORKSPACE_DIR} -xf ${WORKSPACE_ARCHIVE} || echo "sandbox: the files earlier runs left could not all be restored" >&2; fi`,
    'mkdir -p -- "$RUN_DIR" && cd -- "$2" || exit 1',
    `(${limit} || exit 125; eval "set --; $1")`,
    "status=$?",
    `tar -C ${WORKSPACE_DIR} --sort=name --exclude=./skills --exclude=./inputs -cf ${WORKSPACE_ARCHIVE} .`,
    'exit "$status"',
  ].join("\n");
}

export function bwrapArgs(plan: SandboxPlan): string[] {
  const args = [
    // New user, PID, network (loopback only, and its own), IPC, UTS and cgroup namespaces.
    "--unshare-all",
    "--unshare-user",
    ...(plan.features.disableUserns ? ["--disable-userns"] : []),
    "--uid",
    String(SANDBOX_UID),
    "--gid",
    String(SANDBOX_GID),
    "--hostname",
    "sandbox",
    "--cap-drop",
    "ALL",
    // The sandbox dies with the server; setsid stops a script from typing into the server's terminal.
    "--die-with-parent",
    "--new-session",
    "--ro-bind",
    "/usr",
    "/usr",
  ];
  for (const entry of plan.system) {
    if (entry.kind === "symlink") args.push("--symlink", entry.target, entry.path);
    else args.push("--ro-bind", entry.path, entry.path);
  }
  args.push("--dir", "/etc");
  for (const entry of ETC_ENTRIES) args.push("--ro-bind-try", entry, entry);
  args.push("--ro-bind", path.join(plan.etcDir, "passwd"), "/etc/passwd", "--ro-bind", path.join(plan.etcDir, "group"), "/etc/group");
  // Every tmpfs is sized: bubblewrap.ts refuses to run with a bwrap that cannot (before 0.5).
  const sized = (bytes: number) => ["--size", String(bytes)];
  // /dev holds only the harmless devices (null, zero, urandom, tty…); its own tmpfs is made read-only.
  args.push("--proc", "/proc", "--dev", "/dev", ...sized(SHM_BYTES), "--perms", "1777", "--tmpfs", "/dev/shm", "--remount-ro", "/dev");
  args.push(...sized(TMP_BYTES), "--perms", "1777", "--tmpfs", "/tmp");
  // The workspace is memory of a fixed size, not the host's disk: a run can fill only that. The
  // skill and the user's files come from the host read-only; the rest travels in the archive.
  args.push("--size", String(plan.diskBytes), "--perms", "0700", "--tmpfs", WORKSPACE_DIR);
  for (const dir of [OUTPUT_DIR, WORK_DIR, RUNS_DIR]) args.push("--perms", "0755", "--dir", dir);
  args.push("--ro-bind", path.join(plan.workspaceDir, "skills"), SKILLS_DIR, "--ro-bind", path.join(plan.workspaceDir, "inputs"), INPUTS_DIR);
  args.push("--bind", plan.archivePath, WORKSPACE_ARCHIVE);
  // The root itself is a tmpfs bubblewrap made: read-only too, so nothing outside /workspace and /tmp is writable.
  args.push("--remount-ro", "/");
  args.push("--chdir", WORKSPACE_DIR, "--clearenv");
  for (const [name, value] of Object.entries(plan.env)) args.push("--setenv", name, value);
  args.push("--", "/bin/bash", "-l", "-c", sandboxScript(plan.limits, archiveLimit(plan.diskBytes)), "bash", plan.command, plan.cwd);
  return args;
}

/** /etc/passwd and /etc/group inside: the sandbox user and nobody (the owner shown for host files). */
export function identityFiles(): { passwd: string; group: string } {
  return {
    passwd: `sandbox:x:${SANDBOX_UID}:${SANDBOX_GID}:skill sandbox:${WORK_DIR}:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
    group: `sandbox:x:${SANDBOX_GID}:\nnogroup:x:65534:\n`,
  };
}
