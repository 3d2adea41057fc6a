/**
 * One of several processes lib/data/concurrency.test.ts runs against one database, as several
 * server instances would: `tsx --conditions react-server lib/test/concurrent-worker.ts`, with
 * DATABASE_URL in the environment. It loads the data layer, prints {"ready":true}, then answers
 * each task line on stdin ({"task", "args"}) with one JSON line: {"ok":true,"result"} or
 * {"ok":false,"code","reason","message"}. The test writes the same task to every process at once.
 */
import { createInterface } from "node:readline";
import { makeSkill } from "./database";

const skills = await import("@/lib/data/skills");
const reviews = await import("@/lib/data/reviews");
const { DataError } = await import("@/lib/data/errors");
const teams = await import("@/lib/data/teams/teams");
const adminUsers = await import("@/lib/data/admin/users");
const { db } = await import("@/lib/db/server");
const { PEER_HEADER } = await import("@/lib/auth/client-address");
const { auth } = await import("@/lib/auth/server");

type Args = Record<string, unknown>;

const tasks: Record<string, (args: Args) => Promise<unknown>> = {
  /** `count` new versions of one skill, one after another; each body names this worker and the write. */
  async addVersions({ userId, skillId, name, worker, count }: Args) {
    const numbers: number[] = [];
    for (let i = 0; i < Number(count); i++) {
      const skill = makeSkill(String(name), { body: `# ${String(name)}\n\nworker ${String(worker)} write ${i}\n` });
      const saved = await skills.addSkillVersion({ id: String(userId) }, String(skillId), { skill, message: `worker ${String(worker)} write ${i}` });
      numbers.push(saved.version);
    }
    return numbers;
  },
  /** A new skill of this name in the destination. */
  async createSkill({ userId, name, destination, worker }: Args) {
    const skill = makeSkill(String(name), { body: `# ${String(name)}\n\nfrom worker ${String(worker)}\n` });
    return skills.createSkill({ id: String(userId) }, { skill, destination: destination as { scope: "TEAM"; teamId: string } });
  },
  /** An approval of the request's latest revision. */
  async approve({ userId, requestId, revision }: Args) {
    return reviews.decideRequest({ id: String(userId) }, String(requestId), { verdict: "approve", revision: Number(revision) });
  },
  async leaveTeam({ userId, teamId }: Args) {
    return teams.leaveTeam({ id: String(userId) }, String(teamId));
  },
  async disableUser({ userId, targetId }: Args) {
    return adminUsers.disableUser({ id: String(userId) }, String(targetId));
  },
  /** A sign-up as the sign-up form sends it, to better-auth's handler (the route adds only rate limits). */
  async signUp({ email, peer }: Args) {
    const origin = process.env.BETTER_AUTH_URL!;
    const response = await auth.handler(
      new Request(`${origin}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { origin, "content-type": "application/json", [PEER_HEADER]: String(peer) },
        body: JSON.stringify({ name: String(email).split("@")[0], email, password: "a long and unusual passphrase" }),
      }),
    );
    return response.status;
  },
};

const reply = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);

await db.user.count();
reply({ ready: true });
for await (const line of createInterface({ input: process.stdin })) {
  const { task, args } = JSON.parse(line) as { task: string; args: Args };
  try {
    reply({ ok: true, result: await tasks[task](args) });
  } catch (error) {
    if (error instanceof DataError) reply({ ok: false, code: error.code, reason: error.details?.reason ?? null, message: error.message });
    else reply({ ok: false, code: "ERROR", reason: null, message: error instanceof Error ? error.stack : String(error) });
  }
}
await db.$disconnect();
