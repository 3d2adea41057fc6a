import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SHARED_DIR } from "@/lib/skills/test-helpers/shared";
import { loadHighlighter } from "./highlight";
import { fenceLanguages } from "./languages";
import { renderMarkdown } from "./render-markdown";
import { staticMarkup } from "./static-markup";
import { STATIC_PARTS } from "./static-parts";

// The 165 hostile Markdown files of vercel-labs/markdown-sanitizers (../shared/markdown-xss), each
// rendered as a resource of a skill, must come out inert. React's static markup escapes "<" in text
// and '"' in attribute values, so a tag scanner reads it exactly; the scanner also proves it saw
// every "<".

const CASES_DIR = path.join(SHARED_DIR, "markdown-xss", "cases");
const hasCases = existsSync(CASES_DIR);
if (!hasCases) console.warn(`[markdown-xss] skipping the hostile Markdown cases: ${CASES_DIR} is not present`);

const FORBIDDEN_TAGS = new Set([
  "script",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "base",
  "meta",
  "link",
  "style",
  "template",
  "portal",
  "math",
]);
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "poster", "srcset", "background", "data", "cite", "ping", "manifest"]);

interface Tag {
  name: string;
  attributes: [string, string][];
}

function scanTags(html: string): Tag[] {
  const tags: Tag[] = [];
  const tagPattern = /<\/?([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*\/?>/g;
  let consumed = 0;
  for (const match of html.matchAll(tagPattern)) {
    consumed += match[0].split("<").length - 1;
    if (match[0].startsWith("</")) continue;
    const attributes: [string, string][] = [];
    for (const attribute of match[2].matchAll(/\s+([^\s"'>/=]+)(?:="([^"]*)")?/g))
      attributes.push([attribute[1].toLowerCase(), decodeEntities(attribute[2] ?? "")]);
    tags.push({ name: match[1].toLowerCase(), attributes });
  }
  expect(consumed, "every < in the markup opens a tag the scanner understood").toBe(html.split("<").length - 1);
  return tags;
}

function decodeEntities(value: string): string {
  return value.replace(/&(#x[\da-f]+|#\d+|amp|quot|lt|gt|apos);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: "&", quot: '"', lt: "<", gt: ">", apos: "'" }[lower]!;
  });
}

/** The scheme a browser would see: tabs and newlines removed, control characters and spaces trimmed. */
function schemeOf(url: string): string | null {
  const cleaned = url.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+/, "");
  return /^([a-z][a-z\d+.-]*):/i.exec(cleaned)?.[1].toLowerCase() ?? null;
}

function problemsIn(html: string): string[] {
  const problems: string[] = [];
  // A link inside a link is split by the HTML parser, so the page would not hydrate.
  let openLinks = 0;
  for (const match of html.matchAll(/<(\/?)a[\s>]/g)) {
    openLinks += match[1] ? -1 : 1;
    if (openLinks > 1) problems.push("<a> inside <a>");
  }
  for (const tag of scanTags(html)) {
    if (FORBIDDEN_TAGS.has(tag.name)) problems.push(`<${tag.name}> element`);
    if (tag.name === "input" && tag.attributes.find(([name]) => name === "type")?.[1] !== "checkbox")
      problems.push("an <input> that is not a task-list checkbox");
    if (tag.name === "svg" && !tag.attributes.some(([name, value]) => name === "class" && value.includes("lucide")))
      problems.push("an inline <svg> that is not one of the app's icons");
    for (const [name, value] of tag.attributes) {
      if (name.startsWith("on")) problems.push(`${name} attribute on <${tag.name}>`);
      if (name === "style" && !/^(--shiki-[\w-]+:[^;"]*;?)+$/.test(value)) problems.push(`style attribute ${JSON.stringify(value)} on <${tag.name}>`);
      if (URL_ATTRIBUTES.has(name)) {
        const scheme = schemeOf(value);
        if (scheme && !["http", "https", "mailto"].includes(scheme)) problems.push(`${scheme}: URL in ${name} of <${tag.name}>`);
        if (tag.name === "img" && name === "src" && !value.startsWith("/api/skills/"))
          problems.push(`<img src=${JSON.stringify(value)}> outside the skill's files`);
        if (tag.name !== "a" && scheme) problems.push(`absolute URL in ${name} of <${tag.name}>: ${value}`);
      }
    }
  }
  return problems;
}

describe.skipIf(!hasCases)("hostile Markdown (../shared/markdown-xss/cases) renders inert", async () => {
  const names = hasCases
    ? readdirSync(CASES_DIR)
        .filter((name) => name.endsWith(".md"))
        .sort()
    : [];
  const files = new Map<string, { mediaType: string }>([
    ["SKILL.md", { mediaType: "text/markdown" }],
    ["assets/diagram.png", { mediaType: "image/png" }],
    ["assets/diagram.svg", { mediaType: "image/svg+xml" }],
    ...names.map((name): [string, { mediaType: string }] => [`references/${name}`, { mediaType: "text/markdown" }]),
  ]);
  const sources = names.map((name) => [name, readFileSync(path.join(CASES_DIR, name), "utf8")] as const);
  const highlighter = await loadHighlighter(sources.flatMap(([, source]) => fenceLanguages(source)));

  it("has all 165 cases", () => {
    expect(names).toHaveLength(165);
  });

  it.each(sources)("%s", (name, source) => {
    const context = {
      path: `references/${name}`,
      files,
      fileHref: (file: string, id?: string | null) => `/skills/s1?file=${encodeURIComponent(file)}${id ? `#${encodeURIComponent(id)}` : ""}`,
      rawHref: (file: string) => `/api/skills/s1/files/${file.split("/").map(encodeURIComponent).join("/")}?v=1`,
      highlighter,
    };
    const html = renderToStaticMarkup(renderMarkdown(source, context).content as ReactElement);
    expect(problemsIn(html)).toEqual([]);
    // The skill page sends a stored document as the HTML staticMarkup writes (stored-markdown.ts).
    expect(problemsIn(staticMarkup(renderMarkdown(source, context, STATIC_PARTS).content))).toEqual([]);
  });

  it("the checker itself catches what it looks for", () => {
    expect(
      problemsIn(
        '<p><a href="java&#x09;script:alert(1)">x</a><img src="https://evil.example/x.png"/><div onclick="x"></div><iframe src="data:text/html,x"></iframe></p>',
      ),
    ).toEqual([
      "javascript: URL in href of <a>",
      '<img src="https://evil.example/x.png"> outside the skill\'s files',
      "absolute URL in src of <img>: https://evil.example/x.png",
      "onclick attribute on <div>",
      "<iframe> element",
      "data: URL in src of <iframe>",
      "absolute URL in src of <iframe>: data:text/html,x",
    ]);
  });
});
