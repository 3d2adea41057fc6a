// Shared by the bubblewrap tests: one executor, its probe, and a describe() that runs only where
// bubblewrap works. In CI a missing bubblewrap fails the suite (.ci/run installs it); elsewhere the
// tests are skipped with the reason.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { describe, it } from "vitest";
import { createBubblewrapExecutor } from "./bubblewrap";
import type { StagedFile, Workspace } from "./executor";

export const executor = createBubblewrapExecutor();
export const availability = await executor.availability();

export function describeSandbox(name: string, body: () => void): void {
  if (!availability.available && process.env.CI) {
    describe(name, () =>
      it("needs bubblewrap (CI installs it)", () => {
        throw new Error(`${availability.reason}. ${availability.remedy}`);
      }),
    );
    return;
  }
  if (!availability.available) console.warn(`Skipping "${name}": bubblewrap cannot run here. ${availability.reason}. ${availability.remedy}`);
  describe.skipIf(!availability.available)(name, body);
}

export const bytes = (text: string) => new TextEncoder().encode(text);

export const SKILL_MD: StagedFile = { path: "SKILL.md", bytes: bytes("---\nname: demo\ndescription: A test skill.\n---\n"), executable: false };

/** A fresh workspace with the skill "demo" staged, cleaned up whatever happens. */
export async function withWorkspace<T>(files: readonly StagedFile[], body: (workspace: Workspace) => Promise<T>): Promise<T> {
  const workspace = await executor.createWorkspace();
  try {
    await workspace.stageSkill("demo", [SKILL_MD, ...files]);
    return await body(workspace);
  } finally {
    await workspace.cleanup();
  }
}

/** Stages nothing but SKILL.md and runs one command from the skill folder. */
export const runIn = (command: string, limits = {}) => withWorkspace([], (workspace) => workspace.run("demo", { command, limits }));

/** A string no process would have in its command line by chance. */
export const uniqueMarker = () => `${Date.now() % 100_000}${randomBytes(3).readUIntBE(0, 3)}`;

/** Host processes whose command line contains `text` (the test's own process excluded). */
export function processesWith(text: string): string[] {
  return readdirSync("/proc").flatMap((pid) => {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) return [];
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      return cmdline.includes(text) ? [`${pid}: ${cmdline}`] : [];
    } catch {
      return [];
    }
  });
}
