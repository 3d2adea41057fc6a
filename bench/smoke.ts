// The benchmarks' smoke run, `npm test`'s bench stage (alone: `npx tsx bench/smoke.ts [name ...]`):
// every `bench:*` script of package.json, run as npm runs it with BENCH_SMOKE=1 (bench-kit.ts), at
// sizes that end in seconds. A benchmark that no longer runs (a moved module, a seed count that no
// longer adds up) fails here rather than on the day someone needs its figures. Those that serve
// over HTTP need a production build (npm test makes one first); scale and usage need PostgreSQL
// and run needs bubblewrap, as the tests do. Prints one line per benchmark with its time, and the
// output of each that failed.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// A smoke run that takes longer than this is stuck (a server that never answers), not slow.
const TIMEOUT_MS = 180_000;

const scripts = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const benches = Object.keys(scripts)
  .filter((name) => name.startsWith("bench:"))
  .map((name) => name.slice("bench:".length));
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !benches.includes(name));
if (unknown.length) {
  console.error(`not a bench:* script of package.json: ${unknown.join(", ")} (there are ${benches.join(", ")})`);
  process.exit(2);
}

/** CPU seconds of this process's finished children so far (cutime + cstime, in 10 ms ticks): a run's cost apart from the machine's load. */
function childrenCpuSeconds(): number {
  if (!existsSync("/proc/self/stat")) return NaN;
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function smoke(name: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    // Its own process group, so that a timeout also ends the servers a benchmark started.
    const child = spawn("npm", ["run", "-s", `bench:${name}`], { cwd: root, detached: true, env: { ...process.env, BENCH_SMOKE: "1" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      output += `\n(stopped after ${TIMEOUT_MS / 1000} s)\n`;
      process.kill(-child.pid!, "SIGKILL");
    }, TIMEOUT_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, output });
    });
  });
}

const failed: string[] = [];
const started = performance.now();
for (const name of wanted.length ? wanted : benches) {
  const [benchStarted, cpuBefore] = [performance.now(), childrenCpuSeconds()];
  const { ok, output } = await smoke(name);
  const cpu = childrenCpuSeconds() - cpuBefore;
  console.log(
    `${ok ? "✔" : "✘"} bench:${name} (${((performance.now() - benchStarted) / 1000).toFixed(1)} s${Number.isNaN(cpu) ? "" : `, ${cpu.toFixed(1)} s CPU`})`,
  );
  if (!ok) {
    failed.push(name);
    process.stdout.write(output.replace(/^/gm, `  bench:${name} | `).trimEnd() + "\n");
  }
}
console.log(
  `${(wanted.length ? wanted : benches).length} benchmarks at smoke sizes in ${((performance.now() - started) / 1000).toFixed(1)} s${failed.length ? `; failed: ${failed.join(", ")}` : ""}`,
);
process.exitCode = failed.length ? 1 : 0;
