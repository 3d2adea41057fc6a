import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { db } from "@/lib/db/server";
import { lockRow } from "@/lib/db/locks";

// Who holds a source's sync claim (sources-sync.ts), and the start-up sweep that lets go of the
// claims a dead process left behind. The choice, for several instances on one database: a claim
// records its holder; a restarting process ends only the claims whose lease lapsed or whose holder
// is a process of its own host that is certainly gone. A holder on another host is left to its
// lease (at most 5 minutes), since whether it lives cannot be known from here.

/**
 * This process as a claim's holder: "host/pid/instance id". The id is per process (kept on
 * globalThis across dev reloads), so a restart that reuses the pid (pid 1 in a container) is still
 * another holder, and the start-up sweep can tell a claim whose process is gone from a live one.
 */
const instance = globalThis as unknown as { skillshelfInstanceId?: string };
export const HOLDER = `${hostname()}/${process.pid}/${(instance.skillshelfInstanceId ??= randomUUID())}`;
export const INTERRUPTED = "Interrupted: the server stopped while this sync ran.";

/**
 * Whether a claim's holder is certainly gone: a process of this host that no longer runs, or one
 * that had this process's pid before (a restart). A holder on another host, or one written before
 * holders were recorded, is not judged here: its lease lapses on its own.
 */
function holderGone(holder: string | null): boolean {
  const match = holder ? /^(.*)\/(\d+)\/([^/]+)$/.exec(holder) : null;
  if (!match || holder === HOLDER) return false;
  const [, host, pid] = match;
  if (host !== hostname()) return false;
  if (Number(pid) === process.pid) return true;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    // EPERM: a process of another user has that pid now; it may be the holder, so wait for the lease.
    return (error as NodeJS.ErrnoException).code !== "EPERM";
  }
}

/**
 * At start-up (lib/data/background/index.ts): the syncs left "running" by a process that died (kill -9, a
 * crash) are marked interrupted and their sources let go at once, rather than when the lease lapses.
 * Safe beside other instances: only claims whose lease lapsed or whose holder is certainly gone
 * (holderGone) are touched, each re-read under the source's lock. Returns how many were marked.
 */
export async function sweepInterruptedSyncs(): Promise<number> {
  const claimed = await db.skillSource.findMany({ where: { runningSyncId: { not: null } }, select: { id: true, leaseHolder: true, leaseUntil: true } });
  let swept = 0;
  for (const candidate of claimed) {
    const lapsed = (until: Date | null) => !until || until <= new Date();
    if (!lapsed(candidate.leaseUntil) && !holderGone(candidate.leaseHolder)) continue;
    const marked = await db.$transaction(async (tx) => {
      if (!(await lockRow(tx, "SkillSource", candidate.id))) return false;
      const source = await tx.skillSource.findUnique({ where: { id: candidate.id }, select: { runningSyncId: true, leaseHolder: true, leaseUntil: true } });
      if (!source?.runningSyncId || source.leaseHolder !== candidate.leaseHolder) return false;
      if (!lapsed(source.leaseUntil) && !holderGone(source.leaseHolder)) return false;
      await tx.sourceSync.updateMany({
        where: { id: source.runningSyncId, status: "running" },
        data: { status: "failed", finishedAt: new Date(), error: INTERRUPTED },
      });
      await tx.skillSource.update({ where: { id: candidate.id }, data: { runningSyncId: null, leaseUntil: null, leaseHolder: null, syncAgain: false } });
      return true;
    });
    if (marked) swept++;
  }
  return swept;
}
