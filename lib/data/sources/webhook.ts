import "server-only";
import { randomBytes } from "node:crypto";
import type { SyncSummary } from "@/lib/types/sources";
import { db } from "@/lib/db/server";
import { isUniqueViolation } from "@/lib/db/locks";
import { DataError } from "../errors";
import { decryptSecret, UnreadableSecretError } from "../platform/secrets";
import { toSyncSummary } from "./rows";
import { startSyncAs } from "./sync";

// A push from GitHub or GitLab, as lib/http/webhook-delivery.ts reads it from the request: verified
// against the source's secret before anything in it is believed; a push to a branch the source does
// not follow is answered "ignored" without syncing; a delivery the source has already taken is
// refused (see takeDelivery).

export interface WebhookResult {
  status: "started" | "ignored";
  reason?: string;
  sync?: SyncSummary;
}

/** An unknown source and a wrong signature are refused with the same words, so the endpoint does not tell which sources exist. */
export const WEBHOOK_REFUSED = "Unknown source, or the signature (X-Hub-Signature-256) or token (X-Gitlab-Token) does not match its webhook secret.";

/** How long a source remembers the deliveries it took; a GitHub push older than this is refused by its own date. */
export const DELIVERY_MEMORY_MS = 24 * 60 * 60_000;
/** How far ahead of this server's clock a push's date may be (the sender's clock may run ahead). */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface PushFacts {
  /** "refs/heads/main", "refs/tags/v1"; null when the payload has none. */
  ref: string | null;
  defaultBranch: string | null;
  /** GitHub's push date (repository.pushed_at, in seconds), inside the signed body; null when absent. */
  pushedAt: Date | null;
}

/** A webhook request, read from its HTTP parts by the route (lib/http/webhook-delivery.ts). */
export interface WebhookDelivery {
  /** X-GitHub-Event or X-Gitlab-Event; null when the request names none. */
  event: string | null;
  /** Whether the request's signature (or token) matches this secret. */
  verify(secret: string): boolean;
  /** The push's ref, default branch and date, from the body (read once verified). */
  push(): PushFacts;
  /** What identifies this delivery among the ones taken (its id and its body's digest). */
  keys(): string[];
}

/** Why a push does not concern a source following `followed` (null: the default branch); null when it does. */
function ignoreReason(push: PushFacts, followed: string | null): string | null {
  if (push.ref === null) return null;
  const branch = push.ref.replace(/^refs\/(heads|tags)\//, "");
  if (followed === null) {
    if (push.defaultBranch === null) return null;
    return push.ref === `refs/heads/${push.defaultBranch}` ? null : `A push to ${branch}; this source follows the default branch, ${push.defaultBranch}.`;
  }
  if (/^[0-9a-f]{40}$/i.test(followed)) return `This source is pinned to commit ${followed.slice(0, 7)}; pushes do not change it.`;
  return push.ref === followed || push.ref === `refs/heads/${followed}` || push.ref === `refs/tags/${followed}`
    ? null
    : `A push to ${branch}; this source follows ${followed}.`;
}

const replayed = (why: string) =>
  new DataError("CONFLICT", `${why}; it is not run again. To sync now, use the source's Sync now.`, { reason: "webhook-replay" });

/**
 * Record a delivery as taken, or refuse it as a replay: one the source took in the last day (by id
 * or body, on whichever instance), or a GitHub push dated before that (older than anything remembered).
 * Rows past the day are dropped as new ones come.
 */
async function takeDelivery(sourceId: string, delivery: WebhookDelivery, pushedAt: Date | null): Promise<void> {
  const now = Date.now();
  if (pushedAt && pushedAt.getTime() < now - DELIVERY_MEMORY_MS) {
    throw replayed(`This push is from ${pushedAt.toISOString()}, older than the ${DELIVERY_MEMORY_MS / 3_600_000} hours deliveries are remembered`);
  }
  if (pushedAt && pushedAt.getTime() > now + CLOCK_SKEW_MS) throw replayed(`This push is dated ${pushedAt.toISOString()}, in the future`);
  try {
    await db.$transaction(async (tx) => {
      await tx.webhookDelivery.deleteMany({ where: { sourceId, receivedAt: { lt: new Date(now - DELIVERY_MEMORY_MS) } } });
      for (const key of delivery.keys()) await tx.webhookDelivery.create({ data: { sourceId, key }, select: { key: true } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw replayed("This delivery was already received");
    throw error;
  }
}

/** A refusal that takes as long whether or not the source exists (the same HMAC work). */
function refuseUnknown(delivery: WebhookDelivery): never {
  delivery.verify(randomBytes(32).toString("hex"));
  throw new DataError("FORBIDDEN", WEBHOOK_REFUSED);
}

/**
 * A webhook delivery for a source. FORBIDDEN (WEBHOOK_REFUSED) alike for an unknown source and a
 * missing or wrong signature; CONFLICT for a replay; a ping or a push to another branch is
 * "ignored"; otherwise a sync starts as the source's creator (or, while one runs, another is queued
 * after it) and comes back running.
 */
export async function receiveWebhook(sourceId: string, delivery: WebhookDelivery): Promise<WebhookResult> {
  const source = await db.skillSource.findUnique({ where: { id: sourceId }, select: { webhookSecret: true, ref: true, createdById: true } });
  if (!source) refuseUnknown(delivery);
  let secret: string;
  try {
    secret = decryptSecret(source.webhookSecret, "webhook");
  } catch (error) {
    if (!(error instanceof UnreadableSecretError)) throw error;
    // Said in the log, not to the caller: the answer must not tell that this source exists.
    console.warn(`Source ${sourceId}: its webhook secret cannot be read with this server's key; rotate it on the source's page.`);
    throw new DataError("FORBIDDEN", WEBHOOK_REFUSED);
  }
  if (!delivery.verify(secret)) throw new DataError("FORBIDDEN", WEBHOOK_REFUSED);

  const event = delivery.event;
  if (event === "ping") return { status: "ignored", reason: "A ping: the webhook is set up." };
  if (event !== null && !["push", "Push Hook", "Tag Push Hook"].includes(event))
    return { status: "ignored", reason: `A "${event}" event; only pushes start a sync.` };
  const push = delivery.push();
  const reason = ignoreReason(push, source.ref);
  if (reason) return { status: "ignored", reason };
  await takeDelivery(sourceId, delivery, push.pushedAt);

  const claimed = await startSyncAs(sourceId, "webhook", source.createdById);
  return claimed.started
    ? { status: "started", sync: toSyncSummary(claimed.sync) }
    : { status: "started", reason: "A sync is running; another follows it.", sync: toSyncSummary(claimed.sync) };
}
