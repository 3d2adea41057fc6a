import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The Node versions the project supports are stated in four places that must agree: package.json
// `engines` (what npm checks), the lock file's copy of it, .nvmrc (what nvm/fnm/volta pick) and the
// README. And no dependency may refuse a version that range admits: npm prints EBADENGINE for each
// one that does (ai 7 and @ai-sdk/* declare Node >= 22, which a ">=20.19" range contradicted).

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const pkg = JSON.parse(read("package.json")) as { engines: { node: string } };
const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }> };

type Version = [number, number, number];

/** "22.13" -> [22, 13, 0]; "x" and "*" parts read as null (any). */
function partial(text: string): (number | null)[] {
  return text.split(".").map((part) => (part === "x" || part === "X" || part === "*" ? null : Number(part)));
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether `version` satisfies one comparator of a node-semver range (the forms engines use). */
function satisfiesComparator(version: Version, comparator: string): boolean {
  const match = /^(>=|<=|>|<|=|\^|~)?v?([\dxX*]+(?:\.[\dxX*]+){0,2})$/.exec(comparator);
  if (!match) throw new Error(`an engines comparator this test cannot read: "${comparator}"`);
  const [, op = "", text] = match;
  const parts = partial(text);
  const known = parts.findIndex((p) => p === null);
  const given = (known === -1 ? parts : parts.slice(0, known)) as number[];
  const low: Version = [given[0] ?? 0, given[1] ?? 0, given[2] ?? 0];
  // The first version past what a partial version or a caret/tilde range covers.
  const bump = (index: number): Version => {
    const next: Version = [low[0], low[1], low[2]];
    next[index] += 1;
    for (let i = index + 1; i < 3; i++) next[i] = 0;
    return next;
  };
  const exclusiveHigh = given.length === 0 ? null : given.length < 3 ? bump(given.length - 1) : null;
  switch (op) {
    case ">=":
      return compare(version, low) >= 0;
    case ">":
      return exclusiveHigh ? compare(version, exclusiveHigh) >= 0 : compare(version, low) > 0;
    case "<":
      return compare(version, low) < 0;
    case "<=":
      return exclusiveHigh ? compare(version, exclusiveHigh) < 0 : compare(version, low) <= 0;
    case "^": {
      const index = low[0] > 0 || given.length === 1 ? 0 : low[1] > 0 || given.length === 2 ? 1 : 2;
      return compare(version, low) >= 0 && compare(version, bump(index)) < 0;
    }
    case "~":
      return compare(version, low) >= 0 && compare(version, bump(given.length > 1 ? 1 : 0)) < 0;
    default:
      return compare(version, low) >= 0 && (exclusiveHigh ? compare(version, exclusiveHigh) < 0 : given.length === 0 || compare(version, low) === 0);
  }
}

function satisfies(version: Version, range: string): boolean {
  return range.split("||").some((set) => {
    const comparators = set
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, "$1")
      .split(/\s+/)
      .filter(Boolean);
    return comparators.length === 0 || comparators.every((c) => satisfiesComparator(version, c));
  });
}

/** The first and a late version of each line our range names ("^22.13 || ^24"; ">=22" has no late one). */
function supportedVersions(range: string): Version[] {
  return range.split("||").flatMap((branch) => {
    const match = /^(\^|>=)(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(branch.trim());
    if (!match) throw new Error(`engines.node should list lines as ^major.minor: "${branch.trim()}"`);
    const first: Version = [Number(match[2]), Number(match[3] ?? 0), Number(match[4] ?? 0)];
    return match[1] === "^" ? [first, [first[0], 99, 0] as Version] : [first];
  });
}

describe("satisfies (the part of node-semver that engines ranges use)", () => {
  it.each([
    [[22, 0, 0], ">=22", true],
    [[20, 19, 0], ">=22", false],
    [[22, 13, 0], "^20.19.0 || ^22.13.0 || >=23.5.0", true],
    [[22, 12, 0], "^20.19.0 || ^22.13.0 || >=23.5.0", false],
    [[23, 1, 0], "^20.19 || ^22.12 || >=24.0", false],
    [[24, 0, 0], "^20.19 || ^22.12 || >=24.0", true],
    [[26, 0, 0], "20.x || 22.x || 23.x || 24.x || 25.x", false],
    [[25, 3, 1], "20.x || 22.x || 23.x || 24.x || 25.x", true],
    [[22, 5, 0], "18 || 20 || >=22", true],
    [[21, 0, 0], "18 || 20 || >=22", false],
    [[24, 0, 0], ">= 0.4", true],
    [[24, 0, 0], "*", true],
    [[14, 17, 0], "^12.22.0 || ^14.17.0 || >=16.0.0", true],
    [[13, 0, 0], "^12.22.0 || ^14.17.0 || >=16.0.0", false],
    [[0, 4, 9], "^0.4", true],
    [[0, 5, 0], "^0.4", false],
    [[20, 9, 9], "~20.9", true],
    [[20, 10, 0], "~20.9", false],
    [[20, 0, 0], "<20", false],
    [[20, 5, 0], "<=20", true],
  ] as [Version, string, boolean][])("%j in %s: %s", (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it("refuses a range form it does not know rather than guessing", () => {
    expect(() => satisfies([22, 0, 0], "22.0.0 - 24.0.0")).toThrow(/cannot read/);
  });
});

describe("supported Node versions", () => {
  const range = pkg.engines.node;

  it("are stated alike in package.json, the lock file, .nvmrc and the README", () => {
    expect((lock.packages[""].engines as { node: string }).node).toBe(range);
    const nvmrc = read(".nvmrc").trim();
    expect(nvmrc).toMatch(/^\d+$/);
    expect(satisfies([Number(nvmrc), 99, 0], range), `.nvmrc (${nvmrc}) within engines (${range})`).toBe(true);
    const requirements =
      read("README.md")
        .split("\n")
        .find((line) => line.startsWith("Requirements:")) ?? "";
    const firsts = supportedVersions(range).filter(([, minor]) => minor !== 99);
    for (const [major, minor] of firsts) expect(requirements, "README's Requirements line").toContain(`${major}${minor ? `.${minor}` : ""}`);
  });

  it("are accepted by every dependency that declares engines (no EBADENGINE on a supported Node)", () => {
    const refusals: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const engines = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      // Optional packages are per-platform builds (sharp for win32-ia32 wants ^20.9.0) that npm
      // skips elsewhere, engines included.
      if (!where || !engines || entry.optional) continue;
      for (const version of supportedVersions(range)) {
        if (!satisfies(version, engines)) refusals.push(`${where.replace(/^.*node_modules\//, "")} (${engines}) refuses Node ${version.join(".")}`);
      }
    }
    expect(refusals).toEqual([]);
  });
});
