import { afterAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/skills/permissions/permissions";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seededRandom } from "@/lib/test/random";
import { createCast, createTeam, createTestDatabase, createUser } from "@/lib/test/support";

// The header's counts in one statement (header-counts.ts) against what they were computed from
// before: a COUNT through reviewerWhere, the viewer's open requests with their live verdicts read
// by latestVerdicts, and the bell's COUNT. The oracle below is that code as it was, over requests
// of every place, approver rule, state, author and revision, with verdicts live, dismissed, on an
// older revision and overtaken by a later one of the same reviewer.

const { db, cleanup } = await createTestDatabase();
const { countHeaderBadges, countReviewInbox } = await import("./index");
const { reviewerWhere } = await import("./reviewers");
const { countUnreadNotifications } = await import("../notifications");
const { loadActor } = await import("../core/actor");
afterAll(cleanup);

// ---- The oracle: lib/data/reviews/read.ts before the header read its counts in one statement ----

const managedTeams = (actor: Actor) =>
  Object.entries(actor.teamRoles)
    .filter(([, role]) => role === "OWNER" || role === "ADMIN")
    .map(([id]) => id);

function oldReviewerWhere(actor: Actor): Prisma.ReviewRequestWhereInput {
  const teams = Object.keys(actor.teamRoles);
  const managed = managedTeams(actor);
  const place = (ids: string[]): Prisma.ReviewRequestWhereInput[] => [
    { targetTeamId: { in: ids } },
    { targetScope: null, skill: { teamId: { in: ids }, scope: "TEAM" } },
  ];
  const or: Prisma.ReviewRequestWhereInput[] = [
    { approvers: "managers", OR: place(managed) },
    { approvers: "members", OR: place(teams) },
  ];
  if (actor.role === "ADMIN") or.push({ approvers: "instance-admins" });
  return { OR: or, NOT: { authorId: actor.id } };
}

function latestVerdicts(row: { revision: number; verdicts: readonly { reviewerId: string; verdict: string; revision: number; createdAt: Date }[] }) {
  const latest = row.verdicts.filter((v) => v.revision === row.revision).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return [...new Map(latest.map((v) => [v.reviewerId, v.verdict])).values()];
}

async function oldCounts(viewer: { id: string }) {
  const actor = await loadActor(db, viewer);
  const open: Prisma.ReviewRequestWhereInput = { AND: [{ state: "open" }, oldReviewerWhere(actor)] };
  const [forMe, mine, unread] = await Promise.all([
    db.reviewRequest.count({ where: { AND: [open, { verdicts: { none: { reviewerId: actor.id, dismissed: false } } }] } }),
    db.reviewRequest.findMany({
      where: { state: "open", authorId: actor.id },
      select: { revision: true, verdicts: { where: { dismissed: false }, select: { reviewerId: true, verdict: true, revision: true, createdAt: true } } },
      take: 500,
    }),
    countUnreadNotifications(viewer),
  ]);
  return {
    reviews: { forMe, mine: mine.length, changesRequested: mine.filter((row) => latestVerdicts(row).includes("changes")).length },
    unreadNotifications: unread,
  };
}

// ---- The matrix ----

// Platform: ada owns it, hopper administers it, grace and linus are members. Docs: linus owns it,
// grace administers it, mona is a member. root is an instance admin in no team; outsider is nobody.
const cast = await createCast(db, { team: { ada: "OWNER", hopper: "ADMIN", grace: "MEMBER", linus: "MEMBER" }, extra: ["hopper", "mona", "outsider"] });
await createUser(db, "root", { role: "ADMIN" });
const platform = cast.team.id;
const docs = (await createTeam(db, "Docs", { linus: "OWNER", grace: "ADMIN", mona: "MEMBER" })).id;
const people = ["ada", "grace", "linus", "hopper", "mona", "root", "outsider"];

const skill = (name: string, scope: "TEAM" | "PERSONAL" | "PUBLIC", teamId: string | null, ownerId: string | null) =>
  db.skill.create({ data: { name, scope, teamId, ownerId, space: teamId ?? ownerId ?? "public" }, select: { id: true } });
const platformSkill = (await skill("platform-skill", "TEAM", platform, null)).id;
const docsSkill = (await skill("docs-skill", "TEAM", docs, null)).id;
const personalSkill = (await skill("personal-skill", "PERSONAL", null, "grace")).id;
const publicSkill = (await skill("public-skill", "PUBLIC", null, null)).id;
// A team's skill is reviewed by the team only while it is a team skill.
const publishedTeamSkill = (await skill("published-team-skill", "PUBLIC", platform, null)).id;

// Where a request's reviewers are: the skill's own place, or a move's target.
const places = [
  { kind: "version", skillId: platformSkill, targetScope: null, targetTeamId: null },
  { kind: "label", skillId: docsSkill, targetScope: null, targetTeamId: null },
  { kind: "move", skillId: personalSkill, targetScope: "TEAM", targetTeamId: platform },
  { kind: "move", skillId: platformSkill, targetScope: "TEAM", targetTeamId: docs },
  { kind: "move", skillId: platformSkill, targetScope: "PUBLIC", targetTeamId: null },
  { kind: "version", skillId: publicSkill, targetScope: null, targetTeamId: null },
  { kind: "version", skillId: personalSkill, targetScope: null, targetTeamId: null },
  { kind: "version", skillId: publishedTeamSkill, targetScope: null, targetTeamId: null },
] as const;

// A fixed pseudo-random sequence, so a failure reproduces.
const { random, pick } = seededRandom(44);

const requests: Prisma.ReviewRequestCreateManyInput[] = [];
const verdicts: Prisma.ReviewVerdictRowCreateManyInput[] = [];
const start = Date.UTC(2026, 0, 1);
for (const place of places) {
  for (const approvers of ["managers", "members", "instance-admins"]) {
    for (const authorId of [...people, null]) {
      for (const state of ["open", "open", "merged", "withdrawn"] as const) {
        const id = `request-${String(requests.length).padStart(4, "0")}`;
        const revision = pick([1, 2, 3]);
        requests.push({ id, ...place, authorId, approvers, state, revision, title: id, requiredApprovals: 1, baseVersion: 1 });
        // Verdicts written in one order and dated in another: which one is latest is the date's to say.
        const count = pick([0, 1, 2, 3, 4, 5]);
        const times = [...Array(count).keys()].map(() => start + Math.floor(random() * 1e9)).sort(() => random() - 0.5);
        for (const at of times) {
          verdicts.push({
            id: `verdict-${String(verdicts.length).padStart(5, "0")}`,
            requestId: id,
            reviewerId: pick(people),
            verdict: pick(["approve", "changes"] as const),
            revision: random() < 0.7 ? revision : Math.max(1, revision - 1),
            dismissed: random() < 0.25,
            createdAt: new Date(at),
          });
        }
      }
    }
  }
}
await db.reviewRequest.createMany({ data: requests });
await db.reviewVerdictRow.createMany({ data: verdicts });

const event = await db.notificationEvent.create({ data: { kind: "review.requested", title: "A review", link: "/reviews" } });
const notifications: Prisma.NotificationCreateManyInput[] = [];
for (const userId of people) {
  for (let i = pick([0, 1, 2, 3, 4, 5, 6]); i > 0; i--) {
    notifications.push({ userId, eventId: event.id, inApp: random() < 0.75, readAt: random() < 0.5 ? new Date(start) : null });
  }
}
await db.notification.createMany({ data: notifications });

describe("the header's counts in one statement", () => {
  it("equal what the old reads computed, for every viewer", async () => {
    const totals = { forMe: 0, mine: 0, changesRequested: 0, unreadNotifications: 0 };
    for (const id of people) {
      const expected = await oldCounts({ id });
      const counts = await countHeaderBadges({ id });
      expect(counts, id).toEqual(expected);
      expect(await countReviewInbox({ id }), id).toEqual(expected.reviews);
      for (const key of ["forMe", "mine", "changesRequested"] as const) totals[key] += counts.reviews[key];
      totals.unreadNotifications += counts.unreadNotifications;
    }
    // The matrix reaches every figure, and changes requested is not just "has a verdict".
    expect(totals.forMe).toBeGreaterThan(20);
    expect(totals.changesRequested).toBeGreaterThan(5);
    expect(totals.mine).toBeGreaterThan(totals.changesRequested);
    expect(totals.unreadNotifications).toBeGreaterThan(3);
  });

  it("keep reviewerWhere the filter it was, for the inbox", async () => {
    const ids = async (where: Prisma.ReviewRequestWhereInput) =>
      (await db.reviewRequest.findMany({ where, select: { id: true }, orderBy: { id: "asc" } })).map((r) => r.id);
    for (const id of people) {
      const actor = await loadActor(db, { id });
      expect(await ids(reviewerWhere(actor)), id).toEqual(await ids(oldReviewerWhere(actor)));
    }
  });

  it("count by hand: the latest live verdict of each reviewer on the latest revision, and only the viewer's unread in-app notifications", async () => {
    await createUser(db, "author");
    await createUser(db, "reviewer");
    const team = (await createTeam(db, "Hand", { author: "MEMBER", reviewer: "OWNER", root: "MEMBER" })).id;
    const handSkill = (await skill("hand-skill", "TEAM", team, null)).id;
    const at = (minute: number) => new Date(start + minute * 60_000);
    const request = (id: string, revision: number, state: "open" | "merged" = "open") =>
      ({ id, skillId: handSkill, kind: "version", authorId: "author", approvers: "managers", state, revision, title: id, requiredApprovals: 1 }) as const;
    await db.reviewRequest.createMany({
      data: [request("hand-1", 1), request("hand-2", 2), request("hand-3", 1), request("hand-4", 1), request("hand-5", 1, "merged"), request("hand-6", 1)],
    });
    const verdict = (requestId: string, reviewerId: string, verdict: "approve" | "changes", minute: number, revision = 1, dismissed = false) => ({
      requestId,
      reviewerId,
      verdict,
      revision,
      dismissed,
      createdAt: at(minute),
    });
    await db.reviewVerdictRow.createMany({
      data: [
        // 1: changes, then approve by the same reviewer (written first): not changes requested.
        verdict("hand-1", "reviewer", "approve", 2),
        verdict("hand-1", "reviewer", "changes", 1),
        // 2: changes on revision 1 only, the request is at 2: not.
        verdict("hand-2", "reviewer", "changes", 1, 1),
        verdict("hand-2", "root", "approve", 2, 2),
        // 3: one reviewer approves, another asks for changes: changes requested.
        verdict("hand-3", "reviewer", "approve", 1),
        verdict("hand-3", "root", "changes", 2),
        // 4: changes, dismissed: not (and the reviewer's dismissed verdict leaves it waiting for them).
        verdict("hand-4", "reviewer", "changes", 1, 1, true),
        // 5: merged: neither mine nor waiting.
        verdict("hand-5", "reviewer", "changes", 1),
        // 6: approve, then changes by the same reviewer: changes requested.
        verdict("hand-6", "reviewer", "approve", 1),
        verdict("hand-6", "reviewer", "changes", 3),
      ],
    });
    const other = await db.notificationEvent.create({ data: { kind: "review.requested", title: "Another", link: "/reviews" } });
    await db.notification.createMany({
      data: [
        { userId: "author", eventId: other.id },
        { userId: "author", eventId: other.id, readAt: at(1) },
        { userId: "author", eventId: other.id, inApp: false },
        { userId: "reviewer", eventId: other.id },
      ],
    });
    expect(await countHeaderBadges({ id: "author" })).toEqual({ reviews: { forMe: 0, mine: 5, changesRequested: 2 }, unreadNotifications: 1 });
    // The reviewer manages the team: waiting are 4 (dismissed verdict) and none of those decided.
    expect(await countHeaderBadges({ id: "reviewer" })).toEqual({ reviews: { forMe: 1, mine: 0, changesRequested: 0 }, unreadNotifications: 1 });
    for (const id of ["author", "reviewer", "root"]) expect(await countHeaderBadges({ id }), id).toEqual(await oldCounts({ id }));
  });
});
