import "server-only";
import { getEnv } from "@/lib/env";
import { outboundHostProblem } from "@/lib/sources/url";

/**
 * Why the server may not post to this webhook URL's host (loopback, link-local, metadata, its own
 * addresses), or null. WEBHOOKS_ALLOW_LOCAL lifts loopback and the server's own addresses only: the
 * metadata service and link-local addresses are never a receiver.
 */
export function webhookHostProblem(url: string) {
  return outboundHostProblem(new URL(url).hostname, { allowLocal: false, allowLoopback: getEnv().WEBHOOKS_ALLOW_LOCAL, who: "webhooks may not post to" });
}
