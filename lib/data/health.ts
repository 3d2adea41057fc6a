import "server-only";
import { constants } from "node:fs";
import { access, open, rm, writeFile } from "node:fs/promises";
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
 * The database connection was opened read-write at start and keeps its descriptors, so a query
 * says nothing about whether the files can still be written (permissions changed, a read-only
 * remount, a full disk). Opening them for writing again and creating a file beside them does, at
 * the cost of a few system calls and no row or byte left behind.
 */
async function checkStorage(databasePath: string): Promise<void> {
  for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) {
    const exists = await access(file, constants.F_OK).then(() => true, () => false);
    if (exists) await (await open(file, "r+")).close();
  }
  const probe = path.join(path.dirname(databasePath), `.health-${process.pid}`);
  try {
    await writeFile(probe, "ok");
  } finally {
    await rm(probe, { force: true });
  }
}

export async function checkHealth(): Promise<Health> {
  const [read, write] = await Promise.allSettled([db.$queryRawUnsafe("SELECT 1"), checkStorage(getEnv().databasePath)]);
  const health: Health = { ok: read.status === "fulfilled" && write.status === "fulfilled", database: read.status === "fulfilled" ? "ok" : "unreachable", storage: write.status === "fulfilled" ? "ok" : "unwritable" };
  if (read.status === "rejected") health.error = firstLine(read.reason);
  else if (write.status === "rejected") health.error = storageError(write.reason);
  return health;
}
