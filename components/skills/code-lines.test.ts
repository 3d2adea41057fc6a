import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CodeLines, lineElements } from "./code-lines";
import { loadHighlighter } from "./markdown/highlight";

const highlighter = await loadHighlighter(["typescript", "python"]);
const code = `// <b>"quotes" & 'apostrophes'</b>\nconst a: Array<string> = ["x", 'y'];\n\nif (a.length > 1 && a[0] !== "<") {\n  console.log(\`\${a}\`);\n}\n`;

describe("CodeLines", () => {
  it.each([
    ["typescript, numbered", highlighter.lines(code, "typescript"), true],
    ["python, unnumbered", highlighter.lines("def f(x):\n    return x < 2 and '&'\n", "python"), false],
    ["plain", highlighter.lines(code, null), true],
  ] as const)("writes its lines as React would render them as elements: %s", (_, lines, lineNumbers) => {
    const html = renderToStaticMarkup(createElement(CodeLines, { lines: lines.map((line) => [...line]), lineNumbers, label: "Code", className: "code-panel" }));
    const asElements = renderToStaticMarkup(
      createElement(
        "pre",
        { className: `code-lines${lineNumbers ? " code-lines-numbered" : ""} code-panel`, tabIndex: 0, "aria-label": "Code" },
        createElement(
          "code",
          null,
          lineElements(
            lines.map((line) => [...line]),
            lineNumbers,
          ),
        ),
      ),
    );
    expect(html).toBe(asElements);
    expect(html).toContain(lineNumbers ? '<span class="line" id="L2" data-line="2">' : '<span class="line">');
    expect(html).not.toContain("<b>");
  });

  it("colours tokens with the themes' CSS variables", () => {
    const html = renderToStaticMarkup(createElement(CodeLines, { lines: highlighter.lines(code, "typescript") }));
    expect(html).toMatch(/<span style="--shiki-light:#[0-9a-fA-F]{6};--shiki-dark:#[0-9a-fA-F]{6}[^"]*">const<\/span>/);
  });
});
