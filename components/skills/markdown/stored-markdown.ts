import "server-only";
import { createHash } from "node:crypto";
import { SizedLru } from "@/lib/cache/sized-lru";
import { renderMarkdown, type MarkdownContext, type OutlineItem } from "./render-markdown";
import { staticMarkup } from "./static-markup";
import { STATIC_PARTS } from "./static-parts";
import type { LinkContext } from "./url-rules";

// Apart from render-markdown.tsx, which the editor's preview also runs in the browser: node:crypto
// there made the bundler ship crypto-browserify (and vm-browserify's eval, which the CSP blocks).

// A version's files never change, so the render of one document in one version is good forever:
// the parse (micromark, mdast to hast, the element tree) was ~15% of a skill page's CPU on every
// view, and encoding the tree's elements in the page's payload and walking them again for its
// HTML another ~2 ms. So a document is rendered once, to its HTML (static-markup.ts, with the
// static copy button, links and icons of static-parts.tsx), and the page sends that one string
// (markdown-html.tsx makes its buttons and links live). Kept per process, most recently used first,
// within a byte budget (a JS string of HTML is two bytes per character, plus the outline).
const RENDER_CACHE_BYTES = 32 * 1024 * 1024;
const rendered = new SizedLru<StoredRender>(RENDER_CACHE_BYTES);

export interface StoredRender {
  /** The document as HTML: what React would write for renderMarkdown's tree with STATIC_PARTS. */
  html: string;
  outline: OutlineItem[];
}

/**
 * What a render depends on, as a digest: the source, the document's path, the version's files
 * (what a link resolves to) and the URLs the context builds (probed with a path no file has, which
 * captures the skill and version they point into). Nothing about the viewer enters a render, so
 * nothing about one can leave through this cache: whoever may open the page sees the same document.
 */
export function renderKey(source: string, context: LinkContext): string {
  const files = [...context.files].map(([path, file]) => `${path}\u0000${file.mediaType}`).sort();
  const probe = "\u0000probe";
  return createHash("sha256")
    .update(
      JSON.stringify([
        source,
        context.path,
        files,
        context.fileHref(probe, probe),
        context.rawHref(probe),
        context.filesInNewTab ?? false,
        context.versionLabel ?? null,
      ]),
    )
    .digest("base64url");
}

/** An immutable document (a stored version's file) rendered to HTML, once per renderKey. */
export function renderStoredMarkdown(source: string, context: MarkdownContext): StoredRender {
  const key = renderKey(source, context);
  const hit = rendered.get(key);
  if (hit) return hit;
  const { content, outline } = renderMarkdown(source, context, STATIC_PARTS);
  const result = { html: staticMarkup(content), outline };
  rendered.set(key, result, 2 * result.html.length + outline.reduce((sum, item) => sum + 64 + 2 * (item.id.length + item.text.length), 0));
  return result;
}
