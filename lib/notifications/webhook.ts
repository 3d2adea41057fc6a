import { createHmac, timingSafeEqual } from "node:crypto";

// An outgoing team webhook's body and signature. The body is Slack-compatible (an incoming
// webhook reads "text", with <url|label> links) and carries the event as fields a program reads.
// Nothing in it is a skill's content: names, who did it, and a link that asks the reader to sign in.

export const SIGNATURE_HEADER = "x-skillshelf-signature";
export const TIMESTAMP_HEADER = "x-skillshelf-timestamp";
export const EVENT_HEADER = "x-skillshelf-event";

export interface WebhookEvent {
  id: string;
  kind: string;
  title: string;
  /** Absolute URL of what it is about. */
  url: string;
  team: string;
  createdAt: string;
}

/** Slack's mrkdwn escapes: &, < and > are the only characters it reads specially in text. */
function slackEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function webhookBody(event: WebhookEvent): string {
  return JSON.stringify({
    text: `${slackEscape(event.title)} <${event.url}|Open in Skillshelf>`,
    event: { id: event.id, kind: event.kind, title: event.title, url: event.url, team: event.team, createdAt: event.createdAt },
  });
}

/** "sha256=<hex>" of HMAC-SHA256(secret, "<timestamp>.<body>"): the timestamp is signed so an old body cannot be replayed as new. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** What a receiver does: recompute and compare in constant time. */
export function verifyWebhookSignature(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Tries a delivery gets: the first and this many retries, waiting twice as long before each. */
export const WEBHOOK_ATTEMPTS = 5;

/** A webhook URL: http(s) with a host, no credentials in it (they would show in the team page). */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter the full URL the webhook posts to, such as https://hooks.slack.com/services/…";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return `The URL must start with https:// (not ${url.protocol}//).`;
  if (url.username || url.password) return "Leave user name and password out of the URL: the signature proves who sent it.";
  return null;
}
