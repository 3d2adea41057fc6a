import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// Checks the links between the repository's own files: every relative link of every Markdown file
// (README.md, CONTRIBUTING.md, docs/, the shipped skills) and every path to a Markdown page that code,
// config or a message cites (`docs/guides/deployment.md`, `README.md#quick-start`). A link to a
// file must find the file; a `#fragment` must find a heading of the target as GitHub names it.

export interface BrokenLink {
  /** The file holding the link, relative to the repository. */
  file: string;
  line: number;
  target: string;
  reason: string;
}

/** What a checker may ask about the repository: a file's text, whether a path exists. */
export interface Tree {
  read(file: string): string;
  exists(file: string): boolean;
}

/**
 * GitHub's heading id (github-slugger): lower case, every character that is not a letter, mark,
 * digit, connector (`_`), space or `-` dropped, spaces to `-`. Formatting is gone by then: the text
 * of `` `npm start` `` is `npm start`.
 */
export function slug(heading: string): string {
  return headingText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The text a heading renders: links to their text, code spans and emphasis to their content. */
function headingText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`+/g, "")
    .replace(/(\*\*|__|\*|~~)/g, "")
    .trim();
}

/** Lines outside fenced code blocks and a leading YAML frontmatter, with their 1-based numbers. */
function proseLines(text: string): { line: string; number: number }[] {
  const lines = text.split("\n");
  const out: { line: string; number: number }[] = [];
  let start = 0;
  if (lines[0]?.trim() === "---") {
    const end = lines.findIndex((l, i) => i > 0 && l.trim() === "---");
    if (end > 0) start = end + 1;
  }
  let fence: string | null = null;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    out.push({ line, number: i + 1 });
  }
  return out;
}

/** Every id a link may name in this Markdown: headings (deduplicated as GitHub does) and HTML anchors. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const add = (base: string) => {
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  };
  const lines = proseLines(markdown);
  lines.forEach(({ line }, i) => {
    const atx = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) return add(slug(atx[1]));
    const next = lines[i + 1];
    // A setext heading: a paragraph line underlined with === or --- (the next prose line).
    if (next && next.number === lines[i].number + 1 && /^ {0,3}(=+|-+)[ \t]*$/.test(next.line) && line.trim() && !/^ {0,3}([-*+>|]|\d+[.)])/.test(line))
      add(slug(line));
    for (const m of line.matchAll(/<a\s[^>]*\b(?:id|name)=["']([^"']+)["']/gi)) anchors.add(m[1]);
  });
  return anchors;
}

/** Inline links and images, and reference definitions, outside code; targets as written. */
export function linksOf(markdown: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  for (const { line, number } of proseLines(markdown)) {
    const text = line.replace(/(`+)(?:(?!\1)[\s\S])+?\1/g, "");
    // ](target) or ](target "title"); a target may hold one level of parentheses (app/(app)/...).
    for (const m of text.matchAll(/\]\(\s*(<[^>]*>|(?:[^()\s]|\([^()\s]*\))+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g))
      links.push({ target: m[1].replace(/^<|>$/g, ""), line: number });
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(text);
    if (definition) links.push({ target: definition[1].replace(/^<|>$/g, ""), line: number });
  }
  return links;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Why a link of `file` to `target` does not land, or null when it does (or leaves the repository). */
export function checkTarget(tree: Tree, file: string, target: string, anchorCache = new Map<string, Set<string>>()): string | null {
  if (EXTERNAL.test(target)) return null;
  const hash = target.indexOf("#");
  const rawPath = hash < 0 ? target : target.slice(0, hash);
  const fragment = hash < 0 ? null : target.slice(hash + 1);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath.split("?")[0]);
  } catch {
    return "is not a valid URL path";
  }
  const joined = decoded === "" ? file : decoded.startsWith("/") ? path.posix.normalize(decoded.slice(1)) : path.posix.join(path.posix.dirname(file), decoded);
  const resolved = joined.replace(/\/+$/, "");
  if (resolved.startsWith("..")) return "points outside the repository";
  if (!tree.exists(resolved)) return `${resolved} does not exist`;
  if (fragment === null || fragment === "") return null;
  if (!/\.md$/i.test(resolved)) return /^L\d+(-L\d+)?$/.test(fragment) ? null : `#${fragment}: only Markdown files have headings to link to`;
  let anchors = anchorCache.get(resolved);
  if (!anchors) anchorCache.set(resolved, (anchors = anchorsOf(tree.read(resolved))));
  const wanted = decodeURIComponent(fragment).toLowerCase();
  return anchors.has(wanted) ? null : `${resolved} has no heading #${fragment}`;
}

/** Every broken relative link in these Markdown files. */
export function brokenMarkdownLinks(tree: Tree, files: readonly string[]): BrokenLink[] {
  const anchorCache = new Map<string, Set<string>>();
  const broken: BrokenLink[] = [];
  for (const file of files) {
    for (const { target, line } of linksOf(tree.read(file))) {
      const reason = checkTarget(tree, file, target, anchorCache);
      if (reason) broken.push({ file, line, target, reason });
    }
  }
  return broken;
}

/**
 * The Markdown pages code and messages cite, by their path from the repository's root: `README.md`,
 * `CONTRIBUTING.md` or a page under `docs/`, with an optional `#fragment`; and GitHub URLs of this
 * repository's Markdown (`github.com/<owner>/skillshelf/blob/<ref>/docs/...md#...`).
 */
export function citationsOf(text: string): { target: string; line: number }[] {
  const cited: { target: string; line: number }[] = [];
  text.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(/(?<![\w./-])((?:docs\/[\w./-]*?[\w-]+|README|CONTRIBUTING)\.md(?:#[\w-]+)?)/g)) cited.push({ target: m[1], line: i + 1 });
    for (const m of line.matchAll(/github\.com\/[\w.-]+\/skillshelf\/(?:blob|tree)\/[\w.-]+\/([\w./-]+\.md(?:#[\w-]+)?)/gi))
      cited.push({ target: m[1], line: i + 1 });
  });
  return cited;
}

/** Citations of a README section by its name rather than a path: they break when the section moves. */
export function sectionCitationsOf(text: string): { target: string; line: number }[] {
  const cited: { target: string; line: number }[] = [];
  text.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(/\bREADME, [A-Z][\w .-]*|\bREADME's [A-Z][\w .-]* section|\bsee (?:the )?README\b(?!\.md)/g))
      cited.push({ target: m[0], line: i + 1 });
  });
  return cited;
}

/** Every broken citation of a Markdown page in these code, config and script files. */
export function brokenCitations(tree: Tree, files: readonly string[]): BrokenLink[] {
  const anchorCache = new Map<string, Set<string>>();
  const broken: BrokenLink[] = [];
  for (const file of files) {
    const text = tree.read(file);
    for (const { target, line } of citationsOf(text)) {
      // Cited from the repository's root, whatever folder the citing file is in.
      const reason = checkTarget(tree, "", target, anchorCache);
      if (reason) broken.push({ file, line, target, reason });
    }
    for (const { target, line } of sectionCitationsOf(text))
      broken.push({ file, line, target, reason: "cites a README section by name: cite the page's path (docs/...md#heading) instead" });
  }
  return broken;
}

/** The repository's files as git sees them: tracked, plus new ones not ignored. */
export function repositoryFiles(root: string): string[] {
  const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split("\0").filter(Boolean))].filter((file) => existsSync(path.join(root, file)));
}

export function fileTree(root: string): Tree {
  return {
    read: (file) => readFileSync(path.join(root, file), "utf8"),
    exists: (file) => {
      const stat = statSync(path.join(root, file), { throwIfNoEntry: false });
      return !!stat;
    },
  };
}
