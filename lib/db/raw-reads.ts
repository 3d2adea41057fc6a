/**
 * Raw SQL reads on SQLite handed to the reader's driver adapter directly, with Prisma's own
 * conversions of the arguments and of the rows, instead of through the PrismaClient.
 *
 * `$queryRaw` through the client passes a request through its tracing, batching, query compiler
 * and interpreter, then serializes the adapter's rows to a typed JSON-like form and deserializes
 * them again: ~5% of a list page's CPU (about 1 ms of /skills), on every page, for what is one
 * statement the adapter runs. The functions here reproduce what the client does on either side of
 * the adapter (@prisma/client 7.10's raw parameter serialization and `deserializeRawResult`), for
 * the values and column types a SQLite read can carry; for anything else they answer null and the
 * caller goes the client's way, so an unusual value or column is never converted differently (a
 * DECIMAL column, which the schema has none of, is then read twice).
 * `raw-reads.test.ts` holds the two ways equal, value by value, on every column type SQLite gives.
 */
import { ColumnTypeEnum, type ArgType, type SqlQuery, type SqlResultSet } from "@prisma/driver-adapter-utils";

/** The SQL and values of a `$queryRaw` (a Prisma.Sql) or `$queryRawUnsafe` (text, ...values) call. */
export function rawQueryOf(operation: string, args: unknown): { sql: string; values: unknown[] } | null {
  if (operation === "$queryRaw") {
    const sql = args as { sql?: unknown; values?: unknown };
    return typeof sql?.sql === "string" && Array.isArray(sql.values) ? { sql: sql.sql, values: sql.values } : null;
  }
  if (operation === "$queryRawUnsafe" && Array.isArray(args) && typeof args[0] === "string") return { sql: args[0], values: args.slice(1) };
  return null;
}

const scalar = (scalarType: ArgType["scalarType"]): ArgType => ({ scalarType, arity: "scalar" });

/**
 * The adapter's query for these values, as the client builds it (each value through JSON, Dates
 * and BigInts tagged), or null for a value it would send otherwise (bytes, objects, lists).
 */
export function adapterQuery(sql: string, values: unknown[]): SqlQuery | null {
  const args: unknown[] = [];
  const argTypes: ArgType[] = [];
  for (const value of values) {
    if (value === null || value === undefined) {
      args.push(null);
      argTypes.push(scalar("unknown"));
    } else if (typeof value === "string") {
      args.push(value);
      argTypes.push(scalar("string"));
    } else if (typeof value === "number") {
      // Through JSON, as the client sends them: no NaN or Infinity (null), and no -0.
      args.push(Number.isFinite(value) ? value + 0 : null);
      argTypes.push(scalar(Number.isFinite(value) ? "decimal" : "unknown"));
    } else if (typeof value === "boolean") {
      args.push(value);
      argTypes.push(scalar("unknown"));
    } else if (typeof value === "bigint") {
      args.push(value.toString());
      argTypes.push(scalar("bigint"));
    } else if (value instanceof Date && !Number.isNaN(value.getTime())) {
      args.push(value.toJSON());
      argTypes.push(scalar("datetime"));
    } else return null;
  }
  return { sql, args, argTypes };
}

/**
 * The rows as the client's `$queryRaw` returns them: one object per row, each column converted as
 * the client converts its adapter type. Null for a column type this does not handle.
 */
export function clientRows(result: SqlResultSet): Record<string, unknown>[] | null {
  const convert: ((value: unknown) => unknown)[] = [];
  for (const type of result.columnTypes) {
    const conversion = CONVERSIONS.get(type);
    if (!conversion) return null;
    convert.push(conversion);
  }
  const { columnNames, rows } = result;
  const out: Record<string, unknown>[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const object: Record<string, unknown> = {};
    for (let c = 0; c < columnNames.length; c++) {
      const value = row[c];
      object[columnNames[c]] = value === null || value === undefined ? null : convert[c](value);
    }
    out[r] = object;
  }
  return out;
}

const same = (value: unknown) => value;

function unexpected(value: unknown, type: string): never {
  throw new Error(`Cannot serialize value of type ${typeof value} as ${type}`);
}

const CONVERSIONS = new Map<number, (value: unknown) => unknown>([
  [
    ColumnTypeEnum.Int32,
    (value) => (typeof value === "number" ? Math.trunc(value) : typeof value === "string" ? Math.trunc(Number(value)) : unexpected(value, "Int32")),
  ],
  [
    ColumnTypeEnum.Int64,
    (value) => (typeof value === "number" ? BigInt(Math.trunc(value)) : typeof value === "string" ? BigInt(value) : unexpected(value, "Int64")),
  ],
  [ColumnTypeEnum.Float, same],
  [ColumnTypeEnum.Double, same],
  [ColumnTypeEnum.UnknownNumber, same],
  [ColumnTypeEnum.Text, same],
  [
    ColumnTypeEnum.Boolean,
    (value) =>
      typeof value === "boolean"
        ? value
        : typeof value === "string"
          ? value === "true" || value === "1"
          : typeof value === "number"
            ? value === 1
            : unexpected(value, "Boolean"),
  ],
  [ColumnTypeEnum.DateTime, (value) => new Date(value as string)],
  [ColumnTypeEnum.Date, (value) => new Date(value as string)],
  [ColumnTypeEnum.Time, (value) => new Date(`1970-01-01T${value as string}Z`)],
  [ColumnTypeEnum.Json, (value) => (typeof value === "string" ? JSON.parse(value) : unexpected(value, "Json"))],
  // The adapter's Buffer, copied into a Uint8Array of its own as the client does.
  [ColumnTypeEnum.Bytes, (value) => new Uint8Array(value as Uint8Array)],
]);
