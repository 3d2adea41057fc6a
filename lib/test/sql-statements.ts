import Database from "better-sqlite3";
import pg from "pg";
import { ReadCache } from "@/lib/db/read-cache";

// Counts the SQL statements the process sends to the database, below Prisma (at better-sqlite3's
// statements and pg's clients), so a test can say how often something is read without the code
// under test knowing it is counted. Install it before the first query: pg's pool binds each
// client's `query` when it connects.

const seen: string[] = [];
let installed = false;
// A test counts what the code asks of the database. On SQLite a read outside a transaction may be
// answered by the reader's cache (lib/db/read-cache.ts) while nothing has changed: it is counted
// when asked, whether the cache answers it or runs it (then not counted again), and the cache's
// check for a commit before each read, which reads no table, is not counted. Otherwise a page read
// twice in a test would count nothing the second time, and an N+1 would hide behind the cache.
const VERSION_CHECK = "PRAGMA data_version";
let runningCachedRead = 0;

function install(): void {
  if (installed) return;
  installed = true;
  const probe = new Database(":memory:");
  const statement = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<string, (...args: unknown[]) => unknown> & { source?: string };
  probe.close();
  for (const method of ["run", "get", "all", "iterate"]) {
    const original = statement[method];
    statement[method] = function (this: { source: string }, ...args: unknown[]) {
      if (runningCachedRead === 0 && this.source !== VERSION_CHECK) seen.push(this.source);
      return original.apply(this, args);
    };
  }
  const read = ReadCache.prototype.read;
  ReadCache.prototype.read = function (this: ReadCache, sql, run) {
    seen.push(sql.sql);
    // The adapter runs the statement before its first await, so inside this call.
    return read.call(this, sql, (q) => {
      runningCachedRead++;
      try {
        return run(q);
      } finally {
        runningCachedRead--;
      }
    });
  };
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (text) seen.push(text);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Starts counting; `statements()` gives every statement since, in order. */
export function recordStatements(): { statements: () => string[] } {
  install();
  const from = seen.length;
  return { statements: () => seen.slice(from) };
}

/** What `work` returns and the statements it sent. */
export async function countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const recording = recordStatements();
  const result = await work();
  return { result, statements: recording.statements() };
}

type ActorModule = typeof import("@/lib/data/core/actor");

/**
 * A mock of lib/data/core/actor whose loadActor reads each viewer once, for a test that counts only
 * a page's own statements: in a render the layout has read the actor and React `cache` keeps it for
 * the page, but outside a render `cache` keeps nothing. Reads inside a transaction are not kept.
 * Use: vi.mock("@/lib/data/core/actor", async (original) => (await import("@/lib/test/sql-statements")).actorReadOncePerViewer(await original())).
 */
export function actorReadOncePerViewer(actual: ActorModule): ActorModule {
  const known = new Map<string, ReturnType<ActorModule["loadActor"]>>();
  return {
    ...actual,
    loadActor: (client, viewer) => {
      if ("$transaction" in client === false) return actual.loadActor(client, viewer);
      if (!known.has(viewer.id)) known.set(viewer.id, actual.loadActor(client, viewer));
      return known.get(viewer.id)!;
    },
  };
}
