import type { NextConfig } from "next";
import { rewrites } from "./lib/http/rewrites";
import { securityHeaderRules } from "./lib/http/security-headers";
import { ACTION_BODY_MAX_BYTES } from "./lib/skills/format/limits";

const nextConfig: NextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it.
  // pg-boss (the job queue on PostgreSQL) loads from there too, beside pg, which Next never bundles.
  // gpt-tokenizer too: bundled, its 2.4 MB of o200k ranks (and every other encoding's registry) went
  // into each of 18 server chunks that repeat one module set, and each route that loaded a copy kept
  // its source and its own tokenizer: 55 MB less build and ~11 MB less live heap from node_modules.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "pg-boss", "gpt-tokenizer"],
  poweredByHeader: false,
  // The production server compresses (server/compress.mjs): Next's compressor flushed after each
  // of a page's streamed writes, which doubled the compressed size of the skill list.
  compress: false,
  // `npm test` type-checks the whole project (tsc --noEmit) before it builds; checking again
  // inside the build only costs CI time.
  typescript: { ignoreBuildErrors: true },
  typedRoutes: false,
  // The editor saves through a server action: a skill's files can add up to 25 MB (the bundle
  // limit, lib/skills/format/limits.ts), above the 1 MB default. proxy.ts runs on every page and Next
  // hands on only the first proxyClientMaxBodySize bytes of what it buffered for it (10 MB by
  // default, so a larger save would arrive cut short): the same limit, so a save that may pass arrives whole.
  experimental: { serverActions: { bodySizeLimit: ACTION_BODY_MAX_BYTES }, proxyClientMaxBodySize: ACTION_BODY_MAX_BYTES },
  // A second build beside the usual one (parallel browser-test runs in one checkout).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Every response, pages and API routes: no framing, no sniffing, no full URLs to other sites.
  async headers() {
    return securityHeaderRules(process.env.NODE_ENV !== "production");
  },
  async rewrites() {
    return rewrites;
  },
};

export default nextConfig;
