import "server-only";
import { getEnv } from "@/lib/env";
import { runDueSyncs } from "./sources-sync";

// The scheduler: once a minute, the sources whose next sync is due sync one after another. One
// process serves an instance, so an in-process timer is enough; the claim's lease keeps a second
// process (a restart overlapping the old one) from running the same source twice.

const TICK_MS = 60_000;

const state = globalThis as unknown as { skillshelfSourceScheduler?: NodeJS.Timeout };

/** Starts the once-a-minute tick (once per process; never under test). The timer does not keep the process alive. */
export function startSourceScheduler(): void {
  if (state.skillshelfSourceScheduler || getEnv().NODE_ENV === "test") return;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      await runDueSyncs();
    } catch (error) {
      console.error("Scheduled source syncs failed:", error instanceof Error ? error.message : error);
    } finally {
      busy = false;
    }
  };
  state.skillshelfSourceScheduler = setInterval(() => void tick(), TICK_MS);
  state.skillshelfSourceScheduler.unref();
}
