import type { CodeToken, Highlighter } from "@/components/skills/markdown/highlight";
import { fenceLanguages } from "@/components/skills/markdown/languages";
import { highlighterWith } from "@/components/skills/markdown/shiki-core";
import { tokenize } from "@/components/skills/diff/client-highlighter";
import { previewInput, type PreviewInput } from "@/lib/skills/draft/inputs";
import type { PreviewResult } from "@/lib/types/editor";
import { DraftPreviewContent, draftBrokenLinks, previewMarkdown } from "./draft-preview-content";

// The editor's live preview rendered in the browser while the author types: the same component and
// Markdown rules as the server's first render (draft-preview-content.tsx), with the same shiki setup
// for code (each grammar fetched once, on the first fence in that language). Loaded with import()
// on the first edit, so opening the editor downloads none of it.

/** The draft's file rendered here, or why not (the server action's own check and message). */
export async function renderPreviewInBrowser(input: PreviewInput): Promise<PreviewResult> {
  const parsed = previewInput.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "The preview could not be rendered." };
  const { path, text, files } = parsed.data;
  const highlighter = await browserHighlighter(fenceLanguages(previewMarkdown(path, text)));
  return { ok: true, node: <DraftPreviewContent {...parsed.data} highlighter={highlighter} />, brokenLinks: draftBrokenLinks(path, text, files) };
}

async function browserHighlighter(languages: ReturnType<typeof fenceLanguages>): Promise<Highlighter> {
  const core = await highlighterWith(languages);
  const loaded = new Set(core.getLoadedLanguages());
  return {
    // Normalized as the server's highlighter does (highlight.ts), so both renders match.
    lines: (code, language) =>
      (language && loaded.has(language) ? tokenize(core, code.replace(/\r\n/g, "\n").replace(/\n$/, ""), language) : null) ?? plainLines(code),
  };
}

function plainLines(code: string): CodeToken[][] {
  const lines = code.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => (line ? [{ content: line }] : []));
}
