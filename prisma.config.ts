import "dotenv/config";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { externalTables } from "./server/db/external-tables";

// Prisma's CLI downloads a native schema engine before every command; there is no network for
// that here, and migrations run through the WebAssembly engine (scripts/migrate.ts). Pointing
// the CLI at a stub stops the download and makes a stray `prisma migrate` fail with a clear hint.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(import.meta.dirname, "scripts", "schema-engine-stub.sh");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // The same list server/db/migrator.ts passes to the Wasm engine, for Prisma's own CLI.
  experimental: { externalTables: true },
  tables: { external: externalTables },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/skillshelf.db" },
});
