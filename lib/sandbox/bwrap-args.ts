// The bubblewrap command line of one run, built from plain values so the exact isolation can be
// read, tested and reported. Everything a script can see is listed here; everything else of the
// host does not exist inside.
import path from "node:path";
import { DEFAULT_RUN_LIMITS, OUTPUT_DIR, SKILLS_DIR, WORK_DIR, WORKSPACE_DIR, type RunLimits } from "./executor";

/** The identity scripts run as inside (the passwd file staged with each workspace names it). */
export const SANDBOX_UID = 1000;
export const SANDBOX_GID = 1000;
export const SANDBOX_PATH = "/usr/local/bin:/usr/bin:/bin";

/** The few files of /etc that the dynamic loader, Python and coreutils read; all public. */
export const ETC_ENTRIES = ["/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/localtime"];

/** /bin, /lib… as the host has them: symlinks into /usr on merged-/usr systems, else read-only binds. */
export type SystemEntry = { kind: "symlink"; path: string; target: string } | { kind: "bind"; path: string };

export interface SandboxPlan {
  /** Host folder mounted read-write at /workspace; its skills/ is mounted again read-only. */
  workspaceDir: string;
  /** Host folder with the passwd and group files generated for the sandbox user. */
  etcDir: string;
  system: readonly SystemEntry[];
  /** Absolute path inside the sandbox. */
  cwd: string;
  env: Readonly<Record<string, string>>;
  limits: RunLimits;
  command: string;
  /** What this bwrap supports beyond 0.5: forbidding nested user namespaces, sizing a tmpfs. */
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

/**
 * Limits are set by the login shell inside the sandbox just before it evaluates the command (as
 * `bash -lc` would, without a second bash start), so they bind the script and all it starts but not
 * bubblewrap's setup. The CPU hard limit sits one second above the soft one: SIGXCPU first (a clear
 * signal), SIGKILL if it is ignored. `ulimit -v` and `-f` count KiB.
 */
export function limitsScript(limits: RunLimits): string {
  const kib = (bytes: number) => Math.max(1, Math.floor(bytes / 1024));
  return [
    `ulimit -t ${limits.cpuSeconds + 1}`,
    `ulimit -S -t ${limits.cpuSeconds}`,
    `ulimit -v ${kib(limits.memoryBytes)}`,
    `ulimit -u ${limits.maxProcesses}`,
    `ulimit -f ${kib(limits.maxFileBytes)}`,
    "ulimit -c 0",
  ]
    .join(" && ")
    .concat(' || exit 125; eval "set --; $1"');
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
  const sized = (bytes: number) => (plan.features.tmpfsSize ? ["--size", String(bytes)] : []);
  // /dev holds only the harmless devices (null, zero, urandom, tty…); its own tmpfs is made read-only.
  args.push("--proc", "/proc", "--dev", "/dev", ...sized(SHM_BYTES), "--perms", "1777", "--tmpfs", "/dev/shm", "--remount-ro", "/dev");
  args.push(...sized(TMP_BYTES), "--perms", "1777", "--tmpfs", "/tmp");
  args.push("--bind", plan.workspaceDir, WORKSPACE_DIR, "--ro-bind", path.join(plan.workspaceDir, "skills"), SKILLS_DIR);
  // The root itself is a tmpfs bubblewrap made: read-only too, so nothing outside /workspace and /tmp is writable.
  args.push("--remount-ro", "/");
  args.push("--chdir", plan.cwd, "--clearenv");
  for (const [name, value] of Object.entries(plan.env)) args.push("--setenv", name, value);
  args.push("--", "/bin/bash", "-l", "-c", limitsScript(plan.limits), "bash", plan.command);
  return args;
}

/** /etc/passwd and /etc/group inside: the sandbox user and nobody (the owner shown for host files). */
export function identityFiles(): { passwd: string; group: string } {
  return {
    passwd: `sandbox:x:${SANDBOX_UID}:${SANDBOX_GID}:skill sandbox:${WORK_DIR}:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
    group: `sandbox:x:${SANDBOX_GID}:\nnogroup:x:65534:\n`,
  };
}
