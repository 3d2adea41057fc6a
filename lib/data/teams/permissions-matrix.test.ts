/**
 * The permission matrix of team administration (teams, members, invite links), against a real
 * SQLite database, with the cast of lib/test/matrix-cast.ts.
 */
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import { F, N, RELATIONS, Y, createMatrixCast, type Outcome } from "@/lib/test/matrix-cast";

const { db, cleanup } = await createTestDatabase();
const { DataError } = await import("../errors");
afterAll(cleanup);
await createMatrixCast(db);

// ---------- Team administration: every operation x every relation to the team ----------
//
// Written out by hand from issue 13's rules. Every case gets a team of its own (owner, admin,
// member, and "author" as a second member to act on), and a refused case must leave the team, its
// members, its invite links and the audit trail as they were. Instance admins who are not in a
// team get nothing there but creating teams: a team is its members' business.

describe("team administration", async () => {
  const teams = await import("./teams");
  const invitations = await import("./invitations");
  const adminUsers = await import("../admin/users");

  const TEAM_RELATIONS = ["team-owner", "team-admin", "team-member", "non-member", "instance-admin"] as const;
  const TEAM_OPERATIONS = [
    "get-team",
    "rename",
    "delete",
    "add-member",
    "change-role",
    "remove-member",
    "create-invite",
    "create-owner-invite",
    "list-invites",
    "revoke-invite",
  ] as const;
  type TeamOperation = (typeof TEAM_OPERATIONS)[number];

  //                                        owner admin member non-member instance-admin
  const TEAM_EXPECTED: Record<TeamOperation, readonly Outcome[]> = {
    "get-team": /*            */ [Y, Y, Y, N, N],
    rename: /*                */ [Y, Y, F, N, N],
    delete: /*                */ [Y, F, F, N, N],
    "add-member": /*          */ [Y, Y, F, N, N],
    "change-role": /*         */ [Y, Y, F, N, N],
    "remove-member": /*       */ [Y, Y, F, N, N],
    "create-invite": /*       */ [Y, Y, F, N, N],
    "create-owner-invite": /* */ [Y, F, F, N, N],
    "list-invites": /*        */ [Y, Y, F, N, N],
    "revoke-invite": /*       */ [Y, Y, F, N, N],
  };

  const TEAM_SPECS: Record<
    TeamOperation,
    { run: (viewer: { id: string }, teamId: string, invitationId: string) => Promise<unknown>; effect: (after: TeamSnapshot) => void }
  > = {
    "get-team": { run: (v, t) => teams.getTeam(v, t), effect: () => {} },
    rename: { run: (v, t) => teams.updateTeam(v, t, { name: `Renamed ${t}` }), effect: (after) => expect(after.team?.name).toMatch(/^Renamed /) },
    delete: { run: (v, t) => teams.deleteTeam(v, t), effect: (after) => expect(after.team).toBeNull() },
    "add-member": {
      run: (v, t) => teams.addTeamMember(v, t, "other@example.com"),
      effect: (after) => expect(after.members).toContainEqual({ userId: "other", role: "MEMBER" }),
    },
    "change-role": {
      run: (v, t) => teams.changeTeamRole(v, t, "author", "ADMIN"),
      effect: (after) => expect(after.members).toContainEqual({ userId: "author", role: "ADMIN" }),
    },
    "remove-member": {
      run: (v, t) => teams.removeTeamMember(v, t, "author"),
      effect: (after) => expect(after.members.map((m) => m.userId)).not.toContain("author"),
    },
    "create-invite": { run: (v, t) => invitations.createInvitation(v, t, { role: "MEMBER" }), effect: (after) => expect(after.invitations).toHaveLength(2) },
    "create-owner-invite": {
      run: (v, t) => invitations.createInvitation(v, t, { role: "OWNER" }),
      effect: (after) => expect(after.invitations).toHaveLength(2),
    },
    "list-invites": { run: (v, t) => invitations.listInvitations(v, t), effect: () => {} },
    "revoke-invite": { run: (v, t, i) => invitations.revokeInvitation(v, t, i), effect: (after) => expect(after.invitations[0].revokedAt).not.toBeNull() },
  };

  async function teamSnapshot(teamId: string) {
    const [team, members, invites, audit, totalTeams] = await Promise.all([
      db.team.findUnique({ where: { id: teamId }, select: { name: true, description: true } }),
      db.membership.findMany({ where: { teamId }, select: { userId: true, role: true }, orderBy: { userId: "asc" } }),
      db.invitation.findMany({ where: { teamId }, select: { id: true, revokedAt: true, useCount: true }, orderBy: { createdAt: "asc" } }),
      db.auditEvent.count(),
      db.team.count(),
    ]);
    return { team, members, invitations: invites, audit, totalTeams };
  }
  type TeamSnapshot = Awaited<ReturnType<typeof teamSnapshot>>;

  async function teamOutcome(run: () => Promise<unknown>): Promise<Outcome> {
    try {
      return (await run()) === null ? N : Y;
    } catch (error) {
      if (error instanceof DataError && error.code === "NOT_FOUND") return N;
      if (error instanceof DataError && error.code === "FORBIDDEN") return F;
      throw error;
    }
  }

  for (const operation of TEAM_OPERATIONS) {
    describe(operation, () => {
      TEAM_RELATIONS.forEach((relation, column) => {
        const expected = TEAM_EXPECTED[operation][column];
        it(`${relation}: ${expected}`, async () => {
          const team = await db.team.create({
            data: {
              name: `T ${operation} ${relation}`,
              memberships: {
                create: [
                  { userId: "team-owner", role: "OWNER" },
                  { userId: "team-admin", role: "ADMIN" },
                  { userId: "team-member", role: "MEMBER" },
                  { userId: "author", role: "MEMBER" },
                ],
              },
            },
          });
          const invitation = await db.invitation.create({
            data: { teamId: team.id, hash: randomUUID(), role: "MEMBER", expiresAt: new Date(Date.now() + 86_400_000) },
          });
          const before = await teamSnapshot(team.id);
          const outcome = await teamOutcome(() => TEAM_SPECS[operation].run({ id: relation }, team.id, invitation.id));
          const after = await teamSnapshot(team.id);
          expect(outcome).toBe(expected);
          if (outcome === Y) TEAM_SPECS[operation].effect(after);
          else expect(after).toEqual(before);
        });
      });
    });
  }

  // ---------- Invite links whose maker loses the right to make them ----------
  //
  // A link stands for its maker's right to invite: once they are removed, leave, are demoted or
  // disabled, the links they could no longer make stop working (a removed admin must not rejoin
  // as ADMIN with one). Each case's maker is an OWNER of a team of its own (team-owner stays its
  // other owner) and makes a MEMBER, an ADMIN and an OWNER link; team-owner makes a MEMBER link,
  // which nothing here touches. Then a newcomer accepts each link.
  const LINK_EVENTS = ["nothing", "removed", "leaves", "made admin", "made member", "disabled", "re-enabled"] as const;
  type LinkEvent = (typeof LINK_EVENTS)[number];
  const LINK_EVENT_RUN: Record<LinkEvent, (teamId: string, maker: string) => Promise<unknown>> = {
    nothing: async () => {},
    removed: (t, maker) => teams.removeTeamMember({ id: "team-owner" }, t, maker),
    leaves: (t, maker) => teams.leaveTeam({ id: maker }, t),
    "made admin": (t, maker) => teams.changeTeamRole({ id: "team-owner" }, t, maker, "ADMIN"),
    "made member": (t, maker) => teams.changeTeamRole({ id: "team-owner" }, t, maker, "MEMBER"),
    disabled: (_t, maker) => adminUsers.disableUser({ id: "instance-admin" }, maker),
    "re-enabled": async (_t, maker) => {
      await adminUsers.disableUser({ id: "instance-admin" }, maker);
      await adminUsers.enableUser({ id: "instance-admin" }, maker);
    },
  };
  //                                     maker's MEMBER, ADMIN, OWNER link; team-owner's MEMBER link
  const LINK_EXPECTED: Record<LinkEvent, readonly Outcome[]> = {
    nothing: /*       */ [Y, Y, Y, Y],
    removed: /*       */ [F, F, F, Y],
    leaves: /*        */ [F, F, F, Y],
    "made admin": /*  */ [Y, Y, F, Y],
    "made member": /* */ [F, F, F, Y],
    disabled: /*     */ [F, F, F, Y],
    // Re-enabling gives back the account, not the links: they were revoked, as the team's list shows.
    "re-enabled": /*  */ [F, F, F, Y],
  };

  async function acceptOutcome(joiner: string, secret: string): Promise<Outcome> {
    try {
      const joined = await invitations.acceptInvitation({ id: joiner }, secret);
      return joined.alreadyMember ? N : Y;
    } catch (error) {
      if (error instanceof DataError && error.code === "INVALID" && error.message === invitations.INVITE_MESSAGES.revoked) return F;
      throw error;
    }
  }

  for (const event of LINK_EVENTS) {
    it(`links of a maker ${event}: ${LINK_EXPECTED[event].join(", ")}`, async () => {
      const maker = `maker-${event.replace(/ /g, "-")}`;
      await db.user.create({ data: { id: maker, name: maker, email: `${maker}@example.com` } });
      const team = await db.team.create({
        data: {
          name: `Links ${event}`,
          memberships: {
            create: [
              { userId: "team-owner", role: "OWNER" },
              { userId: maker, role: "OWNER" },
            ],
          },
        },
      });
      const links = [
        ...(await Promise.all((["MEMBER", "ADMIN", "OWNER"] as const).map((role) => invitations.createInvitation({ id: maker }, team.id, { role })))),
        await invitations.createInvitation({ id: "team-owner" }, team.id, { role: "MEMBER" }),
      ];
      await LINK_EVENT_RUN[event](team.id, maker);
      const outcomes: Outcome[] = [];
      for (const [i, link] of links.entries()) {
        const joiner = `${maker}-joiner-${i}`;
        await db.user.create({ data: { id: joiner, name: joiner, email: `${joiner}@example.com` } });
        outcomes.push(await acceptOutcome(joiner, link.secret));
      }
      expect(outcomes).toEqual(LINK_EXPECTED[event]);
      // The team's list says so too: a link that no longer works is shown revoked, not active.
      const listed = await invitations.listInvitations({ id: "team-owner" }, team.id);
      const states = links.map((link) => listed.find((row) => row.id === link.invitation.id)?.state);
      expect(states).toEqual(LINK_EXPECTED[event].map((outcome) => (outcome === Y ? "active" : "revoked")));
    });
  }

  it("a removed admin cannot rejoin as ADMIN with a link they made", async () => {
    const team = await db.team.create({
      data: {
        name: "Rejoin",
        memberships: {
          create: [
            { userId: "team-owner", role: "OWNER" },
            { userId: "other", role: "ADMIN" },
          ],
        },
      },
    });
    const link = await invitations.createInvitation({ id: "other" }, team.id, { role: "ADMIN" });
    await teams.removeTeamMember({ id: "team-owner" }, team.id, "other");
    await expect(invitations.acceptInvitation({ id: "other" }, link.secret)).rejects.toMatchObject({
      code: "INVALID",
      message: invitations.INVITE_MESSAGES.revoked,
    });
    expect(await db.membership.findUnique({ where: { teamId_userId: { teamId: team.id, userId: "other" } } })).toBeNull();
  });

  // Creating a team depends on the instance setting, not on any team.
  //                                              author team-owner team-admin team-member non-member instance-admin other
  const CREATE_TEAM: Record<"anyone" | "admins", readonly Outcome[]> = {
    anyone: /* */ [Y, Y, Y, Y, Y, Y, Y],
    admins: /* */ [F, F, F, F, F, Y, F],
  };
  for (const setting of ["anyone", "admins"] as const) {
    RELATIONS.forEach((relation, column) => {
      const expected = CREATE_TEAM[setting][column];
      it(`create team with teamCreation=${setting}: ${relation}: ${expected}`, async () => {
        const value = JSON.stringify(setting);
        await db.instanceSetting.upsert({ where: { key: "teamCreation" }, create: { key: "teamCreation", value }, update: { value } });
        const before = { teams: await db.team.count(), memberships: await db.membership.count(), audit: await db.auditEvent.count() };
        const outcome = await teamOutcome(() => teams.createTeam({ id: relation }, `New ${setting} ${relation}`));
        expect(outcome).toBe(expected);
        const after = { teams: await db.team.count(), memberships: await db.membership.count(), audit: await db.auditEvent.count() };
        if (outcome === Y) expect(after).toEqual({ teams: before.teams + 1, memberships: before.memberships + 1, audit: before.audit + 1 });
        else expect(after).toEqual(before);
      });
    });
  }
});
