export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stampPeerAddress } = await import("@/lib/http/peer");
  stampPeerAddress();
  const { startSourceScheduler } = await import("@/lib/data/sources-schedule");
  startSourceScheduler();
}
