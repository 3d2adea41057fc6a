// Headers every response of the app carries (next.config.ts `headers()`), and the cross-origin
// server action check proxy.ts applies. No Next imports: next.config.ts loads this before Next runs.

/**
 * The app's Content-Security-Policy.
 *
 * Scripts: 'unsafe-inline' instead of nonces, the trade-off Next's CSP guide documents ("Without
 * Nonces"). Nonces need every page rendered per request, with proxy.ts running on all of them and
 * next-themes' pre-hydration script taking the nonce; that costs static rendering of the sign-in
 * pages and a proxy call per page for little gain here: markdown is rendered without raw HTML and
 * skill files are served as sandboxed attachments, so no page carries attacker-written script.
 * What this policy does enforce is the rest: no framing, no plugins, no <base> or form hijacking,
 * no images from other origins (a skill's remote image never loads) and no connections but our
 * own and uploadthing's.
 * Styles: shiki and CodeMirror set inline styles. Dev mode: React's tooling needs eval.
 */
export function contentSecurityPolicy(dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // With UPLOADTHING_TOKEN set, the upload dialog sends archives straight to uploadthing's
    // regional ingest servers. next.config.ts headers are fixed at build time, before anyone
    // knows whether the deployment sets the token, so the host is always allowed.
    "connect-src 'self' https://*.ingest.uploadthing.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Skill files (/api/skills/:id/files/…, and the discovery index's files under
 * /.well-known/agent-skills/, rewritten to /api/agent-skills/, and under a delivery link's
 * /feeds/<secret>/.well-known/…, rewritten to /api/feeds/) and playground files (attachments and
 * what a skill_run produced, /api/playground/files/:id) are served as sandboxed attachments
 * with their own, stricter CSP and Referrer-Policy. A next.config.ts header replaces one the route
 * sets, and header rules match the path before rewrites, so the page policy must match none of
 * them: path-to-regexp (what Next matches `source` with) takes the lookahead.
 */
export const PAGE_POLICY_SOURCE = "/:path((?!api/skills/[^/]+/files/|api/playground/files/|\\.well-known/agent-skills/|api/agent-skills/|feeds/|api/feeds/).*)";

export function securityHeaderRules(dev: boolean): { source: string; headers: { key: string; value: string }[] }[] {
  return [
    {
      source: "/:path*",
      headers: [
        // For browsers that predate frame-ancestors.
        { key: "X-Frame-Options", value: "DENY" },
        { key: "X-Content-Type-Options", value: "nosniff" },
      ],
    },
    {
      source: PAGE_POLICY_SOURCE,
      headers: [
        { key: "Content-Security-Policy", value: contentSecurityPolicy(dev) },
        { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      ],
    },
  ];
}

/** A POST Next would treat as a server action (fetch, or a form posted without JavaScript). */
function isPossibleAction(method: string, headers: Headers): boolean {
  if (method !== "POST") return false;
  return headers.has("next-action") || (headers.get("content-type") ?? "").startsWith("multipart/form-data");
}

/**
 * The declared size of a server action body, when it is over `limit`. Next reads such a body and
 * then answers 500 (its own TODO in action-handler.js); the proxy also truncates what it buffers,
 * so refusing by Content-Length first is the only clear answer.
 */
export function oversizedActionBytes(method: string, headers: Headers, limit: number): number | null {
  if (!isPossibleAction(method, headers)) return null;
  const length = Number(headers.get("content-length"));
  return Number.isFinite(length) && length > limit ? length : null;
}

/**
 * True for a server action posted from another origin. Next refuses those itself but answers 500
 * (action-handler.js, with no hook to change it), which reads as our crash; proxy.ts answers 403
 * first. Same rule as Next: the Origin's host against X-Forwarded-Host, else Host; a request
 * without Origin (not from a browser) is left to Next, which lets it through with a warning.
 */
export function isCrossOriginAction(method: string, headers: Headers): boolean {
  const origin = headers.get("origin");
  if (!isPossibleAction(method, headers) || origin === null) return false;
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  let originHost: string;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return true;
  }
  return !host || originHost !== host;
}
