import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import type { Element, ElementContent, Root } from "hast";
import { CodeLines } from "@/components/skills/code-lines";
import { collectMarkdownLinks, type MarkdownLink, type MarkdownNode } from "@/lib/skills/format/links";
import { createSlugger } from "@/lib/skills/format/preview";
import type { Highlighter } from "./highlight";
import { languageForFence } from "./languages";
import { LIVE_PARTS, type MarkdownParts } from "./parts";
import { HEADING_ID_PREFIX, onlyBuiltUrls, resolveUrls, urlComponents, type LinkContext, type Resolutions } from "./url-rules";

// Skill Markdown is untrusted. What keeps it inert:
// - raw HTML is never parsed into elements: react-markdown turns it into visible text (no rehype-raw);
// - links and images follow the shared URL rules (url-rules.tsx): only URLs built there are
//   rendered, and images load only from the skill's own files;
// - ids get a prefix, so a heading cannot take over an id the app uses.

export { EXTERNAL_REL, HEADING_ID_PREFIX } from "./url-rules";

export interface MarkdownContext extends LinkContext {
  highlighter: Highlighter;
}

export interface OutlineItem {
  depth: number;
  id: string;
  text: string;
}

/** `parts`: the live pieces (links, copy buttons, icons) or STATIC_PARTS for a render to an HTML string. */
export function renderMarkdown(
  source: string,
  context: MarkdownContext,
  parts: MarkdownParts = LIVE_PARTS,
): { content: React.ReactNode; outline: OutlineItem[] } {
  const outline: OutlineItem[] = [];
  const resolved: Resolutions = new WeakMap();
  const slug = createSlugger();

  const annotate = (tree: Root) =>
    resolveUrls(tree, context, resolved, (node) => {
      if (/^h[1-6]$/.test(node.tagName) && node.properties.id === undefined) {
        const text = textOf(node).trim();
        const id = HEADING_ID_PREFIX + slug(text);
        node.properties.id = id;
        if (Number(node.tagName[1]) <= 3) outline.push({ depth: Number(node.tagName[1]), id, text });
      }
    });

  const components: Components = {
    ...urlComponents(resolved, context, parts),
    pre({ node }) {
      const code = node?.children.find((child): child is Element => child.type === "element" && child.tagName === "code");
      if (!code) return null;
      const classes = Array.isArray(code.properties.className) ? code.properties.className.map(String) : [];
      const info = classes.find((name) => name.startsWith("language-"))?.slice("language-".length) ?? null;
      const language = languageForFence(info);
      return (
        <figure className="md-code not-prose">
          <figcaption className="md-code-bar">
            <span>{info ?? "text"}</span>
            <parts.CopyCodeButton />
          </figcaption>
          <CodeLines lines={context.highlighter.lines(textOf(code), language)} label={info ? `${info} code` : "Code"} />
        </figure>
      );
    },
    h1: heading("h1", parts),
    h2: heading("h2", parts),
    h3: heading("h3", parts),
    h4: heading("h4", parts),
    h5: heading("h5", parts),
    h6: heading("h6", parts),
    table({ children }) {
      return (
        <div className="md-table" tabIndex={0} role="region" aria-label="Table">
          <table>{children}</table>
        </div>
      );
    },
  };

  const content =
    // Called as a function, not rendered as <Markdown>: it is synchronous and hook-free, and the
    // outline it collects has to exist before the page renders the "On this page" list.
    Markdown({
      children: source,
      remarkPlugins: [remarkGfm],
      remarkRehypeOptions: { clobberPrefix: HEADING_ID_PREFIX },
      rehypePlugins: [() => annotate],
      components,
      urlTransform: onlyBuiltUrls,
    });
  return { content, outline };
}

/** Link and image URLs of a Markdown document, parsed exactly as the renderer parses it. */
export function extractMarkdownLinks(source: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  Markdown({
    children: source,
    remarkPlugins: [
      remarkGfm,
      () => (tree: MarkdownNode) => {
        links.push(...collectMarkdownLinks(tree));
        // Nothing needs rendering: empty the tree so the rest of the pipeline has no work.
        tree.children = [];
      },
    ],
  });
  return links;
}

function heading(Tag: "h1" | "h2" | "h3" | "h4" | "h5" | "h6", parts: MarkdownParts): Components["h1"] {
  return function Heading({ id, children }) {
    return (
      <Tag id={id} className="md-heading">
        {children}
        {id ? (
          <a href={`#${id}`} className="md-anchor" aria-label="Link to this section">
            <parts.Icon name="link" />
          </a>
        ) : null}
      </Tag>
    );
  };
}

function textOf(node: Element | ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}
