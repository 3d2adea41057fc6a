import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill, refusal } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const reviews = await import("./index");
const skills = await import("../skills");
afterAll(cleanup);

const cast = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER" } });
const { ada, grace } = cast;
const teamId = cast.team.id;
let counter = 0;

/** An open request by grace on a team skill ada owns, reviewed by managers. */
async function openRequest() {
  const name = `comment-skill-${++counter}`;
  await reviews.setTeamReviewPolicy(ada, teamId, { mode: "direct" });
  const created = await skills.createSkill(ada, { skill: makeSkill(name, { body: "One.\nTwo." }), destination: { scope: "TEAM", teamId } });
  // ada is the only manager: her own changes could not be approved, which these tests never make.
  await reviews.setTeamReviewPolicy(ada, teamId, { mode: "approval", approvals: 1, approvers: "managers", managersBypass: false }, { acceptUnreachable: true });
  const proposed = await skills.addSkillVersion(grace, created.skillId, { skill: makeSkill(name, { body: "One.\nTwo, better." }), message: "Better" });
  return proposed.proposal!.requestId;
}

const bodies = async (requestId: string) =>
  (await db.reviewComment.findMany({ where: { requestId }, orderBy: { createdAt: "asc" }, select: { body: true } })).map((c) => c.body);

describe("one's own comments", () => {
  it("are edited and deleted by their author only, and say so on the page", async () => {
    const requestId = await openRequest();
    const { commentId } = await reviews.commentOnRequest(ada, requestId, { body: "Typo here." });
    const page = await reviews.getReviewRequest(ada, requestId);
    expect(page!.threads[0].comments[0]).toMatchObject({ body: "Typo here.", canEdit: true });
    expect((await reviews.getReviewRequest(grace, requestId))!.threads[0].comments[0].canEdit).toBe(false);

    expect((await refusal(reviews.editComment(grace, commentId, { body: "Mine now." }))).code).toBe("FORBIDDEN");
    expect((await refusal(reviews.editComment(ada, commentId, { body: "  " }))).message).toMatch(/empty/);
    await reviews.editComment(ada, commentId, { body: "Typo in line two." });
    expect(await bodies(requestId)).toEqual(["Typo in line two."]);

    expect((await refusal(reviews.deleteComment(grace, commentId))).code).toBe("FORBIDDEN");
    await reviews.deleteComment(ada, commentId);
    expect(await bodies(requestId)).toEqual([]);
    expect((await refusal(reviews.deleteComment(ada, commentId))).code).toBe("NOT_FOUND");
    const actions = await db.auditEvent.findMany({ where: { action: { startsWith: "review.comment." } }, select: { action: true } });
    expect(actions.map((a) => a.action)).toEqual(["review.comment.edit", "review.comment.delete"]);
  });

  it("a thread others replied to cannot be deleted by its author, but a reply can", async () => {
    const requestId = await openRequest();
    const { threadId } = await reviews.commentOnRequest(ada, requestId, { body: "Why?" });
    const { commentId: reply } = await reviews.commentOnRequest(grace, requestId, { body: "Because.", parentId: threadId });
    const refused = await refusal(reviews.deleteComment(ada, threadId));
    expect(refused).toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/Others replied/) });
    expect(await bodies(requestId)).toEqual(["Why?", "Because."]);
    await reviews.deleteComment(grace, reply);
    await reviews.deleteComment(ada, threadId);
    expect(await bodies(requestId)).toEqual([]);
  });

  it("are kept as a record once the request is closed", async () => {
    const requestId = await openRequest();
    const { commentId } = await reviews.commentOnRequest(ada, requestId, { body: "Noted." });
    await reviews.withdrawRequest(grace, requestId);
    expect((await refusal(reviews.editComment(ada, commentId, { body: "Changed." }))).code).toBe("CONFLICT");
    expect((await refusal(reviews.deleteComment(ada, commentId))).code).toBe("CONFLICT");
    expect((await reviews.getReviewRequest(ada, requestId))!.threads[0].comments[0].canEdit).toBe(false);
  });
});

describe("unresolved threads", () => {
  it("count line threads only: a comment on the whole proposal does not wait to be resolved", async () => {
    const requestId = await openRequest();
    await reviews.commentOnRequest(ada, requestId, { body: "Overall fine." });
    const detail = await reviews.getReviewRequest(ada, requestId);
    const file = detail!.shown.diff.files.find((f) => f.path === "SKILL.md")!;
    expect(file).toBeTruthy();
    const { threadId } = await reviews.commentOnRequest(ada, requestId, { body: "This line?", anchor: { version: 2, path: "SKILL.md", line: 1 } });
    expect((await reviews.getReviewRequest(ada, requestId))!.unresolvedThreads).toBe(1);
    await reviews.setThreadResolved(grace, threadId, true);
    expect((await reviews.getReviewRequest(ada, requestId))!.unresolvedThreads).toBe(0);
  });
});

describe("a request nobody may approve", () => {
  it("says 'no eligible reviewer' on the request page and before an upload, instead of waiting in silence", async () => {
    await openRequest(); // the policy: one approval from owners and admins; ada is the only one
    const created = await db.skill.findFirstOrThrow({ where: { name: `comment-skill-${counter}` }, select: { id: true, name: true } });
    const own = await skills.addSkillVersion(ada, created.id, { skill: makeSkill(created.name, { body: "Mine." }), message: "Mine" });
    const page = await reviews.getReviewRequest(ada, own.proposal!.requestId);
    expect(page!.noEligibleReviewer).toMatch(
      /^No eligible reviewer: this request needs 1 approval from the team's owners and admins, and there is nobody but its author/,
    );
    // grace's request has ada to approve it.
    const graces = (await reviews.listSkillReviewRequests(ada, created.id)).find((r) => r.author?.id === grace.id)!;
    expect((await reviews.getReviewRequest(ada, graces.id))!.noEligibleReviewer).toBeNull();
    const { listDestinations } = await import("../intake");
    const team = (await listDestinations(ada)).find((d) => d.destination.team?.id === teamId)!;
    expect(team.destination.review).toMatch(/No eligible reviewer/);
    expect((await listDestinations(grace)).find((d) => d.destination.team?.id === teamId)!.destination.review).not.toMatch(/eligible/);
  });
});
