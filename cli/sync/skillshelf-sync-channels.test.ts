import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { startTestServer } from "@/lib/test/http-server";
import { routeRequests, type RoutedRequest } from "@/lib/test/route-server";
import { rewrites } from "@/lib/http/rewrites";
import { syncCommand, LOCKFILE } from "./skillshelf-sync.mjs";

// The sync CLI's release channels against the real routes on 127.0.0.1: `--channel stable`
// installs the labelled version and records it in the lockfile; `--frozen` installs exactly the
// locked versions and fails naming each skill whose digest the server no longer serves;
// `--update` moves the lock.

const { db, cleanup } = await createTestDatabase();
const { createToken } = await import("@/lib/data/accounts/tokens");
const skills = await import("@/lib/data/skills");
const labels = await import("@/lib/data/skills/labels");
const discoveryRoute = await import("@/app/api/agent-skills/[...path]/route");
const downloadRoute = await import("@/app/api/v1/skills/[skillId]/download/route");

const { grace } = await createCast(db);
const token = (await createToken(grace, { name: "sync", scope: "read" })).secret;
const version = (n: number) =>
  makeSkill("deploy-steps", { body: `# Deploy\n\nStep list v${n}.\n`, files: { "scripts/run.sh": `#!/bin/sh\necho v${n}\n` }, executable: ["scripts/run.sh"] });
const deploy = (await skills.createSkill(grace, { skill: version(1), destination: { scope: "PERSONAL" } })).skillId!;
await skills.addSkillVersion(grace, deploy, { skill: version(2), message: "v2" });
await labels.moveLabel(grace, deploy, "stable", 1);
const other = (await skills.createSkill(grace, { skill: makeSkill("release-notes"), destination: { scope: "PERSONAL" } })).skillId!;

const seen: RoutedRequest[] = [];
const server = await startTestServer(
  routeRequests({ "/api/agent-skills/[...path]": discoveryRoute, "/api/v1/skills/[skillId]/download": downloadRoute }, rewrites, seen),
);
const work = mkdtempSync(path.join(tmpdir(), "skillshelf-channels-"));
afterAll(async () => {
  await server.close();
  await cleanup();
  rmSync(work, { recursive: true, force: true });
});
const dir = path.join(work, "skills");

async function sync(...args: string[]) {
  const out: string[] = [];
  const code = await syncCommand([dir, "--url", server.origin, ...args], {
    out: (line) => out.push(line),
    err: (line) => out.push(line),
    cwd: work,
    env: { SKILLSHELF_TOKEN: token, HOME: work },
  });
  return { code, text: out.join("\n") };
}
const lockfile = () => JSON.parse(readFileSync(path.join(dir, LOCKFILE), "utf8"));
const read = (rel: string) => readFileSync(path.join(dir, rel), "utf8");

describe("sync --channel, --frozen, --update", () => {
  it("--channel stable installs the labelled version, says which skill fell back to latest, and locks label, version and digests", async () => {
    const result = await sync("--channel", "stable");
    expect(result.code, result.text).toBe(0);
    expect(read("deploy-steps/scripts/run.sh")).toBe("#!/bin/sh\necho v1\n");
    expect(result.text).toContain("release-notes has no stable label; its latest version (v1) is installed");
    const lock = lockfile();
    const v1 = await db.skillVersion.findFirstOrThrow({ where: { skillId: deploy, number: 1 } });
    expect(lock).toMatchObject({ label: "stable", skills: { "deploy-steps": { skillId: deploy, version: 1, label: "stable", bundleDigest: v1.digest } } });
  });

  it("--frozen installs exactly the locked versions even after the label moved, and writes no lockfile", async () => {
    await labels.moveLabel(grace, deploy, "stable", 2);
    rmSync(path.join(dir, "deploy-steps"), { recursive: true });
    const before = readFileSync(path.join(dir, LOCKFILE), "utf8");
    const result = await sync("--frozen");
    expect(result.code, result.text).toBe(0);
    expect(read("deploy-steps/scripts/run.sh")).toBe("#!/bin/sh\necho v1\n");
    expect(readFileSync(path.join(dir, LOCKFILE), "utf8")).toBe(before);
  });

  it("--update moves the lock to what the channel serves now (the lockfile's channel is followed)", async () => {
    const result = await sync("--update");
    expect(result.code, result.text).toBe(0);
    expect(result.text).toContain("updated   deploy-steps v1 -> v2");
    expect(lockfile().skills["deploy-steps"]).toMatchObject({ version: 2, label: "stable" });
  });

  it("--frozen fails naming each skill whose locked digest the server no longer serves, and writes nothing", async () => {
    const lock = lockfile();
    lock.skills["deploy-steps"].bundleDigest = "0".repeat(64);
    lock.skills["release-notes"].version = 9;
    writeFileSync(path.join(dir, LOCKFILE), JSON.stringify(lock));
    rmSync(path.join(dir, "deploy-steps"), { recursive: true });
    const result = await sync("--frozen");
    expect(result.code).toBe(1);
    expect(result.text).toContain("--frozen: the server no longer serves these locked skills as locked: deploy-steps, release-notes");
    expect(result.text).toMatch(/deploy-steps: v2 now has digest sha256:[0-9a-f]{64}, the lockfile has sha256:0{64}/);
    expect(result.text).toContain("release-notes: v9 is no longer served (404");
    expect(() => read("deploy-steps/SKILL.md")).toThrow();
    expect(other).toBeTruthy();
  });

  it("refuses --frozen with --update or --channel", async () => {
    expect((await sync("--frozen", "--update")).code).toBe(2);
    expect((await sync("--channel", "Not-A-Label")).text).toContain("is not a label");
  });
});
