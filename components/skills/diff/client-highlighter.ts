import { createHighlighterCore, type HighlighterCore, type LanguageInput } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import type { LanguageId } from "@/components/skills/markdown/languages";

// The diff viewer's highlighter, for the browser. It is loaded with import() only once a diff is
// on screen, so pages that never show one pay nothing; each grammar is its own chunk, fetched the
// first time a file in that language is shown. Same engine, themes and languages as the server's
// highlight.ts (which is server-only), so code looks the same on the skill page and in a diff.

export interface DiffToken {
  content: string;
  /** --shiki-light / --shiki-dark variables (see diff.css). */
  style?: Record<string, string>;
}

/** Past this many characters a side is shown without colours (tokenizing costs ~10 ms per KB). */
export const CLIENT_HIGHLIGHT_MAX_CHARS = 64 * 1024;

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

/** Tokens per line of `code` (split on \n), or null when it cannot or should not be highlighted. */
export async function highlightLines(code: string, language: LanguageId): Promise<DiffToken[][] | null> {
  if (code.length > CLIENT_HIGHLIGHT_MAX_CHARS || !(language in loaders)) return null;
  const highlighter = await getCore();
  let pending = loading.get(language);
  if (!pending) {
    pending = highlighter.loadLanguage(loaders[language]());
    loading.set(language, pending);
  }
  await pending;
  try {
    const result = highlighter.codeToTokens(code, { lang: language, themes: { light: "github-light", dark: "github-dark" }, defaultColor: false, tokenizeMaxLineLength: 2000 });
    return result.tokens.map((line) => line.map((token) => ({ content: token.content, style: token.htmlStyle as Record<string, string> | undefined })));
  } catch {
    // A grammar the regex engine cannot run should cost colours, never the diff.
    return null;
  }
}
