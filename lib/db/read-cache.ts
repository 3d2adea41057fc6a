/**
 * Results of raw reads on SQLite kept while the database has not changed.
 *
 * Every page asks the same few questions of an unchanged database: the session and its viewer,
 * the review badge's count, the catalog's facets and tags. Run in the server, each statement cost
 * 0.15-0.4 ms (cold caches and scavenges landing inside the call, against 0.05-0.15 ms in a loop),
 * 1.1-1.4 ms of a page's 13-15 ms. SQLite says cheaply whether anything changed:
 * `PRAGMA data_version` on a connection answers a different number once any *other* connection
 * (the writer in this process, or another process on the same file) has committed. The reader
 * only reads, so while its number is the one a result was read under, the same statement with the
 * same arguments would return the same rows, and every entry is dropped the moment it changes.
 *
 * The number is read before the statement runs: a commit landing between the two leaves the entry
 * tagged with the older number, so it is dropped at the next read rather than served stale.
 *
 * What is kept is the adapter's result set (column names, types and the driver's values), and each
 * read gets a copy of its rows (and of any bytes in them): Prisma's client and the raw reads build
 * their own objects from it, and nothing a caller does to what it got reaches the entry. Bytes are bounded: an entry larger than
 * `maxEntryBytes` (a file's contents) is not kept, and the least recently used go first past
 * `maxBytes`. Keys are the SQL text and its arguments exactly, so two viewers share an entry only
 * when they asked the identical question (the viewer's id is among the arguments of every
 * per-viewer read).
 */
import type { SqlQuery, SqlResultSet } from "@prisma/driver-adapter-utils";

type Entry = { result: SqlResultSet; bytes: number };

/** What a value costs the cache, roughly (V8 keeps one-byte strings at a byte a character). */
function sizeOf(value: unknown): number {
  if (typeof value === "string") return 16 + value.length;
  if (value === null || value === undefined || typeof value !== "object") return 8;
  if (ArrayBuffer.isView(value)) return 16 + value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + sizeOf(item), 16);
  return 64;
}

function resultBytes(result: SqlResultSet): number {
  let bytes = 64 + result.columnNames.reduce((sum, name) => sum + 16 + name.length, 0);
  for (const row of result.rows) bytes += sizeOf(row);
  return bytes;
}

export class ReadCache {
  readonly #entries = new Map<string, Entry>();
  #version: number | undefined;
  #bytes = 0;
  readonly stats = { hits: 0, misses: 0, cleared: 0 };

  constructor(
    /** The reader connection's `PRAGMA data_version`. */
    private readonly dataVersion: () => number,
    private readonly limits: { maxBytes: number; maxEntryBytes: number },
  ) {}

  /** The query's result: kept, or read by `run` now (and kept when small enough). */
  async read(query: SqlQuery, run: (query: SqlQuery) => Promise<SqlResultSet>): Promise<SqlResultSet> {
    const version = this.dataVersion();
    if (version !== this.#version) {
      if (this.#entries.size > 0) this.stats.cleared++;
      this.#entries.clear();
      this.#bytes = 0;
      this.#version = version;
    }
    const key = keyOf(query);
    const kept = this.#entries.get(key);
    if (kept) {
      // Most recently used last: the Map's order is the eviction order.
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      this.stats.hits++;
      return copy(kept.result);
    }
    this.stats.misses++;
    const result = await run(query);
    // The key counts too: an IN list of thousands of ids makes a key of hundreds of KB.
    const bytes = resultBytes(result) + key.length;
    // Another read may have seen a newer number while this one ran: keep nothing under the old.
    if (bytes <= this.limits.maxEntryBytes && this.#version === version) {
      this.#entries.set(key, { result, bytes });
      this.#bytes += bytes;
      for (const [oldest, entry] of this.#entries) {
        if (this.#bytes <= this.limits.maxBytes) break;
        this.#entries.delete(oldest);
        this.#bytes -= entry.bytes;
      }
    }
    return copy(result);
  }

  /** Drops every entry (a new connection: its `data_version` numbers are not the old one's). */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#version = undefined;
  }

  get size(): { bytes: number; entries: number } {
    return { bytes: this.#bytes, entries: this.#entries.size };
  }
}

function copy(result: SqlResultSet): SqlResultSet {
  return {
    ...result,
    columnNames: result.columnNames.slice(),
    columnTypes: result.columnTypes.slice(),
    rows: result.rows.map((row) => row.map((value) => (value instanceof Uint8Array ? Buffer.from(value) : value))),
  };
}

/** The statement and its arguments with their types (a date and a string of the same text bind differently). */
function keyOf(query: SqlQuery): string {
  return `${query.sql}\u0000${JSON.stringify(query.args)}\u0000${query.argTypes.map((type) => `${type.scalarType}:${type.arity}`).join(",")}`;
}
