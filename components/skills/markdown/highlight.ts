import "server-only";
import type { CSSProperties } from "react";
import type { HighlighterCore } from "shiki/core";
import { LANGUAGE_IDS, type LanguageId } from "./languages";
import { highlighterWith, THEMES } from "./shiki-core";

// Skill pages are highlighted on the server, so the browser downloads no grammar and no engine for
// them (the diff viewer loads the same setup, shiki-core.ts, in the browser only when it needs it).

/** Past these, text is shown with line numbers but no colours: tokenizing costs ~10 ms per KB here. */
export const HIGHLIGHT_MAX_CHARS = 64 * 1024;
const HIGHLIGHT_MAX_LINE = 2000;

export interface CodeToken {
  content: string;
  /** CSS variables for the light and dark theme (see .code-lines in globals.css). */
  style?: CSSProperties;
}

export interface Highlighter {
  /** The code split into lines of coloured tokens; plain lines for unknown languages or big inputs. */
  lines(code: string, language: LanguageId | null): CodeToken[][];
}

/** A highlighter that knows at least these languages (others load on a later call). */
export async function loadHighlighter(languages: Iterable<LanguageId | null>): Promise<Highlighter> {
  const wanted = new Set<LanguageId>();
  for (const language of languages) if (language && LANGUAGE_IDS.includes(language)) wanted.add(language);
  const highlighter = await highlighterWith(wanted);
  const loaded = new Set(highlighter.getLoadedLanguages());
  return { lines: (code, language) => (language && loaded.has(language) ? cachedLines(highlighter, code, language) : plainLines(code)) };
}

export function plainLines(code: string): CodeToken[][] {
  return splitLines(code).map((line) => (line ? [{ content: line }] : []));
}

function splitLines(code: string): string[] {
  const lines = code.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

// Skill files are content-addressed and immutable, so the same text comes back on every view of
// a version: keep recent results (bounded by characters, oldest dropped first).
const CACHE_BUDGET = 4 * 1024 * 1024;
const cache = new Map<string, CodeToken[][]>();
let cached = 0;

function cachedLines(highlighter: HighlighterCore, code: string, language: LanguageId): CodeToken[][] {
  if (code.length > HIGHLIGHT_MAX_CHARS) return plainLines(code);
  const key = `${language}\u0000${code}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  let lines: CodeToken[][];
  try {
    const result = highlighter.codeToTokens(code.replace(/\r\n/g, "\n").replace(/\n$/, ""), {
      lang: language,
      themes: THEMES,
      defaultColor: false,
      tokenizeMaxLineLength: HIGHLIGHT_MAX_LINE,
    });
    lines = result.tokens.map((line) => line.map((token) => ({ content: token.content, style: token.htmlStyle as CSSProperties | undefined })));
  } catch {
    // A grammar the regex engine cannot run should cost colours, never the page.
    return plainLines(code);
  }
  cache.set(key, lines);
  cached += key.length;
  for (const [oldest] of cache) {
    if (cached <= CACHE_BUDGET) break;
    cached -= oldest.length;
    cache.delete(oldest);
  }
  return lines;
}
