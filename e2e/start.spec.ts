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

type Started = {
  launched: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  dir: string;
  stderr: () => string;
};

async function startApp([command, ...args]: string[], existingDir?: string): Promise<Started> {
  const dir = existingDir ?? (await mkdtemp(path.join(os.tmpdir(), "skillshelf-start-")));
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
  let stderr = "";
  launched.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, { timeout: 90_000, intervals: [500] })
    .toBe(200);
  return { launched, exited, dir, stderr: () => stderr };
}

const base = `http://127.0.0.1:${port}`;

/** Signs the demo admin in and answers the session cookie. */
async function signInCookie(): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
    body: JSON.stringify({ email: "ada@example.com", password: "skillshelf-demo" }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** `count` GETs spread over `clients` concurrent clients; answers the statuses that were not 200. */
async function requestPages(paths: string[], cookie: string, count: number, clients = 4): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const client = async () => {
    for (let i = next++; i < count; i = next++) {
      const url = paths[i % paths.length];
      const response = await fetch(`${base}${url}`, { headers: { cookie }, redirect: "manual" }).catch((error: Error) => error);
      if (response instanceof Error) failures.push(`${url}: ${response.message}`);
      else {
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`${url}: ${response.status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return failures;
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

  // better-sqlite3 12 aborted Node 24 (`(env) != nullptr` in a statement's destructor) after a few
  // or a few hundred requests, and on restarts: this drives every page kind through Prisma, kills
  // the server, starts it again on the same database and goes on, on whatever Node runs the tests.
  test(`serves 1,000 page requests, survives a kill -9 and a restart on the same database (Node ${process.versions.node})`, async () => {
    test.setTimeout(420_000);
    let app = await startApp(["npm", "start", "--silent"]);
    const dir = app.dir;
    try {
      const cookie = await signInCookie();
      const list = await (await fetch(`${base}/skills`, { headers: { cookie } })).text();
      const skill = /href="(\/skills\/[a-z0-9]{20,})"/.exec(list)?.[1];
      expect(skill, "a skill link on /skills").toBeDefined();
      const pages = ["/skills", skill!, `${skill}/versions`, "/playground", "/reviews", "/teams", "/skills?q=review", "/api/health"];
      expect(await requestPages(pages, cookie, 1000)).toEqual([]);

      process.kill(findNextServer(app.launched.pid!)!.pid, "SIGKILL");
      expect((await app.exited).code).toBe(128 + os.constants.signals.SIGKILL);
      expect(app.stderr()).not.toMatch(/Assertion failed|Segmentation fault|Aborted/);

      app = await startApp(["sh", "server/start.sh"], dir);
      expect(await requestPages(pages, await signInCookie(), 200)).toEqual([]);
      process.kill(app.launched.pid!, "SIGTERM");
      expect(await app.exited).toEqual({ code: 0, signal: null });
      expect(app.stderr()).not.toMatch(/Assertion failed|Segmentation fault|Aborted/);
    } finally {
      app.launched.kill("SIGKILL");
      await rm(dir, { recursive: true, force: true });
    }
  });

  // npm itself re-raises a SIGTERM it was sent (it dies of it, whatever the script did), so this
  // signals the script npm start runs (which has become the server by then).
  test("SIGTERM stops the server and exits 0", async () => {
    const app = await startApp(["sh", "server/start.sh"]);
    try {
      const server = findNextServer(app.launched.pid!);
      expect(server).toBeDefined();
      // The memory settings the start script gives the server (server/start.sh says why), and no compile cache.
      const environment = new Map(
        readFileSync(`/proc/${server!.pid}/environ`, "utf8")
          .split("\0")
          .map((entry) => entry.split(/=(.*)/s, 2) as [string, string]),
      );
      expect(environment.get("NODE_OPTIONS")?.split(" ")).toEqual(expect.arrayContaining(["--max-old-space-size=256", "--max-semi-space-size=8"]));
      expect(environment.get("MALLOC_MMAP_THRESHOLD_")).toBe("16384");
      expect(environment.get("MALLOC_ARENA_MAX")).toBe("2");
      expect(environment.has("NODE_COMPILE_CACHE")).toBe(false);
      // On Node 26 the server loads node:ffi to trim malloc's heap (server/malloc-trim.mjs), quietly.
      expect(app.stderr()).not.toMatch(/ExperimentalWarning|FFI/);
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
