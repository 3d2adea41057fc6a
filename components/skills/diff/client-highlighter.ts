import type { HighlighterCore } from "shiki/core";
import type { LanguageId } from "@/components/skills/markdown/languages";
import { highlighterWith, isKnownLanguage, THEMES } from "@/components/skills/markdown/shiki-core";

// The diff viewer's highlighter, for the browser. It is loaded with import() only once a diff is
// on screen, so pages that never show one pay nothing; each grammar is its own chunk, fetched the
// first time a file in that language is shown. The setup is the server's (shiki-core.ts), so code
// looks the same on the skill page and in a diff.

export interface DiffToken {
  content: string;
  /** --shiki-light / --shiki-dark variables (see diff.css). */
  style?: Record<string, string>;
}

/** Past this many characters a side is shown without colours (tokenizing costs ~10 ms per KB). */
export const CLIENT_HIGHLIGHT_MAX_CHARS = 64 * 1024;

/** Tokens per line of `code` (split on \n), or null when it cannot or should not be highlighted. */
export async function highlightLines(code: string, language: LanguageId): Promise<DiffToken[][] | null> {
  if (code.length > CLIENT_HIGHLIGHT_MAX_CHARS || !isKnownLanguage(language)) return null;
  return tokenize(await highlighterWith([language]), code, language);
}

/** The same, with a highlighter that has the language loaded (the editor's preview highlights while rendering). */
export function tokenize(highlighter: HighlighterCore, code: string, language: LanguageId): DiffToken[][] | null {
  if (code.length > CLIENT_HIGHLIGHT_MAX_CHARS) return null;
  try {
    const result = highlighter.codeToTokens(code, { lang: language, themes: THEMES, defaultColor: false, tokenizeMaxLineLength: 2000 });
    return result.tokens.map((line) => line.map((token) => ({ content: token.content, style: token.htmlStyle as Record<string, string> | undefined })));
  } catch {
    // A grammar the regex engine cannot run should cost colours, never the diff.
    return null;
  }
}
