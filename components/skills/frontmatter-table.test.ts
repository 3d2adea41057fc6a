import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FrontmatterTable } from "./frontmatter-table";

describe("FrontmatterTable", () => {
  it("says whose key an agent-specific key is and what it does; nested keys are left alone", () => {
    const html = renderToStaticMarkup(
      createElement(FrontmatterTable, { frontmatter: { name: "x", effort: "low", "user-invocable": false, metadata: { effort: "n/a" } } }),
    );
    expect(html).toContain("Claude Code: the reasoning effort while the skill runs");
    expect(html).toContain("Claude Code: false: hidden from the / menu, loaded by Claude only");
    expect(html.match(/Claude Code:/g)).toHaveLength(2);
  });
});
