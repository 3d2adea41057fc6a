"use server";
import { DraftPreview, draftBrokenLinks } from "@/components/editor/draft-preview";
import { requireViewer } from "@/lib/data/session";
import { previewInput, type PreviewInput } from "@/lib/skills/draft-inputs";
import type { PreviewResult } from "@/lib/types/editor";

/**
 * The editor's live preview: the draft's Markdown rendered on the server by the skill page's
 * renderer and returned as a React tree (one renderer, so the preview is the page). Only the
 * text and file list the browser already holds go in; nothing is read or stored.
 */
export async function renderDraftPreviewAction(input: PreviewInput): Promise<PreviewResult> {
  await requireViewer();
  const parsed = previewInput.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "The preview could not be rendered." };
  const { skillId, baseVersion, path, text, files } = parsed.data;
  return { ok: true, node: await DraftPreview({ skillId, baseVersion, path, text, files }), brokenLinks: draftBrokenLinks(path, text, files) };
}
