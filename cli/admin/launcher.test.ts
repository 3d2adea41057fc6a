import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@/lib/skills/test-helpers/shared";

// `npm run skills` runs cli/admin/skills-cli.mjs: the CLI from a bundle it builds on first use and
// rebuilds when a source changes. It must answer exactly like the TypeScript entry it bundles.

const dir = mkdtempSync(path.join(os.tmpdir(), "skillshelf-launcher-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(path.join(dir, "tidy"));
writeFileSync(path.join(dir, "tidy", "SKILL.md"), "---\nname: tidy\ndescription: Tidies things. Use when asked to tidy.\n---\n# Tidy\n");
mkdirSync(path.join(dir, "Bad Name"));
writeFileSync(path.join(dir, "Bad Name", "SKILL.md"), "---\nname: Bad Name\ndescription: x\n---\n");

const launcher = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(REPO_ROOT, "cli/admin/skills-cli.mjs"), ...args], { cwd: dir, encoding: "utf8", timeout: 120_000 });
const tsx = (...args: string[]) =>
  spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, "node_modules/tsx/dist/cli.mjs"), "--conditions", "react-server", path.join(REPO_ROOT, "cli/admin/skills.ts"), ...args],
    { cwd: dir, encoding: "utf8", timeout: 120_000 },
  );

describe("the bundled CLI launcher", () => {
  it("answers like the TypeScript entry: same output, same exit codes", () => {
    for (const args of [["validate", "tidy"], ["validate", "Bad Name"], ["validate"], ["scan", "tidy"]]) {
      const bundled = launcher(...args);
      const direct = tsx(...args);
      expect(bundled.stderr, args.join(" ")).not.toContain("could not be built");
      expect([bundled.status, bundled.stdout]).toEqual([direct.status, direct.stdout]);
    }
    expect(launcher("validate", "tidy").status).toBe(0);
    expect(launcher("validate", "Bad Name").status).toBe(1);
    expect(launcher("validate").status).toBe(2);
  }, 180_000);
});
