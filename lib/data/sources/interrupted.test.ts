import { spawn } from "node:child_process";
import { hostname } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createUser } from "@/lib/test/database";
import { serveHangingHttp } from "@/lib/test/git-repos";

// A server killed with SIGKILL in the middle of a sync (lib/test/sync-worker.ts, a real process on
// the same database), then another one starting: the dead sync is marked interrupted at start-up,
// so "Sync now" starts a new one at once instead of answering with the dead one for the 5 minutes
// of its lease. Claims held by live processes, or by another host, are left alone.

Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", SOURCES_ALLOW_LOCAL: "true" });
const { db, cleanup } = await createTestDatabase();
const sources = await import("./sources");
const background = await import("../background");
const { sweepInterruptedSyncs } = await import("./lease");
const root = path.resolve(import.meta.dirname, "../../..");
const hanging = await serveHangingHttp();
afterAll(async () => {
  await hanging.close();
  await background.stopJobs();
  await cleanup();
}, 60_000);

/**
 * Until no sync of the source runs. Not waitForSyncs: on PostgreSQL the killed process's job stays
 * active in pg-boss until it expires, so the queue is never idle.
 */
async function settled(sourceId: string): Promise<void> {
  while (await db.sourceSync.count({ where: { sourceId, status: "running" } })) await new Promise((resolve) => setTimeout(resolve, 100));
}
await createUser(db, "grace");
const grace = { id: "grace" };

/** The worker's process group, killed at once (the node process and anything it started). */
async function startDoomedServer(): Promise<{ sourceId: string; syncId: string; kill: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions", "react-server", "lib/test/sync-worker.ts", "grace", hanging.url], {
    cwd: root,
    env: { ...process.env },
    detached: true,
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    void exited.then(() => reject(new Error(`the worker exited: ${stderr}`)));
  });
  return {
    ...(JSON.parse(line) as { sourceId: string; syncId: string }),
    kill: async () => {
      process.kill(-child.pid!, "SIGKILL");
      await exited;
    },
  };
}

describe("a server killed during a sync", () => {
  it("leaves a sync that the next start marks interrupted, so Sync now starts a new one at once", async () => {
    const doomed = await startDoomedServer();
    // git is connected to the repository (which never answers): the sync is mid-fetch.
    while (hanging.requests() === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await doomed.kill();
    expect((await sources.getSource(grace, doomed.sourceId)).lastSync).toMatchObject({ id: doomed.syncId, status: "running" });

    // This process is the server starting again.
    await background.startJobs({ recurring: false });
    expect((await sources.getSource(grace, doomed.sourceId)).lastSync).toMatchObject({
      id: doomed.syncId,
      status: "failed",
      error: "Interrupted: the server stopped while this sync ran.",
    });
    const again = await sources.startSync(grace, doomed.sourceId);
    expect(again.id).not.toBe(doomed.syncId);
    expect(again.status).toBe("running");
    // The new sync's git hangs on the repository too: closing it ends that sync, as failed.
    await hanging.close();
    await settled(doomed.sourceId);
  }, 60_000);

  it("sweeps only claims whose holder is certainly gone: a dead process of this host, or this pid before a restart", async () => {
    const live = spawn("sleep", ["30"]);
    const dead = spawn("true");
    await new Promise((resolve) => dead.once("exit", resolve));
    const lease = new Date(Date.now() + 5 * 60_000);
    const holders = {
      "a live process here": `${hostname()}/${live.pid}/other-instance`,
      "another host": `elsewhere.example/${dead.pid}/other-instance`,
      "no holder recorded": null,
      "a dead process here": `${hostname()}/${dead.pid}/other-instance`,
      "this pid, before a restart": `${hostname()}/${process.pid}/the-process-before`,
    };
    const claims: Record<string, string> = {};
    for (const [name, holder] of Object.entries(holders)) {
      const { source } = await sources.createSource(grace, {
        kind: "git",
        url: `http://127.0.0.1:1/${encodeURIComponent(name)}.git`,
        destination: { scope: "PERSONAL" },
      });
      await settled(source.id);
      const sync = await db.sourceSync.create({ data: { sourceId: source.id, trigger: "manual", actorId: "grace" } });
      await db.skillSource.update({ where: { id: source.id }, data: { runningSyncId: sync.id, leaseUntil: lease, leaseHolder: holder } });
      claims[name] = sync.id;
    }
    try {
      expect(await sweepInterruptedSyncs()).toBe(2);
      const status = async (syncId: string) => (await db.sourceSync.findUniqueOrThrow({ where: { id: syncId } })).status;
      expect(Object.fromEntries(await Promise.all(Object.entries(claims).map(async ([name, id]) => [name, await status(id)])))).toEqual({
        "a live process here": "running",
        "another host": "running",
        "no holder recorded": "running",
        "a dead process here": "failed",
        "this pid, before a restart": "failed",
      });
    } finally {
      live.kill();
    }
  }, 60_000);
});
