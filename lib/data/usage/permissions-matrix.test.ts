/**
 * The permission matrix of usage (lib/data/usage/read.ts, usage-analytics.ts), against a real
 * database, with the cast of lib/test/matrix-cast.ts: who sees a skill's usage, who sees it per
 * person, who sees a team's insights, and whose analytics query returns a skill's rows.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, makeSkill } from "@/lib/test/database";
import { F, N, RELATIONS, Y, createMatrixCast, type Outcome } from "@/lib/test/matrix-cast";

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const { getSkillUsage, getTeamInsights } = await import("./read");
const { queryUsageAnalytics } = await import("./analytics");
const { writeUsageBatch } = await import("./usage");
afterAll(cleanup);
const { matrixTeam } = await createMatrixCast(db);

const personal = await skills.createSkill({ id: "author" }, { skill: makeSkill("author-notes"), destination: { scope: "PERSONAL" } });
const team = await skills.createSkill({ id: "author" }, { skill: makeSkill("team-notes"), destination: { scope: "TEAM", teamId: matrixTeam.id } });
const pub = await skills.createSkill({ id: "instance-admin" }, { skill: makeSkill("public-notes"), destination: { scope: "PUBLIC" } });
// The author wrote the team skill, then left the team (the cast's story).
await db.membership.delete({ where: { teamId_userId: { teamId: matrixTeam.id, userId: "author" } } });
await writeUsageBatch(
  db,
  [personal, team, pub].map((s) => ({ skillId: s.skillId, version: 1, channel: "load" as const, actorId: "team-member" })),
);

const SKILLS = { personal: personal.skillId, team: team.skillId, public: pub.skillId };
type Kind = keyof typeof SKILLS;

// "people": the per-person breakdown; F means the counts are shown but not who.
//                                         author team-owner team-admin team-member non-member instance-admin other
const EXPECTED: Record<string, readonly Outcome[]> = {
  "usage personal": /*         */ [Y, N, N, N, N, N, N],
  "usage team": /*             */ [N, Y, Y, Y, N, N, N],
  "usage public": /*           */ [Y, Y, Y, Y, Y, Y, Y],
  "people personal": /*        */ [Y, N, N, N, N, N, N],
  "people team": /*            */ [N, Y, Y, F, N, N, N],
  "people public": /*          */ [F, F, F, F, F, Y, F],
  "analytics personal": /*     */ [Y, N, N, N, N, N, N],
  "analytics team": /*         */ [N, Y, Y, Y, N, N, N],
  "analytics public": /*       */ [Y, Y, Y, Y, Y, Y, Y],
  "team insights": /*          */ [N, Y, Y, Y, N, N, N],
};

const today = new Date().toISOString().slice(0, 10);
const RUN: Record<string, (viewer: { id: string }) => Promise<Outcome>> = {
  ...Object.fromEntries(
    (Object.keys(SKILLS) as Kind[]).flatMap((kind) => [
      [`usage ${kind}`, async (v: { id: string }) => ((await getSkillUsage(v, SKILLS[kind])) ? Y : N)],
      [
        `people ${kind}`,
        async (v: { id: string }) => {
          const usage = await getSkillUsage(v, SKILLS[kind]);
          return usage === null ? N : usage.people === null ? F : Y;
        },
      ],
      [
        `analytics ${kind}`,
        async (v: { id: string }) =>
          (await queryUsageAnalytics(v, { from: today, to: today, team: null, skill: SKILLS[kind], groupBy: "channel", limit: 10, offset: 0, format: "json" }))
            .rows.length
            ? Y
            : N,
      ],
    ]),
  ),
  "team insights": async (v) => ((await getTeamInsights(v, matrixTeam.id)) ? Y : N),
};

describe("usage", () => {
  for (const [operation, expected] of Object.entries(EXPECTED)) {
    RELATIONS.forEach((relation, column) => {
      it(`${operation}: ${relation}: ${expected[column]}`, async () => {
        expect(await RUN[operation]({ id: relation })).toBe(expected[column]);
      });
    });
  }

  it("the per-person breakdown names who, with their count; the counts are the same for everyone who may see them", async () => {
    const owner = await getSkillUsage({ id: "team-owner" }, team.skillId);
    const member = await getSkillUsage({ id: "team-member" }, team.skillId);
    expect(owner?.people).toEqual([{ userId: "team-member", name: "team-member", events: 1 }]);
    expect(member?.totals).toEqual(owner?.totals);
    expect(member?.distinctUsers).toBe(1);
  });
});
