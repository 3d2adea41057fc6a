import { describe, expect, it } from "vitest";
import { decodeSkillMd, parseSkillMd } from "./skill-md";
import { codePointLength, countLines, findInvalidUtf8 } from "./text";

const codes = (text: string) => parseSkillMd(text).findings.map((f) => f.code);

describe("frontmatter delimiting", () => {
  it("reads the YAML between a first line --- and the next line that is exactly ---", () => {
    const parsed = parseSkillMd("---\nname: my-skill\ndescription: Does things\n---\n# Title\n\nBody text.\n");
    expect(parsed.findings).toEqual([]);
    expect(parsed.frontmatter).toEqual({ name: "my-skill", description: "Does things" });
    expect(parsed.body).toBe("# Title\n\nBody text.\n");
    expect(parsed.bodyStartLine).toBe(5);
  });

  it("keeps a---b inside a value whole (a split on --- anywhere would cut it)", () => {
    const parsed = parseSkillMd("---\nname: my-skill\ndescription: before---after and a --- b\n---\nbody");
    expect(parsed.frontmatter?.description).toBe("before---after and a --- b");
    expect(parsed.body).toBe("body");
  });

  it("does not close on a line that only starts with ---", () => {
    expect(codes("---\nname: x\n--- # end\ndescription: y\n")).toEqual(["frontmatter-unclosed"]);
    expect(codes("---\nname: x\n----\n")).toEqual(["frontmatter-unclosed"]);
  });

  it("requires the first line to be exactly ---", () => {
    expect(codes("# Title\n---\nname: x\n---\n")).toEqual(["frontmatter-missing"]);
    expect(codes("")).toEqual(["frontmatter-missing"]);
    const trailing = parseSkillMd("--- \nname: x\n---\n");
    expect(trailing.findings[0]).toMatchObject({ code: "frontmatter-missing", line: 1 });
    expect(trailing.findings[0].message).toContain("trailing whitespace");
    expect(codes("----\nname: x\n---\n")).toEqual(["frontmatter-missing"]);
  });

  it("reports an unclosed frontmatter", () => {
    expect(codes("---\nname: x\ndescription: y\n")).toEqual(["frontmatter-unclosed"]);
    expect(codes("---")).toEqual(["frontmatter-unclosed"]);
    expect(codes("---\n")).toEqual(["frontmatter-unclosed"]);
  });

  it("accepts a frontmatter that ends the file", () => {
    const parsed = parseSkillMd("---\nname: x\ndescription: y\n---");
    expect(parsed.findings).toEqual([]);
    expect(parsed.body).toBe("");
  });

  it("strips a UTF-8 byte order mark", () => {
    const parsed = parseSkillMd("\uFEFF---\nname: bom\ndescription: y\n---\nbody");
    expect(parsed.findings).toEqual([]);
    expect(parsed.frontmatter?.name).toBe("bom");
    expect(parsed.text.startsWith("---")).toBe(true);
  });

  it("accepts CRLF line endings and reports lines as an editor shows them", () => {
    const parsed = parseSkillMd("---\r\nname: crlf\r\ndescription: y\r\nname: again\r\n---\r\n# T\r\nline\r\n");
    expect(parsed.frontmatter?.description).toBe("y");
    expect(parsed.body).toBe("# T\nline\n");
    expect(parsed.findings).toEqual([expect.objectContaining({ code: "yaml-duplicate-key", line: 4 })]);
  });
});

describe("YAML", () => {
  it("rejects duplicate keys, at top level and nested, with their lines", () => {
    const parsed = parseSkillMd("---\nname: a\ndescription: d\nmetadata:\n  k: 1\n  k: 2\nname: b\n---\n");
    const dups = parsed.findings.filter((f) => f.code === "yaml-duplicate-key");
    expect(dups.map((f) => f.line).sort()).toEqual([6, 7]);
    expect(dups.every((f) => f.severity === "error")).toBe(true);
    expect(dups.map((f) => f.message).join(" ")).toMatch(/"name" appears more than once/);
  });

  it("reports invalid YAML with its line", () => {
    const parsed = parseSkillMd("---\nname: ok\ndescription: [unclosed\n---\nbody");
    expect(parsed.findings[0]).toMatchObject({ code: "yaml-syntax", severity: "error" });
    expect(parsed.findings[0].line).toBeGreaterThanOrEqual(3);
    expect(parsed.frontmatter).toBeNull();
  });

  it("caps alias expansion (billion laughs) instead of building the document", () => {
    const lol = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++)
      lol.push(
        `${"abcdefghi"[i]}: &${"abcdefghi"[i]} [${Array(10)
          .fill(`*${"abcdefghi"[i - 1]}`)
          .join(", ")}]`,
      );
    const started = performance.now();
    const parsed = parseSkillMd(`---\nname: lol\ndescription: d\n${lol.join("\n")}\n---\n`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parsed.findings.map((f) => f.code)).toEqual(["yaml-alias-limit"]);
    expect(parsed.frontmatter).toBeNull();
  });

  it("allows a few aliases, and the cap is configurable", () => {
    const text = "---\nname: a\ndescription: &d shared\nmetadata:\n  copy: *d\n---\n";
    expect(parseSkillMd(text).frontmatter?.metadata).toEqual({ copy: "shared" });
    expect(parseSkillMd(text, { maxAliasCount: 0 }).findings.map((f) => f.code)).toEqual(["yaml-alias-limit"]);
  });

  it("rejects a frontmatter over 64 KB before parsing it", () => {
    // invalid YAML inside: had it been parsed, a yaml-syntax finding would show up too
    const big = `---\nname: big\ndescription: [${"x".repeat(64 * 1024)}\n---\n`;
    const parsed = parseSkillMd(big);
    expect(parsed.findings.map((f) => f.code)).toEqual(["frontmatter-too-large"]);
    expect(parsed.findings[0].message).toMatch(/^the frontmatter is 65,\d{3} bytes; the limit is 64 KB/);
    const atLimit = `---\ndescription: ${"x".repeat(64 * 1024 - "description: \n".length - "name: ok\n".length)}\nname: ok\n---\n`;
    expect(parseSkillMd(atLimit).findings).toEqual([]);
    expect(parseSkillMd(big, { maxFrontmatterBytes: 1024 * 1024 }).findings.map((f) => f.code)).toEqual(["yaml-syntax"]);
  });

  it("counts the frontmatter limit in UTF-8 bytes", () => {
    const parsed = parseSkillMd(`---\nname: x\ndescription: ${"é".repeat(40 * 1024)}\n---\n`);
    expect(parsed.findings.map((f) => f.code)).toEqual(["frontmatter-too-large"]);
  });

  it("requires a mapping at the top level", () => {
    expect(codes("---\n- a\n- b\n---\n")).toEqual(["frontmatter-not-mapping"]);
    expect(codes("---\njust text\n---\n")).toEqual(["frontmatter-not-mapping"]);
    expect(codes("---\n---\nbody")).toEqual(["frontmatter-empty"]);
    expect(codes("---\n# only a comment\n---\nbody")).toEqual(["frontmatter-empty"]);
  });

  it("parses YAML 1.2: yes/no/on stay text, no code runs, tags are not resolved", () => {
    const parsed = parseSkillMd("---\nname: x\ndescription: yes\nflag: on\nfn: !!js/function 'function () { return 1 }'\nbin: !!binary aGk=\n---\n");
    expect(parsed.frontmatter).toMatchObject({ description: "yes", flag: "on", fn: "function () { return 1 }", bin: "aGk=" });
    expect(parsed.findings.every((f) => f.severity === "warning" && f.code === "yaml-warning")).toBe(true);
  });

  it("cannot pollute prototypes through __proto__", () => {
    const parsed = parseSkillMd("---\nname: x\ndescription: d\n__proto__:\n  polluted: yes\n---\n");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed.frontmatter)).toBe(Object.prototype);
    expect(parsed.fields.map((f) => f.key)).toEqual(["name", "description", "__proto__"]);
  });
});

describe("frontmatter content", () => {
  it("keeps every field, nested maps and lists included, in source order, with lines", () => {
    const parsed = parseSkillMd(
      "---\nzeta: 1\nname: ordered\ndescription: d\nmetadata:\n  b: x\n  a: y\nlist:\n  - one\n  - nested: [1, 2]\nalpha: true\n---\n",
    );
    expect(Object.keys(parsed.frontmatter ?? {})).toEqual(["zeta", "name", "description", "metadata", "list", "alpha"]);
    expect(Object.keys(parsed.frontmatter?.metadata as object)).toEqual(["b", "a"]);
    expect(parsed.frontmatter?.list).toEqual(["one", { nested: [1, 2] }]);
    expect(parsed.fields.map((f) => [f.key, f.line])).toEqual([
      ["zeta", 2],
      ["name", 3],
      ["description", 4],
      ["metadata", 5],
      ["list", 8],
      ["alpha", 11],
    ]);
  });

  it("keeps the true order of integer-like keys in fields", () => {
    const parsed = parseSkillMd("---\nname: n\n2024: year\ndescription: d\n---\n");
    expect(parsed.fields.map((f) => f.key)).toEqual(["name", "2024", "description"]);
  });

  it('reads metadata scalars as their source text (1.0 stays "1.0")', () => {
    const parsed = parseSkillMd("---\nname: x\ndescription: d\nmetadata:\n  version: 1.0\n  count: 010\n  beta: true\n  empty:\n  quoted: '2.50'\n---\n");
    expect(parsed.frontmatter?.metadata).toEqual({ version: "1.0", count: "010", beta: "true", empty: "", quoted: "2.50" });
  });

  it("keeps multi-line block descriptions as YAML defines them", () => {
    const parsed = parseSkillMd("---\nname: x\ndescription: |-\n  line one\n  line two\n---\n");
    expect(parsed.frontmatter?.description).toBe("line one\nline two");
  });
});

describe("text helpers", () => {
  it("counts code points, not UTF-16 units", () => {
    expect(codePointLength("😀".repeat(3))).toBe(3);
    expect("😀".repeat(3).length).toBe(6);
    expect(codePointLength("cafe\u0301")).toBe(5);
  });

  it("counts lines like an editor", () => {
    expect(countLines("a\nb\n")).toBe(2);
    expect(countLines("a\nb")).toBe(2);
    expect(countLines("")).toBe(0);
    expect(countLines("\n")).toBe(1);
  });

  it("finds the first byte that is not UTF-8", () => {
    const enc = new TextEncoder();
    expect(findInvalidUtf8(enc.encode("héllo 😀"))).toBe(-1);
    expect(findInvalidUtf8(new Uint8Array([0x61, 0xc0, 0x80]))).toBe(1); // overlong
    expect(findInvalidUtf8(new Uint8Array([0x61, 0xed, 0xa0, 0x80]))).toBe(1); // surrogate
    expect(findInvalidUtf8(new Uint8Array([0x61, 0x62, 0xe2, 0x82]))).toBe(2); // truncated
    expect(findInvalidUtf8(new Uint8Array([0xf4, 0x90, 0x80, 0x80]))).toBe(0); // past U+10FFFF
  });

  it("reports invalid UTF-8 in SKILL.md with its line", () => {
    const bytes = new Uint8Array([...new TextEncoder().encode("---\nname: x\n"), 0xff, 0x0a]);
    const decoded = decodeSkillMd(bytes);
    expect(decoded.text).toBeNull();
    expect(decoded.findings).toEqual([expect.objectContaining({ code: "skill-md-invalid-utf8", severity: "error", line: 3 })]);
  });
});
