import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { loadHighlighter } from "./highlight";
import { renderMarkdown, type MarkdownContext } from "./render-markdown";
import { renderKey, renderStoredMarkdown } from "./stored-markdown";

const highlighter = await loadHighlighter(["python"]);
const files = new Map([
  ["SKILL.md", { mediaType: "text/markdown" }],
  ["scripts/run.py", { mediaType: "text/x-python" }],
]);

function context(skillId: string, version: number, overrides: Partial<MarkdownContext> = {}): MarkdownContext {
  return {
    path: "SKILL.md",
    files,
    fileHref: (file, id) => `/skills/${skillId}/v/${version}?file=${file}${id ? `#${id}` : ""}`,
    rawHref: (file) => `/api/skills/${skillId}/files/${file}?v=${version}`,
    highlighter,
    ...overrides,
  };
}

const source = "# Run\n\nSee [the script](scripts/run.py).\n\n```python\nprint('hi')\n```\n";

describe("renderStoredMarkdown", () => {
  it("renders a document once per content digest: the same source in the same version is the same render", () => {
    const first = renderStoredMarkdown(source, context("s1", 2));
    // A fresh context object for the same version (another request, another viewer) finds it.
    const again = renderStoredMarkdown(source, context("s1", 2));
    expect(again).toBe(first);
    expect(renderKey(source, context("s1", 2))).toBe(renderKey(source, context("s1", 2)));
    expect(again.html).toContain('href="/skills/s1/v/2?file=scripts/run.py"');
    // What React would write for the live render, but for the copy button's marker (static-markup.test.ts).
    const live = renderToStaticMarkup(renderMarkdown(source, context("s1", 2)).content as ReactElement);
    expect(again.html).toContain('data-copy="code"');
    expect(again.html.replaceAll(' data-copy="code"', "")).toBe(live);
  });

  it("renders again when anything the output depends on differs: the text, the path, the files, the version's URLs", () => {
    const base = renderKey(source, context("s1", 2));
    const others = [
      renderKey(`${source}\nMore.\n`, context("s1", 2)),
      renderKey(source, context("s1", 2, { path: "docs/SKILL.md" })),
      renderKey(source, context("s1", 2, { files: new Map([["SKILL.md", { mediaType: "text/markdown" }]]) })),
      renderKey(source, context("s1", 3)),
      renderKey(source, context("s2", 2)),
      renderKey(source, context("s1", 2, { filesInNewTab: true })),
    ];
    for (const key of others) expect(key).not.toBe(base);
    // The broken link shows as broken where the file is missing, not as the cached working link.
    const without = renderStoredMarkdown(source, context("s1", 2, { files: new Map([["SKILL.md", { mediaType: "text/markdown" }]]) }));
    expect(without.html).toContain("md-broken");
  });
});
