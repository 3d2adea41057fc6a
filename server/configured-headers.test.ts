import { describe, expect, it } from "vitest";
import { configuredHeaders } from "./configured-headers.mjs";

// Two rules as `next build` records next.config.ts's headers() (lib/http/security-headers.ts).
const manifest = {
  headers: [
    {
      regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$",
      headers: [
        { key: "X-Frame-Options", value: "DENY" },
        { key: "X-Content-Type-Options", value: "nosniff" },
      ],
    },
    {
      regex: "^(?:/((?!api/skills/[^/]+/files/).*))(?:/)?$",
      headers: [
        { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
        { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      ],
    },
    { regex: "^/api/health$", has: [{ type: "header", key: "x-debug" }], headers: [{ key: "X-Debug", value: "1" }] },
  ],
};

describe("configuredHeaders", () => {
  it("collects every unconditional rule that matches the path", () => {
    expect(configuredHeaders(manifest, "/api/health")).toEqual({
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "content-security-policy": "frame-ancestors 'none'",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
  });

  it("leaves out rules whose pattern excludes the path", () => {
    expect(configuredHeaders(manifest, "/api/skills/abc/files/SKILL.md")).toEqual({ "x-frame-options": "DENY", "x-content-type-options": "nosniff" });
  });
});
