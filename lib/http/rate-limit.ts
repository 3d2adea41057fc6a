import { retryAfterSeconds, type RateLimitDecision, type RateLimitRule } from "@/lib/auth/rate-limit";
import { sharedRateLimitStore } from "@/lib/auth/rate-limit-store";
import { getEnv } from "@/lib/env";
import { rateLimitPartition } from "./auth";
import { jsonError } from "./errors";

/** The policy's name in the RateLimit fields. */
export const API_POLICY = "api";
const WINDOW_MS = 60_000;

export function apiRateLimitRule(): RateLimitRule {
  return { limit: getEnv().API_RATE_LIMIT_PER_MINUTE, windowMs: WINDOW_MS };
}

/**
 * The fields of draft-ietf-httpapi-ratelimit-headers-10 (structured fields): the policy (quota q
 * per window w seconds) and the service limit (r requests left, and t seconds within which no more
 * than r are available: with a sliding window, until the oldest counted request ages out).
 */
export function rateLimitHeaders(rule: RateLimitRule, decision: RateLimitDecision): Record<string, string> {
  return {
    "RateLimit-Policy": `"${API_POLICY}";q=${rule.limit};w=${Math.round(rule.windowMs / 1000)}`,
    RateLimit: `"${API_POLICY}";r=${decision.remaining};t=${Math.ceil(decision.resetMs / 1000)}`,
  };
}

function refusal(rule: RateLimitRule, decision: RateLimitDecision): Response {
  const seconds = retryAfterSeconds(decision);
  const window = rule.windowMs === WINDOW_MS ? "a minute" : `${rule.windowMs / 1000} s`;
  return jsonError(
    429,
    "rate_limited",
    `Too many requests: the API allows ${rule.limit} requests ${window} per user, however many tokens they use (per address without a token or session). Try again in ${seconds} s.`,
    { limit: rule.limit, windowSeconds: rule.windowMs / 1000, retryAfterSeconds: seconds },
    { ...rateLimitHeaders(rule, decision), "Retry-After": String(seconds) },
  );
}

/**
 * A route handler of the HTTP API (v1, MCP, discovery, CLI downloads) under the per-user limit of
 * API_RATE_LIMIT_PER_MINUTE (rateLimitPartition: a user's tokens and session share it): a request past it is answered 429 without running the handler, and
 * every answer carries the RateLimit fields. Every request counts, refused ones by their 401 too
 * (probing tokens is limited like anything else). If the counter store fails, the request is served
 * unlimited and the failure logged: the API should not go down with Redis.
 */
export function rateLimited<Rest extends unknown[]>(
  handler: (request: Request, ...rest: Rest) => Response | Promise<Response>,
): (request: Request, ...rest: Rest) => Promise<Response> {
  return async (request, ...rest) => {
    const rule = apiRateLimitRule();
    let decision: RateLimitDecision | null = null;
    try {
      decision = await sharedRateLimitStore().take(`api ${await rateLimitPartition(request)}`, rule);
    } catch (error) {
      console.error("The rate-limit store failed; serving this request without a limit.", error);
    }
    if (decision && !decision.allowed) return refusal(rule, decision);
    const response = await handler(request, ...rest);
    if (!decision) return response;
    // A copy, as some responses' headers are immutable (Response.redirect, fetched ones).
    const limited = new Response(response.body, response);
    for (const [name, value] of Object.entries(rateLimitHeaders(rule, decision))) limited.headers.set(name, value);
    return limited;
  };
}
