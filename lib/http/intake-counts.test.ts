import { afterAll, describe, expect, it, vi } from "vitest";
import { exportSkillZip } from "@/lib/skills/archive/export";
import { buildZip } from "@/lib/skills/test-helpers/archives";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";
import { createGitRepo, type TestGitRepo } from "@/lib/test/git-repos";
import { recordStatements } from "@/lib/test/sql-statements";

// What one request costs the intake (lib/data/intake): each skill scanned once, and the actor
// (the user and their memberships) read once, however many skills the request holds and whichever
// way they come in: the upload routes, their dry runs, a Git source's sync, the editor's save.

// Every scan of a skill goes through the scanner's two entry points: counted, and left to do its work.
const scans = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/lib/skills/scan", async (original) => {
  const scanner = await original<typeof import("@/lib/skills/scan")>();
  return {
    ...scanner,
    scanBundleSkill: (...args: Parameters<typeof scanner.scanBundleSkill>) => (scans.count++, scanner.scanBundleSkill(...args)),
    scanBundleSkillSteps: (...args: Parameters<typeof scanner.scanBundleSkillSteps>) => (scans.count++, scanner.scanBundleSkillSteps(...args)),
  };
});

recordStatements(); // before the first connection (see the file)
Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", SOURCES_ALLOW_LOCAL: "true" });
const { db, cleanup } = await createTestDatabase();
const { createToken } = await import("@/lib/data/accounts/tokens");
const sources = await import("@/lib/data/sources/sources");
const background = await import("@/lib/data/background");
const editor = await import("@/lib/data/editor/editor");
const skills = await import("@/lib/data/skills");
const skillsRoute = await import("@/app/api/v1/skills/route");
const previewRoute = await import("@/app/api/upload/preview/route");
await background.startJobs({ recurring: false });
const repos: TestGitRepo[] = [];
afterAll(async () => {
  await sources.waitForSyncs();
  await background.stopJobs();
  for (const repo of repos) await repo.remove();
  await cleanup();
});

await createUser(db, "ada", { role: "ADMIN" });
const team = await db.team.create({ data: { name: "Platform", memberships: { create: [{ userId: "ada", role: "OWNER" }] } } });
const ada = { id: "ada" };
const token = (await createToken(ada, { name: "publish", scope: "publish" })).secret;

const skillMd = (name: string, body = "Steps.") => `---\nname: ${name}\ndescription: Does ${name} things. Use for ${name}.\n---\n\n${body}\n`;
const zipOf = (...names: string[]) =>
  names.length === 1
    ? exportSkillZip({ name: names[0], files: [{ path: "SKILL.md", bytes: new TextEncoder().encode(skillMd(names[0])) }] })
    : buildZip(names.map((name) => ({ name: `${name}/SKILL.md`, data: skillMd(name) })));

function post(route: { POST: (request: Request) => Promise<Response> }, url: string, names: string[], fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new File([zipOf(...names) as Uint8Array<ArrayBuffer>], "skills.zip"));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return route.POST(new Request(`http://localhost${url}`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } }));
}

/**
 * How many times the statements read an actor (lib/data/core/actor.ts): its read is the only one of the
 * user table for the role and disabled time without the profile fields (authenticating a token
 * and a notification's recipients read those too). Loads batched into one statement (`id IN
 * (?, ?)`) count once per id.
 */
function actorReads(statements: string[]): number {
  const reads = statements.filter(
    (sql) => /^\s*SELECT\b/i.test(sql) && /[`"]user[`"]/.test(sql) && /\bdisabledAt\b/.test(sql) && /\brole\b/.test(sql) && !/\bemail\b/.test(sql),
  );
  return reads.reduce((sum, sql) => sum + (/\bIN \(([^)]*)\)/.exec(sql)?.[1].split(",").length ?? 1), 0);
}

/** Runs `work` and says how many scans it ran and how often it read the actor. */
async function measure(work: () => Promise<unknown>) {
  scans.count = 0;
  const recording = recordStatements();
  const result = await work();
  return { result, scans: scans.count, actor: actorReads(recording.statements()) };
}

describe("one upload through POST /api/v1/skills", () => {
  it.each([1, 3])("with %i skill(s): each scanned once, the actor read once", async (n) => {
    const names = Array.from({ length: n }, (_, i) => `counted-${n}-${i}`);
    const { result, scans: scanned, actor } = await measure(() => post(skillsRoute, "/api/v1/skills", names));
    expect((result as Response).status).toBe(201);
    expect(scanned).toBe(n);
    expect(actor).toBe(1);
  });

  it.each([1, 3])("a dry run of %i skill(s) (preview and plan): each scanned once, the actor read once", async (n) => {
    const names = Array.from({ length: n }, (_, i) => `dry-${n}-${i}`);
    const { result, scans: scanned, actor } = await measure(() => post(skillsRoute, "/api/v1/skills", names, { dryRun: "true" }));
    expect((result as Response).status).toBe(200);
    expect(await (result as Response).json()).toMatchObject({ dryRun: true, wouldAnswer: 201 });
    expect(scanned).toBe(n);
    expect(actor).toBe(1);
  });

  it("the modal's preview: each skill scanned once, the actor read once", async () => {
    const { result, scans: scanned, actor } = await measure(() => post(previewRoute, "/api/upload/preview", ["previewed-a", "previewed-b"]));
    expect((result as Response).status).toBe(200);
    expect(scanned).toBe(2);
    expect(actor).toBe(1);
  });
});

describe("a Git source's sync", () => {
  it("scans each new or changed skill once, and reads the actor it runs as the same number of times however many skills change", async () => {
    const repo = await createGitRepo();
    repos.push(repo);
    const names = ["one", "two", "three"];
    await repo.commit(Object.fromEntries(names.map((name) => [`skills/${name}/SKILL.md`, skillMd(name)])), "Skills");
    const destination = { scope: "TEAM" as const, teamId: team.id };
    const created = await measure(async () => {
      const { source } = await sources.createSource(ada, { kind: "git", url: repo.fileUrl, ref: "main", subdir: "skills", destination });
      await sources.waitForSyncs();
      return source;
    });
    const source = created.result as { id: string };
    expect((await sources.getSource(ada, source.id)).lastSync).toMatchObject({ status: "ok", created: 3 });
    expect(created.scans).toBe(3);

    const syncs = [];
    for (const [round, changed] of [names.slice(0, 1), names].entries()) {
      await repo.commit(Object.fromEntries(changed.map((name) => [`skills/${name}/SKILL.md`, skillMd(name, `Steps, round ${round}.`)])), "Change");
      const synced = await measure(() => sources.syncSource(ada, source.id));
      expect(synced.result).toMatchObject({ status: "ok", updated: changed.length, unchanged: 3 - changed.length });
      expect(synced.scans).toBe(changed.length);
      syncs.push(synced.actor);
    }
    // who the sync runs as (and who steered it), read before the import: not once more per skill
    expect(syncs).toEqual([2, 2]);
  });
});

describe("the editor's save", () => {
  it("scans the draft once and reads the actor once", async () => {
    const { skillId } = await skills.createSkill(ada, { skill: makeSkill("edited"), destination: { scope: "PERSONAL" } });
    const saved = await measure(() =>
      editor.saveSkillDraft(ada, skillId, {
        baseVersion: 1,
        message: "Edit",
        entries: [{ path: "SKILL.md", text: skillMd("edited", "New steps.") }],
        uploads: [],
      }),
    );
    expect(saved.result).toMatchObject({ version: 2 });
    expect(saved.scans).toBe(1);
    expect(saved.actor).toBe(1);
  });
});
