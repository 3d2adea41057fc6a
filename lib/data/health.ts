import "server-only";
import { rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { db } from "@/lib/data/db";

export type Health = {
  ok: boolean;
  database: "ok" | "unreachable";
  /** Whether writes can land: the database files open for writing and the data folder takes a file. */
  storage: "ok" | "unwritable";
  error?: string;
};

const firstLine = (error: unknown) => (error instanceof Error ? error.message.split("\n")[0] : "unknown error");
// The answer is public: the error code says what is wrong, without the server's paths.
const storageError = (error: unknown) => `data files are not writable (${(error as NodeJS.ErrnoException).code ?? firstLine(error)})`;

/**
 * Whether this process may write a file, judged from its mode bits and owner against the
 * effective user (as the kernel would), without opening it. Opening and closing a database file
 * in the process that holds it open would drop SQLite's POSIX locks on it, which corrupts the
 * database once another connection writes (sqlite.org/howtocorrupt.html, section 2.2).
 */
async function assertWritable(file: string): Promise<void> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? null : Promise.reject(error)));
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
 */
export async function checkStorageFor(databasePath: string): Promise<void> {
  for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) await assertWritable(file);
  const probe = path.join(path.dirname(databasePath), `.health-${process.pid}`);
  try {
    await writeFile(probe, "ok");
  } finally {
    await rm(probe, { force: true });
  }
}

export async function checkHealth(): Promise<Health> {
  const [read, write] = await Promise.allSettled([db.$queryRawUnsafe("SELECT 1"), checkStorageFor(getEnv().databasePath)]);
  const health: Health = { ok: read.status === "fulfilled" && write.status === "fulfilled", database: read.status === "fulfilled" ? "ok" : "unreachable", storage: write.status === "fulfilled" ? "ok" : "unwritable" };
  if (read.status === "rejected") health.error = firstLine(read.reason);
  else if (write.status === "rejected") health.error = storageError(write.reason);
  return health;
}
