// CLI start-up benchmark (`npm run bench:cli`): `validate` of one corpus skill, the whole command
// timed as a user runs it. The bundled launcher (cli/admin/skills-cli.mjs, what `npm run skills`
// runs now) against the same CLI through tsx (what it ran before), plus npm's own overhead.
// Each figure prints as "<figure>: <number> <unit>"; times are medians of 7 runs after a warm-up.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { sized } from "./bench-kit";

const ROOT = path.resolve(import.meta.dirname, "..");
const SKILL = sized(path.resolve(ROOT, "../shared/corpus/anthropics-skills/canvas-design"), path.resolve(ROOT, "prisma/skills/builtin/skill-creator"));
const RUNS = sized(7, 1);
const TARGET_MS = 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function time(command: string, args: string[], runs = RUNS): number {
  const once = (): number => {
    const started = performance.now();
    const result = spawnSync(command, args, { cwd: ROOT, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
    if (!JSON.parse(result.stdout.trim().split("\n").pop() ?? "{}").ok) throw new Error("validate did not report the skill valid");
    return performance.now() - started;
  };
  once();
  return median(Array.from({ length: runs }, once));
}

if (!existsSync(SKILL)) {
  console.log(`skill not found at ${SKILL}; the benchmark needs ../shared/corpus`);
  process.exitCode = 1;
} else {
  console.log(`CLI start-up: node ${process.version}, validate ${path.relative(ROOT, SKILL)}, median of ${RUNS} runs after a warm-up`);
  const bundled = time(process.execPath, ["cli/admin/skills-cli.mjs", "validate", SKILL]);
  const tsx = time(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions", "react-server", "cli/admin/skills.ts", "validate", SKILL]);
  const viaNpm = time("npm", ["run", "-s", "skills", "--", "validate", SKILL]);
  const bare = time(process.execPath, ["-e", "console.log(JSON.stringify({ ok: true }))"]);
  console.log(`validate, bundled launcher (node cli/admin/skills-cli.mjs): ${bundled.toFixed(0)} ms`);
  console.log(`validate, through tsx (what npm run skills ran before): ${tsx.toFixed(0)} ms`);
  console.log(`validate, npm run -s skills (bundled launcher plus npm): ${viaNpm.toFixed(0)} ms`);
  console.log(`node start-up alone: ${bare.toFixed(0)} ms`);
  console.log(`speed-up over tsx: ${(tsx / bundled).toFixed(2)} x`);
  console.log(
    `target: validate answers in under ${TARGET_MS} ms: ${bundled < TARGET_MS ? "met" : "NOT met"} by the launcher, ${viaNpm < TARGET_MS ? "met" : "NOT met"} through npm run`,
  );
}
