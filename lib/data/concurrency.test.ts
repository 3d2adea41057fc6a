import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTeam, createTestDatabase, createUser, makeSkill, setReviewPolicy } from "@/lib/test/support";

// Several server instances on one database, played by several OS processes
// (lib/test/concurrent-worker.ts), each sent the same kind of write at the same moment: what
// SQLite's single writer in one process never showed. On PostgreSQL the transactions really run
// side by side; on SQLite they meet at the file's write lock.
const WORKERS = 4;
const root = path.resolve(import.meta.dirname, "../..");

const database = await createTestDatabase();
const { db } = database;
Object.assign(process.env, { BETTER_AUTH_SECRET: "test-only-secret-0123456789-abcdefghij", BETTER_AUTH_URL: "http://localhost:3997" });
const skills = await import("./skills");

type Reply = { ok: true; result: unknown } | { ok: false; code: string; reason: string | null; message: string };

class Worker {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #replies: ((reply: Reply & { ready?: true }) => void)[] = [];
  #stderr = "";

  constructor() {
    this.#child = spawn(path.join(root, "node_modules/.bin/tsx"), ["--conditions", "react-server", "lib/test/concurrent-worker.ts"], {
      cwd: root,
      env: { ...process.env },
    });
    this.#child.stderr.on("data", (chunk: Buffer) => (this.#stderr += chunk.toString()));
    createInterface({ input: this.#child.stdout }).on("line", (line) => {
      if (line.startsWith("{")) this.#replies.shift()?.(JSON.parse(line) as Reply);
    });
  }

  #next(): Promise<Reply & { ready?: true }> {
    return new Promise((resolve, reject) => {
      this.#replies.push(resolve);
      this.#child.once("exit", (code) => reject(new Error(`worker exited (${code}): ${this.#stderr}`)));
    });
  }

  ready = () => this.#next();

  run(task: string, args: Record<string, unknown>): Promise<Reply> {
    const reply = this.#next();
    this.#child.stdin.write(`${JSON.stringify({ task, args })}\n`);
    return reply;
  }

  stop() {
    this.#child.stdin.end();
  }
}

let workers: Worker[] = [];

/** The same task in every process at once (args per worker), and every reply. */
const everyWorker = (task: string, args: (worker: number) => Record<string, unknown>) => Promise.all(workers.map((w, i) => w.run(task, args(i))));

const results = (replies: Reply[]) => replies.map((reply) => (reply.ok ? reply.result : { code: reply.code, reason: reply.reason }));

beforeAll(async () => {
  workers = Array.from({ length: WORKERS }, () => new Worker());
  await Promise.all(workers.map((w) => w.ready()));
}, 120_000);

afterAll(async () => {
  for (const w of workers) w.stop();
  await database.cleanup();
});

describe(`${WORKERS} processes on one database`, () => {
  // First: it needs a database without accounts.
  it("make exactly one admin when every one of them signs up the instance's first account at the same moment", async () => {
    for (let round = 0; round < 3; round++) {
      await db.user.deleteMany();
      const statuses = results(await everyWorker("signUp", (i) => ({ email: `first-${round}-${i}@example.com`, peer: `203.0.113.${i + 1}` })));
      expect(statuses).toEqual(Array(WORKERS).fill(200));
      const users = await db.user.findMany({ select: { email: true, role: true, createdAt: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
      expect(users).toHaveLength(WORKERS);
      // Exactly one admin, one of these accounts. Not necessarily the one with the earliest
      // createdAt: better-auth stamps it before the insert, which may then wait for the database's
      // write lock, so an account stamped earlier can be stored after another was stored and
      // promoted (lib/auth/first-admin.ts promotes the earliest account stored so far, under a lock).
      expect(users.filter((user) => user.role === "ADMIN")).toHaveLength(1);
    }
    await db.user.deleteMany();
  });

  it("number versions of one skill 1..n without gap, duplicate or lost write", async () => {
    const PER_WORKER = 25;
    await createUser(db, "writer");
    const { skillId } = await skills.createSkill({ id: "writer" }, { skill: makeSkill("busy-skill"), destination: { scope: "PERSONAL" } });
    const replies = await everyWorker("addVersions", (worker) => ({ userId: "writer", skillId, name: "busy-skill", worker, count: PER_WORKER }));
    const numbers = results(replies) as number[][];
    const total = 1 + WORKERS * PER_WORKER;
    expect(numbers.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: total - 1 }, (_, i) => i + 2));
    const versions = await db.skillVersion.findMany({
      where: { skillId },
      select: { number: true, body: true, message: true, files: { select: { sha256: true } } },
    });
    expect(versions.map((v) => v.number).sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    // Each write's content is stored under the number its writer was told.
    for (const [worker, told] of numbers.entries()) {
      for (const [write, number] of told.entries()) {
        const version = versions.find((v) => v.number === number)!;
        expect(version.body).toContain(`worker ${worker} write ${write}\n`);
        expect(version.message).toBe(`worker ${worker} write ${write}`);
        expect(version.files).toHaveLength(1);
      }
    }
    expect(await db.skill.findUniqueOrThrow({ where: { id: skillId }, select: { versionCount: true, currentVersion: { select: { number: true } } } })).toEqual({
      versionCount: total,
      currentVersion: { number: total },
    });
  }, 120_000);

  it("let one of several imports of the same name into the same place win, and refuse the others with a CONFLICT that wrote nothing", async () => {
    for (const id of ["importer-0", "importer-1", "importer-2", "importer-3"]) await createUser(db, id);
    const team = await createTeam(db, "Imports", { "importer-0": "OWNER", "importer-1": "MEMBER", "importer-2": "MEMBER", "importer-3": "MEMBER" });
    const before = { skills: await db.skill.count(), versions: await db.skillVersion.count(), blobs: await db.blob.count() };
    const replies = await everyWorker("createSkill", (worker) => ({
      userId: `importer-${worker}`,
      name: "same-name",
      worker,
      destination: { scope: "TEAM", teamId: team.id },
    }));
    const won = replies.filter((reply) => reply.ok);
    expect(won).toHaveLength(1);
    expect(results(replies.filter((reply) => !reply.ok))).toEqual(Array(WORKERS - 1).fill({ code: "CONFLICT", reason: "name-taken" }));
    const skill = await db.skill.findFirstOrThrow({
      where: { teamId: team.id, name: "same-name" },
      select: { id: true, versions: { select: { body: true } } },
    });
    expect(skill.versions).toHaveLength(1);
    // The losers left no skill, version or blob behind.
    expect(await db.skill.count()).toBe(before.skills + 1);
    expect(await db.skillVersion.count()).toBe(before.versions + 1);
    expect(await db.blob.count()).toBe(before.blobs + 1);
    expect(await db.auditEvent.count({ where: { action: "skill.create", skillId: skill.id } })).toBe(1);
  });

  it("keep a team's last owner and the instance's last active admin when they step down or disable each other at once", async () => {
    const owners = ["owner-0", "owner-1", "owner-2", "owner-3"];
    for (const id of owners) await createUser(db, id, { role: "ADMIN" });
    const team = await createTeam(db, "Owned", Object.fromEntries(owners.map((id) => [id, "OWNER"])));
    const left = await everyWorker("leaveTeam", (worker) => ({ userId: owners[worker], teamId: team.id }));
    expect(left.filter((reply) => reply.ok)).toHaveLength(WORKERS - 1);
    expect(results(left.filter((reply) => !reply.ok))).toEqual([{ code: "CONFLICT", reason: null }]);
    expect(await db.membership.count({ where: { teamId: team.id, role: "OWNER" } })).toBe(1);
    // Each admin disables the next, all at once: whatever order they run in, one stays active.
    await everyWorker("disableUser", (worker) => ({ userId: owners[worker], targetId: owners[(worker + 1) % WORKERS] }));
    expect(await db.user.count({ where: { role: "ADMIN", disabledAt: null } })).toBeGreaterThanOrEqual(1);
  });

  describe("approving at the same moment", () => {
    const reviewers = ["reviewer-0", "reviewer-1", "reviewer-2", "reviewer-3"];
    const authors = ["author-0", "author-1", "author-2", "author-3"];
    let teamId = "";

    beforeAll(async () => {
      for (const id of [...reviewers, ...authors]) await createUser(db, id);
      const team = await createTeam(db, "Reviewed", {
        ...Object.fromEntries(reviewers.map((id, i) => [id, i === 0 ? "OWNER" : "ADMIN"])),
        ...Object.fromEntries(authors.map((id) => [id, "MEMBER"])),
      });
      teamId = team.id;
    });

    async function teamSkill(name: string) {
      await setReviewPolicy(db, teamId, { mode: "direct" });
      const { skillId } = await skills.createSkill({ id: "reviewer-0" }, { skill: makeSkill(name), destination: { scope: "TEAM", teamId } });
      await setReviewPolicy(db, teamId, { mode: "approval", approvals: 1, approvers: "managers", managersBypass: false });
      return skillId;
    }
    const propose = async (author: string, skillId: string, name: string) => {
      const saved = await skills.addSkillVersion({ id: author }, skillId, { skill: makeSkill(name, { body: `# ${name}\n\nby ${author}\n` }), message: author });
      return { requestId: saved.proposal!.requestId, version: saved.version };
    };
    const current = async (skillId: string) =>
      (await db.skill.findUniqueOrThrow({ where: { id: skillId }, select: { currentVersion: { select: { number: true } } } })).currentVersion?.number;

    it("one proposal: it merges exactly once; the others are told it already merged", async () => {
      const skillId = await teamSkill("one-proposal");
      const { requestId, version } = await propose("author-0", skillId, "one-proposal");
      const replies = await everyWorker("approve", (worker) => ({ userId: reviewers[worker], requestId, revision: 1 }));
      const merged = replies.filter((reply) => reply.ok && (reply.result as { merged: unknown }).merged);
      expect(merged).toHaveLength(1);
      expect(results(replies.filter((reply) => !reply.ok))).toEqual(Array(WORKERS - 1).fill({ code: "CONFLICT", reason: "request-merged" }));
      expect(await current(skillId)).toBe(version);
      expect(await db.auditEvent.count({ where: { action: "review.merge", skillId } })).toBe(1);
      expect(await db.reviewRequest.findUniqueOrThrow({ where: { id: requestId }, select: { state: true, mergedVersion: true } })).toEqual({
        state: "merged",
        mergedVersion: version,
      });
    });

    it("competing proposals on one skill: one merges, the others are out of date instead of overwriting it", async () => {
      const skillId = await teamSkill("competing");
      const proposals: { requestId: string; version: number }[] = [];
      for (const author of authors) proposals.push(await propose(author, skillId, "competing"));
      const replies = await everyWorker("approve", (worker) => ({ userId: reviewers[worker], requestId: proposals[worker].requestId, revision: 1 }));
      const outcomes = results(replies) as { merged: { version: number } | null; outOfDate: boolean }[];
      const merged = outcomes.filter((outcome) => outcome.merged);
      expect(merged).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.outOfDate)).toHaveLength(WORKERS - 1);
      expect(await current(skillId)).toBe(merged[0].merged!.version);
      expect(await db.auditEvent.count({ where: { action: "review.merge", skillId } })).toBe(1);
      expect(await db.reviewRequest.count({ where: { skillId, state: "merged" } })).toBe(1);
    });
  });
});
