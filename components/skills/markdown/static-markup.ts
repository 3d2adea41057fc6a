import { Fragment, type ReactNode } from "react";
import { escapeXml } from "@/lib/skills/format/catalog";

// The HTML of an element tree, as react-dom/server's renderToStaticMarkup writes it, computed where
// React's server renderer may not run: a React Server Component may not import react-dom/server.
// A stored document is rendered once to this string and sent as one string (markdown-html.tsx),
// instead of as hundreds of elements that Flight encodes and the HTML renderer walks on every view.
//
// Only what a Markdown render holds is supported: host elements, text, arrays, fragments and plain
// function components (called, so they must not use hooks). Anything else (a client component, a
// context, a lazy or memo component) throws, naming it, rather than rendering something different
// from React. static-markup.test.ts holds the output byte-equal to React's over every Markdown
// document of the shared corpora and the hostile Markdown cases.

const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param", "source", "track", "wbr"]);

// React's boolean attributes: present (`name=""`) when truthy, absent otherwise.
const BOOLEAN_ATTRIBUTES = new Set([
  "inert",
  "allowFullScreen",
  "async",
  "autoPlay",
  "controls",
  "credentialless",
  "default",
  "defer",
  "disabled",
  "disablePictureInPicture",
  "disableRemotePlayback",
  "formNoValidate",
  "hidden",
  "loop",
  "noModule",
  "noValidate",
  "open",
  "playsInline",
  "readOnly",
  "required",
  "reversed",
  "scoped",
  "seamless",
  "itemScope",
]);

// React's renames for the props our trees use (SVG presentation attributes and the like).
const ALIASES = new Map([
  ["className", "class"],
  ["htmlFor", "for"],
  ["tabIndex", "tabindex"],
  ["strokeWidth", "stroke-width"],
  ["strokeLinecap", "stroke-linecap"],
  ["strokeLinejoin", "stroke-linejoin"],
  ["strokeDasharray", "stroke-dasharray"],
  ["strokeOpacity", "stroke-opacity"],
  ["fillRule", "fill-rule"],
  ["fillOpacity", "fill-opacity"],
  ["clipRule", "clip-rule"],
  ["clipPath", "clip-path"],
  ["vectorEffect", "vector-effect"],
  ["xlinkHref", "xlink:href"],
  ["crossOrigin", "crossorigin"],
]);

const SKIPPED_PROPS = new Set([
  "children",
  "dangerouslySetInnerHTML",
  "defaultValue",
  "defaultChecked",
  "innerHTML",
  "suppressContentEditableWarning",
  "suppressHydrationWarning",
  "ref",
  "key",
]);

// Style properties React writes without a "px" unit when given a number (those a Markdown render
// can produce; any other number gets "px", as React does).
const UNITLESS_STYLES = new Set(["opacity", "zIndex", "fontWeight", "lineHeight", "order", "flex", "flexGrow", "flexShrink", "zoom"]);

// React's guard: a javascript: URL (with the control characters browsers ignore) never reaches href.
const JAVASCRIPT_URL = /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
const BLOCKED_URL = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";

// React escapes text and attribute values with the same five entities as the catalog's XML.
function escapeHtml(value: unknown): string {
  return escapeXml(String(value));
}

interface ElementLike {
  type: unknown;
  props: Record<string, unknown>;
}

/** The static markup of `node`: what renderToStaticMarkup(node) returns, for the trees above. */
export function staticMarkup(node: ReactNode): string {
  const out: string[] = [];
  write(node, out);
  return out.join("");
}

function write(node: ReactNode, out: string[]): void {
  if (node === null || node === undefined || typeof node === "boolean") return;
  if (typeof node === "string" || typeof node === "number" || typeof node === "bigint") {
    out.push(escapeHtml(node));
    return;
  }
  if (Array.isArray(node)) {
    for (const child of node) write(child as ReactNode, out);
    return;
  }
  if (typeof node === "object" && "$$typeof" in node && "props" in node) {
    const element = node as unknown as ElementLike;
    const { type, props } = element;
    if (type === Fragment) return write(props.children as ReactNode, out);
    if (typeof type === "string") return writeHostElement(type, props, out);
    // A plain function component; a client reference is a function too, but carries $$typeof.
    if (typeof type === "function" && !("$$typeof" in type)) return write((type as (props: unknown) => ReactNode)(props), out);
    throw new Error(`staticMarkup renders host elements and plain function components only, not ${describe(type)}`);
  }
  throw new Error(`staticMarkup cannot render ${describe(node)}`);
}

function writeHostElement(tag: string, props: Record<string, unknown>, out: string[]): void {
  out.push("<", tag);
  let checked: unknown = null;
  let value: unknown = null;
  for (const name in props) {
    if (!Object.hasOwn(props, name)) continue;
    const propValue = props[name];
    if (propValue === null || propValue === undefined) continue;
    if (tag === "input" && name === "checked") checked = propValue;
    else if (tag === "input" && name === "value") value = propValue;
    // An empty href is kept on <a> only (a link to the page itself); elsewhere it is dropped.
    else if (tag === "a" && name === "href" && propValue === "") out.push(' href=""');
    else writeAttribute(name, propValue, out);
  }
  if (checked !== null && checked) out.push(' checked=""');
  if (value !== null) writeAttribute("value", value, out);

  if (VOID_ELEMENTS.has(tag)) {
    if (props.children != null || props.dangerouslySetInnerHTML != null) throw new Error(`<${tag}> is a void element and cannot have children`);
    out.push("/>");
    return;
  }
  out.push(">");
  const inner = props.dangerouslySetInnerHTML as { __html?: unknown } | undefined;
  if (inner != null) {
    if (props.children != null) throw new Error(`<${tag}> has both children and dangerouslySetInnerHTML`);
    if (inner.__html != null) out.push(String(inner.__html));
  } else {
    // An HTML parser drops the first newline inside these elements, so React writes an extra one.
    if ((tag === "pre" || tag === "textarea" || tag === "listing") && typeof props.children === "string" && props.children.startsWith("\n")) out.push("\n");
    write(props.children as ReactNode, out);
  }
  out.push("</", tag, ">");
}

function writeAttribute(name: string, value: unknown, out: string[]): void {
  if (SKIPPED_PROPS.has(name) || typeof value === "function" || typeof value === "symbol") return;
  if (name === "style") {
    const style = styleText(value);
    if (style) out.push(' style="', style, '"');
    return;
  }
  if (name === "src" || name === "href" || name === "action" || name === "formAction") {
    if (value === "" && (name === "src" || name === "href")) return;
    if (typeof value === "boolean") return;
    const url = String(value);
    out.push(" ", name, '="', escapeHtml(JAVASCRIPT_URL.test(url) ? BLOCKED_URL : url), '"');
    return;
  }
  if (BOOLEAN_ATTRIBUTES.has(name)) {
    if (value) out.push(" ", name.toLowerCase(), '=""');
    return;
  }
  if (name === "start" || name === "rowSpan") {
    if (!Number.isNaN(Number(value))) out.push(" ", name, '="', escapeHtml(value), '"');
    return;
  }
  // Event handlers are never attributes.
  if (name.length > 2 && (name[0] === "o" || name[0] === "O") && (name[1] === "n" || name[1] === "N")) return;
  const attribute = ALIASES.get(name) ?? name;
  if (typeof value === "boolean") {
    const prefix = attribute.toLowerCase().slice(0, 5);
    if (prefix !== "data-" && prefix !== "aria-") return;
  }
  out.push(" ", attribute, '="', escapeHtml(value), '"');
}

function styleText(style: unknown): string {
  if (typeof style !== "object" || style === null) throw new Error("The style prop must be an object");
  const parts: string[] = [];
  for (const [name, value] of Object.entries(style)) {
    if (value === null || value === undefined || typeof value === "boolean" || value === "") continue;
    if (name.startsWith("--")) {
      parts.push(`${escapeHtml(name)}:${escapeHtml(String(value).trim())}`);
      continue;
    }
    const property = escapeHtml(
      name
        .replace(/([A-Z])/g, "-$1")
        .toLowerCase()
        .replace(/^ms-/, "-ms-"),
    );
    const text = typeof value === "number" ? (value === 0 || UNITLESS_STYLES.has(name) ? String(value) : `${value}px`) : escapeHtml(String(value).trim());
    parts.push(`${property}:${text}`);
  }
  return parts.join(";");
}

function describe(value: unknown): string {
  if (typeof value === "function") return `the component ${value.name || "(anonymous)"}`;
  if (typeof value === "object" && value !== null) {
    const tag = (value as { $$typeof?: symbol }).$$typeof;
    return tag ? `an element type of kind ${String(tag.description ?? tag.toString())}` : "an object";
  }
  return typeof value;
}
