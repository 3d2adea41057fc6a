import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlQuery, SqlResultSet } from "@prisma/driver-adapter-utils";
import { ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import { createTestDatabase, createUser, testDialect } from "@/lib/test/database";
import { readCaches } from "./client";
import { ReadCache } from "./read-cache";

const query = (sql: string, ...args: unknown[]): SqlQuery => ({
  sql,
  args,
  argTypes: args.map(() => ({ scalarType: "string", arity: "scalar" }) as const),
});
const resultOf = (...texts: string[]): SqlResultSet => ({ columnNames: ["t"], columnTypes: [ColumnTypeEnum.Text], rows: texts.map((t) => [t]) });

describe("ReadCache", () => {
  it("reads once per statement and arguments while the version holds, and again once it changes", async () => {
    let version = 1;
    let runs = 0;
    const cache = new ReadCache(() => version, { maxBytes: 1 << 20, maxEntryBytes: 1 << 16 });
    const run = async (q: SqlQuery) => (runs++, resultOf(`${q.sql}:${q.args.join(",")}:${version}`));
    expect((await cache.read(query("A", "ada"), run)).rows).toEqual([["A:ada:1"]]);
    expect((await cache.read(query("A", "ada"), run)).rows).toEqual([["A:ada:1"]]);
    expect(runs).toBe(1);
    // Other arguments, or the same ones typed otherwise, are another question.
    expect((await cache.read(query("A", "grace"), run)).rows).toEqual([["A:grace:1"]]);
    const asDate: SqlQuery = { ...query("A", "ada"), argTypes: [{ scalarType: "datetime", arity: "scalar" }] };
    await cache.read(asDate, run);
    expect(runs).toBe(3);
    version = 2;
    expect((await cache.read(query("A", "ada"), run)).rows).toEqual([["A:ada:2"]]);
    expect(runs).toBe(4);
    expect(cache.stats).toEqual({ hits: 1, misses: 4, cleared: 1 });
    // A new connection counts afresh: the same number no longer vouches for what was kept.
    cache.clear();
    await cache.read(query("A", "ada"), run);
    expect(runs).toBe(5);
  });

  it("keeps nothing read under a version that changed while it ran", async () => {
    let version = 1;
    const cache = new ReadCache(() => version, { maxBytes: 1 << 20, maxEntryBytes: 1 << 16 });
    let release!: () => void;
    const slow = cache.read(query("A"), () => new Promise((resolve) => (release = () => resolve(resultOf("old")))));
    version = 2;
    await cache.read(query("B"), async () => resultOf("b"));
    release();
    await slow;
    expect((await cache.read(query("A"), async () => resultOf("new"))).rows).toEqual([["new"]]);
  });

  it("hands out copies: what a caller changes never reaches the next reader", async () => {
    const cache = new ReadCache(() => 1, { maxBytes: 1 << 20, maxEntryBytes: 1 << 16 });
    const stored: SqlResultSet = { columnNames: ["t", "b"], columnTypes: [ColumnTypeEnum.Text, ColumnTypeEnum.Bytes], rows: [["x", Buffer.from([1, 2])]] };
    const first = await cache.read(query("A"), async () => stored);
    first.rows[0][0] = "changed";
    (first.rows[0][1] as Buffer)[0] = 9;
    first.rows.push(["extra", null]);
    first.columnNames.push("extra");
    const second = await cache.read(query("A"), async () => resultOf("not run"));
    expect(second.rows).toEqual([["x", Buffer.from([1, 2])]]);
    expect(second.columnNames).toEqual(["t", "b"]);
  });

  it("counts the key against the limits: a read with a long argument list is not kept", async () => {
    const cache = new ReadCache(() => 1, { maxBytes: 3_000, maxEntryBytes: 1_500 });
    let runs = 0;
    const ids = Array.from({ length: 200 }, (_, i) => `id-${i}`);
    const run = async () => (runs++, resultOf("small"));
    await cache.read(query(`SELECT ... IN (${ids.map(() => "?").join(",")})`, ...ids), run);
    await cache.read(query(`SELECT ... IN (${ids.map(() => "?").join(",")})`, ...ids), run);
    expect(runs).toBe(2);
    expect(cache.size.entries).toBe(0);
  });

  it("keeps no entry larger than its limit, and drops the least recently used past the total", async () => {
    const cache = new ReadCache(() => 1, { maxBytes: 3_000, maxEntryBytes: 1_500 });
    let runs = 0;
    const run = (size: number) => async () => (runs++, resultOf("x".repeat(size)));
    await cache.read(query("big"), run(2_000));
    await cache.read(query("big"), run(2_000));
    expect(runs).toBe(2);
    await cache.read(query("A"), run(1_000));
    await cache.read(query("B"), run(1_000));
    await cache.read(query("A"), run(1_000)); // A is now the most recently used
    expect(runs).toBe(4);
    await cache.read(query("C"), run(1_000)); // past 3,000 bytes: B goes
    expect(cache.size.entries).toBe(2);
    expect(cache.size.bytes).toBeLessThanOrEqual(3_000);
    await cache.read(query("A"), run(1_000));
    expect(runs).toBe(5);
    await cache.read(query("B"), run(1_000));
    expect(runs).toBe(6);
  });
});

// The real reader on a SQLite file: a write through the client, a commit by another connection
// (another process on the same file), a transaction's own reads.
describe.skipIf(testDialect !== "sqlite")("the SQLite client's read cache", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const names = () => database.db.$queryRawUnsafe<{ name: string }[]>(`SELECT "name" FROM "user" WHERE "id" = ?`, "ada");
  const cache = () => readCaches.get(database.db)!;

  beforeAll(async () => {
    database = await createTestDatabase();
    await createUser(database.db, "ada", { name: "Ada" });
    await createUser(database.db, "grace", { name: "Grace" });
  });
  afterAll(() => database?.cleanup());

  it("answers a repeated read from the cache and sees the client's own write at once", async () => {
    expect(await names()).toEqual([{ name: "Ada" }]);
    const hits = cache().stats.hits;
    expect(await names()).toEqual([{ name: "Ada" }]);
    expect(cache().stats.hits).toBe(hits + 1);
    await database.db.user.update({ where: { id: "ada" }, data: { name: "Ada L." } });
    expect(await names()).toEqual([{ name: "Ada L." }]);
  });

  it("sees a commit by another connection to the same file", async () => {
    await names();
    await names();
    const other = new Database(database.databasePath);
    try {
      other.prepare(`UPDATE "user" SET "name" = 'Ada Lovelace' WHERE "id" = 'ada'`).run();
    } finally {
      other.close();
    }
    expect(await names()).toEqual([{ name: "Ada Lovelace" }]);
  });

  it("caches a model's reads too, each viewer's arguments apart, and hands each caller its own objects", async () => {
    const read = (id: string) => database.db.user.findUnique({ where: { id }, select: { id: true, name: true } });
    const ada = await read("ada");
    const grace = await read("grace");
    expect([ada?.name, grace?.name]).toEqual(["Ada Lovelace", "Grace"]);
    const hits = cache().stats.hits;
    ada!.name = "changed by a caller";
    expect((await read("ada"))?.name).toBe("Ada Lovelace");
    expect((await read("grace"))?.name).toBe("Grace");
    expect(cache().stats.hits).toBe(hits + 2);
  });

  it("keeps nothing across a reconnection, whose version numbers start afresh", async () => {
    // A client whose reader has seen no commit yet reads under its first number; a new connection
    // starts at that same number, whatever was committed in between.
    const fresh = await createTestDatabase();
    try {
      const read = () => fresh.db.$queryRawUnsafe<{ name: string }[]>(`SELECT "name" FROM "user"`);
      expect(await read()).toEqual([]);
      await fresh.db.$disconnect();
      const other = new Database(fresh.databasePath);
      try {
        other.prepare(`INSERT INTO "user" ("id", "name", "email", "role", "createdAt", "updatedAt") VALUES ('x', 'X', 'x@example.com', 'USER', 0, 0)`).run();
      } finally {
        other.close();
      }
      expect(await read()).toEqual([{ name: "X" }]);
    } finally {
      await fresh.cleanup();
    }
  });

  it("leaves a transaction's reads alone: they see its own uncommitted writes", async () => {
    await names();
    await database.db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: "ada" }, data: { name: "inside" } });
      expect(await tx.$queryRawUnsafe(`SELECT "name" FROM "user" WHERE "id" = ?`, "ada")).toEqual([{ name: "inside" }]);
    });
    expect(await names()).toEqual([{ name: "inside" }]);
  });
});
