import { afterAll, describe, expect, it } from "vitest";
import { exportSkillZip } from "@/lib/skills/archive/export";
import { createCast, createTestDatabase } from "@/lib/test/support";

// The HTTP API where a team's policy asks for review: a member's upload answers 202 with the
// review request, agents' reads (the current version, "latest" downloads, install commands) keep
// the published version, and GET /api/v1/reviews lists the requests for a token's owner.

const { db, cleanup } = await createTestDatabase();
const { createToken } = await import("@/lib/data/accounts/tokens");
const skillsRoute = await import("@/app/api/v1/skills/route");
const skillRoute = await import("@/app/api/v1/skills/[skillId]/route");
const downloadRoute = await import("@/app/api/v1/skills/[skillId]/download/route");
const appDownloadRoute = await import("@/app/api/skills/[skillId]/download/route");
const reviewsRoute = await import("@/app/api/v1/reviews/route");
const reviewRoute = await import("@/app/api/v1/reviews/[requestId]/route");
afterAll(cleanup);

const { team, ada, grace, linus } = await createCast(db);
await db.team.update({
  where: { id: team.id },
  data: { reviewPolicy: JSON.stringify({ mode: "approval", approvals: 1, approvers: "managers", managersBypass: true }) },
});
const token = async (viewer: { id: string }, scope: "read" | "publish") => (await createToken(viewer, { name: scope, scope })).secret;
const adaPublish = await token(ada, "publish");
const adaRead = await token(ada, "read");
const gracePublish = await token(grace, "publish");
const linusRead = await token(linus, "read");

const enc = new TextEncoder();
const zipOf = (body: string) =>
  exportSkillZip({
    name: "team-notes",
    files: [{ path: "SKILL.md", bytes: enc.encode(`---\nname: team-notes\ndescription: Team notes. Use for notes.\n---\n\n${body}\n`) }],
  });
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

function publish(secret: string, fields: Record<string, string>, body: string) {
  const form = new FormData();
  form.append("file", new File([zipOf(body) as Uint8Array<ArrayBuffer>], "team-notes.zip"));
  for (const [k, v] of Object.entries({ scope: "team", team: "Platform", ...fields })) form.append(k, v);
  return skillsRoute.POST(new Request("http://localhost/api/v1/skills", { method: "POST", body: form, headers: bearer(secret) }));
}
type Route<P> = { GET: (r: Request, c: { params: Promise<P> }) => Promise<Response> };
const get = <P>(route: Route<P>, url: string, params: P, secret: string) =>
  route.GET(new Request(`http://localhost${url}`, { headers: bearer(secret) }), { params: Promise.resolve(params) });

const created = await publish(adaPublish, {}, "Published steps.");
const skillId: string = (await created.json()).skills[0].skillId;

describe("POST /api/v1/skills where the team asks for review", () => {
  it("publishes at once for a manager the policy lets through (201)", () => {
    expect(created.status).toBe(201);
  });

  it("answers a member's dry run with wouldAnswer 202 and the item marked proposed", async () => {
    const dry = await publish(gracePublish, { dryRun: "true", message: "Rework" }, "Proposed steps.");
    expect(dry.status).toBe(200);
    expect(await dry.json()).toMatchObject({ wouldAnswer: 202, plan: [{ name: "team-notes", action: "version", skillId, proposed: true }] });
  });

  it("answers a member's new version 202 with the review request (Location: its API URL)", async () => {
    const response = await publish(gracePublish, { message: "Rework" }, "Proposed steps.");
    expect(response.status).toBe(202);
    const body = await response.json();
    const [skill] = body.skills;
    expect(skill).toMatchObject({ skillId, action: "version", version: 2, proposal: { revision: 1 } });
    const id = skill.proposal.requestId;
    expect(skill.review).toEqual({ requestId: id, url: `http://localhost:3000/reviews/${id}`, api: `http://localhost:3000/api/v1/reviews/${id}` });
    expect(response.headers.get("location")).toBe(skill.review.api);
  });
});

describe("agents keep the published version over HTTP", () => {
  it("GET /api/v1/skills/{id}: the current version, the proposal listed as proposed, install commands without a version", async () => {
    const detail = await (await get(skillRoute, `/api/v1/skills/${skillId}`, { skillId }, gracePublish)).json();
    expect(detail).toMatchObject({ version: 1, versionDetail: { number: 1 } });
    expect(detail.versions.map((v: { number: number; proposed: boolean }) => [v.number, v.proposed])).toEqual([
      [2, true],
      [1, false],
    ]);
    for (const command of Object.values(detail.install) as string[]) {
      expect(command).toContain(`/api/v1/skills/${skillId}/download'`);
      expect(command).not.toContain("?v=");
    }
    const pinned = await (await get(skillRoute, `/api/v1/skills/${skillId}?v=2`, { skillId }, gracePublish)).json();
    expect(pinned.versionDetail.number).toBe(2);
  });

  it("downloads of the latest version give v1; v2 by number for whoever may see the skill", async () => {
    for (const route of [downloadRoute, appDownloadRoute]) {
      const latest = await get(route, `/api/v1/skills/${skillId}/download`, { skillId }, gracePublish);
      expect(latest.status).toBe(200);
      expect(latest.headers.get("x-skill-version")).toBe("1");
    }
    const proposal = await get(downloadRoute, `/api/v1/skills/${skillId}/download?v=2`, { skillId }, adaRead);
    expect(proposal.status).toBe(200);
    expect(proposal.headers.get("x-skill-version")).toBe("2");
    expect((await get(downloadRoute, `/api/v1/skills/${skillId}/download?v=2`, { skillId }, linusRead)).status).toBe(404);
  });
});

describe("GET /api/v1/reviews", () => {
  const list = (secret: string, query = "") => reviewsRoute.GET(new Request(`http://localhost/api/v1/reviews${query}`, { headers: bearer(secret) }));

  it("lists the requests waiting for the token's owner, and the author's own", async () => {
    const forAda = await list(adaRead);
    expect(forAda.status).toBe(200);
    const page = await forAda.json();
    expect(page).toMatchObject({ total: 1, page: 1, counts: { forMe: 1 } });
    const [item] = page.items;
    expect(item).toMatchObject({
      kind: "version",
      state: "open",
      skill: { id: skillId, name: "team-notes", scope: "team", team: { id: team.id, name: "Platform" } },
      author: { id: "grace" },
      versionNumber: 2,
      baseVersion: 1,
      requiredApprovals: 1,
      waitingOn: "me",
      links: { url: `http://localhost:3000/reviews/${item.id}`, api: `http://localhost:3000/api/v1/reviews/${item.id}` },
    });
    expect(item.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(item.links.download).toBe(`http://localhost:3000/api/v1/skills/${skillId}/download?v=2`);

    const mine = await (await list(gracePublish, "?box=mine&state=all")).json();
    expect(mine.items.map((r: { id: string }) => r.id)).toEqual([item.id]);
    expect((await (await list(linusRead, "?box=all")).json()).items).toEqual([]);
    expect((await list(adaRead, "?box=everything")).status).toBe(400);
    expect((await list(adaRead, "?state=closed")).status).toBe(400);
    expect((await reviewsRoute.GET(new Request("http://localhost/api/v1/reviews"))).status).toBe(401);
  });

  it("answers one request with its revisions, verdicts and threads, no diff; 404 for whoever may not see it", async () => {
    const [{ id }] = (await (await list(adaRead)).json()).items;
    const response = await get(reviewRoute, `/api/v1/reviews/${id}`, { requestId: id }, adaRead);
    expect(response.status).toBe(200);
    const detail = await response.json();
    expect(detail).toMatchObject({
      id,
      revisions: [{ number: 1, versionNumber: 2, baseVersion: 1, message: "Rework", author: { id: "grace" } }],
      verdicts: [],
      threads: [],
      readiness: { approvals: 0, required: 1, ready: false },
      shown: { revision: 1, from: 1, to: 2, stats: { filesChanged: 1 } },
      can: { decide: true, withdraw: false },
    });
    expect(detail).not.toHaveProperty("diff");
    expect(detail.shown).not.toHaveProperty("diff");
    expect((await get(reviewRoute, `/api/v1/reviews/${id}`, { requestId: id }, linusRead)).status).toBe(404);
    expect((await get(reviewRoute, `/api/v1/reviews/nope`, { requestId: "nope" }, adaRead)).status).toBe(404);
    expect((await get(reviewRoute, `/api/v1/reviews/${id}?revision=x`, { requestId: id }, adaRead)).status).toBe(400);
  });
});
