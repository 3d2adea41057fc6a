/**
 * The permission matrix of notifications (lib/data/notifications), against a real SQLite
 * database, with the cast of lib/test/matrix-cast.ts: who manages a team's webhooks and reads
 * their delivery log, whose notifications one may mark read, and who is told of a change.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/lib/test/database";
import { F, N, RELATIONS, Y, createMatrixCast, type Outcome } from "@/lib/test/matrix-cast";
import { makeSkill } from "@/lib/test/support";

process.env.BETTER_AUTH_SECRET ??= "a-test-secret-that-is-at-least-32-characters";
const { db, cleanup } = await createTestDatabase();
const { DataError } = await import("../errors");
const notifications = await import("./");
const skills = await import("../skills");
afterAll(cleanup);
const { matrixTeam } = await createMatrixCast(db);
const ownersHook = async () => (await notifications.createTeamWebhook({ id: "team-owner" }, matrixTeam.id, { url: "https://hooks.example.com/x" })).id;

// The author's own notification: the team owner publishes a version of the author's team skill.
const created = await skills.createSkill({ id: "author" }, { skill: makeSkill("matrix-notified"), destination: { scope: "TEAM", teamId: matrixTeam.id } });
await skills.addSkillVersion({ id: "team-owner" }, created.skillId, { skill: makeSkill("matrix-notified", { body: "v2" }), message: "v2" });
const [authorsNotification] = await notifications.listNotifications({ id: "author" });

const OPERATIONS = ["add-webhook", "list-webhooks", "remove-owners-webhook", "mark-authors-notification-read", "told-of-change"] as const;
type Operation = (typeof OPERATIONS)[number];

// Webhook URLs are credentials (a Slack hook posts as the team): only the team's owners and admins
// see or change them; instance admins outside the team see no team at all. Only the skill's
// creator (the author) hears of another's change to it.
//                                                     author team-owner team-admin team-member non-member instance-admin other
const EXPECTED: Record<Operation, readonly Outcome[]> = {
  "add-webhook": /*                     */ [F, Y, Y, F, N, N, N],
  "list-webhooks": /*                   */ [N, Y, Y, N, N, N, N],
  "remove-owners-webhook": /*           */ [F, Y, Y, F, N, N, N],
  "mark-authors-notification-read": /*  */ [Y, N, N, N, N, N, N],
  "told-of-change": /*                  */ [Y, N, N, N, N, N, N],
};

const RUN: Record<Operation, (viewer: { id: string }) => Promise<unknown>> = {
  "add-webhook": (v) => notifications.createTeamWebhook(v, matrixTeam.id, { url: "https://hooks.example.com/new" }),
  "list-webhooks": (v) => notifications.listTeamWebhooks(v, matrixTeam.id),
  "remove-owners-webhook": async (v) => notifications.deleteTeamWebhook(v, matrixTeam.id, await ownersHook()),
  "mark-authors-notification-read": async (v) => {
    await db.notification.update({ where: { id: authorsNotification.id }, data: { readAt: null } });
    return (await notifications.markNotificationsRead(v, [authorsNotification.id])) === 1 ? true : null;
  },
  "told-of-change": async (v) => ((await notifications.listNotifications(v)).some((n) => n.title.includes("matrix-notified")) ? true : null),
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

describe("notifications and team webhooks", () => {
  for (const operation of OPERATIONS) {
    RELATIONS.forEach((relation, column) => {
      const expected = EXPECTED[operation][column];
      it(`${operation}: ${relation}: ${expected}`, async () => {
        const hooksBefore = await db.teamWebhook.count();
        const result = await outcome(() => RUN[operation]({ id: relation }));
        expect(result).toBe(expected);
        // A refused add leaves no webhook behind.
        if (operation === "add-webhook" && expected !== Y) expect(await db.teamWebhook.count()).toBe(hooksBefore);
      });
    });
  }
});
