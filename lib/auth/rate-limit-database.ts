import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { decide, type RateLimitStore, type StoreOptions } from "./rate-limit";

type LiveRow = { n: bigint | number; oldest: bigint | number | null };

export type DatabaseRateLimitStore = RateLimitStore & {
  /** Deletes every attempt that no longer counts (keys nobody asks about again); returns how many. */
  prune(): Promise<number>;
};

/**
 * Counters in the RateLimitHit table, one row per counted attempt, so every instance on the same
 * database counts together. Whether an attempt counts is decided by one INSERT ... SELECT that
 * inserts only while fewer than `limit` live rows exist. On SQLite one statement is atomic (it
 * holds the database's single write lock from its start), so no transaction is needed, and none
 * is held open across an await. On PostgreSQL two such statements could both see one slot left,
 * so a take is a short transaction that first takes an advisory lock on the key: instances
 * counting the same key wait for each other, other keys do not. The numbers of the answer
 * (remaining, reset) are read after the insert; on SQLite another instance's attempt may slip in
 * between, which can make them one off, never the decision.
 *
 * The clock is the app's: instances should keep their clocks in sync (NTP), as a skew of s seconds
 * shifts the window by s for attempts counted by that instance.
 */
export function createDatabaseRateLimitStore(db: Db, options: StoreOptions & { pruneEveryMs?: number } = {}): DatabaseRateLimitStore {
  const now = options.now ?? Date.now;
  const pruneEveryMs = options.pruneEveryMs ?? 60_000;
  let lastPrune = now();

  async function prune(): Promise<number> {
    lastPrune = now();
    return db.$executeRaw`DELETE FROM "RateLimitHit" WHERE "expiresAt" <= ${BigInt(lastPrune)}`;
  }

  return {
    async take(key, rule) {
      const at = now();
      const since = BigInt(at - rule.windowMs);
      const statements = [
        db.$executeRaw`DELETE FROM "RateLimitHit" WHERE "key" = ${key} AND "at" <= ${since}`,
        db.$executeRaw`INSERT INTO "RateLimitHit" ("id", "key", "at", "expiresAt")
          SELECT ${randomUUID()}, ${key}, ${BigInt(at)}, ${BigInt(at + rule.windowMs)}
          WHERE (SELECT count(*) FROM "RateLimitHit" WHERE "key" = ${key} AND "at" > ${since}) < ${rule.limit}`,
        db.$queryRaw<LiveRow[]>`SELECT count(*) AS "n", min("at") AS "oldest" FROM "RateLimitHit" WHERE "key" = ${key} AND "at" > ${since}`,
      ] as const;
      let inserted: number;
      let live: LiveRow;
      if (db.$dialect === "postgres") {
        const [, , count, rows] = await db.$transaction([db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`, ...statements]);
        [inserted, [live]] = [count, rows];
      } else {
        await statements[0];
        inserted = await statements[1];
        [live] = await statements[2];
      }
      // Old rows of keys that are never asked about again are deleted here, at most once a period per instance.
      if (at - lastPrune >= pruneEveryMs) await prune();
      return decide(rule, at, inserted === 1, Number(live.n), live.oldest === null ? null : Number(live.oldest));
    },
    async release(key) {
      await db.$executeRaw`DELETE FROM "RateLimitHit" WHERE "id" = (SELECT "id" FROM "RateLimitHit" WHERE "key" = ${key} ORDER BY "at" DESC LIMIT 1)`;
    },
    async clear(key) {
      await db.$executeRaw`DELETE FROM "RateLimitHit" WHERE "key" = ${key}`;
    },
    prune,
  };
}
