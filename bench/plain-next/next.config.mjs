// bench:render's anchor, a plain Next.js app built and started beside Skillshelf (../render.ts),
// built into bench/.tmp (NEXT_DIST_DIR, relative to this folder), outside the type check and lint.
const config = { distDir: process.env.NEXT_DIST_DIR || "../.tmp/plain-next", poweredByHeader: false };
export default config;
