import { spawn } from "node:child_process";
import path from "node:path";

// The real `skills` CLI (vercel-labs/skills, npm `skills`, pinned in devDependencies), run as a
// person runs it: its own HOME and working folder, no telemetry, no terminal. For the tests of
// delivery links (lib/http/feeds-cli.test.ts, e2e/feeds.spec.ts).

const CLI = path.resolve(import.meta.dirname, "../../node_modules/skills/bin/cli.mjs");

export interface SkillsCliRun {
  code: number | null;
  /** stdout and stderr together, as a terminal would show them. */
  output: string;
}

export function runSkillsCli(args: string[], options: { cwd: string; home: string; timeoutMs?: number }): Promise<SkillsCliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd,
      // Nothing of this process's environment but PATH (and NODE_ENV, which the types require): the CLI must not see a token or a config of ours.
      env: {
        NODE_ENV: process.env.NODE_ENV,
        PATH: process.env.PATH ?? "",
        HOME: options.home,
        DISABLE_TELEMETRY: "1",
        DO_NOT_TRACK: "1",
        CI: "1",
        NO_COLOR: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 90_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
