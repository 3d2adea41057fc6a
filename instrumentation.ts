// Next calls register() once per server start. The Node-only work sits inside the NEXT_RUNTIME
// check, the form Next's docs give, so the edge bundle never pulls in node:http or the database.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddress } = await import("@/lib/http/peer");
    stampPeerAddress();
    // Background jobs (lib/data/background.ts): source syncs and their schedule, the start-up
    // rescan; stopped on SIGTERM/SIGINT. Not under NODE_ENV=test.
    const { startBackgroundWork } = await import("@/lib/data/background");
    await startBackgroundWork();
  }
}
