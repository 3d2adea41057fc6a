// `npm start`: a thin supervisor for the production server, in plain Node on purpose. The heavy
// preparation (TypeScript, zod, Prisma, migrations, a build when needed) runs in a child process
// that exits; what stays alive beside next-server for the server's whole life is only this file
// (about 40 MB instead of the ~300 MB a tsx process holding the app's modules kept).
//
// Its exit code is the server's, so a process manager restarts a server that died: a signal death
// (SIGBUS, kill -9) exits 128 + the signal's number, as a shell reports it. A SIGINT or SIGTERM
// sent to this supervisor is passed to the server, and the server stopping on it is a clean exit.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// V8 sizes its old space from the machine's memory (about 4 GB on a 24 GB host) and collects
// lazily below that, so next-server's resident size kept climbing over a thousand page views
// (to 730 MB in bench:load) with nothing of ours holding on to it. A limit makes it collect instead: about
// 370-405 MB in bench:load. NODE_OPTIONS with its own --max-old-space-size wins.
const HEAP_LIMIT_MB = 256;
const nodeOptions = (current = "") => (/--max-old-space-size/.test(current) ? current : `${current} --max-old-space-size=${HEAP_LIMIT_MB}`.trim());
const production = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1", NODE_OPTIONS: nodeOptions(process.env.NODE_OPTIONS) };

const signalCode = (signal) => 128 + (os.constants.signals[signal] ?? 0);

/**
 * The exit code that reports how the server ended: its own code, 128 + signal number for a death
 * by signal, and 0 when it stopped on a signal this supervisor forwarded (an asked-for shutdown;
 * next-server then exits 130 or 143 itself after closing its connections).
 */
export function exitCodeFor(code, signal, forwarded) {
  const askedFor = [...forwarded].some((sent) => signal === sent || code === signalCode(sent));
  if (askedFor) return 0;
  return signal ? signalCode(signal) : (code ?? 1);
}

function run(command, args, env) {
  return spawn(command, args, { cwd: root, stdio: "inherit", env });
}

/** Runs the preparation child; resolves with where the server should listen. */
function prepare() {
  const planFile = path.join(os.tmpdir(), `skillshelf-start-${process.pid}-${randomBytes(4).toString("hex")}.json`);
  const child = run(path.join(root, "node_modules", ".bin", "tsx"), ["--conditions", "react-server", path.join(root, "scripts", "start-prepare.ts")], { ...process.env, SKILLSHELF_START_PLAN: planFile });
  const stop = (signal) => child.kill(signal);
  process.on("SIGINT", stop).on("SIGTERM", stop);
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      process.off("SIGINT", stop).off("SIGTERM", stop);
      if (code !== 0) process.exit(exitCodeFor(code, signal, new Set()));
      const plan = JSON.parse(readFileSync(planFile, "utf8"));
      rmSync(planFile, { force: true });
      resolve(plan);
    });
  });
}

function serve({ port, hostname }) {
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const server = run(process.execPath, [next, "start", "-p", String(port), "-H", hostname], production);
  const forwarded = new Set();
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      forwarded.add(signal);
      server.kill(signal);
    });
  }
  server.on("exit", (code, signal) => {
    if (signal && !forwarded.has(signal)) console.error(`next-server died of ${signal}; exiting non-zero so a supervisor restarts it.`);
    process.exit(exitCodeFor(code, signal, forwarded));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve(await prepare());
