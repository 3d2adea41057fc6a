// Upload stall benchmark (`npm run bench:upload`): how long one big upload keeps a server's event
// loop from answering anyone else. Reads ../shared/corpus-external (206 skills, 1,218 files, one
// folder) the way the upload routes do, once with readUpload (blocking: the routes before) and
// once with readUploadYielding (what they use now), while a ticker measures the longest gap
// between event-loop turns. Target: the yielding read's longest stall under 50 ms.
import path from "node:path";
import { readTree, SHARED_DIR, hasShared } from "../lib/skills/test-helpers/shared";
import { readUpload, readUploadYielding, type UploadSource } from "../lib/skills/upload/upload";
import { figure } from "./bench-kit";

if (!hasShared) {
  console.log(`# skipped: ${SHARED_DIR} is not present`);
  process.exit(0);
}

const source: UploadSource = { type: "folder", name: "corpus-external", files: readTree(path.join(SHARED_DIR, "corpus-external"), "corpus-external") };

/** Runs `work` while a setImmediate ticker records the longest gap between its turns. */
async function measure(work: () => unknown): Promise<{ totalMs: number; longestStallMs: number; skills: number }> {
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await new Promise((resolve) => setImmediate(resolve));
  const started = performance.now();
  last = started;
  const result = (await work()) as { skills: unknown[] };
  const totalMs = performance.now() - started;
  await new Promise((resolve) => setImmediate(resolve));
  running = false;
  return { totalMs, longestStallMs: longest, skills: result.skills.length };
}

// one warm-up of each, so module loading and JIT are not what is measured
readUpload([source]);
await readUploadYielding([source]);

const blocking = await measure(() => readUpload([source]));
const yielding = await measure(() => readUploadYielding([source]));
figure("skills read", yielding.skills, "skills", 0);
figure("longest event-loop stall, readUpload (blocking)", blocking.longestStallMs, "ms");
figure("longest event-loop stall, readUploadYielding", yielding.longestStallMs, "ms");
figure("total time, readUpload (blocking)", blocking.totalMs, "ms");
figure("total time, readUploadYielding", yielding.totalMs, "ms");
console.log(`target longest stall under 50 ms: ${yielding.longestStallMs.toFixed(1)} ms ${yielding.longestStallMs < 50 ? "pass" : "MISS"}`);
