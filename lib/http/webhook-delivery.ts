import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { PushFacts, WebhookDelivery } from "@/lib/data/sources";

// A push arriving from GitHub (X-Hub-Signature-256: an HMAC of the raw body with the secret) or
// GitLab (X-Gitlab-Token: the secret itself), read from its headers and raw body. The data layer
// holds the secrets and the deliveries taken; this reads the request's HTTP parts for it, so the
// signature is checked on the exact bytes that arrived.

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

function readPush(headers: Headers, body: Uint8Array): PushFacts {
  let text = new TextDecoder().decode(body);
  // GitHub's form-encoded delivery carries the JSON in a `payload` field.
  if ((headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded")) text = new URLSearchParams(text).get("payload") ?? "";
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { ref: null, defaultBranch: null, pushedAt: null };
  }
  const record = (value: unknown) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {});
  const push = record(payload);
  const str = (value: unknown) => (typeof value === "string" && value ? value : null);
  const pushedAt = record(push.repository).pushed_at;
  return {
    ref: str(push.ref),
    defaultBranch: str(record(push.repository).default_branch) ?? str(record(push.project).default_branch),
    pushedAt: typeof pushedAt === "number" && Number.isFinite(pushedAt) ? new Date(pushedAt * 1000) : null,
  };
}

/**
 * What identifies a delivery: the sender's delivery id (GitHub's X-GitHub-Delivery, GitLab's
 * Idempotency-Key or X-Gitlab-Event-UUID; a redelivery keeps it) and the body's digest. GitHub
 * signs the body, not the headers, so a replay under a fresh delivery id still has the same body.
 */
function deliveryKeys(headers: Headers, body: Uint8Array): string[] {
  const id = headers.get("x-github-delivery") ?? headers.get("idempotency-key") ?? headers.get("x-gitlab-event-uuid");
  const keys = [`body:${sha256(body).toString("hex")}`];
  if (id?.trim()) keys.push(`delivery:${id.trim().slice(0, 200)}`);
  return keys;
}

/** One webhook request as the data layer's receiveWebhook reads it. */
export function webhookDelivery(headers: Headers, body: Uint8Array): WebhookDelivery {
  return {
    event: headers.get("x-github-event") ?? headers.get("x-gitlab-event"),
    verify: (secret) => verify(headers, body, secret),
    push: () => readPush(headers, body),
    keys: () => deliveryKeys(headers, body),
  };
}
