import type { PlaygroundSetup, PromptPreviewResult } from "@/lib/types/playground";

const UNAVAILABLE = "The preview could not be loaded.";

/** Asks the server what system prompt a turn with this setup would send (POST /api/playground/preview). */
export async function fetchPromptPreview(setup: PlaygroundSetup, signal: AbortSignal): Promise<PromptPreviewResult> {
  const response = await fetch("/api/playground/preview", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(setup),
    signal,
  });
  const body = (await response.json().catch(() => null)) as PromptPreviewResult | { error?: { message?: string } } | null;
  if (response.ok && body && "ok" in body && body.ok) return body;
  return { ok: false, message: (body && "error" in body && body.error?.message) || UNAVAILABLE };
}
