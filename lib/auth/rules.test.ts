import { describe, expect, it } from "vitest";
import { safeNextPath } from "./rules";

describe("safeNextPath", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeNextPath("/teams")).toBe("/teams");
    expect(safeNextPath("/skills?q=pdf&page=2#top")).toBe("/skills?q=pdf&page=2#top");
    expect(safeNextPath("/skills/abc/v/3")).toBe("/skills/abc/v/3");
  });

  it("falls back when there is nothing to go to", () => {
    expect(safeNextPath(undefined)).toBe("/skills");
    expect(safeNextPath(null)).toBe("/skills");
    expect(safeNextPath("", "/account")).toBe("/account");
    // A repeated query parameter reaches a page as an array.
    expect(safeNextPath(["/teams", "//evil.example"] as unknown as string)).toBe("/skills");
  });

  // Each of these, handed to a browser as a Location, leaves the site or breaks the header.
  const bypasses = [
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/ /evil.example",
    "/\\evil.example",
    "\\/\\/evil.example",
    "/\\/evil.example",
    "//evil.example",
    "///evil.example",
    "/.//evil.example",
    "/./..//evil.example",
    "https:evil.example",
    "https://evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "evil.example",
    "/\u0000/evil.example",
    "/\u3000/evil.example",
    "/\u00a0/evil.example",
  ];
  it.each(bypasses)("refuses %j", (next) => {
    expect(safeNextPath(next)).toBe("/skills");
  });

  it("keeps encoded slashes encoded, so they stay one path segment on this site", () => {
    expect(safeNextPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeNextPath("/%09/evil.example")).toBe("/%09/evil.example");
  });

  it("percent-encodes what a redirect header cannot carry (full-width dots, other scripts)", () => {
    expect(safeNextPath("/\u3002/evil.example")).toBe("/%E3%80%82/evil.example");
    expect(safeNextPath("/\uff0e\uff0e/evil.example")).toBe("/%EF%BC%8E%EF%BC%8E/evil.example");
    expect(safeNextPath("/skills?q=\u00fcber")).toBe("/skills?q=%C3%BCber");
  });

  it("never returns anything but a single-slash path", () => {
    for (const next of bypasses) {
      const path = safeNextPath(next, "/fallback");
      expect(path.startsWith("/") && !path.startsWith("//") && !/[\s\\]/.test(path)).toBe(true);
    }
  });
});
