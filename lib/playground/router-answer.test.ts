import { describe, expect, it } from "vitest";
import { sections } from "./router-answer";

describe("router helpers", () => {
  it("splits Markdown at headings, not at # lines inside code", () => {
    const parts = sections("Intro\n\n# One\ntext\n```sh\n# not a heading\n```\n## Two\nmore\n");
    expect(parts.map((s) => s.heading)).toEqual(["", "One", "Two"]);
    expect(parts[1].text).toContain("# not a heading");
  });
});
