import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { startTestServer } from "@/lib/test/http-server";
import { routeRequests } from "@/lib/test/route-server";
import { rewrites } from "@/lib/http/rewrites";
import { syncCommand } from "./skillshelf-sync.mjs";

// What the sync CLI writes, read by another tool: the real `openskills` CLI (a skills loader that
// agents without native skills call from AGENTS.md) lists, reads and indexes the skills synced
// from the real discovery routes on 127.0.0.1 into a project's .claude/skills.

const { db, cleanup } = await createTestDatabase();
const { createToken } = await import("@/lib/data/accounts/tokens");
const skills = await import("@/lib/data/skills");
const discoveryRoute = await import("@/app/api/agent-skills/[...path]/route");

const { team, ada, grace } = await createCast(db);
const token = (await createToken(grace, { name: "sync", scope: "read" })).secret;
await skills.createSkill(ada, {
  skill: makeSkill("pdf-tools", {
    description: "Fill and merge PDF forms. Use for PDF files.",
    body: "# PDF tools\n\nRead references/forms.md before filling a form.\n",
    files: { "references/forms.md": "# Forms\n" },
  }),
  destination: { scope: "TEAM", teamId: team.id },
});
await skills.createSkill(grace, {
  skill: makeSkill("meeting-notes", { description: "Turn a meeting transcript into notes. Use after meetings." }),
  destination: { scope: "PERSONAL" },
});

const server = await startTestServer(routeRequests({ "/api/agent-skills/[...path]": discoveryRoute }, rewrites, []));
const work = mkdtempSync(path.join(tmpdir(), "skillshelf-openskills-"));
const home = path.join(work, "home");
const project = path.join(work, "project");
afterAll(async () => {
  await server.close();
  await cleanup();
  rmSync(work, { recursive: true, force: true });
});

const openskillsBin = path.join(path.dirname(createRequire(import.meta.url).resolve("openskills/package.json")), "dist/cli.js");

/** One openskills command in the project, with an empty home so only the synced folder is seen. */
function openskills(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    NODE_ENV: "test" as const,
    PATH: process.env.PATH ?? "",
    HOME: home,
    NO_COLOR: "1",
    FORCE_COLOR: "0",
    DISABLE_TELEMETRY: "1",
    DO_NOT_TRACK: "1",
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [openskillsBin, ...args], { cwd: project, env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("openskills reads what the sync CLI wrote", () => {
  it("syncs, then lists, reads and indexes the skills", async () => {
    mkdirSync(home, { recursive: true });
    mkdirSync(project, { recursive: true });
    const out: string[] = [];
    const code = await syncCommand(["--claude", "--url", server.origin], {
      out: (line) => out.push(line),
      err: (line) => out.push(line),
      cwd: project,
      env: { SKILLSHELF_TOKEN: token, HOME: home },
    });
    expect(code, out.join("\n")).toBe(0);

    const list = await openskills("list");
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/meeting-notes\s+\(project\)\n\s+Turn a meeting transcript into notes\. Use after meetings\./);
    expect(list.stdout).toMatch(/pdf-tools\s+\(project\)\n\s+Fill and merge PDF forms\. Use for PDF files\./);
    expect(list.stdout).toContain("Summary: 2 project, 0 global (2 total)");

    const skillDir = path.join(project, ".claude", "skills", "pdf-tools");
    const read = await openskills("read", "pdf-tools");
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toContain(`Base directory: ${skillDir}`);
    expect(read.stdout).toContain(readFileSync(path.join(skillDir, "SKILL.md"), "utf8"));
    expect(read.stdout).toContain("Read references/forms.md before filling a form.");

    const index = await openskills("sync", "--yes");
    expect(index.code, index.stderr).toBe(0);
    const agents = readFileSync(path.join(project, "AGENTS.md"), "utf8");
    expect(agents).toMatch(/<skill>\s*<name>meeting-notes<\/name>\s*<description>Turn a meeting transcript into notes\. Use after meetings\.<\/description>/);
    expect(agents).toMatch(/<skill>\s*<name>pdf-tools<\/name>\s*<description>Fill and merge PDF forms\. Use for PDF files\.<\/description>/);
  });
});
