import { afterAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/skills/permissions/permissions";
import { canViewSkill } from "@/lib/skills/permissions/permissions";
import { canSeeRequest, isEligibleReviewer } from "@/lib/skills/review-requests/policy";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ReviewListFilter, ReviewListPage } from "@/lib/types/reviews";
import { seededRandom } from "@/lib/test/random";
import { createCast, createTeam, createTestDatabase, createUser, makeSkill } from "@/lib/test/support";
import { countStatements, recordStatements } from "@/lib/test/sql-statements";

// The inbox (app/(app)/reviews/(inbox)/page.tsx) in raw SQL (read.ts) against the Prisma read it
// replaced, kept below as the oracle: every viewer, box, state, skill and team filter and page,
// over requests of every kind, place, approver rule, state and author (one gone, one never set),
// with several revisions, verdicts live, dismissed and on older revisions, and line and
// whole-proposal comments resolved and not. Then the statements it sends. Issue 44.

// The actor read once per viewer, as the layout has read it for the page in a render.
vi.mock("@/lib/data/core/actor", async (original) => (await import("@/lib/test/sql-statements")).actorReadOncePerViewer(await original()));

recordStatements(); // before the first connection (see the file)
const { db, cleanup } = await createTestDatabase();
const { listReviewRequests } = await import("./index");
const { summarize, reviewSummarySelect } = await import("./read");
const { countReviewInbox } = await import("./header-counts");
const { reviewerWhere } = await import("./reviewers");
const { visibleTo } = await import("../core/skill-access");
const { factsOf } = await import("../core/request-facts");
const { loadActor } = await import("../core/actor");
const skills = await import("../skills");
afterAll(cleanup);

// ---- The oracle: listReviewRequests as it read before, through Prisma's relation loads ----

type OldRow = Prisma.ReviewRequestGetPayload<{ select: typeof reviewSummarySelect }>;
const facts = (row: OldRow) => factsOf(row as unknown as Parameters<typeof factsOf>[0]);

async function oldWaitingFor(actor: Actor, where: Prisma.ReviewRequestWhereInput): Promise<OldRow[]> {
  const rows = await db.reviewRequest.findMany({
    where: { AND: [{ state: "open" }, reviewerWhere(actor), where] },
    select: reviewSummarySelect,
    orderBy: { updatedAt: "desc" },
    take: 500,
  });
  return rows.filter((row) => isEligibleReviewer(actor, facts(row)) && !row.verdicts.some((v) => v.reviewerId === actor.id && v.revision === row.revision));
}

async function oldList(viewer: { id: string }, filter: ReviewListFilter): Promise<ReviewListPage> {
  const actor = await loadActor(db, viewer);
  const page = Math.max(1, filter.page ?? 1);
  const pageSize = Math.min(100, Math.max(1, filter.pageSize ?? 25));
  const narrow: Prisma.ReviewRequestWhereInput = {
    ...(filter.skillId ? { skillId: filter.skillId } : {}),
    ...(filter.teamId ? { OR: [{ targetTeamId: filter.teamId }, { skill: { teamId: filter.teamId } }] } : {}),
  };
  const counts = await countReviewInbox(viewer);
  if (filter.box === "for-me") {
    const rows = filter.state === "open" || filter.state === "all" ? await oldWaitingFor(actor, narrow) : [];
    return { items: await summarize(actor, rows.slice((page - 1) * pageSize, page * pageSize)), total: rows.length, page, pageSize, counts };
  }
  const see: Prisma.ReviewRequestWhereInput = { OR: [{ skill: visibleTo(actor) }, { authorId: actor.id }, reviewerWhere(actor)] };
  const where: Prisma.ReviewRequestWhereInput = {
    AND: [filter.box === "mine" ? { authorId: actor.id } : see, filter.state === "all" ? {} : { state: filter.state }, narrow],
  };
  const [total, rows] = await Promise.all([
    db.reviewRequest.count({ where }),
    db.reviewRequest.findMany({
      where,
      select: reviewSummarySelect,
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
  ]);
  const visible = rows.filter((row) => canSeeRequest(actor, facts(row), canViewSkill(actor, facts(row).skill)));
  return { items: await summarize(actor, visible), total, page, pageSize, counts };
}

// ---- The requests ----

// Platform: ada (instance admin) owns it, hopper administers it, grace and linus are members. Docs:
// linus owns it, grace administers it, mona is a member. root is an instance admin in no team;
// outsider is nobody. "ghost" wrote requests and is gone; some requests never had an author.
const cast = await createCast(db, {
  team: { ada: "OWNER", hopper: "ADMIN", grace: "MEMBER", linus: "MEMBER" },
  extra: ["hopper", "mona", "outsider"],
  names: { ada: "Ada Lovelace", grace: "Grace Hopper" },
});
await createUser(db, "root", { role: "ADMIN" });
const platform = cast.team.id;
const docs = (await createTeam(db, "Docs", { linus: "OWNER", grace: "ADMIN", mona: "MEMBER" })).id;
const viewers = ["ada", "grace", "linus", "hopper", "mona", "root", "outsider"];

const created = async (viewer: { id: string }, name: string, destination: { scope: "TEAM"; teamId: string } | { scope: "PERSONAL" }) =>
  (await skills.createSkill(viewer, { skill: makeSkill(name), destination })).skillId!;
const platformSkill = await created(cast.ada, "platform-skill", { scope: "TEAM", teamId: platform });
const docsSkill = await created(cast.linus, "docs-skill", { scope: "TEAM", teamId: docs });
const personalSkill = await created(cast.grace, "personal-skill", { scope: "PERSONAL" });
// No current version: the request is out of date against nothing.
const publicSkill = (await db.skill.create({ data: { name: "public-skill", scope: "PUBLIC", space: "public" }, select: { id: true } })).id;

const places = [
  { kind: "version", skillId: platformSkill, targetScope: null, targetTeamId: null },
  { kind: "label", skillId: docsSkill, targetScope: null, targetTeamId: null, targetLabel: "stable" },
  { kind: "move", skillId: personalSkill, targetScope: "TEAM", targetTeamId: platform },
  { kind: "move", skillId: platformSkill, targetScope: "TEAM", targetTeamId: docs },
  { kind: "move", skillId: platformSkill, targetScope: "PUBLIC", targetTeamId: null },
  // A move to a team since deleted: named "a team".
  { kind: "move", skillId: docsSkill, targetScope: "TEAM", targetTeamId: "deleted-team" },
  { kind: "version", skillId: publicSkill, targetScope: null, targetTeamId: null },
  { kind: "version", skillId: personalSkill, targetScope: null, targetTeamId: null },
] as const;

// A fixed pseudo-random sequence, so a failure reproduces.
const { random, pick } = seededRandom(44);

// Every date distinct (the old waiting list ordered by date alone, verdicts were sorted by date).
const start = Date.UTC(2026, 0, 1);
let tick = 0;
const later = () => new Date(start + ++tick * 60_000 + Math.floor(random() * 30_000));

const requests: Prisma.ReviewRequestCreateManyInput[] = [];
const revisions: Prisma.ReviewRevisionCreateManyInput[] = [];
const verdicts: Prisma.ReviewVerdictRowCreateManyInput[] = [];
const comments: Prisma.ReviewCommentCreateManyInput[] = [];
for (const place of places) {
  for (const approvers of ["managers", "members", "instance-admins"]) {
    for (const authorId of ["ada", "grace", "linus", "mona", "ghost", null]) {
      const id = `request-${String(requests.length).padStart(4, "0")}`;
      const state = pick(["open", "open", "merged", "withdrawn"] as const);
      const revision = pick([1, 2, 3]);
      const createdAt = later();
      requests.push({
        id,
        ...place,
        authorId,
        approvers,
        state,
        revision,
        title: `Request ${requests.length}`,
        requiredApprovals: pick([1, 2]),
        baseVersion: pick([1, 2, null]),
        mergedVersion: state === "merged" ? pick([2, 3]) : null,
        createdAt,
        updatedAt: pick([createdAt, later()]),
      });
      if (place.kind === "version") {
        for (let number = 1; number <= revision; number++)
          revisions.push({ requestId: id, number, versionNumber: 1 + number, baseVersion: 1, message: `r${number}`, authorId });
      }
      for (let i = pick([0, 1, 2, 3, 4, 5]); i > 0; i--) {
        verdicts.push({
          requestId: id,
          reviewerId: pick(viewers),
          verdict: pick(["approve", "changes"] as const),
          revision: random() < 0.7 ? revision : Math.max(1, revision - 1),
          dismissed: random() < 0.25,
          createdAt: later(),
        });
      }
      const threads: string[] = [];
      for (let i = pick([0, 0, 1, 2, 3, 4]); i > 0; i--) {
        const commentId = `${id}-comment-${i}`;
        const reply = threads.length > 0 && random() < 0.3;
        comments.push({
          id: commentId,
          requestId: id,
          authorId: pick(viewers),
          body: "b",
          parentId: reply ? pick(threads) : null,
          line: random() < 0.6 ? 1 + Math.floor(random() * 20) : null,
          path: "SKILL.md",
          versionNumber: 2,
          resolvedAt: random() < 0.4 ? later() : null,
          createdAt: later(),
        });
        if (!reply) threads.push(commentId);
      }
    }
  }
}
await db.reviewRequest.createMany({ data: requests });
await db.reviewRevision.createMany({ data: revisions });
await db.reviewVerdictRow.createMany({ data: verdicts });
await db.reviewComment.createMany({ data: comments });

// The actor and the header's counts, read once per viewer as the layout would have.
for (const id of viewers) await listReviewRequests({ id }, { box: "all", state: "all" });

const boxes = ["for-me", "mine", "all"] as const;
const states = ["open", "merged", "withdrawn", "all"] as const;

describe("the inbox in raw SQL", () => {
  it("lists what the Prisma read listed, for every viewer, box, state, filter and page", async () => {
    let items = 0;
    const seen = { me: 0, author: 0, approvals: 0, unresolved: 0, aTeam: 0, noAuthor: 0, versionNumber: 0, outOfDate: 0 };
    for (const id of viewers) {
      for (const box of boxes) {
        for (const state of states) {
          const filters: ReviewListFilter[] = [
            { box, state, pageSize: 100 },
            { box, state, skillId: platformSkill, pageSize: 100 },
            { box, state, skillId: publicSkill, pageSize: 100 },
            { box, state, teamId: platform, pageSize: 100 },
            { box, state, teamId: docs, pageSize: 100 },
            { box, state },
            { box, state, page: 1, pageSize: 7 },
            { box, state, page: 2, pageSize: 7 },
            { box, state, page: 40, pageSize: 7 },
          ];
          for (const filter of filters) {
            const expected = await oldList({ id }, filter);
            const actual = await listReviewRequests({ id }, filter);
            expect(actual, `${id} ${JSON.stringify(filter)}`).toStrictEqual(expected);
            if (filter.pageSize !== 100 || filter.skillId || filter.teamId) continue;
            items += actual.items.length;
            for (const item of actual.items) {
              if (item.waitingOn === "me") seen.me++;
              if (item.waitingOn === "author") seen.author++;
              if (item.approvals > 0) seen.approvals++;
              if (item.unresolvedThreads > 0) seen.unresolved++;
              if (item.target?.team?.name === "a team") seen.aTeam++;
              if (!item.author) seen.noAuthor++;
              if (item.versionNumber !== null) seen.versionNumber++;
              if (item.outOfDate) seen.outOfDate++;
            }
          }
        }
      }
    }
    // The matrix reaches every field's cases.
    expect(items).toBeGreaterThan(300);
    for (const [field, count] of Object.entries(seen)) expect(count, field).toBeGreaterThan(3);
  });

  it("reads a full page in 2 statements (9 or 10 before) and an empty list in 1 (7 or 8 before), none twice", async () => {
    const own = (statements: string[]) => statements.filter((sql) => !sql.includes(`AS "forMe"`));
    const check = async (viewer: { id: string }, filter: ReviewListFilter, expected: { items: number; now: number; before: number }) => {
      const { result, statements } = await countStatements(() => listReviewRequests(viewer, filter));
      expect(result.items.length, JSON.stringify(filter)).toBe(expected.items);
      // One more is the header's counts, which a render shares with the layout.
      expect(statements.length - own(statements).length).toBe(1);
      expect(own(statements), JSON.stringify(filter)).toHaveLength(expected.now);
      expect(new Set(statements).size).toBe(statements.length);
      expect(statements.some((sql) => /IN \(NULL\)/i.test(sql))).toBe(false);
      const before = await countStatements(() => oldList(viewer, filter));
      expect(own(before.statements), JSON.stringify(filter)).toHaveLength(expected.before);
    };
    await check({ id: "ada" }, { box: "all", state: "all", pageSize: 25 }, { items: 25, now: 2, before: 9 });
    await check({ id: "ada" }, { box: "for-me", state: "open", pageSize: 25 }, { items: 19, now: 2, before: 9 });
    await check({ id: "grace" }, { box: "mine", state: "all", pageSize: 25 }, { items: 24, now: 2, before: 10 });
    await check({ id: "outsider" }, { box: "mine", state: "all", pageSize: 25 }, { items: 0, now: 1, before: 8 });
    await check({ id: "outsider" }, { box: "all", state: "all", skillId: docsSkill, pageSize: 25 }, { items: 0, now: 1, before: 8 });
    await check({ id: "outsider" }, { box: "for-me", state: "open", pageSize: 25 }, { items: 0, now: 1, before: 7 });
    await check({ id: "ada" }, { box: "mine", state: "all", skillId: "no-such-skill" }, { items: 0, now: 1, before: 8 });
    // Past the last page (an old link): the rows, then a count.
    await check({ id: "ada" }, { box: "all", state: "all", page: 40, pageSize: 25 }, { items: 0, now: 2, before: 8 });
  });

  it("of one reviewer's two verdicts at the same instant, counts the one with the larger id, as the header does", async () => {
    const before = await countReviewInbox(cast.grace);
    const tieSkill = (await db.skill.create({ data: { name: "tie-skill", scope: "TEAM", teamId: platform, space: platform }, select: { id: true } })).id;
    const request = (id: string) =>
      ({ id, skillId: tieSkill, kind: "version", authorId: "grace", approvers: "managers", title: id, requiredApprovals: 1 }) as const;
    await db.reviewRequest.createMany({ data: [request("tie-1"), request("tie-2")] });
    const at = new Date(start);
    const verdict = (requestId: string, id: string, verdict: "approve" | "changes") => ({
      id,
      requestId,
      reviewerId: "hopper",
      verdict,
      revision: 1,
      createdAt: at,
    });
    await db.reviewVerdictRow.createMany({
      data: [
        verdict("tie-1", "tie-1-a", "approve"),
        verdict("tie-1", "tie-1-b", "changes"),
        verdict("tie-2", "tie-2-b", "approve"),
        verdict("tie-2", "tie-2-a", "changes"),
      ],
    });
    const { items } = await listReviewRequests(cast.grace, { box: "mine", state: "open", skillId: tieSkill });
    expect(items.map((item) => [item.id, item.approvals, item.changesRequested]).sort()).toEqual([
      ["tie-1", 0, true],
      ["tie-2", 1, false],
    ]);
    // The header counts tie-1 as asking for changes and tie-2 not.
    expect(await countReviewInbox(cast.grace)).toEqual({ ...before, mine: before.mine + 2, changesRequested: before.changesRequested + 1 });
  });
});
