import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect } from "@/lib/test/database";
import { rawReads } from "./client";
import { adapterQuery, clientRows, rawQueryOf } from "./raw-reads";
import { ColumnTypeEnum } from "@prisma/driver-adapter-utils";

// A read outside a transaction takes the direct way; the same read inside a transaction goes
// through Prisma's client (lib/db/client.ts): the two must answer alike, value for value.
describe.skipIf(testDialect !== "sqlite")("raw reads on SQLite, direct against through Prisma's client", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const viaClient = (sql: string, ...values: unknown[]) => database.db.$transaction((tx) => tx.$queryRawUnsafe(sql, ...values));
  const direct = async (sql: string, ...values: unknown[]) => {
    const before = { ...rawReads };
    const rows = await database.db.$queryRawUnsafe(sql, ...values);
    return { rows, direct: rawReads.direct - before.direct, throughClient: rawReads.throughClient - before.throughClient };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await db.$executeRawUnsafe(`CREATE TABLE "Probe" (
      "k" INTEGER PRIMARY KEY, "i" INTEGER, "big" BIGINT, "f" FLOAT, "d" DOUBLE, "n" NUMERIC, "t" TEXT, "b" BOOLEAN,
      "dt" DATETIME, "dd" DATE, "tm" TIME, "j" JSONB, "blob" BLOB, "dec" DECIMAL)`);
    await db.$executeRawUnsafe(`INSERT INTO "Probe" ("k", "i", "big", "f", "d", "n", "t", "b", "dt", "dd", "tm", "j", "blob", "dec") VALUES
      (1, 42, 9007199254740993, 1.5, 2.25, 3, 'text', 1, '2026-12-05T03:40:00.000+00:00', '2026-12-05', '03:40:00', '{"a":[1,2]}', x'0102', 1.25),
      (2, -7, 12, 0.0, -1e300, 3.5, '', 0, 1764906000000, NULL, NULL, 'null', NULL, NULL),
      (3, 2.75, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
      (4, 9007199254740993, -3, 7, 7, NULL, 'ünïcødé', 1, '2026-01-01 00:00:00', NULL, NULL, '[]', NULL, NULL)`);
  });
  afterAll(() => database?.cleanup());

  const columns = `"k", "i", "big", "f", "d", "n", "t", "b", "dt", "dd", "tm", "j", "blob"`;

  it("gives every declared column type as the client does, and takes the direct way", async () => {
    const sql = `SELECT ${columns} FROM "Probe" ORDER BY "k"`;
    const expected = await viaClient(sql);
    const got = await direct(sql);
    expect(got.rows).toEqual(expected);
    expect(got).toMatchObject({ direct: 1, throughClient: 0 });
    // What the client makes of them, so the comparison above compares something.
    const [first, second, third] = expected as Record<string, unknown>[];
    expect(first).toMatchObject({
      i: 42,
      big: 9007199254740993n,
      f: 1.5,
      b: true,
      j: { a: [1, 2] },
      dt: new Date("2026-12-05T03:40:00Z"),
      blob: new Uint8Array([1, 2]),
    });
    expect(second).toMatchObject({ b: false, dt: new Date(1764906000000), j: null });
    expect(third).toMatchObject({ i: 2, big: null });
  });

  it("gives computed columns (no declared type) as the client does", async () => {
    const sql = `SELECT COUNT(*) AS "n", SUM("f") AS "sum", MAX("t") AS "maxText", 1.5 AS "half", NULL AS "nothing", 'a' || 'b' AS "ab",
      CAST("k" AS TEXT) AS "kText", "k" > 2 AS "flag", EXISTS (SELECT 1 FROM "Probe" WHERE "k" = 9) AS "none"
      FROM "Probe" GROUP BY "k" > 2 ORDER BY "k" > 2`;
    const got = await direct(sql);
    expect(got.rows).toEqual(await viaClient(sql));
    expect(got.direct).toBe(1);
    expect((got.rows as Record<string, unknown>[])[0]).toMatchObject({ n: 2n, nothing: null, ab: "ab" });
  });

  it("hands a DECIMAL column to the client, which answers as before", async () => {
    const sql = `SELECT "k", "dec" FROM "Probe" ORDER BY "k"`;
    const got = await direct(sql);
    expect(got.rows).toEqual(await viaClient(sql));
    expect(got).toMatchObject({ direct: 0, throughClient: 1 });
  });

  it("binds every kind of value as the client does", async () => {
    const values: unknown[] = [
      "text",
      "",
      3,
      2.5,
      -0,
      2n ** 63n - 1n,
      true,
      false,
      null,
      undefined,
      new Date("2026-12-05T03:40:00.123Z"),
      Number.NaN,
      Infinity,
    ];
    for (const value of values) {
      const sql = `SELECT ? AS "v", typeof(?) AS "type"`;
      const got = await direct(sql, value, value);
      expect(got.rows, String(value)).toEqual(await viaClient(sql, value, value));
      expect(got.direct, String(value)).toBe(1);
    }
    // A date compared with stored ones, and a bigint with a BIGINT column.
    const since = `SELECT "k" FROM "Probe" WHERE "dt" >= ? AND ("big" IS NULL OR "big" < ?) ORDER BY "k"`;
    const got = await direct(since, new Date("2026-06-01T00:00:00Z"), 10n ** 17n);
    expect(got.rows).toEqual(await viaClient(since, new Date("2026-06-01T00:00:00Z"), 10n ** 17n));
    expect(got.rows).toEqual([{ k: 1 }]);
  });

  it("hands values it does not convert (bytes, objects, invalid dates) to the client", async () => {
    for (const value of [Buffer.from([1, 2]), new Uint8Array([1, 2]), { a: 1 }]) {
      const sql = `SELECT "k", ? AS "v" FROM "Probe" WHERE "blob" = ? OR "t" = ?`;
      const got = await direct(sql, "v", value, value);
      expect(got.rows).toEqual(await viaClient(sql, "v", value, value));
      expect(got).toMatchObject({ direct: 0, throughClient: 1 });
    }
    await expect(database.db.$queryRawUnsafe(`SELECT ? AS "v"`, new Date(Number.NaN))).rejects.toThrow("Provided Date object is invalid");
  });

  it("reports a failing read in the client's words", async () => {
    const sql = `SELECT "nope" FROM "Probe"`;
    const error = await database.db.$queryRawUnsafe(sql).catch((e: unknown) => e);
    const clientError = await viaClient(sql).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "P2010" });
    expect((error as Error).message).toContain("no such column");
    expect((error as Error).message).toBe((clientError as Error).message);
  });

  it("takes the direct way for a tagged $queryRaw too", async () => {
    const before = rawReads.direct;
    const rows = await database.db.$queryRaw`SELECT "t" FROM "Probe" WHERE "k" = ${4}`;
    expect(rows).toEqual([{ t: "ünïcødé" }]);
    expect(rawReads.direct).toBe(before + 1);
  });
});

describe("the conversions", () => {
  it("read the SQL and values of both raw operations, nothing else", () => {
    expect(rawQueryOf("$queryRawUnsafe", ["SELECT ?", 1])).toEqual({ sql: "SELECT ?", values: [1] });
    expect(rawQueryOf("$queryRaw", { sql: "SELECT ?", values: [2] })).toEqual({ sql: "SELECT ?", values: [2] });
    expect(rawQueryOf("$executeRaw", { sql: "DELETE", values: [] })).toBeNull();
    expect(rawQueryOf("$queryRawUnsafe", [{}])).toBeNull();
  });

  it("refuse a column type they do not convert", () => {
    expect(clientRows({ columnNames: ["x"], columnTypes: [ColumnTypeEnum.Numeric], rows: [[null]] })).toBeNull();
    expect(clientRows({ columnNames: ["x"], columnTypes: [ColumnTypeEnum.Int64], rows: [["12"], [null]] })).toEqual([{ x: 12n }, { x: null }]);
  });

  it("tag dates and bigints as the client does, and refuse lists", () => {
    expect(adapterQuery("S", [new Date(0), 5n, 1, true])).toEqual({
      sql: "S",
      args: ["1970-01-01T00:00:00.000Z", "5", 1, true],
      argTypes: [
        { scalarType: "datetime", arity: "scalar" },
        { scalarType: "bigint", arity: "scalar" },
        { scalarType: "decimal", arity: "scalar" },
        { scalarType: "unknown", arity: "scalar" },
      ],
    });
    expect(adapterQuery("S", [[1, 2]])).toBeNull();
  });
});
