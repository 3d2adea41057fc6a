import { execFileSync, spawn } from "node:child_process";
import { freePort } from "./postgres-cluster";

/** The redis-server binary on PATH, or null when Redis is not installed. */
export function findRedisServer(): string | null {
  try {
    return execFileSync("which", ["redis-server"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

export const NO_REDIS_MESSAGE = "redis-server is not installed (not on PATH): install Debian's `redis-server` package to run the Redis tests.";

/**
 * A throwaway Redis on 127.0.0.1 and a free port, in memory only (no snapshots, no append-only
 * file), started in the foreground so that stop() ends exactly this process.
 */
export async function startRedisServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const binary = findRedisServer();
  if (!binary) throw new Error(NO_REDIS_MESSAGE);
  const port = await freePort();
  const child = spawn(binary, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
