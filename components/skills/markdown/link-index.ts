import "server-only";
import { mentionedPaths, type MarkdownLink } from "@/lib/skills/format/links";
import { extractMarkdownLinks } from "./render-markdown";

// The skill page needs the links of every Markdown file of a version (for "unreferenced" files and
// broken links), not just of the one shown. Files are content-addressed, so the parse of one
// sha256 is good forever: keep the most recent ones.

const MAX_ENTRIES = 5000;
interface Parsed {
  links: MarkdownLink[];
  mentions: string[];
}

const cache = new Map<string, Parsed>();

export interface MarkdownDocument {
  path: string;
  sha256: string;
}

/** The documents whose links still need their text. */
export function documentsToParse(documents: readonly MarkdownDocument[]): MarkdownDocument[] {
  return documents.filter((doc) => !cache.has(doc.sha256));
}

/** Links and file mentions of each document: from the cache, else parsed from `texts` (documents missing from both are skipped). */
export function documentLinks(
  documents: readonly MarkdownDocument[],
  texts: ReadonlyMap<string, string>,
): { path: string; links: MarkdownLink[]; mentions: string[] }[] {
  const out: { path: string; links: MarkdownLink[]; mentions: string[] }[] = [];
  for (const doc of documents) {
    let parsed = cache.get(doc.sha256);
    if (!parsed) {
      const text = texts.get(doc.path);
      if (text === undefined) continue;
      parsed = { links: extractMarkdownLinks(text), mentions: mentionedPaths(text) };
      cache.set(doc.sha256, parsed);
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    }
    out.push({ path: doc.path, ...parsed });
  }
  return out;
}
