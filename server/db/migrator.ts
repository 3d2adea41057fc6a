/**
 * Prisma migrations through Prisma's WebAssembly schema engine. The native engine is a download
 * this machine (and many air-gapped ones) cannot make; the Wasm engine ships in an npm package
 * and drives the same better-sqlite3 adapter the app uses. It records `_prisma_migrations` rows
 * with the same checksums, so `prisma migrate deploy` agrees with it where the native engine
 * exists.
 */
import { readFile, readdir, mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import * as glue from "@prisma/schema-engine-wasm/schema_engine_bg";
import { databaseTarget, type DatabaseTarget } from "@/lib/env";
import { createPgAdapterFactory } from "@/lib/db/postgres";
import { DatabaseBusyError } from "./errors";
import { externalTables, postgresExternalTables } from "./external-tables";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Each database has its own schema file and migrations folder (a Prisma schema names one provider). */
export const layouts = {
  sqlite: {
    schemaPath: path.join(root, "prisma", "schema.prisma"),
    migrationsDir: path.join(root, "prisma", "migrations"),
    externalTables,
    lockProvider: "sqlite",
  },
  postgres: {
    schemaPath: path.join(root, "prisma", "postgres", "schema.prisma"),
    migrationsDir: path.join(root, "prisma", "postgres", "migrations"),
    externalTables: postgresExternalTables,
    lockProvider: "postgresql",
  },
} as const;
type Layout = (typeof layouts)[keyof typeof layouts];

export const schemaPath = layouts.sqlite.schemaPath;
export const migrationsDir = layouts.sqlite.migrationsDir;

type Engine = Awaited<ReturnType<typeof glue.SchemaEngine.new>>;

let wasmReady: Promise<void> | undefined;

function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    // require.resolve rather than import.meta.resolve: Vitest's module runner (the tests' global setup) lacks the latter.
    const wasmFile = path.join(path.dirname(createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(await readFile(wasmFile), { "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  })();
  return wasmReady;
}

/** A SQLite path or a PostgreSQL URL (what tests and scripts hand in), or an already parsed target. */
export type MigrationTarget = string | DatabaseTarget;
const resolveTarget = (target: MigrationTarget): DatabaseTarget =>
  typeof target === "string" ? (/^postgres(?:ql)?:/.test(target) ? databaseTarget(target) : { provider: "sqlite", path: target }) : target;
const describe = (target: DatabaseTarget) => (target.provider === "sqlite" ? target.path : target.url.replace(/\/\/[^@/]*@/, "//…@"));

/**
 * Run `work` with an engine over the database. The engine does not close the connections it
 * opens when freed, and an open one keeps a SQLite file locked, so they are tracked and disposed here.
 */
async function withEngine<T>(target: DatabaseTarget, work: (engine: Engine, layout: Layout) => Promise<T>): Promise<T> {
  await loadWasm();
  const layout = layouts[target.provider];
  const datamodel = await readFile(layout.schemaPath, "utf8");
  const factory: SqlMigrationAwareDriverAdapterFactory =
    target.provider === "sqlite" ? new PrismaBetterSqlite3({ url: target.path }) : createPgAdapterFactory(target.url, { max: 2 });
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
  const engine = await glue.SchemaEngine.new({ datamodels: [[layout.schemaPath, datamodel]] }, () => {}, bindMigrationAwareSqlAdapterFactory(tracking));
  try {
    return await work(engine, layout);
  } finally {
    engine.free();
    await Promise.all(opened.map((adapter) => adapter.dispose()));
  }
}

async function migrationsList(layout: Layout) {
  const { migrationsDir } = layout;
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

const filtersOf = (layout: Layout) => ({ externalTables: [...layout.externalTables], externalEnums: [] });

export { DatabaseBusyError };

/** Apply every pending migration to the database (a SQLite path or a PostgreSQL URL); returns the names applied now. */
export async function applyMigrations(location: MigrationTarget): Promise<string[]> {
  const target = resolveTarget(location);
  try {
    return await withEngine(
      target,
      async (engine, layout) =>
        (await engine.applyMigrations({ migrationsList: await migrationsList(layout), filters: filtersOf(layout) })).appliedMigrationNames,
    );
  } catch (error) {
    // The engine needs a SQLite file to itself; another open connection (a running app) makes it time out.
    if (target.provider === "sqlite" && error instanceof Error && /SocketTimeout|database is locked|SQLITE_BUSY/.test(error.message)) {
      throw new DatabaseBusyError(`The database ${describe(target)} is in use by another process (is the app running?). Stop it, then migrate again.`);
    }
    throw error;
  }
}

/**
 * Write <migrations>/<timestamp>_<name>/migration.sql for the schema's changes; null when none.
 * SQLite works on a scratch in-memory database; PostgreSQL needs `scratchUrl`, an empty database
 * the existing migrations are applied to before the diff (`npm run db:migration` starts a
 * throwaway cluster for it).
 */
export async function createMigration(name: string, provider: "sqlite" | "postgres" = "sqlite", scratchUrl?: string): Promise<string | null> {
  const target: DatabaseTarget = provider === "sqlite" ? { provider, path: ":memory:" } : { provider, url: scratchUrl ?? "" };
  if (provider === "postgres" && !scratchUrl) throw new Error("createMigration on PostgreSQL needs an empty scratch database URL");
  return withEngine(target, async (engine, layout) => {
    const filters = filtersOf(layout);
    await engine.applyMigrations({ migrationsList: await migrationsList(layout), filters });
    const datamodel = await readFile(layout.schemaPath, "utf8");
    const files = [{ path: layout.schemaPath, content: datamodel }];
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
    const dir = path.join(layout.migrationsDir, `${stamp}_${name.replace(/[^a-z0-9_]+/gi, "_").toLowerCase()}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "migration.sql"), sql);
    await writeFile(
      path.join(layout.migrationsDir, "migration_lock.toml"),
      `# Managed by scripts/migrate.ts; keep in version control.\nprovider = "${layout.lockProvider}"\n`,
    );
    return dir;
  });
}
