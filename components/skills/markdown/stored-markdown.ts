import "server-only";
import { createHash } from "node:crypto";
import type { ReactNode } from "react";
import { SizedLru } from "@/lib/cache/sized-lru";
import { renderMarkdown, type MarkdownContext, type OutlineItem } from "./render-markdown";
import type { LinkContext } from "./url-rules";

// Apart from render-markdown.tsx, which the editor's preview also runs in the browser: node:crypto
// there made the bundler ship crypto-browserify (and vm-browserify's eval, which the CSP blocks).

// A version's files never change, so the render of one document in one version is good forever:
// the parse (micromark, mdast to hast, the element tree) was ~15% of a skill page's CPU on every
// view. Kept per process, most recently used first, within an estimated budget: the element tree
// and the hast nodes it holds weigh about RENDER_BYTES_PER_CHAR bytes per character of source.
const RENDER_BYTES_PER_CHAR = 12;
const RENDER_CACHE_BYTES = 48 * 1024 * 1024;
const rendered = new SizedLru<{ content: ReactNode; outline: OutlineItem[] }>(RENDER_CACHE_BYTES);

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

/** renderMarkdown of an immutable document (a stored version's file), rendered once per renderKey. */
export function renderStoredMarkdown(source: string, context: MarkdownContext): { content: ReactNode; outline: OutlineItem[] } {
  const key = renderKey(source, context);
  const hit = rendered.get(key);
  if (hit) return hit;
  const result = renderMarkdown(source, context);
  rendered.set(key, result, source.length * RENDER_BYTES_PER_CHAR);
  return result;
}
