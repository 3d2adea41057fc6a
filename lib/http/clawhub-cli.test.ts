import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The real `clawhub` CLI (node_modules/clawhub) against the registry's routes behind a real HTTP
// server on 127.0.0.1, without building the app: discovery, login, whoami, search, inspect,
// install, update and publish. e2e/clawhub.spec.ts drives the production server the same way.

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const origin = `http://127.0.0.1:${port}`;
Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", BETTER_AUTH_URL: origin });

const { createCast, createTestDatabase, makeSkill } = await import("@/lib/test/support");
const { startTestServer } = await import("@/lib/test/http-server");
const { routeRequests } = await import("@/lib/test/route-server");
const { db, cleanup } = await createTestDatabase();
const { createToken } = await import("@/lib/data/accounts/tokens");
const skills = await import("@/lib/data/skills");
const route = await import("@/app/api/clawhub/[...path]/route");
const discovery = await import("@/app/api/clawhub-discovery/route");
const { rewrites } = await import("./rewrites");

const { team, ada, grace } = await createCast(db);
const secret = (await createToken(grace, { name: "clawhub", scope: "publish" })).secret;
const teamCopy = await skills.createSkill(ada, { skill: makeSkill("release-notes", { body: "Team copy." }), destination: { scope: "TEAM", teamId: team.id } });
const own = await skills.createSkill(grace, {
  skill: makeSkill("release-notes", { body: "Grace's copy.", files: { "references/style.md": "# Style é ✓\n" } }),
  destination: { scope: "PERSONAL" },
});

const server = await startTestServer(routeRequests({ "/api/clawhub/[...path]": route, "/api/clawhub-discovery": discovery }, rewrites), { port });
const home = await mkdtemp(path.join(os.tmpdir(), "clawhub-home-"));
const workdir = await mkdtemp(path.join(os.tmpdir(), "clawhub-work-"));
afterAll(async () => {
  await server.close();
  await Promise.all([rm(home, { recursive: true, force: true }), rm(workdir, { recursive: true, force: true })]);
  await cleanup();
});

const CLI = path.resolve(import.meta.dirname, "../../node_modules/clawhub/bin/clawdhub.js");

function clawhub(...args: string[]): Promise<{ code: number; out: string }> {
  const env = { NODE_ENV: "production" as const, PATH: process.env.PATH ?? "", HOME: home, XDG_CONFIG_HOME: path.join(home, ".config"), NO_COLOR: "1" };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, "--workdir", workdir, "--no-input", "--site", origin, ...args],
      { env: { ...env, DISABLE_TELEMETRY: "1", DO_NOT_TRACK: "1", CLAWHUB_DISABLE_TELEMETRY: "1" }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? 1 : 0, out: stdout + stderr }),
    );
  });
}

async function ok(...args: string[]): Promise<string> {
  const result = await clawhub(...args);
  expect(result.code, `clawhub ${args.join(" ")}\n${result.out}`).toBe(0);
  return result.out;
}

const downloads = () => db.auditEvent.findMany({ where: { action: "skill.download" }, select: { skillId: true, detail: true } });

describe("the clawhub CLI against the registry", { timeout: 300_000 }, () => {
  it("logs in with a personal access token and says who it is", async () => {
    expect((await clawhub("login", "--token", "sks_wrong")).code).toBe(1);
    expect(await ok("login", "--token", secret)).toContain("Logged in as @grace@example.com");
    expect(await ok("whoami")).toContain("grace@example.com");
  });

  it("finds and installs grace's own copy (the team's is shadowed), then the team's by owner handle", async () => {
    const found = await ok("search", "release");
    expect(found).toContain("release-notes v1.0.0");
    expect(found).not.toContain("@platform");
    const shown = JSON.parse(await ok("inspect", "release-notes", "--json"));
    expect(shown.owner.handle).toBe("grace@example.com");

    await ok("install", "release-notes");
    const target = path.join(workdir, "skills", "release-notes");
    const stored = await skills.readSkillVersionFiles(grace, own.skillId);
    for (const file of stored!.files) expect((await readFile(path.join(target, file.path))).equals(Buffer.from(file.bytes)), file.path).toBe(true);
    expect(await downloads()).toEqual([{ skillId: own.skillId, detail: JSON.stringify({ via: "clawhub" }) }]);

    expect(await ok("update", "release-notes")).toMatch(/up to date/i);
    expect(await downloads()).toHaveLength(1);

    await ok("install", "platform/release-notes");
    expect(await readFile(path.join(workdir, "skills", "@platform", "release-notes", "SKILL.md"), "utf8")).toContain("Team copy.");
    expect((await downloads()).map((d) => d.skillId)).toEqual([own.skillId, teamCopy.skillId]);
  });

  it("publishes a folder into grace's space, then a second version", async () => {
    const folder = path.join(workdir, "src", "from-claw");
    await mkdir(folder, { recursive: true });
    const skillMd = (body: string) => `---\nname: from-claw\ndescription: Published by the clawhub CLI. Use in tests.\n---\n\n${body}\n`;
    await writeFile(path.join(folder, "SKILL.md"), skillMd("First."));
    await ok("publish", folder, "--changelog", "First from clawhub");
    expect(await ok("publish", folder)).toContain("already published");
    await writeFile(path.join(folder, "SKILL.md"), skillMd("Second."));
    await ok("publish", folder);
    const stored = await db.skill.findFirstOrThrow({
      where: { name: "from-claw", ownerId: grace.id },
      select: { currentVersion: { select: { number: true } } },
    });
    expect(stored.currentVersion?.number).toBe(2);
    expect(JSON.parse(await ok("inspect", "from-claw", "--versions", "--json")).versions.map((v: { version: string }) => v.version)).toEqual([
      "2.0.0",
      "1.0.0",
    ]);
  });
});
