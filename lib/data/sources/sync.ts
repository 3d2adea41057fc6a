import "server-only";
import { canManageSource, type Actor } from "@/lib/skills/permissions/permissions";
import { proposalPolicyForSteered } from "@/lib/skills/review-requests/policy";
import { placeLabel } from "@/lib/labels";
import { SourceFetchError, type SourceSpec } from "@/lib/sources/types";
import type { SyncStatus, SyncSummary, SyncTrigger } from "@/lib/types/sources";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { DataError } from "../errors";
import { jobQueue, JOBS } from "../platform/job-queue";
import { decryptSecret, UnreadableSecretError } from "../platform/secrets";
import { checkGitUrl, fetchLimits, fetchSkillSource } from "./fetch";
import { importFolders, type Report, type SyncAuthority } from "./import";
import { teamPolicy } from "../core/request-facts";
import { requireSource, sourceNotFound, syncSelect, toSyncSummary, type SyncRow } from "./rows";
import { audit } from "../notifications/audit";
import { lockRow } from "@/lib/db/locks";
import { HOLDER, INTERRUPTED } from "./lease";

// One sync of a source: check who it runs as, fetch it, and hand the folders to sources-import.ts.
// A source runs one sync at a time: the claim is a marker on the source with a lease that the run
// renews as it goes, so a process that dies mid-sync blocks the next one for at most LEASE_MS. The
// run itself is a `source.sync` job (lib/data/background/index.ts), run once by whichever instance takes
// it; callers get the running SourceSync row at once. The claim stays the guard against two runs.

/** How long a claim holds without being renewed; the run renews it after the fetch and each skill. */
const LEASE_MS = 5 * 60_000;
const RENEW_EVERY_MS = 15_000;
/** Syncs kept per source (the newest). */
const KEEP_SYNCS = 50;
const ERROR_MAX_CHARS = 2000;

const inFlight = new Set<Promise<void>>();

/** Resolves once no sync job waits or runs and no sync runs in this process (tests, benchmarks). */
export async function waitForSyncs(): Promise<void> {
  await jobQueue().idle(JOBS.sourceSync);
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/**
 * A `source.sync` job: the run of a sync claimed when it was asked for (create, "Sync now", a
 * webhook), or, from the scheduler's tick, a source that was due at `dueAt`.
 */
export type SourceSyncJob = { sourceId: string; syncId: string; trigger: SyncTrigger; actorId: string | null } | { sourceId: string; dueAt: string };

type Claim = { sync: SyncRow; started: boolean };

/**
 * Take the source for a new sync, or, while one runs (its lease not lapsed), return that one; a
 * webhook then asks for another run after it, since its push may be newer than what is being read.
 */
async function claim(sourceId: string, trigger: SyncTrigger, actorId: string | null): Promise<Claim> {
  return db.$transaction(async (tx) => {
    // Claims of one source queue here, so the marker read next is the one the last claim left.
    if (!(await lockRow(tx, "SkillSource", sourceId))) throw sourceNotFound();
    const now = new Date();
    const source = await tx.skillSource.findUnique({ where: { id: sourceId }, select: { runningSyncId: true, leaseUntil: true, intervalMinutes: true } });
    if (!source) throw sourceNotFound();
    if (source.runningSyncId && source.leaseUntil && source.leaseUntil > now) {
      const running = await tx.sourceSync.findUnique({ where: { id: source.runningSyncId }, select: syncSelect });
      if (running) {
        if (trigger === "webhook") await tx.skillSource.update({ where: { id: sourceId }, data: { syncAgain: true } });
        return { sync: running, started: false };
      }
    }
    if (source.runningSyncId) {
      await tx.sourceSync.updateMany({
        where: { id: source.runningSyncId, status: "running" },
        data: { status: "failed", finishedAt: now, error: INTERRUPTED },
      });
    }
    const sync = await tx.sourceSync.create({ data: { sourceId, trigger, actorId }, select: syncSelect });
    // Guarded on the marker read above, so two claims can never both win.
    const claimed = await tx.skillSource.updateMany({
      where: { id: sourceId, runningSyncId: source.runningSyncId },
      data: {
        runningSyncId: sync.id,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        leaseHolder: HOLDER,
        syncAgain: false,
        nextSyncAt: source.intervalMinutes ? new Date(now.getTime() + source.intervalMinutes * 60_000) : null,
      },
    });
    if (claimed.count !== 1) throw new DataError("CONFLICT", "Another sync of this source started at the same moment; try again.");
    return { sync, started: true };
  });
}

/** Counts a run as in flight until it ends; a run that throws (a bug, storage gone) is logged, never left unhandled. */
function track(work: Promise<void>): Promise<void> {
  const tracked = work.catch((error: unknown) => console.error("A source sync failed:", error instanceof Error ? error.message : error));
  inFlight.add(tracked);
  void tracked.finally(() => inFlight.delete(tracked));
  return tracked;
}

/** Claim and queue the run; the SourceSync row (new, or the one already running) at once. */
export async function startSyncAs(sourceId: string, trigger: SyncTrigger, actorId: string | null): Promise<Claim> {
  const claimed = await claim(sourceId, trigger, actorId);
  if (!claimed.started) return claimed;
  const job: SourceSyncJob = { sourceId, syncId: claimed.sync.id, trigger, actorId };
  let queued: boolean;
  try {
    queued = await jobQueue().enqueue(JOBS.sourceSync, job);
  } catch (error) {
    await giveUp(sourceId, claimed.sync.id, trigger, actorId, "The sync could not be queued; try again in a moment.");
    throw error;
  }
  if (queued) return claimed;
  await giveUp(sourceId, claimed.sync.id, trigger, actorId, "The server is shutting down; sync again in a moment.");
  return { sync: await db.sourceSync.findUniqueOrThrow({ where: { id: claimed.sync.id }, select: syncSelect }), started: true };
}

/** A claimed sync that will not run: recorded as failed, and the source let go at once rather than when the lease lapses. */
async function giveUp(sourceId: string, syncId: string, trigger: SyncTrigger, actorId: string | null, error: string): Promise<void> {
  await finish(sourceId, syncId, trigger, actorId, { ...emptyReport(), error }, null);
}

/** The `source.sync` job's handler. */
export async function runSyncJob(job: SourceSyncJob): Promise<void> {
  if ("syncId" in job) {
    // Still this sync's claim? Its lease may have lapsed while the job waited, and another run taken the source.
    // On PostgreSQL the job may run on another instance than the one that claimed it: that one holds it now.
    const taken = await db.skillSource.updateMany({ where: { id: job.sourceId, runningSyncId: job.syncId }, data: { leaseHolder: HOLDER } });
    if (taken.count === 1) await track(run(job.sourceId, job.syncId, job.trigger, job.actorId));
    return;
  }
  // Still due as the tick saw it? A run since (on any instance) moved nextSyncAt past dueAt.
  const source = await db.skillSource.findUnique({ where: { id: job.sourceId }, select: { createdById: true, intervalMinutes: true, nextSyncAt: true } });
  if (!source?.intervalMinutes || !source.nextSyncAt || source.nextSyncAt > new Date(job.dueAt)) return;
  const claimed = await claim(job.sourceId, "schedule", source.createdById).catch((error: unknown) =>
    error instanceof DataError ? null : Promise.reject(error),
  );
  if (claimed?.started) await track(run(job.sourceId, claimed.sync.id, "schedule", source.createdById));
}

async function authorize(viewer: ViewerRef, sourceId: string): Promise<Actor> {
  const actor = await loadActor(db, viewer);
  await requireSource(db, actor, sourceId, { id: true });
  return actor;
}

/** Sync now as the viewer: the running row comes back at once (the one already running, if any). */
export async function startSync(viewer: ViewerRef, sourceId: string, trigger: "manual" = "manual"): Promise<SyncSummary> {
  const actor = await authorize(viewer, sourceId);
  return toSyncSummary((await startSyncAs(sourceId, trigger, actor.id)).sync);
}

/** startSync, awaited: the finished row (or, when one was already running, that one once it ends). */
export async function syncSource(viewer: ViewerRef, sourceId: string, trigger: SyncTrigger = "manual"): Promise<SyncSummary> {
  const actor = await authorize(viewer, sourceId);
  const claimed = await claim(sourceId, trigger, actor.id);
  if (claimed.started) await track(run(sourceId, claimed.sync.id, trigger, actor.id));
  else await waitForSyncs();
  return toSyncSummary(await db.sourceSync.findUniqueOrThrow({ where: { id: claimed.sync.id }, select: syncSelect }));
}

/**
 * The scheduler's tick (the `sources.tick` job, once a minute across instances): a `source.sync`
 * job for every source whose next sync is due, keyed by the source, so a source whose job still
 * waits is not queued twice. Each runs as the source's creator. Returns how many were queued.
 */
export async function enqueueDueSyncs(now: Date = new Date()): Promise<number> {
  const due = await db.skillSource.findMany({
    where: { intervalMinutes: { not: null }, nextSyncAt: { lte: now }, OR: [{ runningSyncId: null }, { leaseUntil: { lt: now } }] },
    select: { id: true },
    orderBy: { nextSyncAt: "asc" },
  });
  let queued = 0;
  for (const source of due) {
    const job: SourceSyncJob = { sourceId: source.id, dueAt: now.toISOString() };
    if (await jobQueue().enqueue(JOBS.sourceSync, job, { singletonKey: source.id })) queued++;
  }
  return queued;
}

// ---- The run ----

/** A run that cannot go on, with the message the sync row shows. */
class SyncFailure extends Error {
  name = "SyncFailure";
}

/** The claim moved on (the lease lapsed and another run took it, or the source was deleted). */
class LostClaim extends Error {
  name = "LostClaim";
}

type SourceRow = NonNullable<Awaited<ReturnType<typeof loadSource>>>;

function loadSource(sourceId: string) {
  return db.skillSource.findUnique({
    where: { id: sourceId },
    select: {
      id: true,
      kind: true,
      url: true,
      ref: true,
      subdir: true,
      scope: true,
      ownerId: true,
      teamId: true,
      space: true,
      credential: true,
      settingsById: true,
      team: { select: { name: true } },
      createdBy: { select: { name: true } },
    },
  });
}

const emptyReport = (): Report => ({ revision: null, created: 0, updated: 0, unchanged: 0, archived: 0, proposed: 0, refused: [], skipped: [], error: null });

async function run(sourceId: string, syncId: string, trigger: SyncTrigger, actorId: string | null): Promise<void> {
  const report = emptyReport();
  let token: string | null = null;
  let actor: Actor | null = null;
  try {
    const source = await loadSource(sourceId);
    if (!source) return;
    actor = await actorFor(source, trigger, actorId);
    token = readToken(source.credential);
    await syncInto(source, syncId, actor, token, report);
  } catch (error) {
    if (error instanceof LostClaim) return;
    if (error instanceof SyncFailure || error instanceof SourceFetchError) report.error = error.message;
    else {
      console.error(`Source ${sourceId}: sync ${syncId} failed:`, scrub(error instanceof Error ? (error.stack ?? error.message) : String(error), token));
      report.error = "The sync failed unexpectedly; the server's log has the details.";
    }
  }
  const again = await finish(sourceId, syncId, trigger, actor?.id ?? actorId, report, token);
  if (again)
    await startSyncAs(sourceId, "webhook", (await db.skillSource.findUnique({ where: { id: sourceId }, select: { createdById: true } }))?.createdById ?? null);
}

/** A manual sync runs as the viewer; schedule and webhook as the source's creator, whose rights are checked now. */
async function actorFor(source: SourceRow, trigger: SyncTrigger, actorId: string | null): Promise<Actor> {
  const place = placeLabel(source.scope, source.team?.name);
  const who = trigger === "manual" || trigger === "create" ? "You" : `This source syncs as ${source.createdBy?.name ?? "its creator"}, who`;
  if (!actorId)
    throw new SyncFailure(`The account that created this source was deleted; someone who can add skills to ${place} can sync it by hand or re-create it.`);
  let actor: Actor;
  try {
    actor = await loadActor(db, { id: actorId });
  } catch (error) {
    if (error instanceof DataError) throw new SyncFailure(`${who === "You" ? error.message : `${who} cannot sign in any more: ${error.message}`}`);
    throw error;
  }
  if (!canManageSource(actor, source)) {
    throw new SyncFailure(
      `${who} can no longer add skills to ${place}${source.scope === "TEAM" ? " (not a member of the team any more)" : ""}; a member can sync it by hand or re-create it.`,
    );
  }
  if (source.kind === "folder" || /^file:/i.test(source.url)) {
    if (actor.role !== "ADMIN")
      throw new SyncFailure(`${who} ${who === "You" ? "are" : "is"} not an instance admin any more, and only they may sync from the server's own files.`);
  }
  return actor;
}

function readToken(credential: string | null): string | null {
  if (!credential) return null;
  try {
    return decryptSecret(credential, "credential");
  } catch (error) {
    if (error instanceof UnreadableSecretError) {
      throw new SyncFailure(
        "The stored token cannot be decrypted (the server's key changed since it was entered); enter the token again in the source's settings.",
      );
    }
    throw error;
  }
}

/** Never let a credential out in a message or a log line. */
function scrub(text: string, token: string | null): string {
  const cut = text.length > ERROR_MAX_CHARS ? `${text.slice(0, ERROR_MAX_CHARS)}…` : text;
  return token ? cut.split(token).join("[token]") : cut;
}

async function renew(sourceId: string, syncId: string): Promise<void> {
  const renewed = await db.skillSource.updateMany({
    where: { id: sourceId, runningSyncId: syncId },
    data: { leaseUntil: new Date(Date.now() + LEASE_MS), leaseHolder: HOLDER },
  });
  if (renewed.count !== 1) throw new LostClaim();
}

async function syncInto(source: SourceRow, syncId: string, actor: Actor, token: string | null, report: Report): Promise<void> {
  const spec: SourceSpec =
    source.kind === "folder"
      ? { kind: "folder", path: source.url, subdir: source.subdir }
      : { kind: "git", url: source.url, ref: source.ref, subdir: source.subdir, token };
  if (spec.kind === "git") {
    // Again before each fetch: a host name may resolve elsewhere now than when the source was saved.
    const checked = await checkGitUrl(spec.url, { allowFile: actor.role === "ADMIN" });
    if (!checked.ok) throw new SyncFailure(`${checked.message}.`);
  }
  const fetched = await fetchSkillSource(spec, fetchLimits());
  const authority = await authorityOf(source, actor);
  report.revision = fetched.revision;
  report.skipped.push(...fetched.skipped);
  await renew(source.id, syncId);
  // The claim is renewed as skills are imported, at most every few seconds rather than per skill.
  let renewed = Date.now();
  const keepClaim = async () => {
    if (Date.now() - renewed < RENEW_EVERY_MS) return;
    renewed = Date.now();
    await renew(source.id, syncId);
  };
  await importFolders(source, authority, fetched, report, keepClaim);
}

/**
 * Who the sync's writes answer to: the actor, and the person who last changed what the source
 * fetches when that is someone else (a deleted or disabled account counts as nobody). It changes a
 * reviewed destination directly only if both could.
 */
async function authorityOf(source: SourceRow, actor: Actor): Promise<SyncAuthority> {
  let steeredBy: Actor | null | undefined;
  if (source.settingsById !== actor.id) {
    steeredBy = source.settingsById
      ? await loadActor(db, { id: source.settingsById }).catch((error: unknown) => (error instanceof DataError ? null : Promise.reject(error)))
      : null;
  }
  const policy = proposalPolicyForSteered(actor, steeredBy, source, await teamPolicy(db, source.teamId));
  return { actor, steeredBy, direct: policy === null };
}

/** Write what the run did, audit it, let the source go, and say whether a webhook asked for another run meanwhile. */
async function finish(sourceId: string, syncId: string, trigger: SyncTrigger, actorId: string | null, report: Report, token: string | null): Promise<boolean> {
  const imported = report.created + report.updated + report.unchanged + report.proposed;
  // Every folder refused is a failed sync, not a partial one: nothing of the source arrived.
  const status: SyncStatus = report.error !== null ? "failed" : !report.refused.length ? "ok" : imported ? "partial" : "failed";
  const refused = report.refused.map((r) => ({ ...r, message: scrub(r.message, token) }));
  const error = report.error === null ? null : scrub(report.error, token);
  return db.$transaction(async (tx) => {
    const source = await tx.skillSource.findUnique({
      where: { id: sourceId },
      select: { runningSyncId: true, syncAgain: true, teamId: true, url: true, settingsById: true },
    });
    if (!source) return false;
    await tx.sourceSync.update({
      where: { id: syncId },
      data: {
        status,
        revision: report.revision,
        created: report.created,
        updated: report.updated,
        unchanged: report.unchanged,
        archived: report.archived,
        proposed: report.proposed,
        refused: JSON.stringify(refused),
        skipped: JSON.stringify(report.skipped),
        error,
        finishedAt: new Date(),
      },
    });
    await audit(tx, {
      actorId,
      action: "source.sync",
      teamId: source.teamId,
      detail: {
        sourceId,
        url: source.url,
        trigger,
        // Who chose what was fetched (the settings' last editor), beside who it ran as (actorId).
        settingsBy: source.settingsById,
        status,
        revision: report.revision,
        created: report.created,
        updated: report.updated,
        unchanged: report.unchanged,
        archived: report.archived,
        proposed: report.proposed,
        refused: refused.length,
      },
    });
    const mine = source.runningSyncId === syncId;
    if (mine) await tx.skillSource.update({ where: { id: sourceId }, data: { runningSyncId: null, leaseUntil: null, leaseHolder: null, syncAgain: false } });
    const old = await tx.sourceSync.findMany({ where: { sourceId }, orderBy: [{ startedAt: "desc" }, { id: "desc" }], skip: KEEP_SYNCS, select: { id: true } });
    if (old.length) await tx.sourceSync.deleteMany({ where: { id: { in: old.map((row) => row.id) } } });
    return mine && source.syncAgain;
  });
}
