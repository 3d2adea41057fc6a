"use server";
import { DraftPreview, draftBrokenLinks } from "@/components/editor/draft-preview";
import { mayEditSkill } from "@/lib/data/editor";
import { requireViewer } from "@/lib/data/core";
import { previewInput, type PreviewInput } from "@/lib/skills/draft/inputs";
import type { PreviewResult } from "@/lib/types/editor";

/**
 * The editor's live preview: the draft's Markdown rendered on the server by the skill page's
 * renderer and returned as a React tree (one renderer, so the preview is the page). Only the
 * text and file list the browser already holds go in; nothing is read or stored. Only for a skill the
 * caller may edit: anyone signed in can post to an action, with any skill id.
 */
export async function renderDraftPreviewAction(input: PreviewInput): Promise<PreviewResult> {
  const viewer = await requireViewer();
  const parsed = previewInput.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "The preview could not be rendered." };
  const { skillId, baseVersion, path, text, files } = parsed.data;
  if (!(await mayEditSkill(viewer, skillId))) return { ok: false, message: "Skill not found." };
  return { ok: true, node: await DraftPreview({ skillId, baseVersion, path, text, files }), brokenLinks: draftBrokenLinks(path, text, files) };
}
