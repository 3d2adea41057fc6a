// Security scanner benchmark (`npm run bench:scan`), in-process:
//   1. the first scan of the 43-skill corpus in this process (cold: the JIT and the word index warm up)
//   2. the corpus scan, files already in memory, median of 15 runs after a warm-up, with the CPU
//      time per run beside it (on a shared machine wall time also counts waiting for a core)
//   3. the baseline in the same run: only decoding the same files as UTF-8 and lowercasing them,
//      the least any text scanner must do, to show what the rules themselves cost
// Each figure prints on its own line as "<figure>: <number> <unit>"; target: the corpus in under 1 s.
// Skills are read with readBundle first (not timed), as the store scans them.
import { isUtf8 } from "node:buffer";
import { readBundle } from "../lib/skills/archive/bundle";
import { RULES, scanBundleSkill } from "../lib/skills/scan";
import { corpusFiles, figure, percentile, sized } from "./bench-kit";

const RUNS = sized(15, 1);
const WARMUP = sized(3, 0);
const TARGET_MS = 1000;

function median(values: number[]): number {
  return percentile(values, 50);
}

function time(runs: number, warmup: number, fn: () => void): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return samples;
}

const files = corpusFiles("corpus");
const bundle = readBundle({ kind: "files", files }, { countResourceTokens: false });
const skills = bundle.skills;
const skillFiles = skills.flatMap((s) => s.files);
const bytes = skillFiles.reduce((n, f) => n + f.bytes.length, 0);
let findings = 0;
let incomplete = 0;

const coldStart = performance.now();
const coldCpuStart = process.cpuUsage();
for (const skill of skills) scanBundleSkill(skill);
const cold = performance.now() - coldStart;
const coldCpu = process.cpuUsage(coldCpuStart);

const cpuBefore = process.cpuUsage();
const scanSamples = time(RUNS, WARMUP, () => {
  findings = 0;
  incomplete = 0;
  for (const skill of skills) {
    const result = scanBundleSkill(skill);
    findings += result.findings.length;
    if (!result.complete) incomplete++;
  }
});

const cpu = process.cpuUsage(cpuBefore);
// the warm-up runs and the timed ones
const cpuMs = (cpu.user + cpu.system) / 1000 / (WARMUP + RUNS);

const decoder = new TextDecoder("utf-8", { fatal: true });
// Images and other binary files are no text to decode (the team's corpus has none; the demo skills
// a smoke run reads have one).
const textFiles = skillFiles.filter((f) => isUtf8(f.bytes));
// counting what was decoded keeps the work from being optimised away, and says how much it was
let decodedChars = 0;
const baselineSamples = time(RUNS, WARMUP, () => {
  for (const f of textFiles) decodedChars += decoder.decode(f.bytes).toLowerCase().length;
});

const scanMs = median(scanSamples);
const baselineMs = median(baselineSamples);
console.log(
  `corpus: ${skills.length} skills, ${skillFiles.length} files, ${(bytes / 1e6).toFixed(2)} MB, ${RULES.length} rules; files already in memory, median of ${RUNS} runs`,
);
figure("corpus scan", scanMs, "ms");
figure("corpus scan p95", percentile(scanSamples, 95), "ms");
figure("corpus scan CPU time (mean)", cpuMs, "ms");
figure("first corpus scan in this process (cold)", cold, "ms");
figure("first corpus scan CPU time (cold)", (coldCpu.user + coldCpu.system) / 1000, "ms");
figure("throughput", bytes / 1e6 / (scanMs / 1000), "MB/s");
figure("throughput", skillFiles.length / (scanMs / 1000), "files/s", 0);
figure("files scanned", skillFiles.length, "files", 0);
figure("findings", findings, "findings", 0);
figure("incomplete results", incomplete, "skills", 0);
figure("baseline: decode + lowercase only, same files", baselineMs, "ms");
figure("baseline characters decoded per run", decodedChars / (WARMUP + RUNS), "characters", 0);
figure("scan time over baseline", scanMs / baselineMs, "x");
console.log(`target: the corpus in under ${TARGET_MS} ms: ${scanMs < TARGET_MS ? "met" : "NOT met"}`);
