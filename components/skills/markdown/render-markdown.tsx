import Link from "next/link";
import Markdown, { type Components, type UrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import type { Element, ElementContent, Root } from "hast";
import { ExternalLinkIcon, ImageOffIcon, LinkIcon, TriangleAlertIcon } from "lucide-react";
import { CodeLines } from "@/components/skills/code-lines";
import { CopyButton } from "@/components/skills/copy-button";
import { collectMarkdownLinks, resolveLink, type LinkTarget, type MarkdownLink, type MarkdownNode } from "@/lib/skills/links";
import { createSlugger, isImageMediaType } from "@/lib/skills/preview";
import type { Highlighter } from "./highlight";
import { languageForFence } from "./languages";

// Skill Markdown is untrusted. What keeps it inert:
// - raw HTML is never parsed into elements: react-markdown turns it into visible text (no rehype-raw);
// - every link and image URL goes through resolveLink, and the rendered href/src is one this module
//   built (an in-app path, an http(s)/mailto URL, or a "#" anchor); urlTransform drops anything else;
// - images load only from the skill's own files, through the download route (SVG stays in <img>);
// - ids get a prefix, so a heading cannot take over an id the app uses.

export const HEADING_ID_PREFIX = "md-";
export const EXTERNAL_REL = "noopener noreferrer nofollow ugc";

export interface MarkdownContext {
  /** The document's path in the version ("SKILL.md", "references/api.md"). */
  path: string;
  files: ReadonlyMap<string, { mediaType: string }>;
  /** The file viewer's URL for a file of this version, optionally at an element id. */
  fileHref: (path: string, id?: string | null) => string;
  /** Where the bytes of a file of this version are served (for <img>). */
  rawHref: (path: string) => string;
  highlighter: Highlighter;
}

export interface OutlineItem {
  depth: number;
  id: string;
  text: string;
}

interface Resolved {
  target: LinkTarget;
  /** An image nested in a link cannot become a link itself. */
  inLink?: boolean;
}

export function renderMarkdown(source: string, context: MarkdownContext): { content: React.ReactNode; outline: OutlineItem[] } {
  const outline: OutlineItem[] = [];
  const resolved = new WeakMap<Element, Resolved>();
  const fileSet = new Set(context.files.keys());
  const slug = createSlugger();

  const annotate = (tree: Root) => {
    const visit = (node: Root | ElementContent, inLink: boolean) => {
      if (node.type === "element") {
        const tag = node.tagName;
        if (/^h[1-6]$/.test(tag) && node.properties.id === undefined) {
          const text = textOf(node).trim();
          const id = HEADING_ID_PREFIX + slug(text);
          node.properties.id = id;
          if (Number(tag[1]) <= 3) outline.push({ depth: Number(tag[1]), id, text });
        } else if (tag === "a" && inLink) {
          // An autolink inside link text parses as a link in a link; the browser would split the
          // outer one (and React's hydration with it), so the inner one becomes text.
          node.tagName = "span";
          node.properties = {};
        } else if (tag === "a") {
          // remark-gfm's footnote links are generated, not written: they point at prefixed ids already.
          const generated = node.properties.dataFootnoteRef !== undefined || node.properties.dataFootnoteBackref !== undefined;
          if (!generated) {
            const target = resolveLink(String(node.properties.href ?? ""), context.path, fileSet);
            resolved.set(node, { target });
            node.properties.href = hrefFor(target, context);
          }
        } else if (tag === "img") {
          const target = resolveLink(String(node.properties.src ?? ""), context.path, fileSet);
          resolved.set(node, { target, inLink });
          node.properties.src = target.kind === "file" && isImageMediaType(context.files.get(target.path)?.mediaType ?? "") ? context.rawHref(target.path) : undefined;
        }
      }
      if ("children" in node) for (const child of node.children) visit(child as ElementContent, inLink || (node.type === "element" && node.tagName === "a"));
    };
    visit(tree, false);
  };

  const components: Components = {
    a({ node, href, children, title }) {
      const entry = node ? resolved.get(node) : undefined;
      if (!entry) return <a href={href}>{children}</a>;
      return <MarkdownLink target={entry.target} href={href} title={title}>{children}</MarkdownLink>;
    },
    img({ node, src, alt, title }) {
      const entry = node ? resolved.get(node) : undefined;
      return <MarkdownImage target={entry?.target ?? { kind: "empty" }} src={typeof src === "string" ? src : undefined} alt={alt ?? ""} title={title} inLink={entry?.inLink ?? false} />;
    },
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
            <CopyButton label="Copy code" className="p-1" />
          </figcaption>
          <CodeLines lines={context.highlighter.lines(textOf(code), language)} label={info ? `${info} code` : "Code"} />
        </figure>
      );
    },
    h1: heading("h1"),
    h2: heading("h2"),
    h3: heading("h3"),
    h4: heading("h4"),
    h5: heading("h5"),
    h6: heading("h6"),
    table({ children }) {
      return (
        <div className="md-table" tabIndex={0} role="region" aria-label="Table">
          <table>{children}</table>
        </div>
      );
    },
  };

  const content = (
    // Called as a function, not rendered as <Markdown>: it is synchronous and hook-free, and the
    // outline it collects has to exist before the page renders the "On this page" list.
    Markdown({
      children: source,
      remarkPlugins: [remarkGfm],
      remarkRehypeOptions: { clobberPrefix: HEADING_ID_PREFIX },
      rehypePlugins: [() => annotate],
      components,
      urlTransform: onlyBuiltUrls,
    })
  );
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

/** The last gate: only URLs this module built get through; anything else becomes empty. */
const onlyBuiltUrls: UrlTransform = (url) => {
  if (url.startsWith("#") || url.startsWith("/skills/") || url.startsWith("/api/skills/")) return url;
  if (/^(https?:\/\/|mailto:)/i.test(url)) return url;
  return "";
};

function hrefFor(target: LinkTarget, context: MarkdownContext): string | undefined {
  switch (target.kind) {
    case "file":
      return context.fileHref(target.path, target.fragment ? HEADING_ID_PREFIX + target.fragment : null);
    case "anchor":
      return target.fragment ? `#${HEADING_ID_PREFIX}${target.fragment}` : "#";
    case "external":
      return target.href;
    default:
      return undefined;
  }
}

const linkClass = "md-link";

function MarkdownLink({ target, href, title, children }: { target: LinkTarget; href?: string; title?: string; children: React.ReactNode }) {
  switch (target.kind) {
    case "file":
      return (
        <Link href={href!} prefetch={false} className={linkClass} title={title ?? target.path}>
          {children}
        </Link>
      );
    case "anchor":
      return (
        <a href={href} className={linkClass} title={title}>
          {children}
        </a>
      );
    case "external": {
      const mail = target.href.startsWith("mailto:");
      return (
        <a href={href} className={linkClass} title={title ?? target.href} rel={EXTERNAL_REL} target={mail ? undefined : "_blank"}>
          {children}
          {mail ? null : <ExternalLinkIcon aria-hidden className="md-link-icon" />}
          {mail ? null : <span className="sr-only"> (opens in a new tab)</span>}
        </a>
      );
    }
    case "broken":
      return (
        <span className="md-broken" title={`Broken link: ${target.path} is not a file of this version${target.suggestion ? ` (did you mean ${target.suggestion}?)` : ""}`}>
          {children}
          <TriangleAlertIcon aria-hidden className="md-link-icon" />
          <span className="sr-only"> (broken link to {target.path})</span>
        </span>
      );
    case "folder":
      return (
        <span className="md-folder" title={`Folder ${target.path || "/"} of this skill`}>
          {children}
        </span>
      );
    case "unsafe":
      return (
        <span className="md-unsafe" title={`Link removed: ${target.scheme === "invalid" ? "not a valid URL" : `${target.scheme}: URLs are not allowed`}`}>
          {children}
          <span className="sr-only"> (link removed)</span>
        </span>
      );
    case "empty":
      return <span>{children}</span>;
  }
}

function MarkdownImage({ target, src, alt, title, inLink }: { target: LinkTarget; src?: string; alt: string; title?: string; inLink: boolean }) {
  if (src) {
    // eslint-disable-next-line @next/next/no-img-element -- bytes come from the skill's own files; next/image would proxy and re-encode them
    return <img src={src} alt={alt} title={title} loading="lazy" decoding="async" className="md-image" />;
  }
  if (target.kind === "external") {
    const label = alt || target.href;
    return (
      <span className="md-image-note" title={`Remote image not loaded: ${target.href}`}>
        <ImageOffIcon aria-hidden className="md-link-icon" />
        {inLink ? (
          <span>{label}</span>
        ) : (
          <a href={target.href} rel={EXTERNAL_REL} target="_blank" className={linkClass}>
            {label}
          </a>
        )}
        <span className="md-image-note-text">remote image, not loaded</span>
      </span>
    );
  }
  const reason =
    target.kind === "file"
      ? `${target.path} is not an image`
      : target.kind === "broken"
        ? `${target.path} is not a file of this version`
        : target.kind === "unsafe"
          ? `${target.scheme}: images are not allowed`
          : "no image source";
  return (
    <span className={target.kind === "broken" ? "md-image-note md-broken" : "md-image-note"} title={reason}>
      <ImageOffIcon aria-hidden className="md-link-icon" />
      {alt ? <span>{alt}</span> : null}
      <span className="md-image-note-text">{reason}</span>
    </span>
  );
}

function heading(Tag: "h1" | "h2" | "h3" | "h4" | "h5" | "h6"): Components["h1"] {
  return function Heading({ id, children }) {
    return (
      <Tag id={id} className="md-heading">
        {children}
        {id ? (
          <a href={`#${id}`} className="md-anchor" aria-label="Link to this section">
            <LinkIcon aria-hidden />
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
