import { createHighlighterCore, type HighlighterCore, type LanguageInput } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import type { LanguageId } from "./languages";

// One shiki setup for the server's highlighter (highlight.ts, skill pages) and the browser's (the
// diff viewer), so code looks the same in both. The JavaScript regex engine avoids a WebAssembly
// module; grammars load on first use, one import each, so a bundle holds only the languages of
// languages.ts and each becomes its own chunk in the browser.

const GRAMMARS: Record<LanguageId, () => LanguageInput> = {
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

export const THEMES = { light: "github-light", dark: "github-dark" } as const;

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

export function isKnownLanguage(language: string): language is LanguageId {
  return Object.hasOwn(GRAMMARS, language);
}

/** The shared highlighter with these languages loaded (each grammar is fetched once). */
export async function highlighterWith(languages: Iterable<LanguageId>): Promise<HighlighterCore> {
  const highlighter = await getCore();
  await Promise.all(
    [...new Set(languages)].map((language) => {
      let pending = loading.get(language);
      if (!pending) {
        pending = highlighter.loadLanguage(GRAMMARS[language]());
        loading.set(language, pending);
      }
      return pending;
    }),
  );
  return highlighter;
}
