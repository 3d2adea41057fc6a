import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createUser, refusal } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const admin = await import("./users");
const { createToken, checkBearer } = await import("../accounts/tokens");
const { loadActor } = await import("../core/actor");
afterAll(cleanup);

// root: the instance admin. Everyone else starts as a plain user.
await createUser(db, "root", { role: "ADMIN", name: "Root Admin" });
for (const id of ["alice", "bob", "carol", "dave"]) await createUser(db, id, { name: `${id[0].toUpperCase()}${id.slice(1)} Example` });
for (let i = 0; i < 30; i += 1) await createUser(db, `bulk-${String(i).padStart(2, "0")}`, { name: `Zz Bulk ${String(i).padStart(2, "0")}` });

const as = (id: string) => ({ id });

async function accounts() {
  const [users, sessions, audit] = await Promise.all([
    db.user.findMany({ select: { id: true, role: true, disabledAt: true }, orderBy: { id: "asc" } }),
    db.session.count(),
    db.auditEvent.count(),
  ]);
  return { users, sessions, audit };
}

/** A refusal with this code that left every account, session and audit row as it was. */
async function refused(code: string, attempt: () => Promise<unknown>) {
  const before = await accounts();
  const error = await refusal(attempt());
  expect(error.code).toBe(code);
  expect(await accounts()).toEqual(before);
  return error;
}

async function openSession(userId: string) {
  const token = `session-${userId}-${Math.random()}`;
  await db.session.create({ data: { id: token, token, userId, expiresAt: new Date(Date.now() + 3_600_000) } });
}

describe("listing users", () => {
  it("pages by name, searches name and email case-insensitively, filters by status", async () => {
    const first = await admin.listUsers(as("root"));
    expect(first).toMatchObject({ total: 35, page: 1, pages: 2, activeAdmins: 1 });
    expect(first.items).toHaveLength(admin.USER_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({ id: "alice", role: "USER", disabledAt: null, teamCount: 0, activeTokenCount: 0, lastSeenAt: null });
    expect((await admin.listUsers(as("root"), { page: 2 })).items).toHaveLength(10);
    expect((await admin.listUsers(as("root"), { page: 99 })).page).toBe(2);
    expect((await admin.listUsers(as("root"), { q: "CAROL" })).items.map((u) => u.id)).toEqual(["carol"]);
    expect((await admin.listUsers(as("root"), { q: "dave@EXAMPLE" })).items.map((u) => u.id)).toEqual(["dave"]);
    expect((await admin.listUsers(as("root"), { status: "admins" })).items.map((u) => u.id)).toEqual(["root"]);
    expect((await admin.listUsers(as("root"), { status: "disabled" })).total).toBe(0);
  });

  it("is for instance admins only", async () => {
    expect((await refusal(admin.listUsers(as("alice")))).code).toBe("FORBIDDEN");
  });
});

describe("instance roles", () => {
  it("promotes and demotes, audited; the same role again changes nothing", async () => {
    expect(await admin.setUserRole(as("root"), "alice", "ADMIN")).toEqual({ changed: true });
    expect(await admin.setUserRole(as("root"), "alice", "ADMIN")).toEqual({ changed: false });
    expect(await admin.setUserRole(as("alice"), "alice", "USER")).toEqual({ changed: true });
    const events = await db.auditEvent.findMany({ where: { action: "user.role" }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => [e.actorId, JSON.parse(e.detail)])).toEqual([
      ["root", { userId: "alice", email: "alice@example.com", name: "Alice Example", from: "USER", to: "ADMIN" }],
      ["alice", { userId: "alice", email: "alice@example.com", name: "Alice Example", from: "ADMIN", to: "USER" }],
    ]);
  });

  it("never removes the last active admin, and only admins change roles", async () => {
    const error = await refused("CONFLICT", () => admin.setUserRole(as("root"), "root", "USER"));
    expect(error.message).toMatch(/last active instance admin/);
    await refused("FORBIDDEN", () => admin.setUserRole(as("bob"), "bob", "ADMIN"));
    await refused("NOT_FOUND", () => admin.setUserRole(as("root"), "nobody", "ADMIN"));
  });
});

describe("disabling accounts", () => {
  it("ends the account's sessions, stops its tokens and data calls, and re-enabling restores the tokens", async () => {
    await openSession("bob");
    await openSession("bob");
    await openSession("carol");
    const { secret } = await createToken(as("bob"), { name: "ci", scope: "read" });
    expect((await checkBearer(`Bearer ${secret}`)).ok).toBe(true);

    expect(await admin.disableUser(as("root"), "bob")).toEqual({ changed: true, sessionsEnded: 2 });
    expect(await db.session.count({ where: { userId: "bob" } })).toBe(0);
    expect(await db.session.count({ where: { userId: "carol" } })).toBe(1);
    expect(await checkBearer(`Bearer ${secret}`)).toEqual({ ok: false, reason: "invalid" });
    expect((await refusal(loadActor(db, as("bob")))).message).toBe("This account is disabled. Ask an instance admin to re-enable it.");
    expect(await admin.disableUser(as("root"), "bob")).toEqual({ changed: false, sessionsEnded: 0 });
    expect((await admin.listUsers(as("root"), { status: "disabled" })).items.map((u) => u.id)).toEqual(["bob"]);

    expect(await admin.enableUser(as("root"), "bob")).toEqual({ changed: true });
    expect(await admin.enableUser(as("root"), "bob")).toEqual({ changed: false });
    expect((await checkBearer(`Bearer ${secret}`)).ok).toBe(true);
    expect((await loadActor(db, as("bob"))).id).toBe("bob");
    const actions = (await db.auditEvent.findMany({ where: { action: { startsWith: "user." } }, orderBy: { createdAt: "asc" } })).map((e) => e.action);
    expect(actions.slice(-2)).toEqual(["user.disable", "user.enable"]);
  });

  it("refuses disabling oneself or the last active admin, and anyone who is not an admin", async () => {
    expect((await refused("CONFLICT", () => admin.disableUser(as("root"), "root"))).message).toMatch(/your own account/);
    await refused("FORBIDDEN", () => admin.disableUser(as("carol"), "dave"));
    await refused("FORBIDDEN", () => admin.enableUser(as("carol"), "dave"));
    // With a second admin, disabling the other one leaves root; then root is the last and stays.
    await admin.setUserRole(as("root"), "dave", "ADMIN");
    await admin.disableUser(as("root"), "dave");
    expect((await admin.listUsers(as("root"))).activeAdmins).toBe(1);
    await refused("CONFLICT", () => admin.setUserRole(as("root"), "root", "USER"));
  });

  it("a disabled admin administers nothing", async () => {
    await refused("FORBIDDEN", () => admin.enableUser(as("dave"), "dave"));
    await refused("FORBIDDEN", () => admin.listUsers(as("dave")));
  });
});
