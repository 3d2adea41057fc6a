import { readdirSync } from "node:fs";
import { appendFile, chmod, cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { migrationsDir } from "./migrator";
import { isPrepared, PREPARED_KEY, preparedPaths, type PreparedPaths } from "./prepared";

// `npm start` skips prepareDatabase when isPrepared says the database needs nothing. Each case
// below is a start that must not skip it: a new or changed migration, a changed built-in, built-in
// rows changed in the database, no users, a fresh file, no record.
const tmp = await mkdtemp(path.join(os.tmpdir(), "skillshelf-prepared-"));
const databasePath = path.join(tmp, "data", "app.db");
process.env.DATABASE_URL = `file:${databasePath}`;
const { prepareDatabase } = await import("./prepare");
afterAll(() => rm(tmp, { recursive: true, force: true }));

const sql = <T>(work: (db: InstanceType<typeof Database>) => T): T => {
  const db = new Database(databasePath);
  try {
    return work(db);
  } finally {
    db.close();
  }
};

/** The shipped folders copied, for a case to change. */
async function copiedPaths(name: string): Promise<PreparedPaths> {
  const dir = path.join(tmp, name);
  const paths = { migrationsDir: path.join(dir, "migrations"), builtinDir: path.join(dir, "builtin") };
  await cp(preparedPaths.migrationsDir, paths.migrationsDir, { recursive: true });
  await cp(preparedPaths.builtinDir, paths.builtinDir, { recursive: true });
  return paths;
}

describe("isPrepared", () => {
  it("reads the migrations the migrator applies", () => {
    expect(preparedPaths.migrationsDir).toBe(migrationsDir);
  });

  it("is false for a database that does not exist yet, true once prepareDatabase has run, and stays true", async () => {
    expect(await isPrepared(databasePath)).toBe(false);
    await prepareDatabase(() => {});
    expect(await isPrepared(databasePath)).toBe(true);
    expect(await isPrepared(databasePath, await copiedPaths("unchanged"))).toBe(true);
    const log: string[] = [];
    await prepareDatabase((line) => log.push(line));
    expect(log).toEqual([]);
    expect(await isPrepared(databasePath)).toBe(true);
  });

  it("is false when a migration is new, changed or not applied", async () => {
    const added = await copiedPaths("migration-added");
    await mkdir(path.join(added.migrationsDir, "29991231000000_next"));
    await writeFile(path.join(added.migrationsDir, "29991231000000_next", "migration.sql"), "CREATE TABLE Later (id TEXT);\n");
    expect(await isPrepared(databasePath, added)).toBe(false);

    const changed = await copiedPaths("migration-changed");
    const [first] = readdirSync(changed.migrationsDir).sort();
    await appendFile(path.join(changed.migrationsDir, first, "migration.sql"), "\n-- edited\n");
    expect(await isPrepared(databasePath, changed)).toBe(false);

    const last = sql((db) => db.prepare(`SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1`).get()) as {
      migration_name: string;
    };
    sql((db) => db.prepare(`UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = ?`).run(last.migration_name));
    expect(await isPrepared(databasePath)).toBe(false);
    sql((db) => db.prepare(`UPDATE _prisma_migrations SET finished_at = started_at WHERE migration_name = ?`).run(last.migration_name));
    expect(await isPrepared(databasePath)).toBe(true);
  });

  it("is false when a shipped built-in changed: a file's bytes, a new file, a hidden one, an execute bit", async () => {
    const edited = await copiedPaths("builtin-edited");
    const [skill] = readdirSync(edited.builtinDir).sort();
    await appendFile(path.join(edited.builtinDir, skill, "SKILL.md"), "\nOne more line.\n");
    expect(await isPrepared(databasePath, edited)).toBe(false);

    const added = await copiedPaths("builtin-added");
    await writeFile(path.join(added.builtinDir, skill, "notes.md"), "new\n");
    expect(await isPrepared(databasePath, added)).toBe(false);

    const hidden = await copiedPaths("builtin-hidden");
    await writeFile(path.join(hidden.builtinDir, skill, ".hidden"), "");
    expect(await isPrepared(databasePath, hidden)).toBe(false);

    const executable = await copiedPaths("builtin-executable");
    await chmod(path.join(executable.builtinDir, skill, "SKILL.md"), 0o755);
    expect(await isPrepared(databasePath, executable)).toBe(false);
  });

  it("is false when the built-in rows changed in the database, until prepareDatabase puts them back", async () => {
    sql((db) => db.prepare(`UPDATE Skill SET archived = 1 WHERE id = (SELECT id FROM Skill WHERE scope = 'BUILTIN' ORDER BY name LIMIT 1)`).run());
    expect(await isPrepared(databasePath)).toBe(false);
    const log: string[] = [];
    await prepareDatabase((line) => log.push(line));
    expect(log).toEqual(["Built-in skills: 0 added, 1 updated, 0 retired"]);
    expect(await isPrepared(databasePath)).toBe(true);
  });

  it("is false without the record or without any user (the demo is seeded then)", async () => {
    const record = sql((db) => db.prepare(`SELECT * FROM InstanceSetting WHERE key = ?`).get(PREPARED_KEY)) as Record<string, unknown>;
    sql((db) => db.prepare(`DELETE FROM InstanceSetting WHERE key = ?`).run(PREPARED_KEY));
    expect(await isPrepared(databasePath)).toBe(false);
    sql((db) => db.prepare(`INSERT INTO InstanceSetting (key, value, updatedAt) VALUES (@key, @value, @updatedAt)`).run(record));
    expect(await isPrepared(databasePath)).toBe(true);

    sql((db) => db.prepare(`UPDATE InstanceSetting SET value = 'not json' WHERE key = ?`).run(PREPARED_KEY));
    expect(await isPrepared(databasePath)).toBe(false);
    await prepareDatabase(() => {});
    expect(await isPrepared(databasePath)).toBe(true);

    sql((db) => {
      db.pragma("foreign_keys = OFF");
      db.prepare(`DELETE FROM User`).run();
    });
    expect(await isPrepared(databasePath)).toBe(false);
  });

  it("is false for a file that is not a prepared database", async () => {
    const empty = path.join(tmp, "empty.db");
    new Database(empty).close();
    expect(await isPrepared(empty)).toBe(false);
    await writeFile(path.join(tmp, "garbage.db"), "not a database");
    expect(await isPrepared(path.join(tmp, "garbage.db"))).toBe(false);
  });
});
