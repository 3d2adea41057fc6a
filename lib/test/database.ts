import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { readBundle, type BundleSkill } from "@/lib/skills/archive/bundle";
import { randomBytes } from "node:crypto";
import { createPostgresClient, createPrismaClient, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/server/db/migrator";
import { createDatabase, runOnServer } from "./postgres-cluster";
import { TEMPLATE_DATABASE } from "./postgres-setup";

/** Which database the data layer's tests run on this time (SKILLSHELF_TEST_DATABASE, set by `npm test`'s second pass). */
export const testDialect: "sqlite" | "postgres" = process.env.SKILLSHELF_TEST_POSTGRES_URL ? "postgres" : "sqlite";

/** A fresh copy of the migrated template database in the run's PostgreSQL cluster (lib/test/postgres-setup.ts). */
async function createPostgresTestDatabase(baseUrl: string): Promise<{ databasePath: string; db: Db; cleanup: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await createDatabase(baseUrl, name, TEMPLATE_DATABASE);
  const url = baseUrl.replace(/\/[^/]*$/, `/${name}`);
  process.env.DATABASE_URL = url;
  const db = createPostgresClient(url, { poolSize: 5 });
  return {
    databasePath: url,
    db,
    cleanup: async () => {
      await db.$disconnect();
      await runOnServer(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A PostgreSQL test database whatever the run uses: a copy of the run's template when it has a
 * cluster, else in a cluster of its own (started and migrated here, stopped by cleanup), for a
 * test that compares the two databases or checks what only PostgreSQL does.
 */
async function createOwnPostgresTestDatabase(): Promise<{ databasePath: string; db: Db; cleanup: () => Promise<void> }> {
  const { startPostgresCluster } = await import("./postgres-cluster");
  const cluster = await startPostgresCluster();
  try {
    await createDatabase(cluster.url(), TEMPLATE_DATABASE);
    await applyMigrations(cluster.url(TEMPLATE_DATABASE));
    const database = await createPostgresTestDatabase(cluster.url());
    return { ...database, cleanup: () => database.cleanup().finally(() => cluster.stop()) };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/**
 * A migrated throwaway database for one test file: SQLite by default, PostgreSQL when the run has
 * a cluster (or when asked for by `dialect`). It points DATABASE_URL at it, so the data layer must
 * be imported (dynamically) after this has run. `databasePath` is the SQLite file, or the PostgreSQL URL.
 */
export async function createTestDatabase(
  dialect: "sqlite" | "postgres" = testDialect,
): Promise<{ databasePath: string; db: Db; cleanup: () => Promise<void> }> {
  const postgres = process.env.SKILLSHELF_TEST_POSTGRES_URL;
  if (dialect === "postgres") return postgres ? createPostgresTestDatabase(postgres) : createOwnPostgresTestDatabase();
  const dir = await mkdtemp(path.join(os.tmpdir(), "skillshelf-test-"));
  const databasePath = path.join(dir, "test.db");
  await applyMigrations(databasePath);
  process.env.DATABASE_URL = `file:${databasePath}`;
  const db = createPrismaClient(databasePath);
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  return {
    databasePath,
    db,
    cleanup: async () => {
      await db.$disconnect();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function createUser(db: Db, id: string, options: { role?: "ADMIN" | "USER"; name?: string } = {}) {
  return db.user.create({ data: { id, name: options.name ?? id, email: `${id}@example.com`, role: options.role ?? "USER" } });
}

/** A valid skill built from text, as an upload would produce it. */
export function makeSkill(
  name: string,
  options: { description?: string; body?: string; files?: Record<string, string>; executable?: string[]; frontmatter?: string } = {},
): BundleSkill {
  const encoder = new TextEncoder();
  const skillMd = `---\nname: ${name}\ndescription: ${options.description ?? `Does ${name} things. Use when the user asks about ${name}.`}\n${options.frontmatter ?? ""}---\n\n${options.body ?? `# ${name}\n\nFollow these steps.\n`}`;
  const files = [
    { path: `${name}/SKILL.md`, bytes: encoder.encode(skillMd) },
    ...Object.entries(options.files ?? {}).map(([p, text]) => ({
      path: `${name}/${p}`,
      bytes: encoder.encode(text),
      executable: options.executable?.includes(p),
    })),
  ];
  const bundle = readBundle({ kind: "files", files });
  const skill = bundle.skills[0];
  if (!skill?.ok) throw new Error(`test skill ${name} is invalid: ${JSON.stringify(bundle.findings.concat(skill?.findings ?? []))}`);
  return skill;
}

/** A built-in skill as the app ships it (prisma/skills/builtin/<name>), read as the start-up sync reads it. */
export async function loadShippedBuiltin(name: string): Promise<BundleSkill> {
  const { loadSkillFolder } = await import("@/prisma/seed");
  return loadSkillFolder(path.join(import.meta.dirname, "../../prisma/skills/builtin", name));
}
