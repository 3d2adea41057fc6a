// URL rewrites of next.config.ts, kept here (no Next imports) so tests route requests the same way.

export interface Rewrite {
  source: string;
  destination: string;
}

/**
 * The Agent Skills Discovery RFC's well-known paths, served by app/api/agent-skills. Next 16.4
 * would route app/.well-known too (a probe route answered in a production build), and some Next
 * versions did not; the rewrite does not depend on it, keeps the handler beside the other API
 * routes, and is what the real-server check of this feature exercised.
 */
export const DISCOVERY_REWRITE: Rewrite = { source: "/.well-known/agent-skills/:path*", destination: "/api/agent-skills/:path*" };

/** ClawHub clients' registry discovery (`clawhub --site`), the current name and the older one. */
export const CLAWHUB_REWRITES: Rewrite[] = [
  { source: "/.well-known/clawhub.json", destination: "/api/clawhub-discovery" },
  { source: "/.well-known/clawdhub.json", destination: "/api/clawhub-discovery" },
];

/** Delivery links (lib/http/feeds.ts): the secret is the path's first segment, so the link itself is what a client is given. */
export const FEED_REWRITES: Rewrite[] = [
  { source: "/feeds/:secret", destination: "/api/feeds/:secret" },
  { source: "/feeds/:secret/:path*", destination: "/api/feeds/:secret/:path*" },
];

export const rewrites: Rewrite[] = [DISCOVERY_REWRITE, ...CLAWHUB_REWRITES, ...FEED_REWRITES];
