/**
 * Prisma migrations through Prisma's WebAssembly schema engine. The native engine is a download
 * this machine (and many air-gapped ones) cannot make; the Wasm engine ships in an npm package
 * and drives the same better-sqlite3 adapter the app uses. It records `_prisma_migrations` rows
 * with the same checksums, so `prisma migrate deploy` agrees with it where the native engine
 * exists.
 */
import { readFile, readdir, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import * as glue from "@prisma/schema-engine-wasm/schema_engine_bg";
import { externalTables } from "./external-tables";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const schemaPath = path.join(root, "prisma", "schema.prisma");
export const migrationsDir = path.join(root, "prisma", "migrations");
const filters = { externalTables, externalEnums: [] };

type Engine = Awaited<ReturnType<typeof glue.SchemaEngine.new>>;

let wasmReady: Promise<void> | undefined;

function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const wasmFile = path.join(path.dirname(fileURLToPath(import.meta.resolve("@prisma/schema-engine-wasm/schema_engine_bg"))), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(await readFile(wasmFile), { "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  })();
  return wasmReady;
}

/**
 * Run `work` with an engine over the database. The engine does not close the connections it
 * opens when freed, and an open one keeps the file locked, so they are tracked and disposed here.
 */
async function withEngine<T>(databasePath: string, work: (engine: Engine) => Promise<T>): Promise<T> {
  await loadWasm();
  const datamodel = await readFile(schemaPath, "utf8");
  const factory = new PrismaBetterSqlite3({ url: databasePath });
  const opened: { dispose(): Promise<void> }[] = [];
  const tracking: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      opened.push(adapter);
      return adapter;
    },
    connectToShadowDb: async () => {
      const adapter = await factory.connectToShadowDb();
      opened.push(adapter);
      return adapter;
    },
  };
  const engine = await glue.SchemaEngine.new({ datamodels: [[schemaPath, datamodel]] }, () => {}, bindMigrationAwareSqlAdapterFactory(tracking));
  try {
    return await work(engine);
  } finally {
    engine.free();
    await Promise.all(opened.map((adapter) => adapter.dispose()));
  }
}

async function migrationsList() {
  const entries = (await readdir(migrationsDir, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  const lockContent = await readFile(lockPath, "utf8").catch(() => null);
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      entries.map(async (dir) => ({
        path: dir,
        migrationFile: {
          path: "migration.sql",
          content: { tag: "ok" as const, value: await readFile(path.join(migrationsDir, dir, "migration.sql"), "utf8") },
        },
      })),
    ),
  };
}

export class DatabaseBusyError extends Error {
  name = "DatabaseBusyError";
}

/** Apply every pending migration to the database file; returns the names applied now. */
export async function applyMigrations(databasePath: string): Promise<string[]> {
  const list = await migrationsList();
  try {
    return await withEngine(databasePath, async (engine) => (await engine.applyMigrations({ migrationsList: list, filters })).appliedMigrationNames);
  } catch (error) {
    // The engine needs the file to itself; another open connection (a running app) makes it time out.
    if (error instanceof Error && /SocketTimeout|database is locked|SQLITE_BUSY/.test(error.message)) {
      throw new DatabaseBusyError(`The database ${databasePath} is in use by another process (is the app running?). Stop it, then migrate again.`);
    }
    throw error;
  }
}

/** Write prisma/migrations/<timestamp>_<name>/migration.sql for the schema's changes; null when none. */
export async function createMigration(name: string): Promise<string | null> {
  return withEngine(":memory:", async (engine) => {
    await engine.applyMigrations({ migrationsList: await migrationsList(), filters });
    const datamodel = await readFile(schemaPath, "utf8");
    const files = [{ path: schemaPath, content: datamodel }];
    const diff = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: root },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: null,
      filters,
    });
    const sql = diff.stdout ?? "";
    if (!sql.trim() || sql.includes("This is an empty migration.")) return null;
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(migrationsDir, `${stamp}_${name.replace(/[^a-z0-9_]+/gi, "_").toLowerCase()}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "migration.sql"), sql);
    await writeFile(path.join(migrationsDir, "migration_lock.toml"), '# Managed by scripts/migrate.ts; keep in version control.\nprovider = "sqlite"\n');
    return dir;
  });
}
