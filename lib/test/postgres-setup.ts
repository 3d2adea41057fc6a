/**
 * Vitest's global setup. With SKILLSHELF_TEST_DATABASE=postgres the data layer's tests run on
 * PostgreSQL: one throwaway cluster for the run (lib/test/postgres-cluster.ts), one database
 * migrated once as a template, and a fresh copy of it per test file (createTestDatabase; a copy
 * takes ~0.2 s). Otherwise (the default) they run on SQLite and this does nothing.
 */
import { applyMigrations } from "@/server/db/migrator";
import { createDatabase, startPostgresCluster, type PostgresCluster } from "./postgres-cluster";

export const TEMPLATE_DATABASE = "skillshelf_template";

let cluster: PostgresCluster | undefined;

export async function setup(): Promise<void> {
  if (process.env.SKILLSHELF_TEST_DATABASE !== "postgres") return;
  cluster = await startPostgresCluster();
  await createDatabase(cluster.url(), TEMPLATE_DATABASE);
  await applyMigrations(cluster.url(TEMPLATE_DATABASE));
  // Test files run in forked workers, which inherit this environment.
  process.env.SKILLSHELF_TEST_POSTGRES_URL = cluster.url();
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}
