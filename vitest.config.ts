import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: [
      "*.test.ts",
      "lib/**/*.test.ts",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "cli/**/*.test.ts",
      "app/**/*.test.ts",
      "components/**/*.test.ts",
    ],
    environment: "node",
    // SKILLSHELF_TEST_DATABASE=postgres: a throwaway PostgreSQL cluster for the run (see the file).
    globalSetup: ["lib/test/postgres-setup.ts"],
    // server-only throws outside a React Server bundle; the data layer is tested in plain Node.
    alias: { "server-only": path.resolve(import.meta.dirname, "lib/test/server-only-stub.ts") },
    pool: "forks",
    testTimeout: 20_000,
  },
});
