/**
 * The permission matrix of release labels (lib/data/skills/labels.ts), against a real SQLite database,
 * with the cast of lib/test/matrix-cast.ts: who may move stable on a personal, a team and a public
 * skill, who may delete a team's own label, and who is sent to review under a policy that reviews
 * stable (a team's own label, "release", is not reviewed). Written out by hand from issue 39's rules, not computed from lib/skills/permissions/labels.ts.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, makeSkill, setReviewPolicy } from "@/lib/test/support";
import { F, N, P, RELATIONS, Y, createMatrixCast, outcomeOf, type Outcome } from "@/lib/test/matrix-cast";

const { db, cleanup } = await createTestDatabase();
const skills = await import("./");
const labels = await import("./labels");
afterAll(cleanup);
const { matrixTeam } = await createMatrixCast(db);

const created = async (viewer: string, name: string, destination: Parameters<typeof skills.createSkill>[1]["destination"]) =>
  (await skills.createSkill({ id: viewer }, { skill: makeSkill(name), destination })).skillId!;
const personal = await created("author", "personal-skill", { scope: "PERSONAL" });
const teamSkill = await created("team-owner", "team-skill", { scope: "TEAM", teamId: matrixTeam.id });
const publicSkill = await created("instance-admin", "public-skill", { scope: "PUBLIC" });
await db.skill.update({ where: { id: publicSkill }, data: { ownerId: "author" } });
const reviewed = await created("team-owner", "reviewed-skill", { scope: "TEAM", teamId: matrixTeam.id });

const OPERATIONS = ["move personal", "move team", "move public", "delete team custom", "move stable under review", "move beta under review"] as const;
type Operation = (typeof OPERATIONS)[number];

//                                                 author team-owner team-admin team-member non-member instance-admin other
const EXPECTED: Record<Operation, readonly Outcome[]> = {
  "move personal": /*            */ [Y, N, N, N, N, N, N],
  "move team": /*                */ [N, Y, Y, Y, N, N, N],
  "move public": /*              */ [Y, F, F, F, F, Y, F],
  "delete team custom": /*       */ [N, Y, Y, Y, N, N, N],
  "move stable under review": /* */ [N, Y, Y, P, N, N, N],
  "move beta under review": /*   */ [N, Y, Y, Y, N, N, N],
};

const move = (skillId: string, label: string) => async (viewer: { id: string }) => {
  const outcome = await labels.moveLabel(viewer, skillId, label, 1);
  return outcome.kind === "proposed" ? P : Y;
};

const RUN: Record<Operation, (viewer: { id: string }) => Promise<Outcome>> = {
  "move personal": move(personal, "stable"),
  "move team": move(teamSkill, "release"),
  "move public": move(publicSkill, "stable"),
  "delete team custom": async (viewer) => {
    await db.skillLabel.upsert({
      where: { skillId_name: { skillId: teamSkill, name: "canary" } },
      create: { skillId: teamSkill, name: "canary", versionId: (await db.skillVersion.findFirstOrThrow({ where: { skillId: teamSkill } })).id },
      update: {},
    });
    await labels.deleteLabel(viewer, teamSkill, "canary");
    return Y;
  },
  "move stable under review": move(reviewed, "stable"),
  "move beta under review": move(reviewed, "beta"),
};

describe("release labels", () => {
  // The author wrote the team skills' fixtures while a member, then left (as the cast describes).
  it("setup: the author leaves Matrix; Matrix reviews stable (managers through)", async () => {
    await db.membership.delete({ where: { teamId_userId: { teamId: matrixTeam.id, userId: "author" } } });
    await setReviewPolicy(db, matrixTeam.id, { mode: "approval", approvals: 1, approvers: "managers", managersBypass: true });
  });
  for (const operation of OPERATIONS) {
    RELATIONS.forEach((relation, column) => {
      const expected = EXPECTED[operation][column];
      it(`${operation}: ${relation}: ${expected}`, async () => {
        const audits = await db.auditEvent.count({ where: { action: "skill.label" } });
        const result = await outcomeOf(() => RUN[operation]({ id: relation }));
        expect(result).toBe(expected);
        // A refused or proposed move writes no label audit row; a move writes one.
        const after = await db.auditEvent.count({ where: { action: "skill.label" } });
        if (!operation.startsWith("delete")) expect(after).toBe(result === Y ? audits + 1 : audits);
      });
    });
  }
});
