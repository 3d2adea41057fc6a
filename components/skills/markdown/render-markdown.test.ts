import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { loadHighlighter } from "./highlight";
import { extractMarkdownLinks, renderMarkdown, type MarkdownContext } from "./render-markdown";

const files = new Map([
  ["SKILL.md", { mediaType: "text/markdown" }],
  ["references/rollback.md", { mediaType: "text/markdown" }],
  ["assets/pipeline.png", { mediaType: "image/png" }],
  ["assets/pipeline.svg", { mediaType: "image/svg+xml" }],
  ["scripts/run.py", { mediaType: "text/x-python" }],
]);
const highlighter = await loadHighlighter(["typescript", "python"]);

function context(path = "SKILL.md"): MarkdownContext {
  return {
    path,
    files,
    fileHref: (file, id) => `/skills/s1?file=${file}${id ? `#${id}` : ""}`,
    rawHref: (file) => `/api/skills/s1/files/${file}?v=2`,
    highlighter,
  };
}

function html(source: string, path?: string) {
  const { content, outline } = renderMarkdown(source, context(path));
  return { html: renderToStaticMarkup(content as ReactElement), outline };
}

describe("renderMarkdown", () => {
  it("gives headings prefixed GitHub slugs and collects the outline", () => {
    const { html: out, outline } = html("# Deploy\n\n## Before the deploy\n\n### Steps\n\n#### Deep\n\n## Before the deploy\n");
    expect(out).toContain('<h2 id="md-before-the-deploy" class="md-heading">Before the deploy<a href="#md-before-the-deploy"');
    expect(outline).toEqual([
      { depth: 1, id: "md-deploy", text: "Deploy" },
      { depth: 2, id: "md-before-the-deploy", text: "Before the deploy" },
      { depth: 3, id: "md-steps", text: "Steps" },
      { depth: 2, id: "md-before-the-deploy-1", text: "Before the deploy" },
    ]);
  });

  it("opens bundle files in the viewer, marks broken links, and keeps external links at arm's length", () => {
    const { html: out } = html(
      "[rollback](references/rollback.md#steps) [gone](references/Rollback2.md) [spec](https://agentskills.io) [top](#deploy) [mail](mailto:a@example.com) [bad](javascript:alert(1))",
    );
    expect(out).toContain('href="/skills/s1?file=references/rollback.md#md-steps"');
    expect(out).toMatch(/<span class="md-broken" title="Broken link: references\/Rollback2.md is not a file of this version">gone/);
    expect(out).toContain(
      'href="https://agentskills.io/" class="md-link" title="https://agentskills.io/" rel="noopener noreferrer nofollow ugc" target="_blank"',
    );
    expect(out).toContain('href="#md-deploy"');
    expect(out).toContain('href="mailto:a@example.com"');
    expect(out).not.toMatch(/(href|src)="javascript:/);
    expect(out).toContain('title="Link removed: javascript: URLs are not allowed">bad');
  });

  it("resolves links relative to the document's folder", () => {
    const { html: out } = html("[skill](../SKILL.md) ![p](../assets/pipeline.svg)", "references/rollback.md");
    expect(out).toContain('href="/skills/s1?file=SKILL.md"');
    expect(out).toContain('<img src="/api/skills/s1/files/assets/pipeline.svg?v=2" alt="p"');
  });

  it("shows bundle images, never loads remote ones, and explains what is missing", () => {
    const { html: out } = html(
      "![Pipeline](assets/pipeline.png) ![remote](https://example.com/x.png) ![nope](assets/missing.png) ![code](scripts/run.py) [![badge](https://img.shields.io/x.svg)](https://example.com)",
    );
    expect(out).toContain('<img src="/api/skills/s1/files/assets/pipeline.png?v=2" alt="Pipeline"');
    expect(out.match(/<img /g)).toHaveLength(1);
    expect(out).toContain('<a href="https://example.com/x.png" rel="noopener noreferrer nofollow ugc" target="_blank" class="md-link">remote</a>');
    expect(out).toContain("remote image, not loaded");
    expect(out).toContain("assets/missing.png is not a file of this version");
    expect(out).toContain("scripts/run.py is not an image");
    // an image inside a link stays text: no <a> inside <a>
    expect(out).not.toMatch(/<a [^>]*>[^<]*<svg[^>]*>.*?<a /);
  });

  it("never nests a link in a link (an autolink in link text becomes text)", () => {
    const { html: out } = html("[Link with <https://example.com/x> inside](https://safe.example)");
    expect(out).toContain('target="_blank">Link with <span>https://example.com/x</span> inside');
    expect(out.match(/<a /g)).toHaveLength(1);
  });

  it("shows raw HTML as text and highlights fenced code on the server", () => {
    const { html: out } = html("<script>alert(1)</script>\n\n```ts\nconst x: number = 1;\n```\n\n```\nplain\n```\n");
    expect(out).not.toContain("<script");
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain('style="--shiki-light:#D73A49;--shiki-dark:#F97583">const</span>');
    expect(out).toContain("<span>text</span>");
  });

  it("renders GFM: tables, task lists, strikethrough and footnotes", () => {
    const { html: out } = html("| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ note[^1]\n\n[^1]: The footnote.\n");
    expect(out).toContain('<div class="md-table" tabindex="0" role="region" aria-label="Table"><table>');
    expect(out).toContain('<input type="checkbox" disabled="" checked=""/>');
    expect(out).toContain("<del>old</del>");
    expect(out).toContain('href="#md-fn-1"');
    expect(out).toContain('id="md-fn-1"');
  });
});

describe("extractMarkdownLinks", () => {
  it("finds links, images and definitions but not code", () => {
    expect(extractMarkdownLinks("[a](a.md) ![b](b.png)\n\n`[c](c.md)`\n\n```\n[d](d.md)\n```\n\n[e][ref]\n\n[ref]: e.md\n")).toEqual([
      { url: "a.md", image: false },
      { url: "b.png", image: true },
      { url: "e.md", image: false },
    ]);
  });
});
