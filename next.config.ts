import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3"],
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tsc --noEmit) before it builds; checking again
  // inside the build only costs CI time.
  typescript: { ignoreBuildErrors: true },
  typedRoutes: false,
  // The editor saves through a server action: a skill's files can add up to 25 MB (the bundle
  // limit, lib/skills/limits.ts), above the 1 MB default.
  experimental: { serverActions: { bodySizeLimit: "27mb" } },
  // A second build beside the usual one (parallel browser-test runs in one checkout).
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
