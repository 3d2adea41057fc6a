import { useEffect, useState } from "react";
import type { PlaygroundSetup, PromptPreviewResult } from "@/lib/types/playground";
import { previewPromptAction } from "@/lib/actions/playground";

/** The system prompt the server would send with this setup, asked for shortly after the setup stops changing; a stale answer is dropped. */
export function usePromptPreview(setup: PlaygroundSetup) {
  const [preview, setPreview] = useState<PromptPreviewResult | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      setLoading(true);
      previewPromptAction(setup)
        .then((result) => !cancelled && setPreview(result.ok ? result.data : { ok: false, message: result.message }))
        .catch(() => !cancelled && setPreview({ ok: false, message: "The preview could not be loaded." }))
        .finally(() => !cancelled && setLoading(false));
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [setup]);

  return { preview, loading };
}
