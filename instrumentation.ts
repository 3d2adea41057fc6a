// Next calls register() once per server start. The Node-only work sits inside the NEXT_RUNTIME
// check, the form Next's docs give, so the edge bundle never pulls in node:http or the database.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddress } = await import("@/lib/http/peer");
    stampPeerAddress();
    // Scheduled source syncs (lib/data/sources-schedule.ts): a once-a-minute tick that never keeps the process alive.
    const { startSourceScheduler } = await import("@/lib/data/sources-schedule");
    startSourceScheduler();
  }
}
