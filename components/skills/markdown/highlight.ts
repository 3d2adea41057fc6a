import "server-only";
import type { CSSProperties } from "react";
import { createHighlighterCore, type HighlighterCore, type LanguageInput } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import { LANGUAGE_IDS, type LanguageId } from "./languages";

// Highlighting happens on the server only, so the browser downloads no grammar and no engine.
// The JavaScript regex engine avoids a WebAssembly module in the server bundle; grammars load on
// first use, one import each, so the build bundles only the languages listed in languages.ts.

const loaders: Record<LanguageId, () => LanguageInput> = {
  markdown: () => import("shiki/langs/markdown.mjs"),
  yaml: () => import("shiki/langs/yaml.mjs"),
  json: () => import("shiki/langs/json.mjs"),
  jsonc: () => import("shiki/langs/jsonc.mjs"),
  jsonl: () => import("shiki/langs/jsonl.mjs"),
  javascript: () => import("shiki/langs/javascript.mjs"),
  jsx: () => import("shiki/langs/jsx.mjs"),
  typescript: () => import("shiki/langs/typescript.mjs"),
  tsx: () => import("shiki/langs/tsx.mjs"),
  python: () => import("shiki/langs/python.mjs"),
  shellscript: () => import("shiki/langs/shellscript.mjs"),
  shellsession: () => import("shiki/langs/shellsession.mjs"),
  powershell: () => import("shiki/langs/powershell.mjs"),
  sql: () => import("shiki/langs/sql.mjs"),
  html: () => import("shiki/langs/html.mjs"),
  css: () => import("shiki/langs/css.mjs"),
  scss: () => import("shiki/langs/scss.mjs"),
  xml: () => import("shiki/langs/xml.mjs"),
  toml: () => import("shiki/langs/toml.mjs"),
  ini: () => import("shiki/langs/ini.mjs"),
  dotenv: () => import("shiki/langs/dotenv.mjs"),
  dockerfile: () => import("shiki/langs/dockerfile.mjs"),
  makefile: () => import("shiki/langs/makefile.mjs"),
  go: () => import("shiki/langs/go.mjs"),
  rust: () => import("shiki/langs/rust.mjs"),
  java: () => import("shiki/langs/java.mjs"),
  kotlin: () => import("shiki/langs/kotlin.mjs"),
  swift: () => import("shiki/langs/swift.mjs"),
  c: () => import("shiki/langs/c.mjs"),
  cpp: () => import("shiki/langs/cpp.mjs"),
  csharp: () => import("shiki/langs/csharp.mjs"),
  php: () => import("shiki/langs/php.mjs"),
  ruby: () => import("shiki/langs/ruby.mjs"),
  r: () => import("shiki/langs/r.mjs"),
  lua: () => import("shiki/langs/lua.mjs"),
  perl: () => import("shiki/langs/perl.mjs"),
  diff: () => import("shiki/langs/diff.mjs"),
  graphql: () => import("shiki/langs/graphql.mjs"),
  hcl: () => import("shiki/langs/hcl.mjs"),
  terraform: () => import("shiki/langs/terraform.mjs"),
  csv: () => import("shiki/langs/csv.mjs"),
  tsv: () => import("shiki/langs/tsv.mjs"),
  log: () => import("shiki/langs/log.mjs"),
};

const THEMES = { light: "github-light", dark: "github-dark" } as const;

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

let core: Promise<HighlighterCore> | undefined;
const loading = new Map<LanguageId, Promise<void>>();

function getCore(): Promise<HighlighterCore> {
  core ??= createHighlighterCore({
    engine: createJavaScriptRegexEngine({ forgiving: true }),
    themes: [import("shiki/themes/github-light.mjs"), import("shiki/themes/github-dark.mjs")],
    langs: [],
  }).catch((error: unknown) => {
    core = undefined;
    throw error;
  });
  return core;
}

/** A highlighter that knows at least these languages (others load on a later call). */
export async function loadHighlighter(languages: Iterable<LanguageId | null>): Promise<Highlighter> {
  const highlighter = await getCore();
  const wanted = new Set<LanguageId>();
  for (const language of languages) if (language && LANGUAGE_IDS.includes(language)) wanted.add(language);
  await Promise.all(
    [...wanted].map((language) => {
      let pending = loading.get(language);
      if (!pending) {
        pending = highlighter.loadLanguage(loaders[language]());
        loading.set(language, pending);
      }
      return pending;
    }),
  );
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
