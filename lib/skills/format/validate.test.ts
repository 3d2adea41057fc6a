import { describe, expect, it } from "vitest";
import type { Profile } from "./findings";
import { validateSkillMd } from "./validate";

const md = (frontmatter: string, body = "# Body\n"): string => `---\n${frontmatter}\n---\n${body}`;
const withName = (name: string, rest = "description: A test skill"): string => md(`name: ${name}\n${rest}`);

function run(text: string, profile: Profile = "spec", folderName?: string) {
  return validateSkillMd(text, { profile, folderName });
}
const errorCodes = (text: string, profile: Profile = "spec", folderName?: string) =>
  run(text, profile, folderName)
    .findings.filter((f) => f.severity === "error")
    .map((f) => f.code);
const warningCodes = (text: string, profile: Profile = "spec", folderName?: string) =>
  run(text, profile, folderName)
    .findings.filter((f) => f.severity === "warning")
    .map((f) => f.code);

describe("a valid skill", () => {
  it("passes both profiles with no findings", () => {
    for (const profile of ["spec", "anthropic"] as const) {
      const result = run(
        withName(
          "pdf-processing",
          "description: Extract text from PDFs. Use when handling PDFs.\nlicense: MIT\ncompatibility: Needs Python 3.11\nmetadata:\n  author: team\nallowed-tools: Bash(git:*) Read",
        ),
        profile,
        "pdf-processing",
      );
      expect(result.findings).toEqual([]);
      expect(result.ok).toBe(true);
      expect(result.name).toBe("pdf-processing");
      expect(result.description).toBe("Extract text from PDFs. Use when handling PDFs.");
    }
  });
});

describe("name (spec)", () => {
  it("is required and must be non-empty text", () => {
    expect(errorCodes(md("description: d"))).toEqual(["name-missing"]);
    expect(errorCodes(md("name:\ndescription: d"))).toEqual(["name-empty"]);
    expect(errorCodes(md("name: '   '\ndescription: d"))).toEqual(["name-empty"]);
    expect(errorCodes(md("name: 2024\ndescription: d"))).toEqual(["name-not-string"]);
    expect(errorCodes(md("name: [a, b]\ndescription: d"))).toEqual(["name-not-string"]);
  });

  it("is at most 64 code points", () => {
    expect(errorCodes(withName("a".repeat(64)))).toEqual([]);
    const result = run(withName("a".repeat(65)));
    expect(result.findings).toEqual([
      expect.objectContaining({ code: "name-too-long", message: "name is 65 characters; the limit is 64", line: 2, field: "name" }),
    ]);
    // 64 Cyrillic letters are 128 UTF-8 bytes and still within the limit
    expect(errorCodes(withName("я".repeat(64)))).toEqual([]);
  });

  it("is lowercase, Unicode lowercase letters included", () => {
    expect(errorCodes(withName("MySkill"))).toEqual(["name-uppercase"]);
    expect(errorCodes(withName("НАВЫК"))).toEqual(["name-uppercase"]);
    // the suggested name passes every rule, not only the lowercase one
    const broken = run(withName("My-Broken_Skill"));
    expect(broken.findings.map((f) => f.message)).toEqual([
      'name "My-Broken_Skill" must be lowercase ("my-broken-skill")',
      'name "My-Broken_Skill" contains "_"; use only lowercase letters, digits and hyphens ("my-broken-skill")',
    ]);
    expect(validateSkillMd(withName("my-broken-skill")).ok).toBe(true);
    expect(errorCodes(withName("навык"))).toEqual([]);
    expect(errorCodes(withName("мой-навык"))).toEqual([]);
    expect(errorCodes(withName("技能"))).toEqual([]);
  });

  it("has no leading, trailing or double hyphen", () => {
    expect(errorCodes(withName("-my-skill"))).toEqual(["name-hyphen-edge"]);
    expect(errorCodes(withName("my-skill-"))).toEqual(["name-hyphen-edge"]);
    expect(errorCodes(withName("my--skill"))).toEqual(["name-double-hyphen"]);
  });

  it("allows only letters, digits and hyphens, naming the bad characters", () => {
    const result = run(withName("my_skill.v2"));
    expect(result.findings.map((f) => f.code)).toEqual(["name-invalid-chars"]);
    expect(result.findings[0].message).toBe('name "my_skill.v2" contains "_", "."; use only lowercase letters, digits and hyphens ("my-skill-v2")');
    expect(errorCodes(withName("'my skill'"))).toEqual(["name-invalid-chars"]);
    expect(errorCodes(withName("skill-2"))).toEqual([]);
  });

  it("is NFKC-normalised before the checks, like the reference validator", () => {
    // decomposed e + combining acute is a mark (not a letter) until NFKC composes it
    const result = run(withName("cafe\u0301"), "spec", "caf\u00e9");
    expect(result.findings).toEqual([]);
    expect(result.name).toBe("caf\u00e9");
    // fullwidth letters become ASCII
    expect(run(withName("ｓｋｉｌｌ")).name).toBe("skill");
  });

  it("differs from its folder: a warning, and the skill takes the frontmatter name", () => {
    const result = run(withName("correct-name"), "spec", "wrong-name");
    expect(result.ok).toBe(true);
    expect(result.findings).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "name-folder-mismatch",
        message: 'name "correct-name" differs from its folder "wrong-name"; the skill is stored and exported under "correct-name"',
      }),
    ]);
    expect(warningCodes(withName("correct-name"), "anthropic", "wrong-name")).toEqual(["name-folder-mismatch"]);
    expect(warningCodes(withName("same"), "spec", "same")).toEqual([]);
  });
});

describe("description", () => {
  it("is required, non-empty after trimming, and text", () => {
    expect(errorCodes(md("name: x"))).toEqual(["description-missing"]);
    // a missing field points at the closing ---, where it belongs
    expect(run(md("name: x\nlicense: MIT")).findings).toEqual([expect.objectContaining({ code: "description-missing", line: 4 })]);
    expect(run(md("description: d")).findings).toEqual([expect.objectContaining({ code: "name-missing", line: 3 })]);
    expect(errorCodes(md("name: x\ndescription:"))).toEqual(["description-empty"]);
    expect(errorCodes(md("name: x\ndescription: '  \t '"))).toEqual(["description-empty"]);
    expect(errorCodes(md("name: x\ndescription: 42"))).toEqual(["description-not-string"]);
    expect(errorCodes(md("name: x\ndescription: {a: 1}"))).toEqual(["description-not-string"]);
  });

  it("is at most 1,024 code points, with a message a person can act on", () => {
    expect(errorCodes(md(`name: x\ndescription: ${"d".repeat(1024)}`))).toEqual([]);
    const result = run(md(`name: x\ndescription: ${"d".repeat(1068)}`));
    expect(result.findings).toEqual([
      expect.objectContaining({ code: "description-too-long", message: "description is 1,068 characters; the limit is 1,024", line: 3 }),
    ]);
    // 1,024 emoji are 2,048 UTF-16 units and still within the limit
    expect(errorCodes(md(`name: x\ndescription: "${"😀".repeat(1024)}"`))).toEqual([]);
    expect(errorCodes(md(`name: x\ndescription: "${"😀".repeat(1025)}"`))).toEqual(["description-too-long"]);
  });
});

describe("optional fields", () => {
  it("compatibility is 1-500 characters of text", () => {
    expect(errorCodes(withName("x", `description: d\ncompatibility: ${"c".repeat(500)}`))).toEqual([]);
    expect(run(withName("x", `description: d\ncompatibility: ${"c".repeat(550)}`)).findings[0].message).toBe(
      "compatibility is 550 characters; the limit is 500",
    );
    expect(errorCodes(withName("x", "description: d\ncompatibility: ''"))).toEqual(["compatibility-empty"]);
    expect(errorCodes(withName("x", "description: d\ncompatibility: 3.11"))).toEqual(["compatibility-not-string"]);
  });

  it("metadata is a map of strings", () => {
    expect(errorCodes(withName("x", "description: d\nmetadata:\n  author: me\n  version: 1.0"))).toEqual([]);
    expect(errorCodes(withName("x", "description: d\nmetadata: [a, b]"))).toEqual(["metadata-not-mapping"]);
    expect(errorCodes(withName("x", "description: d\nmetadata: text"))).toEqual(["metadata-not-mapping"]);
    const nested = run(withName("x", "description: d\nmetadata:\n  tags: [a, b]\n  ok: yes"));
    expect(nested.findings).toEqual([expect.objectContaining({ code: "metadata-value-not-string", field: "metadata.tags", line: 4 })]);
  });

  it("allowed-tools is a space-separated string, or a YAML list of tool names as Claude Code writes it", () => {
    expect(errorCodes(withName("x", "description: d\nallowed-tools: Bash(git:*) Read"))).toEqual([]);
    const list = run(withName("x", "description: d\nallowed-tools: [Read, Write]"));
    expect(list.findings).toEqual([expect.objectContaining({ severity: "warning", code: "allowed-tools-list", field: "allowed-tools", line: 4 })]);
    expect(list.findings[0].message).toContain('"Read Write"');
    expect(list.ok).toBe(true);
    const block = run(withName("x", "description: d\nallowed-tools:\n  - Read\n  - Bash(git add:*)"));
    expect(block.findings.map((f) => [f.severity, f.code])).toEqual([["warning", "allowed-tools-list"]]);
    // Anything else is still refused: numbers, maps, empty lists, empty names.
    for (const value of ["3", "{Read: true}", "[]", "[Read, '']", "[Read, [Write]]"]) {
      expect(errorCodes(withName("x", `description: d\nallowed-tools: ${value}`)), value).toEqual(["allowed-tools-not-string"]);
    }
  });

  it("comma-separated allowed-tools pass with a note saying how they are read; commas inside a rule do not count", () => {
    const commas = run(withName("x", "description: d\nallowed-tools: Read, Grep, Bash(git add:*)"));
    expect(commas.ok).toBe(true);
    expect(commas.findings).toEqual([expect.objectContaining({ severity: "warning", code: "allowed-tools-commas", line: 4 })]);
    expect(commas.findings[0].message).toContain('"Read Grep Bash(git add:*)"');
    expect(warningCodes(withName("x", "description: d\nallowed-tools: Read Bash(git add:*, git commit:*)"))).toEqual([]);
  });

  it("license is text", () => {
    expect(errorCodes(withName("x", "description: d\nlicense: Apache-2.0"))).toEqual([]);
    expect(errorCodes(withName("x", "description: d\nlicense: {spdx: MIT}"))).toEqual(["license-not-string"]);
  });

  it("unknown top-level keys: a warning under spec, an error under anthropic", () => {
    const text = withName("x", "description: d\nunknown_field: here\nversion: 2");
    expect(errorCodes(text, "spec")).toEqual([]);
    expect(run(text, "spec").findings.map((f) => [f.severity, f.code, f.line])).toEqual([
      ["warning", "unknown-key", 4],
      ["warning", "unknown-key", 5],
    ]);
    expect(errorCodes(text, "anthropic")).toEqual(["unknown-key", "unknown-key"]);
  });
});

describe("anthropic profile", () => {
  it("rejects XML tags in name and description", () => {
    expect(errorCodes(withName("x", "description: Use <foo> tags"), "anthropic")).toEqual(["description-xml-tag"]);
    expect(errorCodes(withName("x", "description: Use <foo> tags"), "spec")).toEqual([]);
    expect(errorCodes(withName("x", "description: if a < b and c > d"), "anthropic")).toEqual([]);
    expect(errorCodes(withName("'<b>x</b>'"), "anthropic")).toContain("name-xml-tag");
  });

  it("rejects the reserved words anthropic and claude in the name", () => {
    expect(errorCodes(withName("claude-api"), "anthropic")).toEqual(["name-reserved-word"]);
    expect(errorCodes(withName("my-anthropic-helper"), "anthropic")).toEqual(["name-reserved-word"]);
    expect(errorCodes(withName("claude-api"), "spec")).toEqual([]);
    expect(errorCodes(withName("x", "description: Works with Claude"), "anthropic")).toEqual([]);
  });

  it("accepts only ASCII names", () => {
    expect(errorCodes(withName("навык"), "anthropic")).toEqual(["name-non-ascii"]);
    expect(errorCodes(withName("技能"), "anthropic")).toEqual(["name-non-ascii"]);
  });
});

describe("body recommendations (warnings)", () => {
  it("warns when SKILL.md is over 500 lines", () => {
    const lines = (n: number) => md("name: x\ndescription: d", `${"line\n".repeat(n)}`);
    // the frontmatter takes 4 lines
    expect(warningCodes(lines(496))).toEqual([]);
    const long = run(lines(497));
    expect(long.lines).toBe(501);
    expect(long.findings).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "skill-md-too-many-lines",
        message: "SKILL.md is 501 lines; keep it under 500 and move details into references/",
      }),
    ]);
    expect(long.ok).toBe(true);
  });

  it("refuses a SKILL.md over 256 KB before parsing it, naming the file and the limit", () => {
    const body = (bytes: number) => md("name: x\ndescription: d", "é".repeat(bytes / 2));
    // "é" is 2 UTF-8 bytes: the limit counts bytes, not characters.
    const frontmatterBytes = md("name: x\ndescription: d", "").length;
    expect(run(body(256 * 1024 - frontmatterBytes)).ok).toBe(true);
    const huge = validateSkillMd(body(5 * 1000 * 1000), { path: "big/SKILL.md" });
    expect(huge.ok).toBe(false);
    expect(huge.bodyTokens).toBeNull();
    expect(huge.findings).toEqual([
      {
        severity: "error",
        code: "skill-md-too-large",
        path: "big/SKILL.md",
        message: "big/SKILL.md is 5,000,031 bytes; the limit for SKILL.md is 256 KB: move details into references/",
      },
    ]);
  });

  it("warns when the body is over about 5,000 tokens", () => {
    const words = (n: number) => md("name: x\ndescription: d", " hello".repeat(n));
    expect(run(words(5000)).bodyTokens).toBe(5000);
    expect(warningCodes(words(5000))).toEqual([]);
    const result = run(words(5001));
    expect(result.findings).toEqual([
      expect.objectContaining({
        code: "body-too-many-tokens",
        message: "the body is about 5,001 tokens; keep it under 5,000 and move details into references/",
      }),
    ]);
    expect(validateSkillMd(words(6000), { countBodyTokens: false }).findings).toEqual([]);
  });
});

describe("reporting", () => {
  it("reports every problem at once, each with severity, code, message, path and line", () => {
    const text = md(`name: -Bad_Name--\ndescription: ${"d".repeat(1100)}\ncompatibility: ''\nmetadata: [x]\nallowed-tools: {Read: yes}\nextra: 1`);
    const result = validateSkillMd(text, { profile: "anthropic", folderName: "folder", path: "skills/bad/SKILL.md" });
    expect(result.findings.map((f) => f.code)).toEqual([
      "name-uppercase",
      "name-hyphen-edge",
      "name-double-hyphen",
      "name-invalid-chars",
      "name-folder-mismatch",
      "description-too-long",
      "compatibility-empty",
      "metadata-not-mapping",
      "allowed-tools-not-string",
      "unknown-key",
    ]);
    for (const f of result.findings) {
      expect(f).toMatchObject({ path: "skills/bad/SKILL.md", severity: expect.stringMatching(/^(error|warning)$/) });
      expect(typeof f.line).toBe("number");
      expect(f.message.length).toBeGreaterThan(10);
    }
    expect(result.ok).toBe(false);
  });

  it("still reports structural problems of SKILL.md", () => {
    expect(errorCodes("# no frontmatter")).toEqual(["frontmatter-missing"]);
    expect(run("# no frontmatter").name).toBeNull();
  });
});
