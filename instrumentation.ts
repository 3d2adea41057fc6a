// Next calls register() once per server start. The Node-only work sits inside the NEXT_RUNTIME
// check, the form Next's docs give, so the edge bundle never pulls in node:http or the database.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddress } = await import("@/lib/http/peer");
    stampPeerAddress();
    // Background jobs (lib/data/background/index.ts): source syncs and their schedule, the start-up
    // rescan, blob collection. Not under NODE_ENV=test.
    const { startBackgroundWork, stopJobs } = await import("@/lib/data/background");
    await startBackgroundWork();
    // What a graceful stop ends (lib/shutdown.mjs; `npm start`'s server runs it on SIGTERM once the
    // requests in flight are done): work first (the jobs), then the connections (the database pool,
    // after everything that might still query it).
    const { onShutdown } = await import("@/lib/shutdown.mjs");
    const { db } = await import("@/lib/db/server");
    onShutdown("background jobs", () => stopJobs(), "stop");
    // Usage events still buffered (lib/data/usage/usage.ts): written before the pool closes.
    const { flushUsage } = await import("@/lib/data/usage");
    onShutdown("usage events", () => flushUsage(), "stop");
    onShutdown("the database connections", () => db.$disconnect(), "close");
  }
}
