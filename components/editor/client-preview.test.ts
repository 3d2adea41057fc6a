import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SHARED_DIR } from "@/lib/skills/test-helpers/shared";
import { renderPreviewInBrowser } from "./client-preview";
import { DraftPreview } from "./draft-preview";

// The preview the browser renders while the author types must be the server's: the same Markdown
// rules, the same sanitizing (the 165 hostile cases of ../shared/markdown-xss), the same link
// targets, byte for byte. Code highlighting is compared apart: shiki here splits and colours the
// same code differently from one run to the next (on the server as in the browser), so inside a
// code block only the text is compared.

const CASES_DIR = path.join(SHARED_DIR, "markdown-xss", "cases");
const hostile = existsSync(CASES_DIR)
  ? readdirSync(CASES_DIR)
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => [name, readFileSync(path.join(CASES_DIR, name), "utf8")] as const)
  : [];
if (!hostile.length) console.warn(`[client-preview] skipping the hostile Markdown cases: ${CASES_DIR} is not present`);

const files = [
  { path: "SKILL.md", mediaType: "text/markdown" },
  { path: "references/guide.md", mediaType: "text/markdown" },
  { path: "assets/diagram.png", mediaType: "image/png" },
];

async function both(filePath: string, text: string) {
  const input = { skillId: "s1", baseVersion: 3, path: filePath, text, files };
  const server = renderToStaticMarkup((await DraftPreview(input)) as ReactElement);
  const result = await renderPreviewInBrowser(input);
  if (!result.ok) throw new Error(result.message);
  return { server, browser: renderToStaticMarkup(result.node as ReactElement) };
}

/** The markup with each code block's highlighting taken out: its text stays, and every other element and attribute. */
const uncoloured = (html: string) =>
  html.replace(/(<code>)([\s\S]*?)(<\/code>)/g, (_, open: string, inner: string, close: string) => open + inner.replace(/<[^>]*>/g, "") + close);

describe("the editor's preview rendered in the browser", () => {
  it("matches the server's for a SKILL.md with frontmatter, links, an image, a table and highlighted code", async () => {
    const skillMd = [
      "---",
      "name: demo",
      "description: Shows every part of the preview. Use in tests.",
      "metadata:",
      "  owner: platform",
      "---",
      "",
      "# Demo",
      "",
      "See [the guide](references/guide.md#setup), [a missing file](references/nope.md) and ![diagram](assets/diagram.png).",
      "",
      "| a | b |",
      "|---|---|",
      "| 1 | 2 |",
      "",
      "```python",
      "def f(x):\r\n    return x + 1",
      "```",
      "",
      "```unknownlang",
      "plain",
      "```",
      "",
    ].join("\n");
    const { server, browser } = await both("SKILL.md", skillMd);
    expect(server).toContain("/skills/s1/edit?file=references/guide.md");
    expect(uncoloured(browser)).toBe(uncoloured(server));
    // Both highlight the Python fence (and only it: the unknown language stays plain).
    for (const html of [server, browser]) expect(html.match(/--shiki-light/g)?.length).toBeGreaterThan(3);
    expect(uncoloured(browser)).not.toContain("--shiki");
  });

  it("refuses what the server refuses, with its message", async () => {
    const result = await renderPreviewInBrowser({ skillId: "s1", baseVersion: 0, path: "SKILL.md", text: "# x", files });
    expect(result.ok).toBe(false);
  });

  it.skipIf(!hostile.length).each(hostile)("hostile %s renders as the server renders it", async (name, source) => {
    const { server, browser } = await both(`references/${name}`, source);
    expect(uncoloured(browser)).toBe(uncoloured(server));
  });
});
