import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, createUser, makeSkill, refusal } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const reviews = await import("./index");
const skills = await import("../skills");
const { readSkillVersionFiles } = await import("../skills/files");
const { listSkillVersions } = await import("../skills/versions");
afterAll(cleanup);

const cast = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER", linus: "MEMBER" }, extra: ["hopper", "outsider"] });
await db.membership.create({ data: { teamId: cast.team.id, userId: "hopper", role: "ADMIN" } });
const { ada, grace, linus } = cast;
const hopper = { id: "hopper" };
const outsider = { id: "outsider" };
const teamId = cast.team.id;
let counter = 0;

/** A team skill at version 1, created while the team publishes directly (then the policy is put back). */
async function teamSkill(body = "Line one.\nLine two.\nLine three.") {
  const name = `team-skill-${++counter}`;
  const { reviewPolicy } = await db.team.findUniqueOrThrow({ where: { id: teamId } });
  await db.team.update({ where: { id: teamId }, data: { reviewPolicy: JSON.stringify({ mode: "direct" }) } });
  const created = await skills.createSkill(ada, { skill: makeSkill(name, { body }), destination: { scope: "TEAM", teamId } });
  await db.team.update({ where: { id: teamId }, data: { reviewPolicy } });
  return { id: created.skillId, name };
}

async function setPolicy(policy: Parameters<typeof reviews.setTeamReviewPolicy>[2]) {
  await reviews.setTeamReviewPolicy(ada, teamId, policy);
}

const currentNumber = async (skillId: string) =>
  (await db.skill.findUniqueOrThrow({ where: { id: skillId }, select: { currentVersion: { select: { number: true } } } })).currentVersion?.number;
const requestState = (id: string) => db.reviewRequest.findUniqueOrThrow({ where: { id }, select: { state: true, revision: true, mergedVersion: true } });
const snapshot = async () => ({
  requests: await db.reviewRequest.findMany({ select: { id: true, state: true, revision: true }, orderBy: { id: "asc" } }),
  verdicts: await db.reviewVerdictRow.count(),
  comments: await db.reviewComment.count(),
  audit: await db.auditEvent.count(),
  current: await db.skill.findMany({ select: { id: true, currentVersionId: true, scope: true }, orderBy: { id: "asc" } }),
});
async function refusedUnchanged(code: string, attempt: () => Promise<unknown>) {
  const before = await snapshot();
  const error = await refusal(attempt());
  expect(error.code).toBe(code);
  expect(await snapshot()).toEqual(before);
  return error;
}

beforeEach(async () => setPolicy({ mode: "approval", approvals: 1, approvers: "managers", managersBypass: false }));

describe("team review policy", () => {
  it("is direct by default, and only owners and admins change it", async () => {
    await setPolicy({ mode: "direct" });
    const skill = await teamSkill();
    const saved = await skills.addSkillVersion(grace, skill.id, { skill: makeSkill(skill.name, { body: "direct" }), message: "Direct" });
    expect(saved.proposal).toBeUndefined();
    expect(await currentNumber(skill.id)).toBe(2);
    expect((await refusal(reviews.setTeamReviewPolicy(grace, teamId, { mode: "direct" }))).code).toBe("FORBIDDEN");
    expect((await refusal(reviews.setTeamReviewPolicy(outsider, teamId, { mode: "direct" }))).code).toBe("NOT_FOUND");
    const bad = await refusal(reviews.setTeamReviewPolicy(ada, teamId, { mode: "approval", approvals: 5, approvers: "managers", managersBypass: false }));
    expect(bad.message).toMatch(/1 to 3 approvals/);
    expect(await reviews.getTeamReviewSettings(grace, teamId)).toMatchObject({ canEdit: false, policy: { mode: "direct" } });
    // Two approvals from owners and admins, and the team has two: an owner's own change could never
    // gather them. Refused (nothing written) unless confirmed.
    const twoManagers = { mode: "approval", approvals: 2, approvers: "managers", managersBypass: false } as const;
    const unreachable = await refusedUnchanged("CONFLICT", () => reviews.setTeamReviewPolicy(ada, teamId, twoManagers));
    expect(unreachable.message).toMatch(/An owner's or admin's own change needs 2 approvals from the other 1.*Confirm to save it anyway/);
    expect((await reviews.setTeamReviewPolicy(ada, teamId, twoManagers, { acceptUnreachable: true })).policy).toEqual(twoManagers);
    await setPolicy({ mode: "direct" });
    // A new skill by the owner into a team that needs approval waits in the owner's personal space.
    await setPolicy({ mode: "approval", approvals: 1, approvers: "managers", managersBypass: false });
    const requested = await skills.createSkill(ada, { skill: makeSkill(`new-in-team-${++counter}`), destination: { scope: "TEAM", teamId } });
    expect(requested.proposal).toBeTruthy();
    expect((await db.skill.findUniqueOrThrow({ where: { id: requested.skillId } })).scope).toBe("PERSONAL");
  });
});

describe("a proposal under a needs-approval policy", () => {
  it("stays unpublished, goes through comments, changes requested, a revision and an approval, then becomes current", async () => {
    const skill = await teamSkill();
    const proposed = await skills.addSkillVersion(grace, skill.id, {
      skill: makeSkill(skill.name, { body: "Line one.\nLine 2, better.\nLine three." }),
      message: "Better line two",
      baseVersion: 1,
    });
    expect(proposed).toMatchObject({ version: 2, proposal: { revision: 1 } });
    const requestId = proposed.proposal!.requestId;
    // Agents and downloads still get version 1.
    expect(await currentNumber(skill.id)).toBe(1);
    expect((await readSkillVersionFiles(linus, skill.id))?.version).toBe(1);
    const history = await listSkillVersions(linus, skill.id);
    expect(history?.versions.find((v) => v.number === 2)).toMatchObject({ published: false, current: false, proposal: { requestId, state: "open" } });

    expect((await reviews.countReviewInbox(ada)).forMe).toBe(1);
    expect((await reviews.countReviewInbox(grace)).mine).toBe(1);
    expect((await reviews.countReviewInbox(linus)).forMe).toBe(0); // managers approve; linus is a member

    // Comments: bad input is refused and writes nothing.
    await refusedUnchanged("INVALID", () => reviews.commentOnRequest(ada, requestId, { body: "   " }));
    const missingLine = await refusedUnchanged("INVALID", () =>
      reviews.commentOnRequest(ada, requestId, { body: "Hm", anchor: { version: 2, path: "SKILL.md", line: 999 } }),
    );
    expect(missingLine.message).toMatch(/Line 999 does not exist in SKILL.md of version 2/);
    await refusedUnchanged("INVALID", () => reviews.commentOnRequest(ada, requestId, { body: "Hm", anchor: { version: 7, path: "SKILL.md", line: 1 } }));
    await refusedUnchanged("NOT_FOUND", () => reviews.commentOnRequest(outsider, requestId, { body: "Hi" }));
    const detail = await reviews.getReviewRequest(ada, requestId);
    const skillMd = detail!.shown.diff.files.find((f) => f.path === "SKILL.md");
    expect(skillMd).toBeTruthy();
    const lineOfBody = (await readSkillVersionFiles(ada, skill.id, 2))!.files.find((f) => f.path === "SKILL.md")!;
    const lineNumber = new TextDecoder().decode(lineOfBody.bytes).split("\n").indexOf("Line 2, better.") + 1;
    // The page's cheap check (its 404) and the bodies it loads on demand see what the full read sees.
    expect(await reviews.reviewRequestHead(ada, requestId)).toEqual({ title: detail!.title, skillName: skill.name });
    expect(await reviews.reviewRequestHead(ada, requestId, { revision: 9 })).toBeNull();
    expect(await reviews.reviewRequestHead(outsider, requestId)).toBeNull();
    expect(await reviews.reviewRequestHead(ada, "no-such-request")).toBeNull();
    expect(await reviews.getReviewDiffFiles(ada, requestId, 1, ["SKILL.md"])).toEqual([skillMd]);
    expect(await reviews.getReviewDiffFiles(outsider, requestId, 1, ["SKILL.md"])).toBeNull();
    expect(await reviews.getReviewDiffFiles(ada, requestId, 9, ["SKILL.md"])).toBeNull();
    const { threadId } = await reviews.commentOnRequest(ada, requestId, {
      body: "Say why it is better.",
      anchor: { version: 2, path: "SKILL.md", line: lineNumber },
    });
    await reviews.commentOnRequest(grace, requestId, { body: "Clearer wording.", parentId: threadId });

    // Decisions: the author cannot approve; a plain member cannot either; changes need a note.
    await refusedUnchanged("FORBIDDEN", () => reviews.decideRequest(grace, requestId, { verdict: "approve", revision: 1 }));
    await refusedUnchanged("FORBIDDEN", () => reviews.decideRequest(linus, requestId, { verdict: "approve", revision: 1 }));
    await refusedUnchanged("INVALID", () => reviews.decideRequest(ada, requestId, { verdict: "changes", revision: 1, note: " " }));
    expect(await reviews.decideRequest(ada, requestId, { verdict: "changes", revision: 1, note: "Explain the change in the body." })).toMatchObject({
      merged: null,
      approvals: 0,
    });

    expect(await reviews.countReviewInbox(grace)).toMatchObject({ mine: 1, changesRequested: 1 });

    // The author pushes revision 2 from the editor; the earlier verdict is dismissed.
    const revised = await skills.addSkillVersion(grace, skill.id, {
      skill: makeSkill(skill.name, { body: "Line one.\nLine 2, better (clearer).\nLine three." }),
      message: "Explain",
      baseVersion: 1,
      requestId,
    });
    expect(revised).toMatchObject({ version: 3, proposal: { requestId, revision: 2 } });
    expect(await db.reviewVerdictRow.count({ where: { requestId, dismissed: false } })).toBe(0);
    const afterRevision = await reviews.getReviewRequest(ada, requestId);
    expect(afterRevision).toMatchObject({
      revision: 2,
      shown: { from: 1, to: 3, scan: { complete: true, reviewStatus: "none" }, validation: { errorCount: 0 } },
      changesRequested: false,
    });
    expect(afterRevision!.shown.tokens.before).toMatchObject({ catalog: expect.any(Number), body: expect.any(Number) });
    expect(await reviews.countReviewInbox(grace)).toMatchObject({ mine: 1, changesRequested: 0 });
    // "Changes since your last review": ada decided on revision 1, so the page offers revision 1 -> 2 (v2 -> v3).
    expect(afterRevision!.lastReviewedRevision).toBe(1);
    expect((await reviews.getReviewRequest(grace, requestId))!.lastReviewedRevision).toBeNull();
    const since = await reviews.getReviewRequest(ada, requestId, { since: 1 });
    expect(since!.shown).toMatchObject({ revision: 2, since: 1, from: 2, to: 3 });
    expect(since!.shown.diff.files.filter((f) => f.status !== "unchanged").map((f) => f.path)).toEqual(["SKILL.md"]);
    expect(await reviews.getReviewDiffFiles(ada, requestId, 2, ["SKILL.md"], 1)).toEqual(since!.shown.diff.files.filter((f) => f.path === "SKILL.md"));
    expect(await reviews.reviewRequestHead(ada, requestId, { since: 1 })).toMatchObject({ skillName: skill.name });
    // Only an earlier revision: the same one, a later one or a missing one is a 404.
    expect(await reviews.getReviewRequest(ada, requestId, { since: 2 })).toBeNull();
    expect(await reviews.reviewRequestHead(ada, requestId, { revision: 1, since: 1 })).toBeNull();
    expect(await reviews.reviewRequestHead(ada, requestId, { since: 5 })).toBeNull();
    expect(afterRevision!.threads[0]).toMatchObject({
      anchor: { version: 2, line: lineNumber },
      outdated: true,
      comments: [{ body: "Say why it is better." }, { body: "Clearer wording." }],
    });
    // Approving what was on screen before the revision is refused.
    await refusedUnchanged("CONFLICT", () => reviews.decideRequest(ada, requestId, { verdict: "approve", revision: 1 }));
    expect(await reviews.decideRequest(ada, requestId, { verdict: "approve", revision: 2 })).toMatchObject({
      merged: { version: 3 },
      approvals: 1,
      required: 1,
    });
    expect(await currentNumber(skill.id)).toBe(3);
    expect((await readSkillVersionFiles(linus, skill.id))?.version).toBe(3);
    expect(await requestState(requestId)).toMatchObject({ state: "merged", mergedVersion: 3 });
    // History: v2 was replaced by revision 2 (never published), and v3's changes count from its base v1, not from v2.
    const merged = (await listSkillVersions(linus, skill.id))!.versions;
    const byNumber = (n: number) => merged.find((v) => v.number === n)!;
    expect(byNumber(2)).toMatchObject({ published: false, proposal: { requestId, state: "superseded" }, predecessor: 1 });
    expect(byNumber(3)).toMatchObject({ published: true, proposal: { requestId, state: "merged" }, predecessor: 1 });
    expect(byNumber(3).byteDelta).toBe(byNumber(3).totalBytes - byNumber(1).totalBytes);
    expect(byNumber(3).tokenDelta).toBe(byNumber(3).tokens.total - byNumber(1).tokens.total);
    // A merged request takes no more decisions, comments or withdrawals.
    await refusedUnchanged("CONFLICT", () => reviews.decideRequest(hopper, requestId, { verdict: "approve", revision: 2 }));
    await refusedUnchanged("CONFLICT", () => reviews.commentOnRequest(ada, requestId, { body: "Late" }));
    await refusedUnchanged("CONFLICT", () => reviews.withdrawRequest(grace, requestId));
    const actions = (await db.auditEvent.findMany({ where: { skillId: skill.id, action: { startsWith: "review." } }, orderBy: { createdAt: "asc" } })).map(
      (e) => e.action,
    );
    expect(actions).toEqual(["review.propose", "review.comment", "review.comment", "review.changes", "review.revise", "review.approve", "review.merge"]);
  });

  it("is withdrawn by its author only, and a withdrawn request takes no approval", async () => {
    const skill = await teamSkill();
    const { proposal } = await skills.addSkillVersion(grace, skill.id, { skill: makeSkill(skill.name, { body: "withdraw me" }), message: "Try" });
    await refusedUnchanged("FORBIDDEN", () => reviews.withdrawRequest(ada, proposal!.requestId));
    await reviews.withdrawRequest(grace, proposal!.requestId);
    const error = await refusedUnchanged("CONFLICT", () => reviews.decideRequest(ada, proposal!.requestId, { verdict: "approve", revision: 1 }));
    expect(error.message).toMatch(/withdrawn/);
    expect(await currentNumber(skill.id)).toBe(1);
  });

  it("restores and uploads become proposals too, and the next save is based on the current version, not the last number", async () => {
    const skill = await teamSkill();
    const proposal = await skills.addSkillVersion(grace, skill.id, { skill: makeSkill(skill.name, { body: "v2 proposal" }), message: "P" });
    expect(proposal.version).toBe(2);
    const restore = await skills.restoreSkillVersion(linus, skill.id, 1, { baseVersion: 1 });
    expect(restore.proposal).toBeTruthy();
    expect(await currentNumber(skill.id)).toBe(1);
  });
});

describe("races", () => {
  it("a merge racing a direct save loses neither: the proposal goes out of date and merges after a rebase", async () => {
    await setPolicy({ mode: "approval", approvals: 1, approvers: "managers", managersBypass: true });
    const skill = await teamSkill();
    const { proposal } = await skills.addSkillVersion(grace, skill.id, {
      skill: makeSkill(skill.name, { body: "grace's change" }),
      message: "Grace",
      baseVersion: 1,
    });
    const direct = await skills.addSkillVersion(ada, skill.id, {
      skill: makeSkill(skill.name, { body: "ada's direct change" }),
      message: "Ada",
      baseVersion: 1,
    });
    expect(direct).toMatchObject({ version: 3 });
    expect(direct.proposal).toBeUndefined();
    const outcome = await reviews.decideRequest(hopper, proposal!.requestId, { verdict: "approve", revision: 1 });
    expect(outcome).toMatchObject({ merged: null, outOfDate: true });
    expect(await currentNumber(skill.id)).toBe(3);
    expect((await reviews.getReviewRequest(grace, proposal!.requestId))?.outOfDate).toBe(true);
    // A revision based on an older version is refused like any conflict.
    const stale = await refusal(
      skills.addSkillVersion(grace, skill.id, { skill: makeSkill(skill.name, { body: "x" }), message: "R", baseVersion: 1, requestId: proposal!.requestId }),
    );
    expect(stale).toMatchObject({ code: "CONFLICT", details: { reason: "version-moved", currentVersion: 3 } });
    await skills.addSkillVersion(grace, skill.id, {
      skill: makeSkill(skill.name, { body: "ada's direct change\n\ngrace's change" }),
      message: "Rebased",
      baseVersion: 3,
      requestId: proposal!.requestId,
    });
    const merged = await reviews.decideRequest(hopper, proposal!.requestId, { verdict: "approve", revision: 2 });
    // Version 4: the refused revision took no number (its transaction rolled back).
    expect(merged.merged).toEqual({ version: 4 });
    const body = new TextDecoder().decode((await readSkillVersionFiles(linus, skill.id))!.files.find((f) => f.path === "SKILL.md")!.bytes);
    expect(body).toContain("ada's direct change");
    expect(body).toContain("grace's change");
  });

  it("two reviewers approving at the same moment merge once", async () => {
    await setPolicy({ mode: "approval", approvals: 2, approvers: "members", managersBypass: false });
    const skill = await teamSkill();
    const { proposal } = await skills.addSkillVersion(grace, skill.id, { skill: makeSkill(skill.name, { body: "two approvals" }), message: "Two" });
    const results = await Promise.all([ada, linus].map((who) => reviews.decideRequest(who, proposal!.requestId, { verdict: "approve", revision: 1 })));
    expect(results.filter((r) => r.merged)).toHaveLength(1);
    expect(await db.auditEvent.count({ where: { action: "review.merge", skillId: skill.id } })).toBe(1);
    expect(await currentNumber(skill.id)).toBe(2);
  });
});

describe("reviewed spaces", () => {
  it("a non-admin's publication to the public space is a move request an instance admin approves", async () => {
    await createUser(db, "writer");
    const writer = { id: "writer" };
    const created = await skills.createSkill(writer, { skill: makeSkill("public-by-request"), destination: { scope: "PUBLIC" } });
    expect(created).toMatchObject({ created: true, proposal: { revision: 1 } });
    expect((await db.skill.findUniqueOrThrow({ where: { id: created.skillId } })).scope).toBe("PERSONAL");
    // A team owner who is not an instance admin cannot approve it; ada can.
    await refusedUnchanged("NOT_FOUND", () => reviews.decideRequest(grace, created.proposal!.requestId, { verdict: "approve", revision: 1 }));
    const detail = await reviews.getReviewRequest(ada, created.proposal!.requestId);
    expect(detail).toMatchObject({ kind: "move", target: { scope: "PUBLIC" }, can: { decide: true }, shown: { from: null, to: 1 } });
    expect(await reviews.decideRequest(ada, created.proposal!.requestId, { verdict: "approve", revision: 1 })).toMatchObject({ merged: { version: 1 } });
    expect(await db.skill.findUniqueOrThrow({ where: { id: created.skillId } })).toMatchObject({ scope: "PUBLIC", ownerId: "writer" });
    // Its next version by its non-admin author is a proposal too.
    const next = await skills.addSkillVersion(writer, created.skillId, { skill: makeSkill("public-by-request", { body: "v2" }), message: "More" });
    expect(next.proposal).toBeTruthy();
  });

  it("moving a personal skill into a reviewed team waits for approval", async () => {
    const mine = await skills.createSkill(linus, { skill: makeSkill(`linus-own-${++counter}`), destination: { scope: "PERSONAL" } });
    const moved = await skills.changeSkillScope(linus, mine.skillId, { scope: "TEAM", teamId });
    expect(moved.scope).toBe("PERSONAL");
    expect(moved.proposal).toBeTruthy();
    await refusedUnchanged("CONFLICT", () => skills.changeSkillScope(linus, mine.skillId, { scope: "TEAM", teamId }));
    await reviews.decideRequest(hopper, moved.proposal!.requestId, { verdict: "approve", revision: 1 });
    expect(await db.skill.findUniqueOrThrow({ where: { id: mine.skillId } })).toMatchObject({ scope: "TEAM", teamId });
  });

  it("prune keeps an open request's proposals and the version they are based on", async () => {
    const skill = await teamSkill();
    for (let i = 0; i < 3; i++)
      await skills.addSkillVersion(ada, skill.id, { skill: makeSkill(skill.name, { body: `ada ${i}` }), message: `A${i}` }).catch(() => null);
    await setPolicy({ mode: "approval", approvals: 1, approvers: "managers", managersBypass: true });
    for (let i = 0; i < 3; i++) await skills.addSkillVersion(ada, skill.id, { skill: makeSkill(skill.name, { body: `direct ${i}` }), message: `D${i}` });
    const { proposal, version } = await skills.addSkillVersion(grace, skill.id, { skill: makeSkill(skill.name, { body: "kept" }), message: "Keep me" });
    const base = (await db.reviewRequest.findUniqueOrThrow({ where: { id: proposal!.requestId } })).baseVersion!;
    for (let i = 0; i < 3; i++) await skills.addSkillVersion(ada, skill.id, { skill: makeSkill(skill.name, { body: `later ${i}` }), message: `L${i}` });
    const deleted = await skills.pruneSkillVersions(ada, skill.id, 1);
    expect(deleted).not.toContain(version);
    expect(deleted).not.toContain(base);
  });
});

describe("the header's counts", () => {
  // The header counts in the database; the inbox's "for me" box filters rows with the policy. They must agree.
  const forMeListed = async (viewer: { id: string }) => (await reviews.listReviewRequests(viewer, { box: "for-me", state: "open", pageSize: 100 })).total;

  it("count what the for-me box lists, less the requests whose latest revision the viewer decided", async () => {
    // Two approvals from two managers: a manager's own change could never pass, which is confirmed on purpose here.
    await reviews.setTeamReviewPolicy(
      ada,
      teamId,
      { mode: "approval", approvals: 2, approvers: "managers", managersBypass: false },
      { acceptUnreachable: true },
    );
    const skill = await teamSkill();
    const proposed = await skills.addSkillVersion(grace, skill.id, { skill: makeSkill(skill.name, { body: "Counted." }), message: "Count", baseVersion: 1 });
    const requestId = proposed.proposal!.requestId;
    const before = await reviews.countReviewInbox(ada);
    expect(before.forMe).toBeGreaterThan(0);
    // One approval of two: still open, no longer waiting for ada, still waiting for hopper.
    await reviews.decideRequest(ada, requestId, { verdict: "approve", revision: 1 });
    expect((await requestState(requestId)).state).toBe("open");
    expect((await reviews.countReviewInbox(ada)).forMe).toBe(before.forMe - 1);
    for (const viewer of [ada, grace, linus, hopper, outsider]) expect((await reviews.countReviewInbox(viewer)).forMe).toBe(await forMeListed(viewer));
    // A new revision dismisses the verdict: it waits for ada again.
    await skills.addSkillVersion(grace, skill.id, { skill: makeSkill(skill.name, { body: "Counted again." }), message: "Again", baseVersion: 1, requestId });
    expect((await reviews.countReviewInbox(ada)).forMe).toBe(before.forMe);
    for (const viewer of [ada, grace, linus, hopper, outsider]) expect((await reviews.countReviewInbox(viewer)).forMe).toBe(await forMeListed(viewer));
  });
});

describe("a skill's open proposals", () => {
  it("lists the open requests of a skill to those who may see it, and none for a skill without any", async () => {
    const quiet = await teamSkill();
    expect(await reviews.listSkillReviewRequests(ada, quiet.id)).toEqual([]);
    const skill = await teamSkill();
    const proposed = await skills.addSkillVersion(grace, skill.id, { skill: makeSkill(skill.name, { body: "Proposed." }), message: "Propose", baseVersion: 1 });
    const open = await reviews.listSkillReviewRequests(ada, skill.id);
    expect(open).toMatchObject([{ id: proposed.proposal!.requestId, state: "open", author: { id: "grace" }, skill: { id: skill.id } }]);
    expect(await reviews.listSkillReviewRequests(outsider, skill.id)).toEqual([]);
  });
});
