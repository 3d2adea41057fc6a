"use client";
import { useCallback } from "react";
import { SkillDiffView, type LoadDiffFiles } from "@/components/skills/diff/skill-diff-view";
import { versionDiffFilesAction } from "@/lib/actions/versions";
import type { SkillDiff } from "@/lib/skills/diff/diff";

/** The compare page's diff: a big one's later bodies load from the server as they scroll into view. */
export function VersionDiffView({ skillId, from, to, diff }: { skillId: string; from: number; to: number; diff: SkillDiff }) {
  const loadFiles = useCallback<LoadDiffFiles>(
    async (paths) => {
      const result = await versionDiffFilesAction({ skillId, from, to, paths });
      return result.ok ? result.data : null;
    },
    [skillId, from, to],
  );
  return <SkillDiffView diff={diff} beforeLabel={`v${from}`} afterLabel={`v${to}`} loadFiles={loadFiles} />;
}
