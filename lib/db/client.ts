import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-pg/client";
import type { DatabaseTarget } from "@/lib/env";
import { createPgAdapterFactory } from "./postgres";
import { adapterQuery, clientRows, rawQueryOf } from "./raw-reads";
import { ReadCache } from "./read-cache";
import { cacheStatements } from "./statement-cache";

export type Dialect = "sqlite" | "postgres";

/**
 * SQLite through two better-sqlite3 connections: a writer and a reader.
 *
 * The writer is shared by every write and every interactive transaction, and the adapter only
 * serializes transactions with each other: a plain query issued by another request while an
 * interactive transaction is open would run *inside* it (seeing its uncommitted rows, and rolled
 * back with it). So every write outside a transaction waits for the transaction in progress, and
 * a transaction waits for the writes in flight.
 *
 * Reads outside a transaction go to the reader instead and take no turn at that gate: under WAL
 * each read statement sees the last committed state, never an open transaction's rows, and never
 * waits for one. Gating reads too made every page wait for every other request's queries (page
 * p95 4.8 s with 90 clients). A read after a write of the same request still sees that write,
 * because the write committed before its promise resolved.
 */
class Gate {
  #tail: Promise<void> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

const insideTransaction = new AsyncLocalStorage<true>();

// Model operations that never write; everything else (including upsert and *AndReturn) is a write.
const READ_OPERATIONS = new Set(["findUnique", "findUniqueOrThrow", "findFirst", "findFirstOrThrow", "findMany", "count", "aggregate", "groupBy"]);
// Raw SQL goes to the reader only when it is plainly a query; PRAGMA and anything else to the writer.
const READ_SQL = /^\s*(?:SELECT|WITH)\b/i;

function rawSqlText(args: unknown): string {
  if (typeof args === "string") return args;
  if (Array.isArray(args)) return rawSqlText(args[0]);
  if (args && typeof args === "object") {
    const sql = args as { sql?: unknown; strings?: unknown; raw?: unknown };
    if (typeof sql.sql === "string") return sql.sql;
    if (Array.isArray(sql.strings) && typeof sql.strings[0] === "string") return sql.strings[0];
    if (Array.isArray(sql.raw) && typeof sql.raw[0] === "string") return sql.raw[0];
  }
  return "";
}

function isRead(model: string | undefined, operation: string, args: unknown): boolean {
  if (model) return READ_OPERATIONS.has(operation);
  return (operation === "$queryRaw" || operation === "$queryRawUnsafe") && READ_SQL.test(rawSqlText(args));
}

// better-sqlite3's `timeout` is SQLite's busy timeout: a statement that finds the database locked
// (another process's write, a checkpoint) retries for this long instead of failing at once.
const BUSY_TIMEOUT_MS = 10_000;

// Distinct SQL texts kept prepared per connection (lib/db/statement-cache.ts): Prisma's queries
// are a few hundred shapes; an IN list of another length is another text.
const STATEMENTS_KEPT = 500;

type AdapterWithClient = { client: { prepare: (sql: string) => unknown } };
type PluckedStatement = { pluck(on?: boolean): { get(): unknown } };
type ConnectedAdapter = Awaited<ReturnType<PrismaBetterSqlite3["connect"]>>;

// The SQLite better-sqlite3 bundles takes 32,766 bound parameters per statement (its default
// SQLITE_MAX_VARIABLE_NUMBER since 3.32), but the adapter does not say so and Prisma then assumes
// 999: a read whose relation needs more ids in one IN list (a skill page's versions' labels once
// a skill had 1,000 versions) failed with "The query parameter limit ... is exceeded" (P2029).
// PostgreSQL gets the same 32,766 from Prisma; past it Prisma splits the statement where it can.
const SQLITE_MAX_VARIABLES = 32_766;

/** Statements prepared once per SQL text and reused (see lib/db/statement-cache.ts). */
class CachedStatements extends PrismaBetterSqlite3 {
  /** The connection, once Prisma has opened it: raw reads go to it directly (lib/db/raw-reads.ts). */
  connected: ConnectedAdapter | undefined;

  protected rewrite(sql: string): string {
    return sql;
  }

  /** The connection just opened, before `prepare` hands out shared statements. */
  protected opened(_client: AdapterWithClient["client"], _adapter: ConnectedAdapter): void {}

  override async connect() {
    const adapter = await super.connect();
    const client = (adapter as unknown as AdapterWithClient).client;
    this.opened(client, adapter);
    cacheStatements(client, STATEMENTS_KEPT, (sql) => this.rewrite(sql));
    this.connected = Object.assign(adapter, { getConnectionInfo: () => ({ maxBindValues: SQLITE_MAX_VARIABLES, supportsRelationJoins: false }) });
    return this.connected;
  }
}

/**
 * Every transaction begins IMMEDIATE: it takes the database's write lock at BEGIN, waiting up to
 * the busy timeout for another process's writer. The adapter's plain (deferred) BEGIN reads first
 * and asks for the lock at its first write; when another process committed in between, SQLite
 * refuses that at once (SQLITE_BUSY, no waiting), since the transaction read a stale snapshot. In
 * one process the gate below already serializes transactions; this does the same across processes
 * (a CLI import beside the server, two servers on one file), so a transaction's reads stay true
 * until it commits, as on PostgreSQL with the row locks lib/db/locks.ts takes.
 */
class ImmediateTransactions extends CachedStatements {
  protected override rewrite(sql: string): string {
    return sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql;
  }
}

// The reader's results kept while the database is unchanged: a page's reads take a few KB; an
// entry past 256 KB (a large file's contents) is read afresh each time.
const READ_CACHE_LIMITS = { maxBytes: 8 * 1024 * 1024, maxEntryBytes: 256 * 1024 };

/**
 * The reader: every query it runs, raw or a model's, answered from lib/db/read-cache.ts while
 * `PRAGMA data_version` (which changes when another connection commits) is the one the result was
 * read under.
 */
class CachedReads extends CachedStatements {
  readonly cache = new ReadCache(() => this.#dataVersion(), READ_CACHE_LIMITS);
  #dataVersion = (): number => {
    throw new Error("The reader has no connection yet");
  };

  protected override opened(client: AdapterWithClient["client"], adapter: ConnectedAdapter): void {
    // A number of this connection's is comparable only with its own earlier ones.
    this.cache.clear();
    const version = (client.prepare("PRAGMA data_version") as PluckedStatement).pluck(true);
    this.#dataVersion = () => Number(version.get());
    const queryRaw = adapter.queryRaw.bind(adapter);
    adapter.queryRaw = (query) => this.cache.read(query, queryRaw);
  }
}

/**
 * A raw read run by the reader's adapter itself (lib/db/raw-reads.ts), or null to let the client
 * run it: a value or column type the direct way does not convert, or any error, which the client
 * then reports in its own words (a read has no effect to repeat).
 */
async function readDirectly(adapter: ConnectedAdapter | undefined, operation: string, args: unknown): Promise<Record<string, unknown>[] | null> {
  const raw = adapter && rawQueryOf(operation, args);
  const query = raw && adapterQuery(raw.sql, raw.values);
  let rows: Record<string, unknown>[] | null = null;
  if (query) {
    try {
      rows = clientRows(await adapter.queryRaw(query));
    } catch {
      rows = null;
    }
  }
  rawReads[rows ? "direct" : "throughClient"]++;
  return rows;
}

/** How many raw reads outside a transaction went each way since the process started (for tests). */
export const rawReads = { direct: 0, throughClient: 0 };

/** Each SQLite client's read cache, for tests. */
export const readCaches = new WeakMap<object, ReadCache>();

export function createPrismaClient(databasePath: string) {
  const writer = new PrismaClient({ adapter: new ImmediateTransactions({ url: databasePath, timeout: BUSY_TIMEOUT_MS }) });
  const readerAdapter = new CachedReads({ url: databasePath, timeout: BUSY_TIMEOUT_MS });
  const reader = new PrismaClient({ adapter: readerAdapter });
  // Per-connection settings, applied before each connection's first statement.
  // synchronous=NORMAL: under WAL a commit no longer waits for an fsync of the log, only
  // checkpoints do; a power loss may drop the last commits but never corrupts the database, and a
  // crashed process loses nothing. query_only: the reader refuses writes, so a misrouted write
  // fails loudly instead of slipping past the gate.
  let ready: Promise<unknown> | undefined;
  const prepare = () => (ready ??= Promise.all([writer.$executeRawUnsafe("PRAGMA synchronous = NORMAL"), reader.$executeRawUnsafe("PRAGMA query_only = ON")]));
  const gate = new Gate();
  const extended = writer.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        if (insideTransaction.getStore()) return query(args);
        await prepare();
        if (isRead(model, operation, args)) {
          if (!model) {
            const rows = await readDirectly(readerAdapter.connected, operation, args);
            if (rows) return rows;
          }
          // Raw operations arrive as `$queryRawUnsafe`'s argument list or `$queryRaw`'s Sql object.
          if (!model) return (reader as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[operation](...(Array.isArray(args) ? args : [args]));
          const delegate = (reader as unknown as Record<string, Record<string, (a: unknown) => Promise<unknown>>>)[
            model.charAt(0).toLowerCase() + model.slice(1)
          ];
          return delegate[operation](args);
        }
        return gate.run(() => query(args));
      },
    },
  });
  // Interactive transactions take the gate for their whole duration.
  const $transaction = extended.$transaction.bind(extended) as typeof extended.$transaction;
  const client = Object.assign(extended, {
    $transaction: ((...args: Parameters<typeof extended.$transaction>) =>
      prepare().then(() =>
        gate.run(() => insideTransaction.run(true, () => ($transaction as (...a: unknown[]) => Promise<unknown>)(...args))),
      )) as typeof extended.$transaction,
    $disconnect: async () => {
      await Promise.all([writer.$disconnect(), reader.$disconnect()]);
    },
    $dialect: "sqlite" as Dialect,
  });
  readCaches.set(client, readerAdapter.cache);
  return client;
}

export type Db = ReturnType<typeof createPrismaClient>;

/**
 * PostgreSQL through a pool of connections: the server runs concurrent transactions itself, so
 * there is no gate. Its generated client (lib/generated/prisma-pg) has the same models and the
 * same runtime as the SQLite one (lib/db/schemas.test.ts holds the two schemas equal), so it is
 * typed as the one `Db` the data layer is written against; raw SQL asks `db.$dialect`.
 */
export function createPostgresClient(url: string, options: { poolSize?: number } = {}): Db {
  const client = new PostgresPrismaClient({
    adapter: createPgAdapterFactory(url, { max: options.poolSize }),
    // A transaction waits for a pooled connection as long as a SQLite statement waits for the
    // file's lock, not Prisma's 2 s: writers queued on one row lock (lib/db/locks.ts) hold their
    // connections meanwhile, and a burst on a busy server should wait, not fail.
    transactionOptions: { maxWait: BUSY_TIMEOUT_MS },
  });
  return Object.assign(client, { $dialect: "postgres" as Dialect }) as unknown as Db;
}

/** The client for DATABASE_URL's database. */
export function createDatabaseClient(target: DatabaseTarget, options: { poolSize?: number } = {}): Db {
  return target.provider === "sqlite" ? createPrismaClient(target.path) : createPostgresClient(target.url, options);
}
export type Tx = Parameters<Extract<Parameters<Db["$transaction"]>[0], (...args: never[]) => unknown>>[0];

export async function configureSqlite(db: Db): Promise<void> {
  if (db.$dialect !== "sqlite") return;
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await db.$executeRawUnsafe("PRAGMA foreign_keys = ON");
}
