/**
 * The permission matrix of review requests, against a real SQLite database: every operation on a
 * request x every relation of the viewer to it, under the team policies and for a publication to
 * the public space. The outcomes are written out by hand from issue 14's rules, not computed from
 * lib/skills/review-requests/policy.ts. Every case gets a request of its own, and every refused
 * case must leave the database as it found it.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { ReviewPolicy } from "@/lib/skills/review-requests/policy";
import { createTestDatabase, createUser, makeSkill, setReviewPolicy } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const reviews = await import("./");
const { DataError } = await import("../errors");
afterAll(cleanup);

// proposer: the member who proposes; owner/admin/member: the team's other people; outsider: in
// another team; root: an instance admin in no team; nobody: signed in, no team.
const RELATIONS = ["proposer", "owner", "admin", "member", "outsider", "root", "nobody"] as const;
type Relation = (typeof RELATIONS)[number];
for (const id of RELATIONS) await createUser(db, id, { role: id === "root" ? "ADMIN" : "USER" });
const team = await db.team.create({
  data: {
    name: "Reviewed",
    memberships: {
      create: [
        { userId: "owner", role: "OWNER" },
        { userId: "admin", role: "ADMIN" },
        { userId: "member", role: "MEMBER" },
        { userId: "proposer", role: "MEMBER" },
      ],
    },
  },
});
await db.team.create({ data: { name: "Elsewhere", memberships: { create: { userId: "outsider", role: "OWNER" } } } });

type Outcome = "allowed" | "not-found" | "forbidden" | "invalid";
const Y: Outcome = "allowed";
const N: Outcome = "not-found";
const F: Outcome = "forbidden";
const I: Outcome = "invalid"; // allowed to ask, but nothing to do: a move request has no revisions

const OPERATIONS = ["view", "comment", "approve", "request-changes", "withdraw", "resolve", "push-revision", "edit-comment", "delete-comment"] as const;
type Operation = (typeof OPERATIONS)[number];

type Setting = "managers approve" | "members approve" | "public";
const POLICIES: Record<Exclude<Setting, "public">, ReviewPolicy> = {
  "managers approve": { mode: "approval", approvals: 1, approvers: "managers", managersBypass: false },
  "members approve": { mode: "approval", approvals: 1, approvers: "members", managersBypass: false },
};

//                                         proposer owner admin member outsider root nobody
const EXPECTED: Record<Setting, Record<Operation, readonly Outcome[]>> = {
  "managers approve": {
    view: /*             */ [Y, Y, Y, Y, N, N, N],
    comment: /*          */ [Y, Y, Y, Y, N, N, N],
    approve: /*          */ [F, Y, Y, F, N, N, N],
    "request-changes": /**/ [F, Y, Y, F, N, N, N],
    withdraw: /*         */ [Y, F, F, F, N, N, N],
    // The thread is the owner's: its author, the request's author and reviewers may resolve it.
    resolve: /*          */ [Y, Y, Y, F, N, N, N],
    "push-revision": /*  */ [Y, F, F, F, N, N, N],
    // Only the comment's author (the owner) edits or deletes it.
    "edit-comment": /*   */ [F, Y, F, F, N, N, N],
    "delete-comment": /* */ [F, Y, F, F, N, N, N],
  },
  "members approve": {
    view: /*             */ [Y, Y, Y, Y, N, N, N],
    comment: /*          */ [Y, Y, Y, Y, N, N, N],
    approve: /*          */ [F, Y, Y, Y, N, N, N],
    "request-changes": /**/ [F, Y, Y, Y, N, N, N],
    withdraw: /*         */ [Y, F, F, F, N, N, N],
    resolve: /*          */ [Y, Y, Y, Y, N, N, N],
    "push-revision": /*  */ [Y, F, F, F, N, N, N],
    "edit-comment": /*   */ [F, Y, F, F, N, N, N],
    "delete-comment": /* */ [F, Y, F, F, N, N, N],
  },
  // The proposer publishes a personal skill: only they see it, and instance admins review it.
  public: {
    view: /*             */ [Y, N, N, N, N, Y, N],
    comment: /*          */ [Y, N, N, N, N, Y, N],
    approve: /*          */ [F, N, N, N, N, Y, N],
    "request-changes": /**/ [F, N, N, N, N, Y, N],
    withdraw: /*         */ [Y, N, N, N, N, F, N],
    resolve: /*          */ [Y, N, N, N, N, Y, N],
    "push-revision": /*  */ [I, N, N, N, N, N, N],
    // The thread is root's.
    "edit-comment": /*   */ [F, N, N, N, N, Y, N],
    "delete-comment": /* */ [F, N, N, N, N, Y, N],
  },
};

interface Fixture {
  requestId: string;
  skillId: string;
  threadId: string;
  name: string;
}

let counter = 0;
/** A fresh request by "proposer" with one thread (by the owner, or by root for a publication). */
async function fixture(setting: Setting): Promise<Fixture> {
  const name = `matrix-review-${++counter}`;
  if (setting === "public") {
    const created = await skills.createSkill({ id: "proposer" }, { skill: makeSkill(name), destination: { scope: "PUBLIC" } });
    const { threadId } = await reviews.commentOnRequest({ id: "root" }, created.proposal!.requestId, { body: "Looks fine so far." });
    return { requestId: created.proposal!.requestId, skillId: created.skillId, threadId, name };
  }
  await setReviewPolicy(db, team.id, { mode: "direct" });
  const created = await skills.createSkill({ id: "owner" }, { skill: makeSkill(name), destination: { scope: "TEAM", teamId: team.id } });
  await setReviewPolicy(db, team.id, POLICIES[setting]);
  const proposed = await skills.addSkillVersion({ id: "proposer" }, created.skillId, {
    skill: makeSkill(name, { body: "Proposed body." }),
    message: "Proposed",
  });
  const { threadId } = await reviews.commentOnRequest({ id: "owner" }, proposed.proposal!.requestId, { body: "Why this wording?" });
  return { requestId: proposed.proposal!.requestId, skillId: created.skillId, threadId, name };
}

const RUN: Record<Operation, (viewer: { id: string }, f: Fixture) => Promise<unknown>> = {
  view: (viewer, f) => reviews.getReviewRequest(viewer, f.requestId),
  comment: (viewer, f) => reviews.commentOnRequest(viewer, f.requestId, { body: "A comment." }),
  approve: (viewer, f) => reviews.decideRequest(viewer, f.requestId, { verdict: "approve", revision: 1 }),
  "request-changes": (viewer, f) => reviews.decideRequest(viewer, f.requestId, { verdict: "changes", revision: 1, note: "Change it." }),
  withdraw: (viewer, f) => reviews.withdrawRequest(viewer, f.requestId).then(() => true),
  resolve: (viewer, f) => reviews.setThreadResolved(viewer, f.threadId, true),
  "push-revision": (viewer, f) =>
    skills.addSkillVersion(viewer, f.skillId, { skill: makeSkill(f.name, { body: "Revised body." }), message: "Revised", requestId: f.requestId }),
  "edit-comment": (viewer, f) => reviews.editComment(viewer, f.threadId, { body: "Edited." }).then(() => true),
  "delete-comment": (viewer, f) => reviews.deleteComment(viewer, f.threadId).then(() => true),
};

async function snapshot(f: Fixture) {
  const [request, verdicts, comments, versions, skill, audit] = await Promise.all([
    db.reviewRequest.findUniqueOrThrow({ where: { id: f.requestId }, select: { state: true, revision: true, updatedAt: true } }),
    db.reviewVerdictRow.count({ where: { requestId: f.requestId } }),
    db.reviewComment.findMany({ where: { requestId: f.requestId }, select: { id: true, resolvedAt: true, body: true } }),
    db.skillVersion.count({ where: { skillId: f.skillId } }),
    db.skill.findUniqueOrThrow({ where: { id: f.skillId }, select: { scope: true, currentVersionId: true, versionCount: true } }),
    db.auditEvent.count(),
  ]);
  return { request, verdicts, comments, versions, skill, audit };
}

async function attempt(operation: Operation, viewer: { id: string }, f: Fixture): Promise<Outcome> {
  try {
    return (await RUN[operation](viewer, f)) === null && operation === "view" ? N : Y;
  } catch (error) {
    if (error instanceof DataError && error.code === "NOT_FOUND") return N;
    if (error instanceof DataError && error.code === "FORBIDDEN") return F;
    if (error instanceof DataError && error.code === "INVALID") return I;
    throw error;
  }
}

for (const setting of Object.keys(EXPECTED) as Setting[]) {
  describe(`review requests: ${setting}`, () => {
    for (const operation of OPERATIONS) {
      describe(operation, () => {
        RELATIONS.forEach((relation: Relation, column) => {
          const expected = EXPECTED[setting][operation][column];
          it(`${relation}: ${expected}`, async () => {
            const f = await fixture(setting);
            const before = await snapshot(f);
            expect(await attempt(operation, { id: relation }, f)).toBe(expected);
            if (expected !== Y) expect(await snapshot(f)).toEqual(before);
          });
        });
      });
    }
  });
}

it("an approval merges only what the policy asks: one approval from an eligible reviewer, never the author's", async () => {
  const f = await fixture("members approve");
  await expect(reviews.decideRequest({ id: "proposer" }, f.requestId, { verdict: "approve", revision: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
  const result = await reviews.decideRequest({ id: "member" }, f.requestId, { verdict: "approve", revision: 1 });
  expect(result.merged).not.toBeNull();
  expect((await db.reviewRequest.findUniqueOrThrow({ where: { id: f.requestId } })).state).toBe("merged");
});
