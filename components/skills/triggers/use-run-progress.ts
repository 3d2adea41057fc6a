import { useEffect, useState } from "react";
import type { EvalRunProgress } from "@/lib/types/evals";

/** How often a page asks how far its run got. */
const POLL_MS = 1500;

/**
 * While `running`, how far the viewer's newest run of the skill got, asked of the server every
 * 1.5 s (GET /api/v1/skills/{id}/evals/running): the action that runs it answers only at the end.
 * A failed poll leaves the last answer; the run's own result or error comes from the action.
 */
export function useRunProgress(skillId: string, running: boolean): EvalRunProgress | null {
  const [progress, setProgress] = useState<EvalRunProgress | null>(null);
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const poll = async () => {
      try {
        const response = await fetch(`/api/v1/skills/${encodeURIComponent(skillId)}/evals/running`, { cache: "no-store" });
        if (!response.ok) return;
        const body = (await response.json()) as { running: EvalRunProgress[] };
        if (!stopped) setProgress(body.running.at(-1) ?? null);
      } catch {
        // offline for a moment: the next poll tries again
      }
    };
    const timer = setInterval(() => void poll(), POLL_MS);
    void poll();
    return () => {
      stopped = true;
      clearInterval(timer);
      setProgress(null);
    };
  }, [skillId, running]);
  return running ? progress : null;
}

/** " (37 of 100 requests)" once the run has counted its requests, else nothing. */
export function progressSuffix(progress: EvalRunProgress | null): string {
  return progress?.total ? ` (${progress.done} of ${progress.total} requests)` : "";
}
