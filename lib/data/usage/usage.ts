import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { db } from "@/lib/db/server";
import { getEnv } from "@/lib/env";
import { foldRollup, usageDay, type RollupRow, type UsageChannel, type UsageInput } from "@/lib/skills/usage/events";
import type { ViewerRef } from "../core/actor";
import { inBatches } from "../core/batches";
import { readInstanceSettings } from "../admin/settings";

// The usage event stream. A request hands its event to noteUsage, which only appends to this
// process's buffer (no I/O, no await: microseconds on the request path); a timer writes the
// buffer every USAGE_FLUSH_MS in one transaction that inserts the raw events AND adds them to the
// daily rollup, so the rollup can never disagree with what was written. A kill -9 loses what was
// buffered since the last flush (at most one window, 1 s by default), never half a batch.

/** Past this many unwritten events (the database is down), the oldest are dropped and counted, so memory stays bounded. */
const MAX_BUFFERED = 100_000;
/** How many of the oldest go at once when the buffer is full. */
const DROP_SLICE = 1_000;
/** A flush writes at most this many events per transaction. */
const BATCH = 5_000;
const PRUNE_EVERY_MS = 60 * 60_000;

interface Recorder {
  buffer: UsageInput[];
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  dropped: number;
  lastPrune: number;
}

const globalForUsage = globalThis as unknown as { skillshelfUsage?: Recorder };
const recorder: Recorder = (globalForUsage.skillshelfUsage ??= { buffer: [], timer: null, flushing: null, dropped: 0, lastPrune: 0 });

/** Who an event is attributed to: the user, and the access token when the request came with one. */
export function usageActor(viewer: ViewerRef): { actorId: string; tokenId: string | null } {
  return { actorId: viewer.id, tokenId: viewer.tokenId ?? null };
}

/**
 * Count one delivery. Never throws and never waits: usage is bookkeeping, and a request must
 * not fail or slow down over it.
 */
export function noteUsage(event: UsageInput): void {
  if (recorder.buffer.length >= MAX_BUFFERED) {
    // A slice at a time: shifting one event off a full buffer moves all the others, for every
    // event noted (a 500-skill playground turn notes 500), which held a turn 30 ms.
    const dropping = Math.min(DROP_SLICE, recorder.buffer.length);
    recorder.buffer.splice(0, dropping);
    if (recorder.dropped === 0) console.warn(`Usage: ${MAX_BUFFERED} events wait to be written; the oldest are dropped until a write succeeds`);
    recorder.dropped += dropping;
  }
  recorder.buffer.push({ ...event, at: event.at ?? new Date() });
  if (!recorder.timer) {
    recorder.timer = setTimeout(() => void flushUsage(), getEnv().USAGE_FLUSH_MS);
    recorder.timer.unref?.();
  }
}

/** The same event for each skill of a list (a catalog offered in one turn). */
export function noteUsageMany(skills: readonly { skillId: string; version: number; teamId?: string | null }[], rest: Omit<UsageInput, "skillId" | "version">) {
  for (const s of skills) noteUsage({ ...rest, skillId: s.skillId, version: s.version, teamId: s.teamId });
}

/** Events noted and not yet written (tests and shutdown). */
export function pendingUsage(): number {
  return recorder.buffer.length;
}

/**
 * Write everything buffered now (the timer calls it; shutdown and tests too). A failed write puts
 * its events back for the next window, unless newer events already fill the buffer.
 */
export async function flushUsage(client: Db = db): Promise<void> {
  if (recorder.timer) clearTimeout(recorder.timer);
  recorder.timer = null;
  while (recorder.flushing) await recorder.flushing;
  if (recorder.buffer.length === 0) return;
  const events = recorder.buffer.splice(0, recorder.buffer.length);
  recorder.flushing = (async () => {
    try {
      for (let i = 0; i < events.length; i += BATCH) await writeUsageBatch(client, events.slice(i, i + BATCH));
      if (recorder.dropped) {
        console.warn(`Usage: ${recorder.dropped} event(s) were dropped while writes failed (the buffer holds ${MAX_BUFFERED})`);
        recorder.dropped = 0;
      }
      if (Date.now() - recorder.lastPrune > PRUNE_EVERY_MS) {
        recorder.lastPrune = Date.now();
        await pruneUsageEvents(client);
      }
    } catch (error) {
      console.error(`Writing ${events.length} usage event(s) failed; retrying in the next window`, error);
      recorder.buffer.unshift(...events.slice(0, Math.max(0, MAX_BUFFERED - recorder.buffer.length)));
      if (!recorder.timer) {
        recorder.timer = setTimeout(() => void flushUsage(), getEnv().USAGE_FLUSH_MS);
        recorder.timer.unref?.();
      }
    }
  })();
  try {
    await recorder.flushing;
  } finally {
    recorder.flushing = null;
  }
}

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

/**
 * Insert a batch of events and add them to the daily rollup, in one transaction. Events of a
 * deleted skill are dropped; an install whose dedupe key was already counted adds nothing.
 * Returns how many events were written.
 */
export async function writeUsageBatch(client: Db, events: readonly UsageInput[]): Promise<number> {
  if (events.length === 0) return 0;
  const attribution = (await readInstanceSettings(client)).usageAttribution === "on";
  const skillIds = [...new Set(events.map((e) => e.skillId))];
  const skills = await inBatches(skillIds, (ids) => client.skill.findMany({ where: { id: { in: ids } }, select: { id: true, teamId: true } }));
  const teamOf = new Map(skills.map((s) => [s.id, s.teamId]));
  const rows: Prisma.UsageEventCreateManyInput[] = [];
  const seenKeys = new Set<string>();
  for (const e of events) {
    if (!teamOf.has(e.skillId)) continue;
    const at = e.at ?? new Date();
    // With attribution off the key is still per client (hashed, never stored in the clear), else installs would collapse into one.
    const dedupeKey = e.dedupe ? hashKey(`${e.channel}\0${e.skillId}\0${e.version}\0${e.dedupe}`) : null;
    if (dedupeKey) {
      if (seenKeys.has(dedupeKey)) continue;
      seenKeys.add(dedupeKey);
    }
    rows.push({
      id: randomUUID(),
      createdAt: at,
      day: usageDay(at),
      skillId: e.skillId,
      version: e.version,
      channel: e.channel,
      actorId: attribution ? e.actorId : null,
      tokenId: attribution ? (e.tokenId ?? null) : null,
      teamId: e.teamId !== undefined ? e.teamId : (teamOf.get(e.skillId) ?? null),
      path: e.path ?? null,
      dedupeKey,
    });
  }
  if (seenKeys.size) {
    const known = await inBatches([...seenKeys], (keys) => client.usageEvent.findMany({ where: { dedupeKey: { in: keys } }, select: { dedupeKey: true } }));
    const repeat = new Set(known.map((k) => k.dedupeKey));
    for (let i = rows.length - 1; i >= 0; i--) if (rows[i].dedupeKey && repeat.has(rows[i].dedupeKey!)) rows.splice(i, 1);
  }
  if (rows.length === 0) return 0;
  const rollup = foldRollup(
    rows.map((r) => ({ day: r.day, skillId: r.skillId, version: r.version, channel: r.channel as UsageChannel, teamId: r.teamId ?? null })),
  );
  await client.$transaction(async (tx) => {
    await tx.usageEvent.createMany({ data: rows });
    for (let i = 0; i < rollup.length; i += 150) await tx.$executeRaw(upsertRollup(rollup.slice(i, i + 150)));
  });
  return rows.length;
}

// One statement both databases read alike: quoted names, ON CONFLICT ... DO UPDATE (SQLite 3.24+, PostgreSQL 9.5+).
function upsertRollup(rows: readonly RollupRow[]): Prisma.Sql {
  const values = rows.map((r) => Prisma.sql`(${r.day}, ${r.skillId}, ${r.version}, ${r.channel}, ${r.teamId}, ${r.count})`);
  return Prisma.sql`INSERT INTO "UsageDaily" ("day", "skillId", "version", "channel", "teamId", "count") VALUES ${Prisma.join(values)}
    ON CONFLICT ("day", "skillId", "version", "channel") DO UPDATE SET "count" = "UsageDaily"."count" + excluded."count", "teamId" = excluded."teamId"`;
}

/** Delete raw events past USAGE_RETENTION_DAYS (the rollup keeps their counts). */
export async function pruneUsageEvents(client: Db = db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - getEnv().USAGE_RETENTION_DAYS * 86_400_000);
  return (await client.usageEvent.deleteMany({ where: { createdAt: { lt: before } } })).count;
}
