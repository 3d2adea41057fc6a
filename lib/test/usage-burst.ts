// A process that notes usage events as fast as a busy server would (lib/data/usage/usage.test.ts kills
// it with SIGKILL mid-burst). Each event carries its sequence number as its path, so the test can
// see exactly which ones were written. Prints "noted <n>" as it goes.
import { noteUsage } from "@/lib/data/usage/usage";

const skillId = process.argv[2];
let n = 0;
setInterval(() => {
  for (let i = 0; i < 50; i++) noteUsage({ skillId, version: 1, channel: "load", actorId: "ada", path: String(n++) });
  process.stdout.write(`noted ${n}\n`);
}, 5);
