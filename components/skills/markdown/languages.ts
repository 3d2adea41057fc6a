// Languages the skill page highlights: the ones skills are written in. Every id here has a
// grammar loader in highlight.ts; anything else shows as plain text.

export const LANGUAGE_IDS = [
  "markdown",
  "yaml",
  "json",
  "jsonc",
  "jsonl",
  "javascript",
  "jsx",
  "typescript",
  "tsx",
  "python",
  "shellscript",
  "shellsession",
  "powershell",
  "sql",
  "html",
  "css",
  "scss",
  "xml",
  "toml",
  "ini",
  "dotenv",
  "dockerfile",
  "makefile",
  "go",
  "rust",
  "java",
  "kotlin",
  "swift",
  "c",
  "cpp",
  "csharp",
  "php",
  "ruby",
  "r",
  "lua",
  "perl",
  "diff",
  "graphql",
  "hcl",
  "terraform",
  "csv",
  "tsv",
  "log",
] as const;

export type LanguageId = (typeof LANGUAGE_IDS)[number];

/** Code fence info strings and file extensions that name a language other than by its id. */
const ALIASES: Record<string, LanguageId> = {
  md: "markdown",
  mdx: "markdown",
  yml: "yaml",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  node: "javascript",
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  py: "python",
  python3: "python",
  sh: "shellscript",
  bash: "shellscript",
  zsh: "shellscript",
  shell: "shellscript",
  console: "shellsession",
  ps1: "powershell",
  ps: "powershell",
  pwsh: "powershell",
  htm: "html",
  svg: "xml",
  xsd: "xml",
  plist: "xml",
  cfg: "ini",
  conf: "ini",
  properties: "ini",
  env: "dotenv",
  mk: "makefile",
  rs: "rust",
  kt: "kotlin",
  kts: "kotlin",
  h: "c",
  cc: "cpp",
  cxx: "cpp",
  hpp: "cpp",
  "c++": "cpp",
  cs: "csharp",
  "c#": "csharp",
  rb: "ruby",
  pl: "perl",
  patch: "diff",
  gql: "graphql",
  tf: "terraform",
  tfvars: "terraform",
};

const IDS = new Set<string>(LANGUAGE_IDS);

/** The language a code fence names ("```ts title=x" -> typescript), or null. */
export function languageForFence(info: string | null | undefined): LanguageId | null {
  const word = info?.trim().split(/[\s{]/)[0]?.toLowerCase();
  if (!word) return null;
  if (IDS.has(word)) return word as LanguageId;
  return ALIASES[word] ?? null;
}

/** The language of a file, by its name or extension, or null for plain text. */
export function languageForPath(path: string): LanguageId | null {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  if (name === "dockerfile" || name.startsWith("dockerfile.")) return "dockerfile";
  if (name === "makefile" || name === "gnumakefile") return "makefile";
  if (name === ".env" || name.startsWith(".env.")) return "dotenv";
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return null;
  return languageForFence(name.slice(dot + 1));
}

/** Fence languages used in a Markdown text, so their grammars can load before rendering. */
export function fenceLanguages(markdown: string): LanguageId[] {
  const found = new Set<LanguageId>();
  for (const match of markdown.matchAll(/^[ \t>]*(?:`{3,}|~{3,})[ \t]*([^\s`]+)/gm)) {
    const language = languageForFence(match[1]);
    if (language) found.add(language);
  }
  return [...found];
}
