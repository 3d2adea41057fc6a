/**
 * The permission matrix of tags, stars and skill owners (lib/data/skills/tags.ts, skill-stars.ts,
 * skill-owners.ts), against a real database, with the cast of lib/test/matrix-cast.ts: who may tag a
 * personal, a team, a public and a built-in skill, who keeps a team's tag list, who may star, and
 * who may set a skill's owners. Written out by hand from issue 42's rules, not computed from
 * lib/skills/tags or lib/skills/owners.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, makeSkill } from "@/lib/test/support";
import { F, N, RELATIONS, Y, createMatrixCast, outcomeOf, type Outcome } from "@/lib/test/matrix-cast";

const { db, cleanup } = await createTestDatabase();
const skills = await import("./");
const tags = await import("./tags");
const { setSkillStar } = await import("./stars");
const { setSkillOwners } = await import("./owners");
afterAll(cleanup);
const { matrixTeam } = await createMatrixCast(db);

const created = async (viewer: string, destination: Parameters<typeof skills.createSkill>[1]["destination"]) =>
  (await skills.createSkill({ id: viewer }, { skill: makeSkill(`${destination.scope.toLowerCase()}-skill`), destination })).skillId!;
const [personal, teamSkill, publicSkill] = [
  await created("author", { scope: "PERSONAL" }),
  await created("team-owner", { scope: "TEAM", teamId: matrixTeam.id }),
  await created("instance-admin", { scope: "PUBLIC" }),
];
await db.skill.update({ where: { id: publicSkill }, data: { ownerId: "author" } });
const builtin = (await db.skill.create({ data: { name: "builtin-skill", scope: "BUILTIN", space: "builtin" }, select: { id: true } })).id;
await db.teamTag.create({ data: { teamId: matrixTeam.id, name: "ops" } });

const SKILLS = { personal, team: teamSkill, public: publicSkill, builtin } as const;
type Place = keyof typeof SKILLS;

//                                         author team-owner team-admin team-member non-member instance-admin other
const EXPECTED = {
  "tag personal": /*           */ [Y, N, N, N, N, N, N],
  "tag team": /*               */ [N, Y, Y, Y, N, N, N],
  "tag public": /*             */ [Y, F, F, F, F, Y, F],
  "tag builtin": /*            */ [F, F, F, F, F, F, F],
  "keep team tag list": /*     */ [N, Y, Y, F, N, N, N],
  "star personal": /*          */ [Y, N, N, N, N, N, N],
  "star team": /*              */ [N, Y, Y, Y, N, N, N],
  "star public": /*            */ [Y, Y, Y, Y, Y, Y, Y],
  "star builtin": /*           */ [Y, Y, Y, Y, Y, Y, Y],
  "set owners personal": /*    */ [Y, N, N, N, N, N, N],
  "set owners team": /*        */ [N, Y, Y, Y, N, N, N],
  "set owners public": /*      */ [Y, F, F, F, F, Y, F],
  "set owners builtin": /*     */ [F, F, F, F, F, F, F],
} satisfies Record<string, readonly Outcome[]>;
type Operation = keyof typeof EXPECTED;

const tag = (place: Place) => async (viewer: { id: string }) => {
  await tags.setSkillTags(viewer, SKILLS[place], place === "team" ? ["ops"] : ["mine"]);
  return Y;
};
const star = (place: Place) => async (viewer: { id: string }) => {
  await setSkillStar(viewer, SKILLS[place], true);
  // A star is its user's own: exactly theirs was written, nobody else's.
  expect(await db.skillStar.findMany({ where: { skillId: SKILLS[place], userId: viewer.id }, select: { userId: true } })).toEqual([{ userId: viewer.id }]);
  return Y;
};
const owners = (place: Place) => async (viewer: { id: string }) => {
  await setSkillOwners(viewer, SKILLS[place], place === "team" ? [{ kind: "role", role: "ADMIN" }] : []);
  return Y;
};

let added = 0;
const RUN: Record<Operation, (viewer: { id: string }) => Promise<Outcome>> = {
  "tag personal": tag("personal"),
  "tag team": tag("team"),
  "tag public": tag("public"),
  "tag builtin": tag("builtin"),
  "keep team tag list": async (viewer) => {
    const { name } = await tags.addTeamTag(viewer, matrixTeam.id, `added-${++added}`);
    await tags.removeTeamTag(viewer, matrixTeam.id, name);
    return Y;
  },
  "star personal": star("personal"),
  "star team": star("team"),
  "star public": star("public"),
  "star builtin": star("builtin"),
  "set owners personal": owners("personal"),
  "set owners team": owners("team"),
  "set owners public": owners("public"),
  "set owners builtin": owners("builtin"),
};

/** What a refused write must leave untouched: every tag, owner and team tag. */
const snapshot = async () => ({
  tags: await db.skillTag.findMany({ orderBy: [{ skillId: "asc" }, { name: "asc" }], select: { skillId: true, name: true } }),
  owners: await db.skillOwner.count(),
  teamTags: await db.teamTag.count(),
});

describe("tags, stars and owners", () => {
  // The author wrote the team skill's fixture while a member, then left (as the cast describes).
  it("setup: the author leaves Matrix", async () => {
    await db.membership.delete({ where: { teamId_userId: { teamId: matrixTeam.id, userId: "author" } } });
  });
  for (const operation of Object.keys(EXPECTED) as Operation[]) {
    RELATIONS.forEach((relation, column) => {
      const expected = EXPECTED[operation][column];
      it(`${operation}: ${relation}: ${expected}`, async () => {
        const before = await snapshot();
        const result = await outcomeOf(() => RUN[operation]({ id: relation }));
        expect(result).toBe(expected);
        if (result !== Y) expect(await snapshot()).toEqual(before);
      });
    });
  }
});
