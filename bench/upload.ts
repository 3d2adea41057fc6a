// Upload stall benchmark (`npm run bench:upload`): how long one big upload keeps a server's event
// loop from answering anyone else. Reads ../shared/corpus-external (206 skills, 1,218 files, one
// folder) the way the upload routes do, once with readUpload (blocking: the routes before) and
// once with readUploadYielding (what they use now), while a ticker measures the longest gap
// between event-loop turns. Target: the yielding read's longest stall under 50 ms.
// Then commits every skill of it into a temporary SQLite database as the routes do (commitUpload:
// plan, security scan, one transaction per skill), measured the same way. Target: the commit's
// longest stall under 100 ms; beside it, in the same run, the commit's whole length (what the
// stall was when the commit never gave the loop a turn) and the stall in CPU time (the commit's
// own share, without the time a busy machine gave other processes).
import { SHARED_DIR, hasShared } from "../lib/skills/test-helpers/shared";
import { readUpload, readUploadYielding, type UploadSource } from "../lib/skills/upload/upload";
import { measureStalls } from "../lib/test/event-loop";
import { corpusFiles, figure, SMOKE } from "./bench-kit";
import { openTempDatabase } from "./temp-database";

if (!hasShared && !SMOKE) {
  console.log(`# skipped: ${SHARED_DIR} is not present`);
  process.exit(0);
}

const source: UploadSource = { type: "folder", name: "corpus-external", files: corpusFiles("corpus-external") };

// one warm-up of each, so module loading and JIT are not what is measured
readUpload([source]);
await readUploadYielding([source]);

const blocking = await measureStalls(() => readUpload([source]));
const yielding = await measureStalls(() => readUploadYielding([source]));
figure("skills read", yielding.result.skills.length, "skills", 0);
figure("longest event-loop stall, readUpload (blocking)", blocking.longestMs, "ms");
figure("longest event-loop stall, readUploadYielding", yielding.longestMs, "ms");
figure("total time, readUpload (blocking)", blocking.totalMs, "ms");
figure("total time, readUploadYielding", yielding.totalMs, "ms");
console.log(`target longest stall under 50 ms: ${yielding.longestMs.toFixed(1)} ms ${yielding.longestMs < 50 ? "pass" : "MISS"}`);

const { db, remove } = await openTempDatabase("upload");
try {
  const { commitUpload } = await import("../lib/data/intake");
  // an instance admin, so that no skill of the corpus is held back by a critical finding
  for (const id of ["warm", "bench"]) await db.user.create({ data: { id, name: id, email: `${id}@example.com`, role: "ADMIN" } });
  const read = yielding.result;
  const all = { destination: { scope: "personal" as const }, choices: null };
  // the warm-up: the queries' first compilation is not what is measured
  const few = read.skills.slice(0, 5).map((s) => ({ key: s.key, action: "auto" as const }));
  await commitUpload({ id: "warm" }, read, { ...all, choices: few });
  const commit = await measureStalls(() => commitUpload({ id: "bench" }, read, all));
  const stored = commit.result.skills.length;
  if (stored !== read.skills.length) throw new Error(`the commit stored ${stored} of ${read.skills.length} skills`);
  figure("skills committed", stored, "skills", 0);
  figure(`longest event-loop stall, commit of ${stored} skills`, commit.longestMs, "ms");
  figure(`longest event-loop stall in CPU time, commit of ${stored} skills`, commit.longestCpuMs, "ms");
  figure(`total time, commit of ${stored} skills (the stall when it never yielded)`, commit.totalMs, "ms");
  console.log(`target longest commit stall under 100 ms: ${commit.longestMs.toFixed(1)} ms ${commit.longestMs < 100 ? "pass" : "MISS"}`);
} finally {
  await remove();
}
