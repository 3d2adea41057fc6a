import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, createUser, refusedUnchanged as refusedLeaving } from "@/lib/test/support";
import type { DataErrorCode } from "../errors";

const { db, cleanup } = await createTestDatabase();
const invitations = await import("./invitations");
const teams = await import("./teams");
afterAll(cleanup);

// ada owns Platform, grace is its admin, linus its member; the rest join through links.
const { team, ada, grace, linus } = await createCast(db, {
  team: { ada: "OWNER", grace: "ADMIN", linus: "MEMBER" },
  extra: ["joiner", "second", "third", "racer1", "racer2"],
});
const as = (id: string) => ({ id });
const DAY = 24 * 60 * 60 * 1000;

async function state() {
  const [rows, memberships, audit] = await Promise.all([
    db.invitation.findMany({ orderBy: { id: "asc" } }),
    db.membership.findMany({ select: { teamId: true, userId: true, role: true }, orderBy: [{ teamId: "asc" }, { userId: "asc" }] }),
    db.auditEvent.count(),
  ]);
  return { rows, memberships, audit };
}

const refusedUnchanged = (code: DataErrorCode, attempt: () => Promise<unknown>) => refusedLeaving(state, code, attempt);

const roleIn = async (userId: string) => (await db.membership.findUnique({ where: { teamId_userId: { teamId: team.id, userId } } }))?.role ?? null;

describe("createInvitation", () => {
  it("returns the secret once, stores only its hash, and audits the link without it", async () => {
    const created = await invitations.createInvitation(ada, team.id, { role: "MEMBER", expiresInDays: 7, singleUse: true, email: " Joiner@Example.com " });
    expect(created.secret).toMatch(/^[0-9A-Za-z_-]{43}$/);
    expect(created.path).toBe(`/join/${created.secret}`);
    expect(created.invitation).toMatchObject({
      role: "MEMBER",
      email: "joiner@example.com",
      singleUse: true,
      useCount: 0,
      state: "active",
      createdByName: "ada",
    });
    const row = await db.invitation.findUniqueOrThrow({ where: { id: created.invitation.id } });
    expect(row.hash).toBe(invitations.hashInviteSecret(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(7 * DAY - 5000);
    const event = await db.auditEvent.findFirstOrThrow({ where: { action: "team.invite.create", teamId: team.id } });
    expect(event.detail).not.toContain(created.secret);
    expect(await invitations.inspectInvitation(created.secret)).toMatchObject({ status: "valid", invitation: { teamName: "Platform", role: "MEMBER" } });
  });

  it("owners invite any role; admins invite admins and members; members and outsiders invite no one", async () => {
    await expect(invitations.createInvitation(ada, team.id, { role: "OWNER" })).resolves.toMatchObject({ invitation: { role: "OWNER", state: "active" } });
    await expect(invitations.createInvitation(grace, team.id, { role: "ADMIN" })).resolves.toMatchObject({ invitation: { role: "ADMIN" } });
    const owner = await refusedUnchanged("FORBIDDEN", () => invitations.createInvitation(grace, team.id, { role: "OWNER" }));
    expect(owner.message).toBe("Only team owners can invite owners.");
    await refusedUnchanged("FORBIDDEN", () => invitations.createInvitation(linus, team.id, { role: "MEMBER" }));
    await refusedUnchanged("NOT_FOUND", () => invitations.createInvitation(as("joiner"), team.id, { role: "MEMBER" }));
  });

  it("refuses an expiry other than 1, 7 or 30 days and a malformed email", async () => {
    await refusedUnchanged("INVALID", () => invitations.createInvitation(ada, team.id, { role: "MEMBER", expiresInDays: 365 }));
    await refusedUnchanged("INVALID", () => invitations.createInvitation(ada, team.id, { role: "MEMBER", email: "not an email" }));
  });
});

describe("acceptInvitation", () => {
  it("joins with the link's role, counts the use and audits the join", async () => {
    const { secret, invitation } = await invitations.createInvitation(ada, team.id, { role: "ADMIN", expiresInDays: 1 });
    expect(await invitations.acceptInvitation(as("second"), secret)).toEqual({ teamId: team.id, teamName: "Platform", role: "ADMIN", alreadyMember: false });
    expect(await roleIn("second")).toBe("ADMIN");
    const row = await db.invitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(row.useCount).toBe(1);
    expect(row.lastUsedAt).not.toBeNull();
    const event = await db.auditEvent.findFirstOrThrow({ where: { action: "team.member.join", actorId: "second" } });
    expect(JSON.parse(event.detail)).toEqual({ userId: "second", role: "ADMIN", invitationId: invitation.id });
    // A multi-use link keeps working for the next person.
    await invitations.acceptInvitation(as("third"), secret);
    expect(await roleIn("third")).toBe("ADMIN");
  });

  it("an existing member is told so and nothing changes, whatever the link's role", async () => {
    const { secret } = await invitations.createInvitation(ada, team.id, { role: "OWNER" });
    const before = await state();
    expect(await invitations.acceptInvitation(linus, secret)).toMatchObject({ alreadyMember: true, role: "MEMBER" });
    expect(await state()).toEqual(before);
  });

  it("says plainly when a link is unknown, expired, revoked or used, and changes nothing", async () => {
    await createUser(db, "late");
    const late = as("late");
    const unknown = await refusedUnchanged("NOT_FOUND", () => invitations.acceptInvitation(late, "x".repeat(43)));
    expect(unknown.message).toMatch(/not valid/);
    await refusedUnchanged("NOT_FOUND", () => invitations.acceptInvitation(late, "short"));

    const expired = await invitations.createInvitation(ada, team.id, { role: "MEMBER", expiresInDays: 1 });
    const later = new Date(Date.now() + 2 * DAY);
    expect((await refusedUnchanged("INVALID", () => invitations.acceptInvitation(late, expired.secret, later))).message).toMatch(/expired/);
    expect((await invitations.inspectInvitation(expired.secret, later)).status).toBe("expired");

    const revoked = await invitations.createInvitation(ada, team.id, { role: "MEMBER" });
    await invitations.revokeInvitation(grace, team.id, revoked.invitation.id);
    expect((await refusedUnchanged("INVALID", () => invitations.acceptInvitation(late, revoked.secret))).message).toMatch(/revoked/);

    const single = await invitations.createInvitation(ada, team.id, { role: "MEMBER", singleUse: true });
    await invitations.acceptInvitation(as("joiner"), single.secret);
    expect((await refusedUnchanged("CONFLICT", () => invitations.acceptInvitation(late, single.secret))).message).toMatch(/already been used/);
    expect(await roleIn("late")).toBeNull();
  });

  it("an email-bound link only works for that address, in any case", async () => {
    await createUser(db, "bound");
    await createUser(db, "stranger");
    const { secret } = await invitations.createInvitation(ada, team.id, { role: "MEMBER", email: "BOUND@example.com", singleUse: true });
    expect((await refusedUnchanged("FORBIDDEN", () => invitations.acceptInvitation(as("stranger"), secret))).message).toMatch(/different email/);
    await db.user.update({ where: { id: "bound" }, data: { email: "Bound@Example.com" } });
    await invitations.acceptInvitation(as("bound"), secret);
    expect(await roleIn("bound")).toBe("MEMBER");
  });

  it("two people accepting one single-use link at once: exactly one gets in", async () => {
    const { secret, invitation } = await invitations.createInvitation(ada, team.id, { role: "MEMBER", singleUse: true });
    const results = await Promise.allSettled([invitations.acceptInvitation(as("racer1"), secret), invitations.acceptInvitation(as("racer2"), secret)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: "CONFLICT" });
    expect([await roleIn("racer1"), await roleIn("racer2")].filter(Boolean)).toEqual(["MEMBER"]);
    expect((await db.invitation.findUniqueOrThrow({ where: { id: invitation.id } })).useCount).toBe(1);
  });
});

describe("listInvitations and revokeInvitation", () => {
  it("owners and admins list links with their state; members and outsiders cannot", async () => {
    const list = await invitations.listInvitations(grace, team.id);
    expect(list.length).toBeGreaterThan(5);
    expect(new Set(list.map((i) => i.state))).toEqual(new Set(["active", "revoked", "used up"]));
    expect(list.map((i) => i.createdAt.getTime())).toEqual([...list.map((i) => i.createdAt.getTime())].sort((a, b) => b - a));
    expect(JSON.stringify(list)).not.toMatch(/hash/);
    expect((await invitations.listInvitations(ada, team.id, new Date(Date.now() + 40 * DAY))).every((i) => i.state !== "active")).toBe(true);
    await expect(invitations.listInvitations(linus, team.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(invitations.listInvitations(as("late"), team.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("revoking stops a link at once, is audited once, and is for the team's managers only", async () => {
    const { secret, invitation } = await invitations.createInvitation(ada, team.id, { role: "MEMBER" });
    await refusedUnchanged("FORBIDDEN", () => invitations.revokeInvitation(linus, team.id, invitation.id));
    const other = await teams.createTeam(as("joiner"), "Other team");
    await refusedUnchanged("NOT_FOUND", () => invitations.revokeInvitation(as("joiner"), other.id, invitation.id));
    expect(await invitations.revokeInvitation(ada, team.id, invitation.id)).toMatchObject({ state: "revoked" });
    await invitations.revokeInvitation(ada, team.id, invitation.id);
    expect(await db.auditEvent.count({ where: { action: "team.invite.revoke", detail: { contains: invitation.id } } })).toBe(1);
    expect((await invitations.inspectInvitation(secret)).status).toBe("revoked");
  });
});
