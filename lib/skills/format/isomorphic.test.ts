import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The browser editor validates as the user types, so these modules (and every local module they
// pull in) must not need Node.
const BROWSER_SAFE = [
  "skill-md.ts",
  "validate.ts",
  "tokens.ts",
  "catalog.ts",
  "findings.ts",
  "limits.ts",
  "media-type.ts",
  "text.ts",
  "paths.ts",
  "bound-tools.ts",
  "bound-tools-check.ts",
  "json-schema-check.ts",
];

function localImports(file: string): string[] {
  const source = readFileSync(path.join(import.meta.dirname, file), "utf8");
  return [...source.matchAll(/from "(\.\/[^"]+)"/g)].map((m) => `${m[1].slice(2)}.ts`);
}

describe("isomorphic modules", () => {
  it("import nothing from node:, directly or through local modules", () => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(path.join(import.meta.dirname, file), "utf8");
      expect([file, source.match(/from "node:[^"]+"/g) ?? []]).toEqual([file, []]);
      expect([file, /process\.env/.test(source)]).toEqual([file, false]);
      localImports(file).forEach(visit);
    };
    BROWSER_SAFE.forEach(visit);
    expect(seen.has("bundle.ts")).toBe(false);
  });
});
