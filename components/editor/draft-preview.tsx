import "server-only";
import { loadHighlighter } from "@/components/skills/markdown/highlight";
import { fenceLanguages } from "@/components/skills/markdown/languages";
import type { PreviewInput } from "@/lib/skills/draft/inputs";
import { DraftPreviewContent, previewMarkdown } from "./draft-preview-content";

export { draftBrokenLinks, editorFileHref } from "./draft-preview-content";

/** The preview as the server renders it (the first one of each file the editor opens), code highlighted by shiki here. */
export async function DraftPreview(input: PreviewInput) {
  const highlighter = await loadHighlighter(fenceLanguages(previewMarkdown(input.path, input.text)));
  return <DraftPreviewContent {...input} highlighter={highlighter} />;
}
