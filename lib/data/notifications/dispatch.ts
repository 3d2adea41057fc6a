import "server-only";
import { createTransport, type Transporter } from "nodemailer";
import { getEnv } from "@/lib/env";
import { parsePrefs } from "@/lib/notifications/kinds";
import { EVENT_HEADER, SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER, WEBHOOK_ATTEMPTS, webhookBody } from "@/lib/notifications/webhook";
import { db } from "@/lib/db/server";
import { jobQueue, jobQueueInUse, JOBS } from "../platform/job-queue";
import { decryptSecret } from "../platform/secrets";
import { webhookHostProblem } from "./webhook-host";

// The outbox's second half: events record.ts wrote are queued here for e-mail (when SMTP_URL is
// set) and for their team's webhooks, each send its own job so a slow or failing receiver retries
// with the queue's backoff without holding up the rest.

export type EmailJob = { notificationId: string };
export type WebhookJob = { deliveryId: string };

const BATCH = 50;
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Queue the e-mails and webhook deliveries of events not yet dispatched. Each event is claimed by
 * setting dispatchedAt where it is still null, so instances working the same outbox never send
 * one twice. Returns how many events it dispatched.
 */
export async function dispatchNotifications(): Promise<number> {
  const env = getEnv();
  let dispatched = 0;
  for (;;) {
    const events = await db.notificationEvent.findMany({
      where: { dispatchedAt: null },
      orderBy: { createdAt: "asc" },
      take: BATCH,
      select: { id: true, kind: true, teamId: true, title: true },
    });
    for (const event of events) {
      const claimed = await db.notificationEvent.updateMany({ where: { id: event.id, dispatchedAt: null }, data: { dispatchedAt: new Date() } });
      if (!claimed.count) continue;
      dispatched++;
      if (env.SMTP_URL) {
        const copies = await db.notification.findMany({
          where: { eventId: event.id, emailedAt: null },
          select: { id: true, user: { select: { notificationPrefs: true } } },
        });
        for (const copy of copies) {
          if (parsePrefs(copy.user.notificationPrefs)[event.kind as keyof ReturnType<typeof parsePrefs>]?.email) {
            await jobQueue().enqueue(JOBS.notificationEmail, { notificationId: copy.id });
          }
        }
      }
      if (event.teamId) {
        const hooks = await db.teamWebhook.findMany({ where: { teamId: event.teamId }, select: { id: true, kinds: true } });
        for (const hook of hooks) {
          const kinds = JSON.parse(hook.kinds) as string[];
          if (kinds.length && !kinds.includes(event.kind)) continue;
          const delivery = await db.teamWebhookDelivery.create({
            data: { webhookId: hook.id, eventId: event.id, kind: event.kind, title: event.title },
            select: { id: true },
          });
          await jobQueue().enqueue(JOBS.webhookDeliver, { deliveryId: delivery.id });
        }
      }
    }
    if (events.length < BATCH) return dispatched;
  }
}

const state = globalThis as unknown as { skillshelfNudge?: ReturnType<typeof setTimeout> };

/**
 * Ask for a dispatch soon: called by audit() inside its transaction, so the job runs after a
 * moment in which the transaction commits. One that commits later still goes out: the minutely
 * schedule dispatches whatever is left.
 */
export function nudgeDispatch(delayMs = 300): void {
  // A script that never made the queue (the seed, an import) leaves it to the server's minutely
  // dispatch: making one here would keep the script from exiting (pg-boss holds its connections).
  if (state.skillshelfNudge || !jobQueueInUse()) return;
  state.skillshelfNudge = setTimeout(() => {
    state.skillshelfNudge = undefined;
    jobQueue()
      .enqueue(JOBS.notificationsDispatch, {}, { singletonKey: JOBS.notificationsDispatch })
      .catch((error: unknown) => console.error("Queueing the notification dispatch failed", error));
  }, delayMs);
  state.skillshelfNudge.unref?.();
}

let transport: { url: string; transporter: Transporter } | undefined;

function mailer(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: createTransport(url) };
  return transport.transporter;
}

/** One notification by e-mail: its title and a link, never the content it is about. Throws to be retried. */
export async function sendNotificationEmail({ notificationId }: EmailJob): Promise<void> {
  const env = getEnv();
  if (!env.SMTP_URL) return;
  const copy = await db.notification.findUnique({
    where: { id: notificationId },
    select: { emailedAt: true, user: { select: { email: true, name: true, disabledAt: true } }, event: { select: { title: true, link: true } } },
  });
  if (!copy || copy.emailedAt || copy.user.disabledAt) return;
  const url = new URL(copy.event.link, env.authUrl).toString();
  await mailer(env.SMTP_URL).sendMail({
    from: env.SMTP_FROM,
    to: { name: copy.user.name, address: copy.user.email },
    subject: copy.event.title,
    text: `${copy.event.title}\n\nOpen it in Skillshelf: ${url}\n\nChoose what you are told about at ${new URL("/notifications", env.authUrl)}.\n`,
  });
  await db.notification.update({ where: { id: notificationId }, data: { emailedAt: new Date() } });
}

/**
 * One try of a webhook delivery: POST the signed body; 2xx is delivered. A failure is logged on the
 * delivery and thrown so the queue retries it later (each wait twice the last); the last try marks it failed.
 */
export async function deliverWebhook({ deliveryId }: WebhookJob): Promise<void> {
  const delivery = await db.teamWebhookDelivery.findUnique({
    where: { id: deliveryId },
    select: {
      status: true,
      attempts: true,
      eventId: true,
      kind: true,
      title: true,
      createdAt: true,
      webhook: { select: { url: true, secret: true, team: { select: { name: true } } } },
    },
  });
  if (!delivery || delivery.status !== "pending") return;
  const event = await db.notificationEvent.findUnique({ where: { id: delivery.eventId }, select: { link: true } });
  const body = webhookBody({
    id: delivery.eventId,
    kind: delivery.kind,
    title: delivery.title,
    url: new URL(event?.link ?? "/", getEnv().authUrl).toString(),
    team: delivery.webhook.team.name,
    createdAt: delivery.createdAt.toISOString(),
  });
  const attempts = delivery.attempts + 1;
  let problem: { status: number | null; error: string };
  // Checked again at each try: the name may resolve elsewhere now than when the webhook was added.
  const refused = await webhookHostProblem(delivery.webhook.url);
  if (refused?.blocked) {
    await db.teamWebhookDelivery.update({
      where: { id: deliveryId },
      data: { status: "failed", attempts, responseStatus: null, error: refused.message, finishedAt: new Date() },
    });
    return;
  }
  try {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await fetch(delivery.webhook.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [TIMESTAMP_HEADER]: timestamp,
        [EVENT_HEADER]: delivery.kind,
        [SIGNATURE_HEADER]: signWebhook(decryptSecret(delivery.webhook.secret, "team-webhook"), timestamp, body),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) {
      await db.teamWebhookDelivery.update({
        where: { id: deliveryId },
        data: { status: "delivered", attempts, responseStatus: response.status, error: null, finishedAt: new Date() },
      });
      return;
    }
    problem = { status: response.status, error: `The receiver answered ${response.status} ${response.statusText}`.trim() };
  } catch (error) {
    problem = { status: null, error: error instanceof Error ? error.message : String(error) };
  }
  const last = attempts >= WEBHOOK_ATTEMPTS;
  await db.teamWebhookDelivery.update({
    where: { id: deliveryId },
    data: { attempts, responseStatus: problem.status, error: problem.error, ...(last ? { status: "failed", finishedAt: new Date() } : {}) },
  });
  if (!last) throw new Error(`Webhook delivery ${deliveryId}, try ${attempts} of ${WEBHOOK_ATTEMPTS}: ${problem.error}`);
}
