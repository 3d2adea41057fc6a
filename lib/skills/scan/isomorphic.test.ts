import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The upload preview runs the scanner in the browser: no module it loads may need Node, Next,
// React, Prisma or the environment, and what it takes from ../bundle (which hashes with
// node:crypto) must be types only.

const DIR = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "fixtures" ? [] : sources(full);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("scanner modules are isomorphic", () => {
  it("import nothing from node:, next, react or prisma, read no environment, and take only types from the bundle reader", () => {
    const files = sources(DIR);
    expect(files.length).toBeGreaterThan(8);
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      const name = path.relative(DIR, file);
      expect([name, source.match(/from "(?:node:[^"]+|next[^"]*|react[^"]*|@prisma\/[^"]*)"/g) ?? []]).toEqual([name, []]);
      expect([name, /process\.env/.test(source)]).toEqual([name, false]);
      for (const m of source.matchAll(/^import (type )?[^;]*from "(\.[^"]+)";$/gm)) {
        const target = path.relative(DIR, path.resolve(path.dirname(file), m[2]));
        // outside the scanner only the browser-safe text helpers may be loaded at run time
        const allowed = !target.startsWith("..") || m[1] === "type " || ["../format/media-type", "../format/text"].includes(target);
        expect([name, m[0], allowed]).toEqual([name, m[0], true]);
      }
    }
  });
});
