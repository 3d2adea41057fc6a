// URL rewrites of next.config.ts, kept here (no Next imports) so tests route requests the same way.

export interface Rewrite {
  source: string;
  destination: string;
}

/**
 * The Agent Skills Discovery RFC's well-known paths, served by app/api/agent-skills: the App
 * Router does not route a folder whose name starts with a dot (app/.well-known).
 */
export const DISCOVERY_REWRITE: Rewrite = { source: "/.well-known/agent-skills/:path*", destination: "/api/agent-skills/:path*" };

export const rewrites: Rewrite[] = [DISCOVERY_REWRITE];
