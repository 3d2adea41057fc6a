import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { startTestServer } from "@/lib/test/http-server";
import { routeRequests } from "@/lib/test/route-server";
import { runSkillsCli } from "@/lib/test/skills-cli";
import { rewrites } from "./rewrites";

// The real `skills` CLI against delivery links served by the real route handlers on 127.0.0.1
// (through next.config.ts's rewrites): `skills add <link>` installs every skill of an agent
// profile byte for byte, `skills update` picks up a new version, a revoked link is refused.
// e2e/feeds.spec.ts does the same against the production server.

const { db, cleanup } = await createTestDatabase();
const feeds = await import("@/lib/data/distribution/feeds");
const skills = await import("@/lib/data/skills");
const profiles = await import("@/lib/data/profiles/profiles");
const route = await import("@/app/api/feeds/[secret]/[[...path]]/route");

const { grace } = await createCast(db);
const TOOLS = { "scripts/run.sh": "#!/bin/sh\necho v1\n", "references/notes.md": "# Notes\n" };
const tools = await skills.createSkill(grace, {
  skill: makeSkill("feed-tools", { files: TOOLS, executable: ["scripts/run.sh"] }),
  destination: { scope: "PERSONAL" },
});
const single = await skills.createSkill(grace, { skill: makeSkill("feed-single"), destination: { scope: "PERSONAL" } });
await skills.createSkill(grace, { skill: makeSkill("feed-outside"), destination: { scope: "PERSONAL" } });
await profiles.createProfile(grace, {
  name: "cli",
  instructions: "",
  skills: [
    { skillId: tools.skillId, pinnedVersion: null },
    { skillId: single.skillId, pinnedVersion: null },
  ],
});
const { feed, secret } = await feeds.createFeed(grace, { name: "cli", profile: "cli" });

const server = await startTestServer(routeRequests({ "/api/feeds/[secret]/[[...path]]": route }, rewrites));
const url = `${server.origin}/feeds/${secret}`;
const work = await mkdtemp(path.join(os.tmpdir(), "feeds-cli-work-"));
const home = await mkdtemp(path.join(os.tmpdir(), "feeds-cli-home-"));
afterAll(async () => {
  await server.close();
  await Promise.all([work, home].map((dir) => rm(dir, { recursive: true, force: true })));
  await cleanup();
});

const installed = (name: string, file: string) => path.join(work, ".claude", "skills", name, file);
const skillMd = (name: string) => new TextDecoder().decode(makeSkill(name).files.find((f) => f.path === "SKILL.md")!.bytes);
const downloads = async () =>
  (await db.auditEvent.findMany({ where: { action: "skill.download", detail: { contains: feed.id } }, select: { skillName: true, version: true } }))
    .map((e) => `${e.skillName}@${e.version}`)
    .sort();

describe("the skills CLI through a delivery link", () => {
  it("skills add installs every skill of the profile, byte for byte; the link lands in the lockfile", { timeout: 120_000 }, async () => {
    const run = await runSkillsCli(["add", url, "--skill", "*", "--agent", "claude-code", "-y"], { cwd: work, home });
    expect(run.code, run.output).toBe(0);
    expect(await readFile(installed("feed-tools", "SKILL.md"), "utf8")).toBe(skillMd("feed-tools"));
    for (const [file, text] of Object.entries(TOOLS)) expect(await readFile(installed("feed-tools", file), "utf8")).toBe(text);
    expect(await readFile(installed("feed-single", "SKILL.md"), "utf8")).toBe(skillMd("feed-single"));
    await expect(stat(path.join(work, ".claude", "skills", "feed-outside"))).rejects.toThrow();
    expect((await stat(installed("feed-tools", "references/notes.md"))).mode & 0o111).toBe(0);
    // skills 1.7.4 writes well-known files with the default mode, zip and tar alike: the execute bit
    // our archive carries (lib/http/feeds.test.ts) is lost in the client (cf. vercel-labs/skills#1140).
    // When the client keeps modes this fails, and should then assert 0o111.
    expect((await stat(installed("feed-tools", "scripts/run.sh"))).mode & 0o111).toBe(0);
    expect(await readFile(path.join(work, "skills-lock.json"), "utf8")).toContain(url);
    expect(await downloads()).toEqual(["feed-single@1", "feed-tools@1"]);
  });

  it("skills update picks up a new version, and nothing is counted twice", { timeout: 120_000 }, async () => {
    const current = await runSkillsCli(["update", "-p", "-y"], { cwd: work, home });
    expect(current.code, current.output).toBe(0);
    expect(current.output).not.toContain("Failed to check");
    expect(current.output).not.toContain("Updated");
    await skills.addSkillVersion(grace, tools.skillId, {
      skill: makeSkill("feed-tools", { files: { ...TOOLS, "scripts/run.sh": "#!/bin/sh\necho v2\n" }, executable: ["scripts/run.sh"] }),
      message: "v2",
    });
    const run = await runSkillsCli(["update", "-p", "-y"], { cwd: work, home });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("Updated feed-tools");
    expect(await readFile(installed("feed-tools", "scripts/run.sh"), "utf8")).toBe("#!/bin/sh\necho v2\n");
    // The client fetched every artifact again to update one skill; each version counts once.
    expect(await downloads()).toEqual(["feed-single@1", "feed-tools@1", "feed-tools@2"]);
  });

  it("a revoked link is refused: skills add installs nothing and says HTTP 410, skills update cannot check", { timeout: 120_000 }, async () => {
    await feeds.revokeFeed(grace, feed.id);
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), "feeds-cli-revoked-"));
    try {
      const run = await runSkillsCli(["add", url, "--skill", "*", "--agent", "claude-code", "-y"], { cwd: elsewhere, home });
      expect(run.code, run.output).not.toBe(0);
      expect(run.output).toContain("HTTP 410");
      await expect(stat(path.join(elsewhere, ".claude"))).rejects.toThrow();
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
    const update = await runSkillsCli(["update", "-p", "-y"], { cwd: work, home });
    expect(update.output).toContain("Failed to check");
  });
});
