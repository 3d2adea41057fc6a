// The health check's logic, in plain JavaScript because two processes' worth of code run it: the
// /api/health route inside the app (lib/data/platform/health.ts, with the data layer's connection) and the
// production server's fast path (server/serve.mjs, answered before Next.js so that a busy
// server still answers it at once). Types: health-check.d.mts.
import { rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

// The line that says what went wrong: Prisma's messages open with an empty line and the name of
// the call ("Invalid `prisma.$queryRawUnsafe()` invocation:") before the reason.
/** @param {unknown} error */
export const reasonOf = (error) =>
  (error instanceof Error &&
    error.message
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line && !line.startsWith("Invalid `prisma."))) ||
  "unknown error";
// The answer is public: the error code says what is wrong, without the server's paths.
/** @param {unknown} error */
const storageError = (error) => `data files are not writable (${/** @type {NodeJS.ErrnoException} */ (error).code ?? reasonOf(error)})`;

/**
 * Whether this process may write a file, judged from its mode bits and owner against the
 * effective user (as the kernel would), without opening it. Opening and closing a database file
 * in the process that holds it open would drop SQLite's POSIX locks on it, which corrupts the
 * database once another connection writes (sqlite.org/howtocorrupt.html, section 2.2).
 * @param {string} file
 */
function assertWritable(file) {
  const info = statSync(file, { throwIfNoEntry: false });
  if (!info) return;
  const uid = process.geteuid?.() ?? 0;
  if (uid === 0) return;
  const groups = new Set([process.getegid?.(), ...(process.getgroups?.() ?? [])]);
  const bit = info.uid === uid ? 0o200 : groups.has(info.gid) ? 0o020 : 0o002;
  if (!(info.mode & bit)) throw Object.assign(new Error("permission denied"), { code: "EACCES" });
}

/**
 * The database connection was opened read-write at start and keeps its descriptors, so a query
 * says nothing about whether the files can still be written (permissions changed, a read-only
 * remount, a full disk). Their permissions, and creating a file beside them, do, at the cost of a
 * few system calls and no row or byte left behind.
 *
 * Synchronous on purpose: under load libuv's four threads are busy compressing responses, and a
 * check queued behind them took 160 ms instead of a fraction of one. Nothing is lost by it: the
 * database is read and written synchronously on this thread too, so storage that hangs would
 * already hang the server.
 * @param {string} databasePath
 */
export async function checkStorageFor(databasePath) {
  for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) assertWritable(file);
  const probe = path.join(path.dirname(databasePath), `.health-${process.pid}`);
  try {
    writeFileSync(probe, "ok");
  } finally {
    rmSync(probe, { force: true });
  }
}

/**
 * Whether the database answers (`query` runs `SELECT 1` on the caller's connection) and its files
 * can be written.
 * @param {() => unknown} query
 * @param {string | null} databasePath
 */
export async function checkHealthWith(query, databasePath) {
  // PostgreSQL (no file): the query itself is the whole check.
  const [read, write] = await Promise.allSettled([Promise.resolve().then(query), databasePath ? checkStorageFor(databasePath) : undefined]);
  /** @type {import("./health-check.d.mts").Health} */
  const health = {
    ok: read.status === "fulfilled" && write.status === "fulfilled",
    database: read.status === "fulfilled" ? "ok" : "unreachable",
    storage: write.status === "fulfilled" ? "ok" : "unwritable",
  };
  if (read.status === "rejected") health.error = reasonOf(read.reason);
  else if (write.status === "rejected") health.error = storageError(write.reason);
  return health;
}
