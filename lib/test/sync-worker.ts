/**
 * A server process that dies mid-sync, for lib/data/sources/interrupted.test.ts: `node --import tsx
 * --conditions react-server lib/test/sync-worker.ts <userId> <url>`, with DATABASE_URL in the
 * environment. It works the job queue as the server does, creates a source for `url` (whose first
 * sync starts at once), prints {"sourceId","syncId"} and waits to be killed.
 */
import * as background from "@/lib/data/background";
import * as sources from "@/lib/data/sources/sources";

const [userId, url] = process.argv.slice(2);
await background.startJobs({ recurring: false });
const { source } = await sources.createSource({ id: userId }, { kind: "git", url, destination: { scope: "PERSONAL" } });
const detail = await sources.getSource({ id: userId }, source.id);
process.stdout.write(`${JSON.stringify({ sourceId: source.id, syncId: detail.lastSync?.id })}\n`);
setInterval(() => undefined, 60_000);
