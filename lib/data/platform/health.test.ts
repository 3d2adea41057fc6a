import { spawnSync } from "node:child_process";
import { chmod } from "node:fs/promises";
import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/lib/test/database";

// SQLite on either run: what is checked here is its files and locks (PostgreSQL's health is its query, readiness.test.ts).
const database = await createTestDatabase("sqlite");
const { checkHealth, checkStorageFor } = await import("./health");
// The data layer's own connection, opened (read-write) before the files become unwritable, as a
// running server's is.
const { db } = await import("@/lib/db/server");
await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
await db.user.count();

const dir = path.dirname(database.databasePath);
const asRoot = process.getuid?.() === 0;

/** Undoes makeStorageUnwritable: root again, and the folder writable. */
async function restoreStorage() {
  if (asRoot) process.seteuid!(0);
  await chmod(dir, 0o755);
}

afterAll(async () => {
  await restoreStorage();
  await database.cleanup();
});

/**
 * Takes write permission away from the database, its WAL files and its folder under the open
 * connection. Root ignores permission bits, so a root test process also acts as another user
 * until the end (its effective uid only, so cleanup can take root back).
 */
async function makeStorageUnwritable() {
  for (const suffix of ["", "-wal", "-shm"]) await chmod(database.databasePath + suffix, 0o444).catch(() => undefined);
  await chmod(dir, 0o555);
  if (asRoot) process.seteuid!(65534);
}

describe("checkHealth", () => {
  it("is ok while the database answers and its files can be written", async () => {
    expect(await checkHealth()).toEqual({ ok: true, database: "ok", storage: "ok" });
  });

  it("reports storage that can no longer be written as not ok, without naming paths", async () => {
    await makeStorageUnwritable();
    // Back to root afterwards: acting as nobody, the next test could not even start a Node
    // binary kept under root's home (CI's, in ~/.cache).
    try {
      const health = await checkHealth();
      expect(health).toMatchObject({ ok: false, database: "ok", storage: "unwritable" });
      expect(health.error).toMatch(/not writable \(EACCES\)/);
      expect(health.error).not.toContain(path.dirname(database.databasePath));
    } finally {
      await restoreStorage();
    }
  });
});

describe("checkHealth and SQLite's locks", () => {
  it("leaves this process's database locks in place (closing any descriptor of a locked file drops them)", async () => {
    const locked = await createTestDatabase("sqlite");
    const holder = new Database(locked.databasePath);
    try {
      holder.pragma("journal_mode = WAL");
      holder.exec("BEGIN IMMEDIATE");
      await checkStorageFor(locked.databasePath);
      // Another process must still find the database locked for writing.
      const child = spawnSync(
        process.execPath,
        [
          "-e",
          `const D=require("better-sqlite3");const d=new D(${JSON.stringify(locked.databasePath)},{timeout:0});try{d.exec("BEGIN IMMEDIATE");console.log("acquired")}catch(e){console.log(e.code)}`,
        ],
        { encoding: "utf8" },
      );
      expect(child.stdout.trim()).toBe("SQLITE_BUSY");
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
      await locked.cleanup();
    }
  });
});
