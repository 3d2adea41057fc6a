import { afterAll, describe, expect, it } from "vitest";
import { startTestServer } from "@/lib/test/http-server";
import { startSmtpServer } from "@/lib/test/smtp-server";
import { createCast, createTestDatabase, makeSkill, refusal, setReviewPolicy } from "@/lib/test/support";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhookSignature } from "@/lib/notifications/webhook";

// The notification centre end to end below the UI: audited actions write each recipient's copy,
// the outbox dispatch sends e-mail to a real SMTP server and signed posts to a real HTTP receiver.
const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;
// The receiver below listens on loopback, which webhooks may post to only with this.
process.env.WEBHOOKS_ALLOW_LOCAL = "true";
process.env.BETTER_AUTH_SECRET ??= "a-test-secret-that-is-at-least-32-characters";
const { db, cleanup } = await createTestDatabase();
const notifications = await import("./index");
const { deliverWebhook, sendNotificationEmail } = await import("./dispatch");
const { jobQueue, JOBS } = await import("../platform/job-queue");
const skills = await import("../skills");
const reviews = await import("../reviews");
const { getEnv } = await import("@/lib/env");

const posts: { body: string; headers: Headers }[] = [];
let answer = 200;
const receiver = await startTestServer(async (request) => {
  posts.push({ body: await request.text(), headers: request.headers });
  return new Response("ok", { status: answer });
});
afterAll(async () => {
  await receiver.close();
  await smtp.close();
  await cleanup();
});

// Jobs run inline here: what the queue would call, in the order it would.
const queued: { name: string; payload: Record<string, unknown> }[] = [];
jobQueue().enqueue = async (name, payload) => {
  queued.push({ name, payload });
  return true;
};
async function runQueued() {
  await notifications.dispatchNotifications();
  for (let job = queued.shift(); job; job = queued.shift()) {
    if (job.name === JOBS.notificationEmail) await sendNotificationEmail(job.payload as { notificationId: string });
    if (job.name === JOBS.webhookDeliver) await deliverWebhook(job.payload as { deliveryId: string }).catch(() => queued.push(job!));
    if (job.name === JOBS.webhookDeliver && answer !== 200 && queued.length > 20) break;
  }
}

const cast = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER", linus: "MEMBER" }, extra: ["outsider"], names: { ada: "Ada Lovelace" } });
const { ada, grace, linus } = cast;
const outsider = { id: "outsider" };
const teamId = cast.team.id;
const titles = async (viewer: { id: string }) => (await notifications.listNotifications(viewer)).map((n) => n.title);

describe("notifications", () => {
  it("tell reviewers of a request, the author of changes requested, a mention, and the merge; never the actor", async () => {
    const created = await skills.createSkill(ada, { skill: makeSkill("deploy-notes"), destination: { scope: "TEAM", teamId } });
    await setReviewPolicy(db, teamId, { mode: "approval", approvals: 1, approvers: "managers", managersBypass: false });
    const saved = await skills.addSkillVersion(grace, created.skillId, {
      skill: makeSkill("deploy-notes", { body: "Better." }),
      message: "Better",
      baseVersion: 1,
    });
    const requestId = saved.proposal!.requestId;
    expect(await titles(ada)).toEqual(["grace asked for a review of deploy-notes"]);
    expect(await notifications.countUnreadNotifications(ada)).toBe(1);
    expect(await titles(grace)).toEqual([]);

    await reviews.commentOnRequest(ada, requestId, { body: "Could @linus and @outsider look? Thanks @grace." });
    // A mention says more than "commented": the author told both ways hears it once, as the mention.
    expect(await titles(grace)).toEqual(["Ada Lovelace mentioned you on the proposal for deploy-notes"]);
    // linus is a team member and may see it; outsider may not, so a mention tells them nothing.
    expect(await titles(linus)).toEqual(["Ada Lovelace mentioned you on the proposal for deploy-notes"]);
    expect(await titles(outsider)).toEqual([]);

    await reviews.decideRequest(ada, requestId, { verdict: "changes", revision: 1, note: "Say why." });
    await reviews.decideRequest(ada, requestId, { verdict: "approve", revision: 1 });
    expect((await titles(grace)).slice(0, 3)).toEqual([
      "The proposal for deploy-notes was merged as version 2",
      "Ada Lovelace approved the proposal for deploy-notes",
      "Ada Lovelace requested changes to the proposal for deploy-notes",
    ]);
    expect(await titles(ada)).toEqual(["grace asked for a review of deploy-notes"]);
    await setReviewPolicy(db, teamId, { mode: "direct" });
  });

  it("tell a skill's creator when someone else changes or archives it, by their preferences", async () => {
    const created = await skills.createSkill(grace, { skill: makeSkill("runbook"), destination: { scope: "TEAM", teamId } });
    await skills.addSkillVersion(linus, created.skillId, { skill: makeSkill("runbook", { body: "Edited." }), message: "Edit" });
    expect((await titles(grace))[0]).toBe("linus published version 2 of runbook");
    await skills.addSkillVersion(grace, created.skillId, { skill: makeSkill("runbook", { body: "Mine." }), message: "Own edit" });
    expect((await titles(grace))[0]).toBe("linus published version 2 of runbook");

    const prefs = await notifications.getNotificationPrefs(grace);
    await notifications.setNotificationPrefs(grace, { ...prefs, "skill.changed": { inApp: false, email: false } });
    const unread = await notifications.countUnreadNotifications(grace);
    await skills.setSkillArchived(ada, created.skillId, true);
    expect(await notifications.countUnreadNotifications(grace)).toBe(unread);
    await notifications.setNotificationPrefs(grace, prefs);
    await skills.setSkillArchived(ada, created.skillId, false);
    expect((await titles(grace))[0]).toBe("Ada Lovelace unarchived runbook");
  });

  it("are each user's own: marking another user's as read changes nothing", async () => {
    const [mine] = await notifications.listNotifications(grace);
    expect(await notifications.markNotificationsRead(linus, [mine.id])).toBe(0);
    expect(await notifications.markNotificationsRead(grace, [mine.id])).toBe(1);
    expect((await notifications.listNotifications(grace))[0].read).toBe(true);
    await notifications.markNotificationsRead(grace, "all");
    expect(await notifications.countUnreadNotifications(grace)).toBe(0);
  });

  it("reach the recipient by e-mail through SMTP: the title and a link, not the content", async () => {
    smtp.received.length = 0;
    await runQueued();
    const toGrace = smtp.received.filter((mail) => mail.to.includes("grace@example.com"));
    expect(toGrace.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1])).toContain("Ada Lovelace unarchived runbook");
    expect(toGrace.some((mail) => mail.raw.includes("/skills/"))).toBe(true);
    expect(smtp.received.some((mail) => mail.raw.includes("Better."))).toBe(false);
    const sent = smtp.received.length;
    await runQueued();
    expect(smtp.received.length).toBe(sent);
  });
});

describe("team webhooks", () => {
  it("are managed by the team's owners and admins only", async () => {
    expect((await refusal(notifications.createTeamWebhook(grace, teamId, { url: receiver.origin }))).code).toBe("FORBIDDEN");
    expect((await refusal(notifications.createTeamWebhook(outsider, teamId, { url: receiver.origin }))).code).toBe("NOT_FOUND");
    expect((await refusal(notifications.createTeamWebhook(ada, teamId, { url: "ftp://example.com" }))).message).toMatch(/https:\/\//);
    expect(await notifications.listTeamWebhooks(grace, teamId)).toBeNull();
  });

  it("post Slack-compatible JSON signed with the secret, for team skills only, and log each delivery", async () => {
    const { id, secret } = await notifications.createTeamWebhook(ada, teamId, { url: `${receiver.origin}/hook` });
    posts.length = 0;
    const team = await skills.createSkill(grace, { skill: makeSkill("team-thing"), destination: { scope: "TEAM", teamId } });
    await skills.addSkillVersion(linus, team.skillId, { skill: makeSkill("team-thing", { body: "SECRET TEAM CONTENT" }), message: "x" });
    const personal = await skills.createSkill(grace, { skill: makeSkill("private-thing"), destination: { scope: "PERSONAL" } });
    await skills.addSkillVersion(grace, personal.skillId, { skill: makeSkill("private-thing", { body: "PRIVATE" }), message: "x" });
    await runQueued();
    expect(posts).toHaveLength(1);
    const [post] = posts;
    expect(verifyWebhookSignature(secret, post.headers.get(TIMESTAMP_HEADER)!, post.body, post.headers.get(SIGNATURE_HEADER)!)).toBe(true);
    expect(verifyWebhookSignature("whsec_wrong", post.headers.get(TIMESTAMP_HEADER)!, post.body, post.headers.get(SIGNATURE_HEADER)!)).toBe(false);
    const body = JSON.parse(post.body) as { text: string; event: { kind: string; team: string } };
    expect(body.text).toMatch(/^linus published version 2 of team-thing <http:\/\/.+\/skills\/.+\|Open in Skillshelf>$/);
    expect(body.event).toMatchObject({ kind: "skill.changed", team: "Platform" });
    expect(post.body).not.toContain("SECRET TEAM CONTENT");
    const [hook] = (await notifications.listTeamWebhooks(ada, teamId))!;
    expect(hook).toMatchObject({ id, deliveries: [{ status: "delivered", attempts: 1, responseStatus: 200 }] });
  });

  it("retry a failing receiver and give up after the last try, logged", async () => {
    answer = 500;
    posts.length = 0;
    const team = await skills.createSkill(grace, { skill: makeSkill("flaky-thing"), destination: { scope: "TEAM", teamId } });
    await skills.addSkillVersion(linus, team.skillId, { skill: makeSkill("flaky-thing", { body: "v2" }), message: "x" });
    await runQueued();
    answer = 200;
    expect(posts).toHaveLength(5);
    const [hook] = (await notifications.listTeamWebhooks(ada, teamId))!;
    expect(hook.deliveries[0]).toMatchObject({ status: "failed", attempts: 5, responseStatus: 500 });
    await notifications.deleteTeamWebhook(ada, teamId, hook.id);
    expect(await notifications.listTeamWebhooks(ada, teamId)).toEqual([]);
  });

  it("never post to this server, link-local or the metadata service: refused when added and again when sent", async () => {
    const env = getEnv();
    const hook = await notifications.createTeamWebhook(ada, teamId, { url: `${receiver.origin}/later-refused` });
    env.WEBHOOKS_ALLOW_LOCAL = false;
    try {
      for (const url of [
        `${receiver.origin}/hook`,
        "http://localhost:9/x",
        "http://169.254.169.254/latest",
        "http://[::ffff:127.0.0.1]/x",
        "http://0.0.0.0/x",
      ]) {
        const refused = await refusal(notifications.createTeamWebhook(ada, teamId, { url }));
        expect(refused.code, url).toBe("INVALID");
        expect(refused.message, url).toMatch(/resolves to .*which webhooks may not post to/);
      }
      // The flag lifts loopback only: the metadata service and link-local stay refused with it.
      env.WEBHOOKS_ALLOW_LOCAL = true;
      for (const url of ["http://169.254.169.254/latest", "http://[fe80::1]/x"]) {
        expect((await refusal(notifications.createTeamWebhook(ada, teamId, { url }))).message, url).toMatch(/which webhooks may not post to/);
      }
      env.WEBHOOKS_ALLOW_LOCAL = false;
      // Added while allowed, sent when no longer: one try, failed with the reason, nothing posted.
      posts.length = 0;
      const team = await skills.createSkill(grace, { skill: makeSkill("refused-thing"), destination: { scope: "TEAM", teamId } });
      await skills.addSkillVersion(linus, team.skillId, { skill: makeSkill("refused-thing", { body: "v2" }), message: "x" });
      await runQueued();
      expect(posts).toEqual([]);
      const [logged] = (await notifications.listTeamWebhooks(ada, teamId))!;
      expect(logged.deliveries[0]).toMatchObject({ status: "failed", attempts: 1, responseStatus: null });
      expect(logged.deliveries[0].error).toMatch(/a loopback address \(this server\), which webhooks may not post to/);
    } finally {
      env.WEBHOOKS_ALLOW_LOCAL = true;
      await notifications.deleteTeamWebhook(ada, teamId, hook.id);
    }
  });
});
