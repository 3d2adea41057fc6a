import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";
import { startTestServer } from "@/lib/test/http-server";
import { routeRequests, type RoutedRequest } from "@/lib/test/route-server";
import { rewrites } from "@/lib/http/rewrites";
import { buildTarGz, buildZip, S_IFREG, UNIX_FILE } from "@/lib/skills/test-helpers/archives";
import { syncCommand, LOCKFILE } from "./skillshelf-sync.mjs";

// The sync CLI against the real discovery routes on 127.0.0.1 (a throwaway database, skills
// imported through the data layer), writing into temporary agent folders.

const { db, cleanup } = await createTestDatabase();
const { createToken } = await import("@/lib/data/accounts/tokens");
const skills = await import("@/lib/data/skills");
const profiles = await import("@/lib/data/profiles/profiles");
const { runCli } = await import("@/cli/admin/main");
const discoveryRoute = await import("@/app/api/agent-skills/[...path]/route");
const tarballRoute = await import("@/app/api/v1/cli/skillshelf-sync.tgz/route");
const scriptRoute = await import("@/app/api/v1/cli/skillshelf-sync.mjs/route");

const { team, ada, grace } = await createCast(db);
const token = (await createToken(grace, { name: "sync", scope: "read" })).secret;

const review = await skills.createSkill(grace, { skill: makeSkill("code-review"), destination: { scope: "PERSONAL" } });
const pdfFiles = { "references/forms.md": "# Forms\n", "references/tables.md": "# Tables\n", "scripts/fill.sh": "#!/bin/sh\necho fill\n" };
const pdf = await skills.createSkill(ada, {
  skill: makeSkill("pdf-tools", { files: pdfFiles, executable: ["scripts/fill.sh"] }),
  destination: { scope: "TEAM", teamId: team.id },
});
const notes = await skills.createSkill(grace, {
  skill: makeSkill("meeting-notes", { files: { "templates/weekly.md": "# Weekly\n" } }),
  destination: { scope: "PERSONAL" },
});

const seen: RoutedRequest[] = [];
const server = await startTestServer(
  routeRequests(
    { "/api/agent-skills/[...path]": discoveryRoute, "/api/v1/cli/skillshelf-sync.tgz": tarballRoute, "/api/v1/cli/skillshelf-sync.mjs": scriptRoute },
    rewrites,
    seen,
  ),
);
const work = mkdtempSync(path.join(tmpdir(), "skillshelf-sync-"));
afterAll(async () => {
  await server.close();
  await cleanup();
  rmSync(work, { recursive: true, force: true });
});

let project: string;
let skillsDir: string;
beforeEach(() => {
  project = mkdtempSync(path.join(work, "project-"));
  skillsDir = path.join(project, ".claude", "skills");
  seen.length = 0;
});

async function sync(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await syncCommand(["--url", server.origin, ...args], {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    cwd: project,
    env: { SKILLSHELF_TOKEN: token, HOME: work },
  });
  return { code, out, err, text: [...out, ...err].join("\n") };
}

const lockfile = () => JSON.parse(readFileSync(path.join(skillsDir, LOCKFILE), "utf8"));
const read = (rel: string) => readFileSync(path.join(skillsDir, rel), "utf8");
/** A file's identity: a rewrite (temp file + rename) gives it a new inode. */
const identity = (rel: string) => {
  const info = statSync(path.join(skillsDir, rel));
  return `${info.ino}:${info.mtimeMs}`;
};
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const fileRequests = () => seen.filter((r) => r.method === "GET" && !r.url.startsWith("/.well-known/agent-skills/index.json")).map((r) => r.url);

describe("skills sync", () => {
  it("mirrors every skill the viewer's agents get, with execute bits and a lockfile of digests", async () => {
    const result = await sync("--claude");
    expect(result.code, result.text).toBe(0);
    expect(result.out).toEqual([
      "added     code-review v1 (1 file)",
      "added     meeting-notes v1 (2 files)",
      "added     pdf-tools v1 (4 files)",
      `${skillsDir}: 3 added, 0 updated, 0 removed, 0 unchanged, 0 refused`,
    ]);
    expect(read("pdf-tools/references/forms.md")).toBe("# Forms\n");
    expect(read("code-review/SKILL.md")).toContain("name: code-review");
    expect(statSync(path.join(skillsDir, "pdf-tools/scripts/fill.sh")).mode & 0o777).toBe(0o755);
    expect(statSync(path.join(skillsDir, "pdf-tools/references/forms.md")).mode & 0o777).toBe(0o644);

    const lock = lockfile();
    const stored = await db.skillVersion.findFirstOrThrow({ where: { skillId: pdf.skillId, number: 1 }, select: { digest: true } });
    expect(lock).toMatchObject({ lockfileVersion: 1, server: server.origin, profile: null });
    expect(lock.skills["pdf-tools"]).toMatchObject({ skillId: pdf.skillId, version: 1, type: "archive", bundleDigest: stored.digest });
    expect(lock.skills["pdf-tools"].files["references/forms.md"]).toEqual({ sha256: sha256("# Forms\n"), executable: false });
    expect(lock.skills["pdf-tools"].files["scripts/fill.sh"].executable).toBe(true);
    // Per file, as the index lists files: one GET per file, none of the archive.
    expect(fileRequests().filter((u) => u.endsWith(".zip"))).toEqual([]);
    expect(fileRequests()).toHaveLength(7);
    expect(JSON.stringify(lock)).not.toContain(token);

    seen.length = 0;
    const again = await sync("--claude");
    expect(again.code).toBe(0);
    expect(again.out).toEqual([`${skillsDir}: 0 added, 0 updated, 0 removed, 3 unchanged, 0 refused`]);
    expect(fileRequests()).toEqual([]);
  });

  it("rewrites only the files of the one skill that changed on the server, and moves its lockfile entry", async () => {
    await sync("--claude");
    const before = Object.fromEntries(
      ["code-review/SKILL.md", "meeting-notes/SKILL.md", "pdf-tools/SKILL.md", "pdf-tools/references/tables.md", "pdf-tools/references/forms.md"].map((p) => [
        p,
        identity(p),
      ]),
    );
    const lockBefore = lockfile();
    await skills.addSkillVersion(ada, pdf.skillId, {
      skill: makeSkill("pdf-tools", { files: { ...pdfFiles, "references/forms.md": "# Forms v2\n" }, executable: ["scripts/fill.sh"] }),
      message: "forms v2",
    });
    seen.length = 0;
    const result = await sync("--claude");
    expect(result.code, result.text).toBe(0);
    expect(result.out).toEqual(["updated   pdf-tools v1 -> v2: 1 written, 0 removed", `${skillsDir}: 0 added, 1 updated, 0 removed, 2 unchanged, 0 refused`]);
    expect(fileRequests()).toEqual(["/.well-known/agent-skills/pdf-tools/references/forms.md"]);
    expect(read("pdf-tools/references/forms.md")).toBe("# Forms v2\n");
    expect(identity("pdf-tools/references/forms.md")).not.toBe(before["pdf-tools/references/forms.md"]);
    for (const p of ["code-review/SKILL.md", "meeting-notes/SKILL.md", "pdf-tools/SKILL.md", "pdf-tools/references/tables.md"])
      expect(identity(p), p).toBe(before[p]);
    const lock = lockfile();
    expect(lock.skills["pdf-tools"].version).toBe(2);
    expect(lock.skills["pdf-tools"].bundleDigest).not.toBe(lockBefore.skills["pdf-tools"].bundleDigest);
    expect(lock.skills["pdf-tools"].files["references/forms.md"].sha256).toBe(sha256("# Forms v2\n"));
    expect(lock.skills["code-review"]).toEqual(lockBefore.skills["code-review"]);
  });

  it("removes a file a skill no longer has, and skills archived or deleted on the server", async () => {
    const temp = await skills.createSkill(grace, {
      skill: makeSkill("scratch", { files: { "a.md": "a\n", "deep/b.md": "b\n" } }),
      destination: { scope: "PERSONAL" },
    });
    const doomed = await skills.createSkill(grace, { skill: makeSkill("doomed"), destination: { scope: "PERSONAL" } });
    await sync("--claude");
    expect(existsSync(path.join(skillsDir, "scratch/deep/b.md"))).toBe(true);

    await skills.addSkillVersion(grace, temp.skillId, { skill: makeSkill("scratch", { files: { "a.md": "a\n" } }), message: "drop b" });
    const dropped = await sync("--claude");
    expect(dropped.out[0]).toBe("updated   scratch v1 -> v2: 0 written, 1 removed");
    expect(existsSync(path.join(skillsDir, "scratch/deep"))).toBe(false);
    expect(read("scratch/a.md")).toBe("a\n");

    await skills.setSkillArchived(grace, temp.skillId, true);
    await skills.deleteSkill(grace, doomed.skillId);
    const result = await sync("--claude");
    expect(result.code, result.text).toBe(0);
    expect(result.out.slice(0, 2)).toEqual(["removed   doomed", "removed   scratch"]);
    expect(existsSync(path.join(skillsDir, "scratch"))).toBe(false);
    expect(existsSync(path.join(skillsDir, "doomed"))).toBe(false);
    expect(Object.keys(lockfile().skills)).toEqual(["code-review", "meeting-notes", "pdf-tools"]);
  });

  it("refuses to overwrite a local edit (exit 1, file untouched) while syncing the others; --force overwrites", async () => {
    await sync("--claude");
    writeFileSync(path.join(skillsDir, "code-review/SKILL.md"), "my own version\n");
    writeFileSync(path.join(skillsDir, "meeting-notes/mine.md"), "added by me\n");
    await skills.addSkillVersion(grace, review.skillId, { skill: makeSkill("code-review", { body: "# Review v2\n" }), message: "v2" });
    await skills.addSkillVersion(grace, notes.skillId, {
      skill: makeSkill("meeting-notes", { files: { "templates/weekly.md": "# Weekly v2\n" } }),
      message: "v2",
    });
    const pdfVersion = (await db.skill.findUniqueOrThrow({ where: { id: pdf.skillId }, select: { versionCount: true } })).versionCount;
    await skills.addSkillVersion(ada, pdf.skillId, {
      skill: makeSkill("pdf-tools", { files: { ...pdfFiles, "references/tables.md": "# Tables v2\n" }, executable: ["scripts/fill.sh"] }),
      message: "tables",
    });

    const refused = await sync("--claude");
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("refused   code-review: local edits (--force overwrites them): code-review/SKILL.md (modified)");
    expect(refused.out).toContain("refused   meeting-notes: local edits (--force overwrites them): meeting-notes/mine.md (added)");
    expect(refused.out).toContain(`updated   pdf-tools v${pdfVersion} -> v${pdfVersion + 1}: 2 written, 0 removed`);
    expect(read("code-review/SKILL.md")).toBe("my own version\n");
    expect(read("meeting-notes/mine.md")).toBe("added by me\n");
    expect(read("pdf-tools/references/tables.md")).toBe("# Tables v2\n");
    const lock = lockfile();
    expect(lock.skills["code-review"].version).toBe(1);
    expect(lock.skills["pdf-tools"].version).toBe(pdfVersion + 1);

    const json = await sync("--claude", "--json");
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out.join("\n")).refused).toEqual([
      { name: "code-review", reason: expect.stringContaining("local edits"), paths: ["code-review/SKILL.md"] },
      { name: "meeting-notes", reason: expect.stringContaining("local edits"), paths: ["meeting-notes/mine.md"] },
    ]);

    const forced = await sync("--claude", "--force");
    expect(forced.code, forced.text).toBe(0);
    expect(read("code-review/SKILL.md")).toContain("# Review v2");
    expect(existsSync(path.join(skillsDir, "meeting-notes/mine.md"))).toBe(false);
    expect(read("meeting-notes/templates/weekly.md")).toBe("# Weekly v2\n");
    expect(lockfile().skills["code-review"].version).toBe(2);
  });

  it("still refuses a local edit when the server did not change, and restores a file deleted locally", async () => {
    await sync("--claude");
    writeFileSync(path.join(skillsDir, "code-review/SKILL.md"), "edited\n");
    rmSync(path.join(skillsDir, "meeting-notes/templates/weekly.md"));
    const result = await sync("--claude");
    expect(result.code).toBe(1);
    expect(result.out[0]).toMatch(/^updated {3}meeting-notes v\d+ \(restored\): 1 written, 0 removed$/);
    expect(result.out[1]).toContain("refused   code-review: local edits");
    expect(read("meeting-notes/templates/weekly.md")).toContain("# Weekly");
  });

  it("leaves alone a folder it did not write that has a skill's name, and never touches other folders", async () => {
    mkdirSync(path.join(skillsDir, "code-review"), { recursive: true });
    writeFileSync(path.join(skillsDir, "code-review/SKILL.md"), "hand-made\n");
    mkdirSync(path.join(skillsDir, "my-own-skill"), { recursive: true });
    writeFileSync(path.join(skillsDir, "my-own-skill/SKILL.md"), "mine\n");
    const result = await sync("--claude");
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      `refused   code-review: ${path.join(skillsDir, "code-review")} exists and was not written by skillshelf-sync (it is not in ${LOCKFILE}); --force replaces it`,
    );
    expect(read("code-review/SKILL.md")).toBe("hand-made\n");
    expect(lockfile().skills["code-review"]).toBeUndefined();
    expect(read("pdf-tools/SKILL.md")).toContain("name: pdf-tools");

    // --force takes over the same-named folder; a folder no skill is named after is never touched.
    const again = await sync("--claude", "--force");
    expect(again.code).toBe(0);
    expect(read("code-review/SKILL.md")).toContain("name: code-review");
    expect(read("my-own-skill/SKILL.md")).toBe("mine\n");
  });

  it("syncs one agent profile at its pinned version", async () => {
    const profile = await profiles.createProfile(grace, { name: "Review bot", instructions: "", skills: [{ skillId: pdf.skillId, pinnedVersion: 1 }] });
    const dir = path.join(project, "agents-dir");
    const result = await sync(dir, "--profile", "Review bot");
    expect(result.code, result.text).toBe(0);
    expect(result.out[0]).toBe("added     pdf-tools v1 (4 files)");
    expect(readFileSync(path.join(dir, "pdf-tools/references/forms.md"), "utf8")).toBe("# Forms\n");
    const lock = JSON.parse(readFileSync(path.join(dir, LOCKFILE), "utf8"));
    expect(lock.profile).toBe("Review bot");
    expect(Object.keys(lock.skills)).toEqual(["pdf-tools"]);
    const fetched = seen.filter((r) => r.url.includes("/pdf-tools/"));
    expect(fetched).toHaveLength(4);
    expect(fetched.every((r) => r.url.endsWith("?profile=Review+bot"))).toBe(true);
    // By id as well, into the same folder: the same skills, nothing to do (but the switch is said).
    const byId = await sync(dir, "--profile", profile.id);
    expect(byId.out.at(-1)).toContain("1 unchanged");
    expect(byId.err.join("\n")).toContain(`the lockfile was written for ${server.origin}/.well-known/agent-skills/index.json (profile Review bot)`);
  });

  it("changes nothing on a dry run, and says what it would do", async () => {
    const result = await sync("--claude", "--dry-run");
    expect(result.code).toBe(0);
    expect(result.out.at(-1)).toBe(`dry run: ${skillsDir}: 3 would be added, 0 would be updated, 0 would be removed, 0 unchanged, 0 refused`);
    expect(existsSync(skillsDir)).toBe(false);
    expect(fileRequests()).toEqual([]);
  });

  it("writes --codex to ~/.codex/skills and --agents to .agents/skills", async () => {
    expect((await sync("--agents")).code).toBe(0);
    expect(existsSync(path.join(project, ".agents/skills/pdf-tools/SKILL.md"))).toBe(true);
    expect((await sync("--codex")).code).toBe(0);
    expect(existsSync(path.join(work, ".codex/skills", LOCKFILE))).toBe(true);
  });

  it("exits 1 with the server's reason when the token is missing, and 2 on usage errors", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l), cwd: project, env: {} };
    expect(await syncCommand(["--claude", "--url", server.origin], io)).toBe(1);
    expect(err.join("\n")).toMatch(/answered 401: .*Authorization: Bearer sks_.*set SKILLSHELF_TOKEN/);
    expect(existsSync(skillsDir)).toBe(false);
    for (const argv of [
      ["--claude"],
      ["--url", server.origin],
      ["--claude", "--agents", "--url", server.origin],
      ["--claude", "--token", "x"],
      ["--claude", "--url", "ftp://x"],
      ["--claude", "--bogus"],
    ]) {
      expect(await syncCommand(argv, io), argv.join(" ")).toBe(2);
    }
    expect(err.join("\n")).toContain("SKILLSHELF_TOKEN environment variable");
  });

  it("runs as `npm run -s skills -- sync` through the repository's CLI", async () => {
    const out: string[] = [];
    const previous = process.env.SKILLSHELF_TOKEN;
    process.env.SKILLSHELF_TOKEN = token;
    try {
      const code = await runCli(["sync", "--claude", "--url", server.origin], { out: (l) => out.push(l), err: (l) => out.push(l), cwd: project });
      expect(code, out.join("\n")).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.SKILLSHELF_TOKEN;
      else process.env.SKILLSHELF_TOKEN = previous;
    }
    expect(out.at(-1)).toContain("3 added");
  });
});

describe("against any server that speaks the RFC (no per-file list)", () => {
  it("downloads each artifact, verifies its digest, unpacks .zip and .tar.gz safely, and skips what it does not understand", async () => {
    const md = (name: string) => `---\nname: ${name}\ndescription: Does ${name} things.\n---\n\n# ${name}\n`;
    const exec = ((S_IFREG | 0o755) << 16) >>> 0;
    const artifacts: Record<string, { bytes: Uint8Array; type: string }> = {
      "/skills/plain-md/SKILL.md": { bytes: new TextEncoder().encode(md("plain-md")), type: "text/markdown" },
      "/files/zipped.zip": {
        bytes: buildZip([
          { name: "SKILL.md", data: md("zipped") },
          { name: "scripts/", data: "", method: 0 },
          { name: "scripts/run.sh", data: "#!/bin/sh\necho run\n", madeBy: UNIX_FILE, externalAttrs: exec },
        ]),
        type: "application/zip",
      },
      "/files/tarred.tar.gz": {
        bytes: buildTarGz([
          { name: "SKILL.md", data: md("tarred") },
          { name: "references/a-rather-long-folder-name/notes.md", data: "# Notes\n", pax: true },
          { name: "bin/tool", data: "#!/bin/sh\n", mode: 0o755 },
        ]),
        type: "application/gzip",
      },
      "/files/evil.zip": {
        bytes: buildZip([
          { name: "SKILL.md", data: md("evil") },
          { name: "../escape.txt", data: "out" },
        ]),
        type: "application/zip",
      },
      "/files/wrapped.zip": { bytes: buildZip([{ name: "wrapped/SKILL.md", data: md("wrapped") }]), type: "application/zip" },
      "/skills/liar/SKILL.md": { bytes: new TextEncoder().encode(md("liar")), type: "text/markdown" },
    };
    const cdnAuth: (string | null)[] = [];
    const cdn = await startTestServer(async (request) => {
      cdnAuth.push(request.headers.get("authorization"));
      return new Response(artifacts["/skills/plain-md/SKILL.md"].bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": "text/markdown" } });
    });
    const digest = (p: string) => `sha256:${createHash("sha256").update(artifacts[p].bytes).digest("hex")}`;
    const index = {
      $schema: "https://schemas.agentskills.io/discovery/0.2.0/schema.json",
      publisher: "an unknown top-level field, ignored",
      skills: [
        { name: "plain-md", type: "skill-md", description: "d", url: "plain-md/SKILL.md", digest: digest("/skills/plain-md/SKILL.md"), extra: true },
        { name: "zipped", type: "archive", description: "d", url: "/files/zipped.zip", digest: digest("/files/zipped.zip") },
        { name: "tarred", type: "archive", description: "d", url: "/files/tarred.tar.gz", digest: digest("/files/tarred.tar.gz") },
        { name: "from-cdn", type: "skill-md", description: "d", url: `${cdn.origin}/x/SKILL.md`, digest: digest("/skills/plain-md/SKILL.md") },
        { name: "evil", type: "archive", description: "d", url: "/files/evil.zip", digest: digest("/files/evil.zip") },
        { name: "wrapped", type: "archive", description: "d", url: "/files/wrapped.zip", digest: digest("/files/wrapped.zip") },
        { name: "liar", type: "skill-md", description: "d", url: "liar/SKILL.md", digest: `sha256:${"0".repeat(64)}` },
        { name: "mcp-thing", type: "mcp-server", description: "d", url: "x", digest: `sha256:${"1".repeat(64)}` },
        { name: "Bad_Name", type: "skill-md", description: "d", url: "x", digest: `sha256:${"1".repeat(64)}` },
      ],
    };
    const requested: { url: string; auth: string | null }[] = [];
    const rfc = await startTestServer(async (request) => {
      const url = new URL(request.url);
      requested.push({ url: url.pathname, auth: request.headers.get("authorization") });
      if (url.pathname === "/skills/index.json") return Response.json(index);
      const artifact = artifacts[url.pathname];
      return artifact
        ? new Response(artifact.bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": artifact.type } })
        : new Response("no", { status: 404 });
    });
    try {
      const dir = path.join(project, "rfc");
      const run = (...args: string[]) => {
        const out: string[] = [];
        const err: string[] = [];
        return syncCommand([dir, "--url", `${rfc.origin}/skills/index.json`, ...args], {
          out: (l) => out.push(l),
          err: (l) => err.push(l),
          cwd: project,
          env: { SKILLSHELF_TOKEN: token, HOME: work },
        }).then((code) => ({ code, out, err }));
      };
      const first = await run();
      expect(first.code).toBe(1);
      expect(first.out.filter((l) => l.startsWith("added")).sort()).toEqual([
        "added     from-cdn (1 file)",
        "added     plain-md (1 file)",
        "added     tarred (3 files)",
        "added     zipped (2 files)",
      ]);
      const failed = first.out.filter((l) => l.startsWith("failed"));
      expect(failed).toHaveLength(3);
      expect(failed.find((l) => l.includes("evil"))).toContain('unsafe path "../escape.txt"');
      expect(failed.find((l) => l.includes("wrapped"))).toContain("no SKILL.md at the archive's root");
      expect(failed.find((l) => l.includes("liar"))).toContain("do not match the index's digest");
      expect(first.err.join("\n")).toContain('mcp-thing: skipped, unknown type "mcp-server"');
      expect(first.err.join("\n")).toContain("skills[8]: skipped, its name is not a valid skill name");
      for (const name of ["evil", "wrapped", "liar", "mcp-thing"]) expect(existsSync(path.join(dir, name)), name).toBe(false);
      expect(existsSync(path.join(project, "escape.txt"))).toBe(false);
      expect(readFileSync(path.join(dir, "tarred/references/a-rather-long-folder-name/notes.md"), "utf8")).toBe("# Notes\n");
      expect(statSync(path.join(dir, "tarred/bin/tool")).mode & 0o777).toBe(0o755);
      expect(statSync(path.join(dir, "zipped/scripts/run.sh")).mode & 0o777).toBe(0o755);
      // The token went to the index's server only, never to the other host an entry pointed at.
      expect(requested.every((r) => r.auth === `Bearer ${token}`)).toBe(true);
      expect(cdnAuth).toEqual([null]);

      requested.length = 0;
      const second = await run();
      expect(second.out.at(-1)).toContain("0 added, 0 updated, 0 removed, 4 unchanged, 0 refused, 3 failed");
      // Unchanged digests: nothing downloaded again but the index and what failed before.
      expect(requested.map((r) => r.url).sort()).toEqual(["/files/evil.zip", "/files/wrapped.zip", "/skills/index.json", "/skills/liar/SKILL.md"]);
    } finally {
      await rfc.close();
      await cdn.close();
    }
  });
});

describe("the CLI as the app serves it", () => {
  const exec = promisify(execFile);

  it("serves the plain file and a deterministic npm package whose bin is that file", async () => {
    const source = readFileSync(path.join(import.meta.dirname, "skillshelf-sync.mjs"));
    const script = await fetch(`${server.origin}/api/v1/cli/skillshelf-sync.mjs`);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(Buffer.from(await script.arrayBuffer()).equals(source)).toBe(true);

    const first = await fetch(`${server.origin}/api/v1/cli/skillshelf-sync.tgz`);
    const tarball = Buffer.from(await first.arrayBuffer());
    expect(first.headers.get("content-type")).toBe("application/gzip");
    const second = Buffer.from(await (await fetch(`${server.origin}/api/v1/cli/skillshelf-sync.tgz`)).arrayBuffer());
    expect(second.equals(tarball)).toBe(true);
    expect((await fetch(`${server.origin}/api/v1/cli/skillshelf-sync.tgz`, { headers: { "if-none-match": first.headers.get("etag")! } })).status).toBe(304);

    const tar = gunzipSync(tarball);
    const entries = new Map<string, Buffer>();
    for (let o = 0; o + 512 <= tar.length && tar[o] !== 0;) {
      const name = tar
        .subarray(o, o + 100)
        .toString("utf8")
        .replace(/\0.*$/s, "");
      const size = parseInt(tar.subarray(o + 124, o + 136).toString("utf8"), 8);
      entries.set(name, tar.subarray(o + 512, o + 512 + size));
      o += 512 + Math.ceil(size / 512) * 512;
    }
    expect([...entries.keys()]).toEqual(["package/package.json", "package/skillshelf-sync.mjs"]);
    expect(entries.get("package/skillshelf-sync.mjs")!.equals(source)).toBe(true);
    const pkg = JSON.parse(entries.get("package/package.json")!.toString("utf8"));
    expect(pkg).toMatchObject({ name: "skillshelf-sync", type: "module", bin: { "skillshelf-sync": "skillshelf-sync.mjs" } });
  });

  it("runs as a program: `node skillshelf-sync.mjs sync ...` syncs and exits 0", async () => {
    const file = path.join(work, "skillshelf-sync.mjs");
    writeFileSync(file, Buffer.from(await (await fetch(`${server.origin}/api/v1/cli/skillshelf-sync.mjs`)).arrayBuffer()));
    const { stdout } = await exec(process.execPath, [file, "sync", "--claude", "--url", server.origin], {
      cwd: project,
      env: { ...process.env, HOME: work, SKILLSHELF_TOKEN: token, SKILLSHELF_URL: "" },
    });
    expect(stdout).toContain("3 added");
    expect(existsSync(path.join(skillsDir, "pdf-tools/scripts/fill.sh"))).toBe(true);
    const usage = await exec(process.execPath, [file, "sync"], { cwd: project }).catch((error: { code: number; stderr: string }) => error);
    expect(usage).toMatchObject({ code: 2 });
  });
});
