/**
 * `npm start`'s quick answer to "is this SQLite database already prepared?", so that a start with
 * nothing to do skips the preparation's imports (Prisma's client and Wasm engines, the data layer,
 * the tokenizer and the scanner: 1.5-3 s of a start). Only better-sqlite3 and node: are loaded.
 * Every "yes" rests on the database itself:
 *   - migrations: every folder on disk is applied, finished and not rolled back, with the file's
 *     checksum (sha256, as Prisma records it), and nothing else is applied;
 *   - demo data: the database has a user (prepareDatabase seeds only a database without any);
 *   - built-ins: the record prepareDatabase leaves in InstanceSetting names both the shipped
 *     folder's bytes it synced and the built-in rows that sync left; both must still match.
 * Anything else (no file, no record, a changed built-in, a new migration, an error) is a "no", and
 * the full preparation runs as before. PostgreSQL always takes the full preparation.
 */
import { createHash } from "node:crypto";
import { lstat, readFile, readdir, readlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export interface PreparedPaths {
  /** The SQLite migrations (server/db/migrator.ts's layouts.sqlite). */
  migrationsDir: string;
  /** The built-in skills prisma/seed.ts's loadBuiltinSkills reads. */
  builtinDir: string;
}
export const preparedPaths: PreparedPaths = {
  migrationsDir: path.join(root, "prisma", "migrations"),
  builtinDir: path.join(root, "prisma", "skills", "builtin"),
};

/** The InstanceSetting row that holds the record (not one of the admin console's settings). */
export const PREPARED_KEY = "start.prepared";

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/**
 * Every entry under the built-in folder (hidden ones, links and execute bits included), so that any
 * change there, whether or not the skill reader would keep it, means a full preparation.
 */
export async function shippedBuiltinsDigest(dir = preparedPaths.builtinDir): Promise<string> {
  const lines: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const name of (await readdir(path.join(dir, rel))).sort()) {
      const relPath = rel ? `${rel}/${name}` : name;
      const full = path.join(dir, relPath);
      const info = await lstat(full);
      if (info.isDirectory()) {
        lines.push(`${relPath}/\n`);
        await walk(relPath);
      } else if (info.isSymbolicLink()) lines.push(`${relPath}\0link\0${await readlink(full)}\n`);
      else if (info.isFile()) lines.push(`${relPath}\0${info.mode & 0o111 ? "x" : "-"}\0${sha256(await readFile(full))}\n`);
      else lines.push(`${relPath}\0special\n`);
    }
  };
  await walk("");
  return sha256(lines.join(""));
}

type Connection = InstanceType<typeof Database>;

// Versions are immutable, so the current version's id stands for its content.
function builtinState(connection: Connection): string {
  const rows = connection.prepare(`SELECT id, name, archived, currentVersionId, versionCount FROM "Skill" WHERE scope = 'BUILTIN' ORDER BY id`).all() as Record<
    string,
    unknown
  >[];
  return sha256(JSON.stringify(rows.map((row) => [row.id, row.name, Number(row.archived), row.currentVersionId, row.versionCount])));
}

async function migrationsCurrent(connection: Connection, migrationsDir: string): Promise<boolean> {
  const names = (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const rows = connection.prepare(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`).all() as {
    migration_name: string;
    checksum: string;
    finished_at: string | null;
    rolled_back_at: string | null;
  }[];
  // A failed or rolled-back attempt leaves a row the engine must see (it refuses, or retries).
  if (rows.some((row) => row.finished_at === null || row.rolled_back_at !== null)) return false;
  const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
  if (applied.size !== rows.length || applied.size !== names.length) return false;
  for (const name of names) {
    const checksum = applied.get(name);
    if (!checksum || checksum !== sha256(await readFile(path.join(migrationsDir, name, "migration.sql")))) return false;
  }
  return true;
}

/** Whether `databasePath` needs nothing from prepareDatabase; false whenever in doubt. */
export async function isPrepared(databasePath: string, paths: PreparedPaths = preparedPaths): Promise<boolean> {
  let connection: Connection;
  try {
    connection = new Database(databasePath, { readonly: true, fileMustExist: true, timeout: 1_000 });
  } catch {
    return false;
  }
  try {
    if (!(await migrationsCurrent(connection, paths.migrationsDir))) return false;
    if (!connection.prepare(`SELECT 1 FROM "User" LIMIT 1`).get()) return false;
    const row = connection.prepare(`SELECT value FROM "InstanceSetting" WHERE key = ?`).get(PREPARED_KEY) as { value: string } | undefined;
    if (!row) return false;
    const record = JSON.parse(row.value) as { builtins?: unknown; state?: unknown };
    return record.state === builtinState(connection) && record.builtins === (await shippedBuiltinsDigest(paths.builtinDir));
  } catch {
    return false;
  } finally {
    connection.close();
  }
}

/**
 * Record, after a full preparation, which shipped built-ins it synced (`builtins`: their digest
 * taken before they were read, so a change made meanwhile shows as a mismatch next time) and the
 * built-in rows as they are now.
 */
export function recordPrepared(databasePath: string, builtins: string): void {
  const connection = new Database(databasePath, { fileMustExist: true, timeout: 5_000 });
  try {
    const value = JSON.stringify({ builtins, state: builtinState(connection) });
    // The format the Prisma adapter writes DateTime columns in.
    const now = new Date().toISOString().replace("Z", "+00:00");
    connection
      .prepare(
        `INSERT INTO "InstanceSetting" (key, value, updatedAt) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updatedAt = excluded.updatedAt`,
      )
      .run(PREPARED_KEY, value, now);
  } finally {
    connection.close();
  }
}
