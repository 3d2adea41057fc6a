import { useEffect, useState } from "react";
import type { PlaygroundSetup, PromptPreviewResult } from "@/lib/types/playground";
import { fetchPromptPreview } from "./prompt-preview";

/** The system prompt the server would send with this setup, asked for shortly after the setup stops changing; a stale answer is dropped. */
export function usePromptPreview(setup: PlaygroundSetup) {
  const [preview, setPreview] = useState<PromptPreviewResult | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      fetchPromptPreview(setup, controller.signal)
        .then((result) => !controller.signal.aborted && setPreview(result))
        .catch(() => !controller.signal.aborted && setPreview({ ok: false, message: "The preview could not be loaded." }))
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, 250);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [setup]);

  return { preview, loading };
}
