import type { Components, UrlTransform } from "react-markdown";
import type { Element, ElementContent, Root } from "hast";
import { resolveLink, type LinkTarget } from "@/lib/skills/format/links";
import { isImageMediaType } from "@/lib/skills/format/preview";
import { LIVE_PARTS, type MarkdownParts } from "./parts";

// The URL rules for untrusted skill Markdown, shared by the skill page and the playground chat
// (which quotes skills): every link and image URL goes through resolveLink, and the rendered
// href/src is one built here (an in-app path, an http(s)/mailto URL, or a "#" anchor); urlTransform
// drops anything else. Images load only from the skill's own files, through the download route:
// a remote image would tell its host who read the page (and, in a chat, could carry its text out).

export const HEADING_ID_PREFIX = "md-";
export const EXTERNAL_REL = "noopener noreferrer nofollow ugc";

export interface LinkContext {
  /** The document's path in the version ("SKILL.md", "references/api.md"). */
  path: string;
  files: ReadonlyMap<string, { mediaType: string }>;
  /** The file viewer's URL for a file of this version, optionally at an element id. */
  fileHref: (path: string, id?: string | null) => string;
  /** Where the bytes of a file of this version are served (for <img>). */
  rawHref: (path: string) => string;
  /** Open links to the skill's files in a new tab (the chat must not navigate away). */
  filesInNewTab?: boolean;
  /** What "this version" is called in notes about broken links ("this version", "pdf-tools v3"). */
  versionLabel?: string;
}

interface Resolved {
  target: LinkTarget;
  /** An image nested in a link cannot become a link itself. */
  inLink?: boolean;
}

export type Resolutions = WeakMap<Element, Resolved>;

/**
 * Rewrites every link and image of a hast tree to a URL built here (or none), recording what each
 * resolved to for urlComponents. `other` sees every other element (the skill page ids headings).
 */
export function resolveUrls(tree: Root, context: LinkContext, resolved: Resolutions, other?: (node: Element) => void): void {
  const fileSet = new Set(context.files.keys());
  const visit = (node: Root | ElementContent, inLink: boolean) => {
    if (node.type === "element") {
      const tag = node.tagName;
      if (tag === "a" && inLink) {
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
        node.properties.src =
          target.kind === "file" && isImageMediaType(context.files.get(target.path)?.mediaType ?? "") ? context.rawHref(target.path) : undefined;
      } else other?.(node);
    }
    if ("children" in node) for (const child of node.children) visit(child as ElementContent, inLink || (node.type === "element" && node.tagName === "a"));
  };
  visit(tree, false);
}

/** The <a> and <img> renderers for a tree resolveUrls went through. */
export function urlComponents(
  resolved: Resolutions,
  context: Pick<LinkContext, "filesInNewTab" | "versionLabel">,
  parts: MarkdownParts = LIVE_PARTS,
): Pick<Components, "a" | "img"> {
  const version = context.versionLabel ?? "this version";
  return {
    a({ node, href, children, title }) {
      const entry = node ? resolved.get(node) : undefined;
      if (!entry) return <a href={href}>{children}</a>;
      return (
        <MarkdownLink target={entry.target} href={href} title={title} newTab={context.filesInNewTab ?? false} version={version} parts={parts}>
          {children}
        </MarkdownLink>
      );
    },
    img({ node, src, alt, title }) {
      const entry = node ? resolved.get(node) : undefined;
      return (
        <MarkdownImage
          target={entry?.target ?? { kind: "empty" }}
          src={typeof src === "string" ? src : undefined}
          alt={alt ?? ""}
          title={title}
          inLink={entry?.inLink ?? false}
          version={version}
          parts={parts}
        />
      );
    },
  };
}

/** The last gate: only URLs this module built get through; anything else becomes empty. */
export const onlyBuiltUrls: UrlTransform = (url) => {
  if (url.startsWith("#") || url.startsWith("/skills/") || url.startsWith("/api/skills/")) return url;
  if (/^(https?:\/\/|mailto:)/i.test(url)) return url;
  return "";
};

function hrefFor(target: LinkTarget, context: LinkContext): string | undefined {
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

function MarkdownLink({
  target,
  href,
  title,
  newTab,
  version,
  parts,
  children,
}: {
  target: LinkTarget;
  href?: string;
  title?: string;
  newTab: boolean;
  version: string;
  parts: MarkdownParts;
  children: React.ReactNode;
}) {
  switch (target.kind) {
    case "file":
      return (
        <parts.FileLink href={href!} className={linkClass} title={title ?? target.path} target={newTab ? "_blank" : undefined}>
          {children}
        </parts.FileLink>
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
          {mail ? null : <parts.Icon name="external-link" className="md-link-icon" />}
          {mail ? null : <span className="sr-only"> (opens in a new tab)</span>}
        </a>
      );
    }
    case "broken":
      return (
        <span
          className="md-broken"
          title={`Broken link: ${target.path} is not a file of ${version}${target.suggestion ? ` (did you mean ${target.suggestion}?)` : ""}`}
        >
          {children}
          <parts.Icon name="triangle-alert" className="md-link-icon" />
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

function MarkdownImage({
  target,
  src,
  alt,
  title,
  inLink,
  version,
  parts,
}: {
  target: LinkTarget;
  src?: string;
  alt: string;
  title?: string;
  inLink: boolean;
  version: string;
  parts: MarkdownParts;
}) {
  if (src) {
    // eslint-disable-next-line @next/next/no-img-element -- bytes come from the skill's own files; next/image would proxy and re-encode them
    return <img src={src} alt={alt} title={title} loading="lazy" decoding="async" className="md-image" />;
  }
  if (target.kind === "external") {
    const label = alt || target.href;
    return (
      <span className="md-image-note" title={`Remote image not loaded: ${target.href}`}>
        <parts.Icon name="image-off" className="md-link-icon" />
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
        ? `${target.path} is not a file of ${version}`
        : target.kind === "unsafe"
          ? `${target.scheme}: images are not allowed`
          : "no image source";
  return (
    <span className={target.kind === "broken" ? "md-image-note md-broken" : "md-image-note"} title={reason}>
      <parts.Icon name="image-off" className="md-link-icon" />
      {alt ? <span>{alt}</span> : null}
      <span className="md-image-note-text">{reason}</span>
    </span>
  );
}
