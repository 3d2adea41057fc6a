import { spawnSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";

// The browser tests' server runs on a throwaway database (playwright.config.ts); these helpers
// work on the same file from the test process: the CLI imports skills into it, and ids are read
// back from it.

import { E2E_DATABASE } from "./instance";

export { E2E_DATABASE };
export const SHARED_DIR = path.resolve(import.meta.dirname, "../../shared");

/** `skills import <dir> --scope personal --as <email>` against the e2e database; the JSON report. */
export function importSkills(
  dir: string,
  as = "ada@example.com",
  options: { overrides?: Record<string, string> } = {},
): {
  created: { name: string; skillId: string }[];
  newVersions: { name: string; skillId: string }[];
  unchanged: string[];
  invalid: unknown[];
  error: string | null;
} {
  const extra = Object.entries(options.overrides ?? {}).flatMap(([skill, reason]) => ["--override", `${skill}=${reason}`]);
  const result = spawnSync(
    "npx",
    ["tsx", "--conditions", "react-server", "cli/admin/skills.ts", "import", dir, "--scope", "personal", "--as", as, "--format", "json", ...extra],
    {
      env: { ...process.env, DATABASE_URL: `file:./${E2E_DATABASE}` },
      encoding: "utf8",
      timeout: 120_000,
    },
  );
  const line = result.stdout.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`skills import failed (exit ${result.status}): ${result.stderr || result.stdout}`);
  }
}

/** The id of the skill with this name in this scope (and, for personal skills, this owner). */
export function skillIdByName(name: string, scope: "PERSONAL" | "TEAM" | "PUBLIC" | "BUILTIN", ownerEmail?: string): string {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    const row = ownerEmail
      ? db.prepare(`SELECT s.id FROM Skill s JOIN "user" u ON u.id = s.ownerId WHERE s.name = ? AND s.scope = ? AND u.email = ?`).get(name, scope, ownerEmail)
      : db.prepare(`SELECT id FROM Skill WHERE name = ? AND scope = ?`).get(name, scope);
    if (!row) throw new Error(`no ${scope} skill named ${name} in ${E2E_DATABASE}`);
    return (row as { id: string }).id;
  } finally {
    db.close();
  }
}
