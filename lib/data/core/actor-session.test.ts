import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createCast, createTeam, createTestDatabase } from "@/lib/test/support";
import { countStatements, recordStatements } from "@/lib/test/sql-statements";

// In a server render the viewer's actor (role and team roles) comes from what the session lookup
// read (lib/db/session-join.ts reads the user's team roles in its one statement): no statement of
// its own, and the same actor as a fresh read. React's `cache` keeps things per render only; here
// it is one render until `newRender()` (outside a render the real one keeps nothing).
let render = 0;
vi.mock("react", async (original) => {
  const react = await original<typeof import("react")>();
  const ids = new WeakMap<object, number>();
  let next = 0;
  const keyOf = (value: unknown) => {
    if (typeof value !== "object" || value === null) return String(value);
    if (!ids.has(value)) ids.set(value, next++);
    return `#${ids.get(value)}`;
  };
  return {
    ...react,
    cache: <A extends unknown[], R>(fn: (...args: A) => R) => {
      const memo = new Map<string, R>();
      return (...args: A): R => {
        const key = [render, ...args.map(keyOf)].join("|");
        if (!memo.has(key)) memo.set(key, fn(...args));
        return memo.get(key)!;
      };
    },
  };
});
const newRender = () => render++;

recordStatements(); // before the first connection (see the file)
const { db, cleanup } = await createTestDatabase();
const { loadActor, rememberSessionUser } = await import("./actor");
const { readSessionWithUser } = await import("@/lib/db/session-join");
afterAll(cleanup);

const { team } = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER" } });
const second = await createTeam(db, "Design", { grace: "ADMIN" });
const COLUMNS = ["id", "token", "userId", "expiresAt"] as const;

async function sessionOf(userId: string): Promise<string> {
  const token = `token-${userId}-${Math.random().toString(36).slice(2)}`;
  await db.session.create({ data: { id: token, token, userId, expiresAt: new Date(Date.now() + 3_600_000) } });
  return token;
}

/** A render's session lookup, as lib/data/core/session.ts does it, then the actor. */
async function actorOfRender(userId: string) {
  const token = await sessionOf(userId);
  const session = await countStatements(() => readSessionWithUser(db, token, [...COLUMNS]));
  const user = session.result!.user as { id: string; role: "ADMIN" | "USER" };
  rememberSessionUser({ id: user.id, role: user.role, disabledAt: null });
  const actor = await countStatements(() => loadActor(db, { id: userId }));
  return { sessionStatements: session.statements, actorStatements: actor.statements, actor: actor.result };
}

beforeEach(newRender);

describe("the actor of a render", () => {
  it("comes from the session lookup's statement: no statement of its own, the same as a fresh read", async () => {
    for (const [id, teamRoles] of [
      ["ada", { [team.id]: "OWNER" }],
      ["grace", { [team.id]: "MEMBER", [second.id]: "ADMIN" }],
      ["linus", {}],
    ] as const) {
      newRender();
      const { sessionStatements, actorStatements, actor } = await actorOfRender(id);
      expect(sessionStatements).toHaveLength(1);
      expect(actorStatements).toHaveLength(0);
      expect(actor).toEqual({ id, role: id === "ada" ? "ADMIN" : "USER", teamRoles });
      // Outside that render (a route handler, a script) the actor is read afresh, and agrees.
      newRender();
      expect(await loadActor(db, { id })).toEqual(actor);
    }
  });

  it("sees a membership changed since the last render, and never another user's roles", async () => {
    await db.membership.update({ where: { teamId_userId: { teamId: team.id, userId: "grace" } }, data: { role: "ADMIN" } });
    await db.membership.create({ data: { teamId: second.id, userId: "linus", role: "MEMBER" } });
    const grace = await actorOfRender("grace");
    expect(grace.actor.teamRoles).toEqual({ [team.id]: "ADMIN", [second.id]: "ADMIN" });
    // Another user's lookup in the same render keeps each user's own roles.
    const linus = await actorOfRender("linus");
    expect(linus.actor.teamRoles).toEqual({ [second.id]: "MEMBER" });
    expect(linus.actorStatements).toHaveLength(0);
    expect((await loadActor(db, { id: "grace" })).teamRoles).toEqual({ [team.id]: "ADMIN", [second.id]: "ADMIN" });
  });
});
