import { useMemo, useRef, useState } from "react";
import { toast } from "@/components/ui/toaster";
import { fileProposedRunAction } from "@/lib/actions/evals";
import type { Draft } from "@/lib/skills/draft/draft";
import type { BaseFiles } from "./editor-files";
import { abMatchesSave, baseDescription, descriptionChanged, descriptionOf, draftTriggerTests } from "./trigger-draft";
import { useDescriptionAb } from "./use-description-ab";

/**
 * The draft's trigger tests and description A/B: the Trigger tests panel and its button, the tests
 * as the draft holds them, the changed description an A/B may compare (null when unchanged), and
 * what a save does with the last A/B.
 */
export function useDraftTriggers({
  skillId,
  draft,
  baseFiles,
  skillMdText,
  initialOpen,
}: {
  skillId: string;
  draft: Draft;
  baseFiles: BaseFiles;
  skillMdText: string;
  initialOpen: boolean;
}) {
  const [open, setOpen] = useState(initialOpen);
  const button = useRef<HTMLButtonElement>(null);
  const tests = useMemo(() => draftTriggerTests(draft, baseFiles), [draft, baseFiles]);
  const draftDescription = useMemo(() => descriptionOf(skillMdText), [skillMdText]);
  const ab = useDescriptionAb(skillId);
  const abDescription = draftDescription && descriptionChanged(baseDescription(baseFiles), draftDescription) ? draftDescription : null;

  // A save of exactly what the last A/B measured: its proposed run becomes the new version's run.
  const fileAbRun = async (saved: { skillId: string; version: number }) => {
    const measured = ab.measured;
    if (!measured || !abMatchesSave(measured, { description: draftDescription, tests: tests.runnable })) return;
    try {
      const filed = await fileProposedRunAction({ skillId: saved.skillId, runId: measured.runId, version: saved.version });
      if (!filed.ok) toast.error(`The description comparison was not added to v${saved.version}'s trigger history: ${filed.message}`);
    } catch {
      toast.error(`The description comparison was not added to v${saved.version}'s trigger history; run the tests there again.`);
    }
  };

  return { open, setOpen, button, tests, ab, abDescription, fileAbRun };
}
