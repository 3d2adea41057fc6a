/**
 * The permission matrix of delivery links (lib/data/distribution/feeds.ts), against a real SQLite database,
 * with the cast of lib/test/matrix-cast.ts: who may make a link for themselves, for an agent
 * profile, and for a team, and who may revoke one.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import { F, N, RELATIONS, Y, createMatrixCast, type Outcome } from "@/lib/test/matrix-cast";

const { db, cleanup } = await createTestDatabase();
const { DataError } = await import("../errors");
const feeds = await import("./feeds");
afterAll(cleanup);
const { matrixTeam } = await createMatrixCast(db);
// The author's profile: profiles are private, so it is the author's business alone.
const profile = await db.agentProfile.create({ data: { ownerId: "author", name: "author's profile" } });
const authorsFeed = async () => (await feeds.createFeed({ id: "author" }, { name: "to revoke" })).feed.id;

const OPERATIONS = ["personal", "profile", "team", "team-by-name", "revoke-authors-link"] as const;
type Operation = (typeof OPERATIONS)[number];

// Instance admins get no team link or profile link: a link is a standing read grant, and they
// are neither in the team nor the profile's owner. "author" is a plain member of Matrix here.
//                                           author team-owner team-admin team-member non-member instance-admin other
const EXPECTED: Record<Operation, readonly Outcome[]> = {
  personal: /*      */ [Y, Y, Y, Y, Y, Y, Y],
  profile: /*       */ [Y, N, N, N, N, N, N],
  team: /*          */ [F, Y, Y, F, N, N, N],
  "team-by-name": /**/ [F, Y, Y, F, N, N, N],
  "revoke-authors-link": /**/ [Y, N, N, N, N, N, N],
};

const RUN: Record<Operation, (viewer: { id: string }) => Promise<unknown>> = {
  personal: (v) => feeds.createFeed(v, { name: "mine" }),
  profile: (v) => feeds.createFeed(v, { name: "profile", profile: profile.id }),
  team: (v) => feeds.createFeed(v, { name: "team", team: matrixTeam.id }),
  "team-by-name": (v) => feeds.createFeed(v, { name: "team", team: "Matrix" }),
  "revoke-authors-link": async (v) => feeds.revokeFeed(v, await authorsFeed()),
};

async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return (await run()) === null ? N : Y;
  } catch (error) {
    if (error instanceof DataError && error.code === "NOT_FOUND") return N;
    if (error instanceof DataError && error.code === "FORBIDDEN") return F;
    throw error;
  }
}

describe("delivery links", () => {
  for (const operation of OPERATIONS) {
    RELATIONS.forEach((relation, column) => {
      const expected = EXPECTED[operation][column];
      it(`${operation}: ${relation}: ${expected}`, async () => {
        const before = await db.deliveryFeed.count({ where: { ownerId: relation } });
        const result = await outcome(() => RUN[operation]({ id: relation }));
        expect(result).toBe(expected);
        const after = await db.deliveryFeed.count({ where: { ownerId: relation } });
        // A refused link is never stored; a made one is the viewer's own.
        if (operation !== "revoke-authors-link") expect(after).toBe(result === Y ? before + 1 : before);
      });
    });
  }

  it("a link works only while the rule that made it holds: a team admin demoted loses their team link", async () => {
    await db.membership.create({ data: { teamId: matrixTeam.id, userId: "other", role: "ADMIN" } });
    const { secret } = await feeds.createFeed({ id: "other" }, { name: "team", team: matrixTeam.id });
    expect((await feeds.checkFeedSecret(secret)).ok).toBe(true);
    await db.membership.delete({ where: { teamId_userId: { teamId: matrixTeam.id, userId: "other" } } });
    expect(await feeds.checkFeedSecret(secret)).toMatchObject({ ok: false, reason: "withdrawn" });
  });
});
