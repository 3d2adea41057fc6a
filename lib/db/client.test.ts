import { afterAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { createTestDatabase, createUser, testDialect } from "@/lib/test/database";

const { db, databasePath, cleanup } = await createTestDatabase();
afterAll(cleanup);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the shared SQLite connection", () => {
  it("does not let a concurrent query run inside an open transaction", async () => {
    let midway!: () => void;
    const reachedMidway = new Promise<void>((resolve) => (midway = resolve));
    const transaction = db.$transaction(async (tx) => {
      await tx.team.create({ data: { name: "first" } });
      midway();
      await pause(30);
      await tx.team.create({ data: { name: "second" } });
      throw new Error("rolled back on purpose");
    });
    // Handled now: on PostgreSQL it may roll back while the count below is still on its way.
    transaction.catch(() => undefined);
    await reachedMidway;
    // Without the gate this count would run inside the transaction and see its uncommitted row.
    const seen = await db.team.count();
    await expect(transaction).rejects.toThrow("rolled back on purpose");
    expect(seen).toBe(0);
    expect(await db.team.count()).toBe(0);
  });

  it("keeps a concurrent write out of a transaction that rolls back", async () => {
    let midway!: () => void;
    const reachedMidway = new Promise<void>((resolve) => (midway = resolve));
    const transaction = db.$transaction(async (tx) => {
      await tx.team.create({ data: { name: "doomed" } });
      midway();
      await pause(30);
      throw new Error("rolled back on purpose");
    });
    await reachedMidway;
    const survivor = createUser(db, "survivor");
    await expect(transaction).rejects.toThrow();
    await survivor;
    expect(await db.user.count({ where: { id: "survivor" } })).toBe(1);
    expect(await db.team.count({ where: { name: "doomed" } })).toBe(0);
  });
});

describe("reads outside a transaction", () => {
  it("neither wait for an open transaction nor see its uncommitted rows", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let midway!: () => void;
    const reachedMidway = new Promise<void>((resolve) => (midway = resolve));
    const transaction = db.$transaction(async (tx) => {
      await tx.team.create({ data: { name: "uncommitted" } });
      midway();
      await held;
    });
    await reachedMidway;
    // Before the transaction ends: the gate would make each of these wait for `held` forever.
    const seen = await Promise.all([
      db.team.count({ where: { name: "uncommitted" } }),
      db.team.findMany({ where: { name: "uncommitted" } }),
      db.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS "n" FROM "Team" WHERE "name" = ${"uncommitted"}`,
      db.$queryRawUnsafe<{ n: number | bigint }[]>(
        `SELECT count(*) AS "n" FROM "Team" WHERE "name" = ${testDialect === "postgres" ? "$1" : "?"}`,
        "uncommitted",
      ),
    ]);
    release();
    await transaction;
    expect(seen[0]).toBe(0);
    expect(seen[1]).toEqual([]);
    expect(Number(seen[2][0].n)).toBe(0);
    expect(Number(seen[3][0].n)).toBe(0);
    // Committed now, and the next read sees it.
    expect(await db.team.count({ where: { name: "uncommitted" } })).toBe(1);
  });

  it("see a write the same caller just made", async () => {
    const team = await db.team.create({ data: { name: "read-your-write" } });
    expect(await db.team.findUnique({ where: { id: team.id } })).toMatchObject({ name: "read-your-write" });
  });

  it.skipIf(testDialect === "postgres")("run on a connection that refuses writes (SQLite's reader; PostgreSQL has no reader/writer split)", async () => {
    // A write disguised as a query would reach the reader; query_only makes that loud.
    await expect(
      db.$queryRawUnsafe(`WITH x AS (SELECT 1) INSERT INTO "Team" ("id", "name", "createdAt", "updatedAt") SELECT 't', 'sneaky', 0, 0 FROM x RETURNING "id"`),
    ).rejects.toThrow(/readonly|read-only|query_only|attempt to write/i);
  });
});

describe.skipIf(testDialect === "postgres")("SQLite transactions across processes (PostgreSQL locks rows instead)", () => {
  it("take the write lock at BEGIN, so another process's writer waits instead of invalidating what the transaction read", async () => {
    let outcome = "";
    await db.$transaction(async (tx) => {
      await tx.team.count();
      // Another process's connection, as a second server or the CLI opens it; no busy wait, so it answers at once.
      const other = new Database(databasePath, { timeout: 0 });
      try {
        other.prepare("BEGIN IMMEDIATE").run();
        other.prepare("ROLLBACK").run();
        outcome = "the other process got the write lock";
      } catch (error) {
        outcome = (error as Error).message;
      } finally {
        other.close();
      }
    });
    expect(outcome).toBe("database is locked");
  });
});
