import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Prisma ties a schema to one provider, so SQLite and PostgreSQL each have a schema file. The data
// layer is written against one set of models; this holds the two files to it: the same models,
// fields, attributes and enums, differing only in the generator's output, the datasource's
// provider, comments and PostgreSQL native types (@db.*).
const root = path.resolve(import.meta.dirname, "..", "..");

function models(file: string): string[] {
  return readFileSync(path.join(root, file), "utf8")
    .replace(/\/\/.*$/gm, "")
    .replace(/(generator|datasource) \w+ \{[^}]*\}/g, "")
    .replace(/\s@db\.\w+(\([^)]*\))?/g, "")
    .split("\n")
    .map((line) => line.trim().replace(/\s+/g, " "))
    .filter(Boolean);
}

describe("the SQLite and PostgreSQL schemas", () => {
  it("describe the same models", () => {
    const sqlite = models("prisma/schema.prisma");
    const postgres = models("prisma/postgres/schema.prisma");
    expect(sqlite.filter((line) => line.startsWith("model ")).length).toBeGreaterThan(20);
    expect(postgres).toEqual(sqlite);
  });

  it("name their own providers and clients", () => {
    expect(readFileSync(path.join(root, "prisma/schema.prisma"), "utf8")).toMatch(/provider = "sqlite"[\s\S]*/);
    const postgres = readFileSync(path.join(root, "prisma/postgres/schema.prisma"), "utf8");
    expect(postgres).toContain('provider = "postgresql"');
    expect(postgres).toContain('output   = "../../lib/generated/prisma-pg"');
  });
});
