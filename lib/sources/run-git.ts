// Runs the real git client without ever blocking the server: spawned (never exec*Sync), in a process
// group of its own (detached), so an abort or the timeout SIGKILLs git and every helper it started
// (git-remote-https, ssh, index-pack) at once.
import { spawn } from "node:child_process";
import { SourceFetchError } from "./types";

export type GitScheme = "https" | "http" | "ssh" | "file";

/** Where git is looked for: fixed, like the sandbox's launch path, since the server's PATH is not read here. */
const GIT_PATH = "/usr/local/bin:/usr/bin:/bin";

export interface GitEnvironmentOptions {
  /** The fetch's temp dir: git's HOME, so no user configuration or credential store is read. */
  home: string;
  /** The one transport git may use for this fetch. */
  scheme: GitScheme;
  token: string | null;
}

/** The Authorization header value a token is sent as: Basic with the user GitHub, GitLab and Gitea all accept for tokens. */
export function tokenHeader(token: string): string {
  return `Basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`;
}

/**
 * A closed environment for git: nothing inherited from the server (no GIT_* variables, no
 * credentials), no prompts, no system or global config, no hooks, one transport. Settings go
 * through GIT_CONFIG_COUNT/KEY/VALUE rather than `-c`, so the token never appears in argv.
 */
export function gitEnvironment({ home, scheme, token }: GitEnvironmentOptions): NodeJS.ProcessEnv {
  const config: [string, string][] = [
    ["core.hooksPath", "/dev/null"],
    ["core.fsmonitor", "false"],
    ["protocol.allow", "never"],
    [`protocol.${scheme}.allow`, "always"],
    ["credential.helper", ""],
    // A redirect would take git (and the token) to a host the URL check never saw.
    ["http.followRedirects", "false"],
    ["submodule.recurse", "false"],
    ["fetch.recurseSubmodules", "false"],
    // Automatic gc or maintenance could daemonize and outlive the temp dir.
    ["gc.auto", "0"],
    ["maintenance.auto", "false"],
    ["fetch.writeCommitGraph", "false"],
  ];
  if (token && (scheme === "https" || scheme === "http")) config.push(["http.extraHeader", `Authorization: ${tokenHeader(token)}`]);
  const env: Record<string, string> = {
    PATH: GIT_PATH,
    HOME: home,
    XDG_CONFIG_HOME: home,
    // git's messages are matched to error codes, so they must be the untranslated ones.
    LC_ALL: "C",
    LANG: "C",
    GIT_TERMINAL_PROMPT: "0",
    GIT_ASKPASS: "false",
    SSH_ASKPASS: "false",
    SSH_ASKPASS_REQUIRE: "never",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_SSH_COMMAND: "ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new",
    GIT_ALLOW_PROTOCOL: scheme,
    GIT_CONFIG_COUNT: String(config.length),
  };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env as unknown as NodeJS.ProcessEnv; // ProcessEnv declares NODE_ENV, which git must not get
}

export interface GitRun {
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Aborting kills the process group; the run then rejects with the signal's reason. */
  signal: AbortSignal;
  /** Written to stdin, which is then closed. */
  stdin?: string | Uint8Array;
  /** More stdout than this kills the run and sets `overflow`. */
  maxStdoutBytes?: number;
}

export interface GitResult {
  code: number | null;
  stdout: Buffer;
  /** The last 64 KB of stderr (git's error is at the end). */
  stderr: string;
  overflow: boolean;
}

const STDERR_KEEP = 64 * 1024;

export async function runGit(run: GitRun): Promise<GitResult> {
  run.signal.throwIfAborted();
  const child = spawn("git", run.args, { cwd: run.cwd, env: run.env, detached: true, stdio: ["pipe", "pipe", "pipe"] });
  const out: Buffer[] = [];
  let outBytes = 0;
  let overflow = false;
  let stderr = "";
  const killGroup = () => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  child.stdout.on("data", (chunk: Buffer) => {
    if (overflow) return;
    outBytes += chunk.length;
    if (run.maxStdoutBytes !== undefined && outBytes > run.maxStdoutBytes) {
      overflow = true;
      out.length = 0;
      killGroup();
      return;
    }
    out.push(chunk);
  });
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEEP);
  });
  // git may exit without reading all of stdin (an error): that is reported by its exit code, not EPIPE.
  child.stdin.on("error", () => undefined);
  child.stdin.end(run.stdin);
  run.signal.addEventListener("abort", killGroup, { once: true });
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", (error) => reject(new SourceFetchError("git-failed", `Could not run git: ${error.message}`)));
      child.once("close", (exitCode) => resolve(exitCode));
    });
    run.signal.throwIfAborted();
    return { code, stdout: Buffer.concat(out), stderr, overflow };
  } finally {
    run.signal.removeEventListener("abort", killGroup);
  }
}
