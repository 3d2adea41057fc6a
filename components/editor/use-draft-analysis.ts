import { useEffect, useRef, useState } from "react";
import type { Draft } from "@/lib/skills/draft/draft";
import type { SkillMdAnalysis } from "./analyze";
import { resourceTokens, type BaseFiles } from "./editor-files";

let analyzer: Promise<typeof import("./analyze")> | null = null;
const loadAnalyzer = () => (analyzer ??= import("./analyze"));

/** SKILL.md's checks and token counts, and the other files' tokens, a moment after typing stops. */
export function useDraftAnalysis(draft: Draft, baseFiles: BaseFiles, skillMdText: string) {
  const [analysis, setAnalysis] = useState<SkillMdAnalysis | null>(null);
  const [resources, setResources] = useState<number | null>(null);
  const tokenCache = useRef(new Map<string, number>());

  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(async () => {
      const { analyzeSkillMd, countTokens } = await loadAnalyzer();
      if (!live) return;
      setAnalysis(
        analyzeSkillMd(
          skillMdText,
          draft.entries.map((entry) => entry.path),
        ),
      );
      setResources(resourceTokens(draft, baseFiles, countTokens, tokenCache.current));
    }, 200);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [skillMdText, draft, baseFiles]);

  return { analysis, resourceTokens: resources };
}
