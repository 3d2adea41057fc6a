import { afterAll, describe, expect, it } from "vitest";
import { createPostgresClient, createPrismaClient } from "@/lib/db/client";
import { createTestDatabase, testDialect } from "@/lib/test/database";
import { describeRateLimitStore, manualClock } from "@/lib/test/rate-limit-contract";
import { createDatabaseRateLimitStore } from "./rate-limit-database";

// Two clients on one database stand for two instances of the app (on PostgreSQL each has its own
// pool, so their takes really run at once).
const { db, databasePath, cleanup } = await createTestDatabase();
const second = testDialect === "postgres" ? createPostgresClient(databasePath, { poolSize: 5 }) : createPrismaClient(databasePath);
afterAll(async () => {
  await second.$disconnect();
  await cleanup();
});

describeRateLimitStore(
  `database (${testDialect})`,
  (now) => createDatabaseRateLimitStore(db, { now }),
  (now) => createDatabaseRateLimitStore(second, { now }),
);

describe("the database store's pruning", () => {
  it("deletes the attempts that no longer count, of every key, at most once a period", async () => {
    await db.rateLimitHit.deleteMany();
    const clock = manualClock();
    const store = createDatabaseRateLimitStore(db, { now: clock.now, pruneEveryMs: 60_000 });
    for (const key of ["prune-a", "prune-b", "prune-c"]) await store.take(key, { limit: 5, windowMs: 10_000 });
    await store.take("prune-long", { limit: 5, windowMs: 3_600_000 });
    clock.advance(30_000);
    await store.take("prune-d", { limit: 5, windowMs: 10_000 });
    // Not yet a period since the store was made: the three expired rows are still there.
    expect(await db.rateLimitHit.count()).toBe(5);
    clock.advance(30_000);
    await store.take("prune-d", { limit: 5, windowMs: 10_000 });
    // prune-d's first row went with its key's take; a-c by the prune; the hour-long one stays.
    expect((await db.rateLimitHit.findMany({ select: { key: true }, orderBy: { key: "asc" } })).map((r) => r.key)).toEqual(["prune-d", "prune-long"]);
    clock.advance(3_600_000);
    expect(await store.prune()).toBe(2);
  });
});
