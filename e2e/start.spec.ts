// `npm start` as a process manager sees it: started the real way (package.json's start script, on
// its own port and database), its exit code must say whether the server died or was stopped.
// `launched` is what the test started (npm, or the start script that becomes the server).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "./instance";
import { findNextServer } from "./process-tree";

const root = path.resolve(import.meta.dirname, "..");
const port = E2E_PORT + 1000;

type Started = { launched: ChildProcess; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>; dir: string };

async function startApp([command, ...args]: string[]): Promise<Started> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "skillshelf-start-"));
  const launched = spawn(command, args, {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${path.join(dir, "app.db")}`,
      BETTER_AUTH_URL: `http://localhost:${port}`,
      BETTER_AUTH_SECRET: "start-test-only-secret-not-for-production-0123",
    },
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    launched.on("exit", (code, signal) => resolve({ code, signal })),
  );
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, { timeout: 90_000, intervals: [500] })
    .toBe(200);
  return { launched, exited, dir };
}

test.describe("npm start", () => {
  test.describe.configure({ mode: "serial", timeout: 150_000 });

  test("exits non-zero when the server is killed (kill -9), so a process manager restarts it", async () => {
    const app = await startApp(["npm", "start", "--silent"]);
    try {
      const server = findNextServer(app.launched.pid!);
      expect(server, "next-server among npm start's processes").toBeDefined();
      process.kill(server!.pid, "SIGKILL");
      const { code } = await app.exited;
      expect(code).toBe(128 + os.constants.signals.SIGKILL);
    } finally {
      app.launched.kill("SIGKILL");
      await rm(app.dir, { recursive: true, force: true });
    }
  });

  // npm itself re-raises a SIGTERM it was sent (it dies of it, whatever the script did), so this
  // signals the script npm start runs (which has become the server by then).
  test("SIGTERM stops the server and exits 0", async () => {
    const app = await startApp(["sh", "scripts/start.sh"]);
    try {
      const server = findNextServer(app.launched.pid!);
      expect(server).toBeDefined();
      process.kill(app.launched.pid!, "SIGTERM");
      expect(await app.exited).toEqual({ code: 0, signal: null });
      await expect.poll(() => processAlive(server!.pid)).toBe(false);
    } finally {
      app.launched.kill("SIGKILL");
      await rm(app.dir, { recursive: true, force: true });
    }
  });
});

// A zombie (exited, not yet reaped by whoever adopted it) counts as stopped.
function processAlive(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
