import { afterAll, describe, expect, it, vi } from "vitest";
import { createCast, createTestDatabase, makeSkill, setReviewPolicy } from "@/lib/test/support";
import { countStatements, recordStatements } from "@/lib/test/sql-statements";

// How many SQL statements the header's figures cost on every signed-in page, beyond the layout's
// session and actor: the review badge and the bell, for a viewer with something in each. Issue 44.

// The actor read once per viewer, as the layout has read it for the page in a render.
vi.mock("@/lib/data/core/actor", async (original) => (await import("@/lib/test/sql-statements")).actorReadOncePerViewer(await original()));

recordStatements(); // before the first connection (see the file)
const { db, cleanup } = await createTestDatabase();
const reviews = await import("./index");
const skills = await import("../skills");
const { countUnreadNotifications } = await import("../notifications");
afterAll(cleanup);

const { ada, grace, team } = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER" } });
const create = async (name: string) => (await skills.createSkill(ada, { skill: makeSkill(name), destination: { scope: "TEAM", teamId: team.id } })).skillId!;
const [notes, runbook] = [await create("deploy-notes"), await create("runbook")];
// grace proposes to both; ada asks for changes on one.
await setReviewPolicy(db, team.id, { mode: "approval", approvals: 1, approvers: "managers", managersBypass: false });
const propose = (skillId: string, name: string) =>
  skills.addSkillVersion(grace, skillId, { skill: makeSkill(name, { body: "Better." }), message: "Better", baseVersion: 1 });
const proposed = await propose(notes, "deploy-notes");
await propose(runbook, "runbook");
await reviews.decideRequest(ada, proposed.proposal!.requestId, { verdict: "changes", revision: 1, note: "Say why." });

// The actor, read once per viewer as the layout would have.
for (const viewer of [ada, grace]) await reviews.countHeaderBadges(viewer);

describe("the header's statements", () => {
  it("reads the review badge and the bell in one statement (four before)", async () => {
    for (const [viewer, expected] of [
      [ada, { reviews: { forMe: 1, mine: 0, changesRequested: 0 }, unreadNotifications: 2 }],
      [grace, { reviews: { forMe: 0, mine: 2, changesRequested: 1 }, unreadNotifications: 1 }],
    ] as const) {
      const { result, statements } = await countStatements(() => reviews.countHeaderBadges(viewer));
      expect(result).toEqual(expected);
      expect(statements).toHaveLength(1);
      expect(result.unreadNotifications).toBe(await countUnreadNotifications(viewer));
    }
  });
});
