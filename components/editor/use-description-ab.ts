import { useState } from "react";
import { useTriggerRun } from "@/components/skills/triggers/use-trigger-run";
import type { MeasuredAb } from "./trigger-draft";

/**
 * The editor's description A/B: the run's phase (estimate, confirm, running, result) and what the
 * last finished A/B measured, so a save of that very description and those tests can file its
 * proposed run under the new version.
 */
export function useDescriptionAb(skillId: string) {
  const [measured, setMeasured] = useState<MeasuredAb | null>(null);
  const run = useTriggerRun(skillId, (runs, request) => {
    const proposed = runs.find((r) => r.arm === "proposed");
    if (proposed && request.tests) setMeasured({ runId: proposed.id, description: proposed.description, tests: request.tests });
  });
  return { ...run, measured };
}

export type DescriptionAb = ReturnType<typeof useDescriptionAb>;
