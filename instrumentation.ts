// Next calls register() once per server start. The Node-only work sits inside the NEXT_RUNTIME
// check, the form Next's docs give, so the edge bundle never pulls in node:http or the database.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddress } = await import("@/lib/http/peer");
    stampPeerAddress();
    // Scheduled source syncs (lib/data/sources-schedule.ts): a once-a-minute tick that never keeps the process alive.
    const { startSourceScheduler } = await import("@/lib/data/sources-schedule");
    startSourceScheduler();
    // What a graceful stop ends (lib/shutdown.mjs; `npm start`'s server runs it on SIGTERM once the
    // requests in flight are done): work first ("stop": background jobs register here), then the
    // connections ("close": the database pool, after everything that might still query it).
    const { onShutdown } = await import("@/lib/shutdown.mjs");
    const { db } = await import("@/lib/db/server");
    onShutdown("the database connections", () => db.$disconnect(), "close");
  }
}
