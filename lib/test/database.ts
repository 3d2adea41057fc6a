import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { readBundle, type BundleSkill } from "@/lib/skills/archive/bundle";
import { createPrismaClient, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/scripts/db/migrator";

/**
 * A migrated throwaway SQLite database for one test file. It points DATABASE_URL at it, so the
 * data layer must be imported (dynamically) after this has run.
 */
export async function createTestDatabase(): Promise<{ databasePath: string; db: Db; cleanup: () => Promise<void> }> {
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
