import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { SyncSummary } from "@/lib/types/sources";
import { db } from "@/lib/db/server";
import { DataError } from "./errors";
import { decryptSecret, UnreadableSecretError } from "./source-secrets";
import { sourceNotFound, toSyncSummary } from "./sources-rows";
import { startSyncAs } from "./sources-sync";

// A push arriving from GitHub (X-Hub-Signature-256: an HMAC of the raw body with the secret) or
// GitLab (X-Gitlab-Token: the secret itself). Verified before the body is read as anything; a push
// to a branch the source does not follow is answered "ignored" without syncing.

export interface WebhookResult {
  status: "started" | "ignored";
  reason?: string;
  sync?: SyncSummary;
}

const BAD_SECRET = "The webhook's signature or token does not match this source's secret.";

const sha256 = (value: string | Uint8Array) => createHash("sha256").update(value).digest();

function verify(headers: Headers, body: Uint8Array, secret: string): boolean {
  const signature = headers.get("x-hub-signature-256");
  if (signature !== null) {
    const match = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
    if (!match) return false;
    const expected = createHmac("sha256", secret).update(body).digest();
    return timingSafeEqual(expected, Buffer.from(match[1], "hex"));
  }
  const token = headers.get("x-gitlab-token");
  // Compared as digests: equal lengths for timingSafeEqual, and no length to learn from the timing.
  if (token !== null) return timingSafeEqual(sha256(token), sha256(secret));
  return false;
}

interface PushFacts {
  /** "refs/heads/main", "refs/tags/v1"; null when the payload has none. */
  ref: string | null;
  defaultBranch: string | null;
}

function readPush(headers: Headers, body: Uint8Array): PushFacts {
  let text = new TextDecoder().decode(body);
  // GitHub's form-encoded delivery carries the JSON in a `payload` field.
  if ((headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded")) text = new URLSearchParams(text).get("payload") ?? "";
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { ref: null, defaultBranch: null };
  }
  const record = (value: unknown) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {});
  const push = record(payload);
  const str = (value: unknown) => (typeof value === "string" && value ? value : null);
  return {
    ref: str(push.ref),
    defaultBranch: str(record(push.repository).default_branch) ?? str(record(push.project).default_branch),
  };
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

/**
 * A webhook delivery for a source. NOT_FOUND for an unknown source, FORBIDDEN for a missing or
 * wrong signature; a ping or a push to another branch is "ignored"; otherwise a sync starts as the
 * source's creator (or, while one runs, another is queued after it) and comes back running.
 */
export async function receiveWebhook(sourceId: string, request: { headers: Headers; body: Uint8Array }): Promise<WebhookResult> {
  const source = await db.skillSource.findUnique({ where: { id: sourceId }, select: { webhookSecret: true, ref: true, createdById: true } });
  if (!source) throw sourceNotFound();
  let secret: string;
  try {
    secret = decryptSecret(source.webhookSecret, "webhook");
  } catch (error) {
    if (error instanceof UnreadableSecretError)
      throw new DataError("FORBIDDEN", `${BAD_SECRET} (The stored secret cannot be read with this server's key: rotate it.)`);
    throw error;
  }
  if (!verify(request.headers, request.body, secret)) throw new DataError("FORBIDDEN", BAD_SECRET);

  const event = request.headers.get("x-github-event") ?? request.headers.get("x-gitlab-event");
  if (event === "ping") return { status: "ignored", reason: "A ping: the webhook is set up." };
  if (event !== null && !["push", "Push Hook", "Tag Push Hook"].includes(event))
    return { status: "ignored", reason: `A "${event}" event; only pushes start a sync.` };
  const reason = ignoreReason(readPush(request.headers, request.body), source.ref);
  if (reason) return { status: "ignored", reason };

  const claimed = await startSyncAs(sourceId, "webhook", source.createdById);
  return claimed.started
    ? { status: "started", sync: toSyncSummary(claimed.sync) }
    : { status: "started", reason: "A sync is running; another follows it.", sync: toSyncSummary(claimed.sync) };
}
