import { describe, expect, it } from "vitest";
import { createSlugger, parseCsv, previewKind } from "./preview";

describe("previewKind", () => {
  it.each([
    ["text/markdown", "markdown"],
    ["application/json", "json"],
    ["application/jsonl", "jsonl"],
    ["application/yaml", "yaml"],
    ["text/csv", "csv"],
    ["text/tab-separated-values", "csv"],
    ["image/png", "image"],
    ["image/svg+xml", "image"],
    ["text/x-python", "code"],
    ["text/html", "code"],
    ["text/plain", "code"],
    ["application/pdf", "binary"],
    ["application/octet-stream", "binary"],
  ])("%s previews as %s", (mediaType, kind) => {
    expect(previewKind(mediaType)).toBe(kind);
  });
});

describe("parseCsv", () => {
  it("handles quotes, escaped quotes, embedded newlines and CRLF", () => {
    const table = parseCsv('name,note\r\n"Smith, Ada","said ""hi""\nthen left"\r\nBob,\r\n');
    expect(table.rows).toEqual([
      ["name", "note"],
      ["Smith, Ada", 'said "hi"\nthen left'],
      ["Bob", ""],
    ]);
    expect(table.totalRows).toBe(3);
    expect(table.truncated).toBe(false);
  });

  it("reads TSV, drops a BOM, keeps a last row without newline, and truncates", () => {
    expect(parseCsv("\uFEFFa\tb\n1\t2", "\t").rows).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    const big = parseCsv(Array.from({ length: 10 }, (_, i) => `${i}`).join("\n"), ",", 3);
    expect(big).toEqual({ rows: [["0"], ["1"], ["2"]], totalRows: 10, truncated: true });
  });
});

describe("createSlugger", () => {
  it("makes GitHub's slugs and numbers repeats", () => {
    const slug = createSlugger();
    expect(slug("Before the deploy")).toBe("before-the-deploy");
    expect(slug('When the user asks "should we roll back?"')).toBe("when-the-user-asks-should-we-roll-back");
    expect(slug("Setup")).toBe("setup");
    expect(slug("Setup")).toBe("setup-1");
    expect(slug("Setup")).toBe("setup-2");
    expect(slug("Setup 1")).toBe("setup-1-1");
    expect(slug("Café & Crème")).toBe("café--crème");
    expect(slug("!!!")).toBe("section");
  });
});
