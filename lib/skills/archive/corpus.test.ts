import { readFileSync } from "node:fs";
import path from "node:path";
import { zipSync, type Zippable } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { readBundle, type Bundle, type BundleSkill } from "./bundle";
import type { FindingCode, Profile } from "../format/findings";
import { codePointLength, countLines } from "../format/text";
import { countTokensReference } from "../format/tokens";
import { randomBytes } from "../test-helpers/archives";
import { hasShared, noteIfSharedMissing, readTree, SHARED_DIR } from "../test-helpers/shared";

// 43 real skills nobody on this team wrote, against the expected outcome recorded in
// ../shared/corpus/CHECK-RESULTS.json.

const CORPUS = path.join(SHARED_DIR, "corpus");
noteIfSharedMissing("the real-world corpus");

interface Check {
  dir: string;
  name: string;
  lines: number;
  descriptionChars: number;
  keys: string[];
  violations: { rule: string; source: string; detail: string }[];
  validators: { skills_ref: string[]; anthropic_quick_validate: { valid: boolean } };
}

/** CHECK-RESULTS rules and the finding each becomes, per profile. */
const RULES: Record<string, { code: FindingCode; severity: "error" | "warning"; profiles: Profile[] } | null> = {
  "name-dir-mismatch": { code: "name-folder-mismatch", severity: "warning", profiles: ["spec", "anthropic"] },
  "description-too-long(>1024)": { code: "description-too-long", severity: "error", profiles: ["spec", "anthropic"] },
  "name-reserved-word(anthropic|claude)": { code: "name-reserved-word", severity: "error", profiles: ["anthropic"] },
  "description-xml-tag": { code: "description-xml-tag", severity: "error", profiles: ["anthropic"] },
  "skill-md>500-lines (recommendation)": { code: "skill-md-too-many-lines", severity: "warning", profiles: ["spec", "anthropic"] },
  "body>5000-tokens (recommendation)": { code: "body-too-many-tokens", severity: "warning", profiles: ["spec", "anthropic"] },
  // a style remark of the researcher (Codex collapses whitespace), not a rule of either profile
  "description-multiline": null,
};

const checks: { collection: string; check: Check }[] = [];
if (hasShared) {
  const results = JSON.parse(readFileSync(path.join(CORPUS, "CHECK-RESULTS.json"), "utf8")) as { collections: Record<string, Check[]> };
  for (const [collection, list] of Object.entries(results.collections)) {
    // skills read from the source mirror for checking only; their files are not in the corpus
    if (collection.endsWith("-not-copied")) continue;
    for (const check of list) checks.push({ collection, check });
  }
}

describe.skipIf(!hasShared)("real-world corpus (../shared/corpus)", () => {
  const bundles = {} as Record<Profile, Bundle>;
  beforeAll(() => {
    const files = readTree(CORPUS, "corpus");
    bundles.spec = readBundle({ kind: "files", files });
    bundles.anthropic = readBundle({ kind: "files", files }, { profile: "anthropic" });
  });
  const skillAt = (profile: Profile, collection: string, dir: string): BundleSkill => {
    const skill = bundles[profile].skills.find((s) => s.root === `corpus/${collection}/${dir}`);
    if (!skill) throw new Error(`skill ${collection}/${dir} not imported`);
    return skill;
  };

  it("imports all 43 skills of the four collections as one upload, and skips what is not in a skill", () => {
    expect(checks).toHaveLength(43);
    expect(bundles.spec.skills).toHaveLength(43);
    expect(bundles.spec.skills.map((s) => s.root).sort()).toEqual(checks.map((c) => `corpus/${c.collection}/${c.check.dir}`).sort());
    const skipped = bundles.spec.skipped.map((s) => [s.path, s.reason]);
    expect(skipped).toContainEqual(["corpus/CHECK-RESULTS.json", "outside any skill folder"]);
    expect(skipped).toContainEqual(["corpus/anthropics-skills/MANIFEST.tsv", "outside any skill folder"]);
    expect(bundles.spec.skipped.every((s) => s.reason === "outside any skill folder")).toBe(true);
  });

  it("reports the name clash of skill-creator across two collections", () => {
    expect(bundles.spec.findings).toEqual([
      expect.objectContaining({ severity: "warning", code: "duplicate-skill-name", path: "corpus/anthropics-skills/skill-creator" }),
    ]);
    expect(bundles.spec.findings[0].message).toContain("corpus/openai-skills/skill-creator");
  });

  for (const profile of ["spec", "anthropic"] as const) {
    it(`agrees with CHECK-RESULTS.json on every skill (${profile} profile)`, () => {
      for (const { collection, check } of checks) {
        const skill = skillAt(profile, collection, check.dir);
        const expected = check.violations
          .map((v) => RULES[v.rule] ?? null)
          .filter((r): r is NonNullable<typeof r> => r !== null && r.profiles.includes(profile))
          .map((r) => `${r.severity} ${r.code}`)
          .sort();
        const actual = skill.findings.map((f) => `${f.severity} ${f.code}`).sort();
        expect({ skill: `${collection}/${check.dir}`, findings: actual }).toEqual({ skill: `${collection}/${check.dir}`, findings: expected });
      }
    });
  }

  it("agrees with skills-ref on errors, except the name-folder mismatch it makes an error and we a warning", () => {
    for (const { collection, check } of checks) {
      const skill = skillAt("spec", collection, check.dir);
      const upstream = check.validators.skills_ref.filter((e) => !/must match skill name/.test(e));
      expect(skill.findings.filter((f) => f.severity === "error").length).toBe(upstream.length);
      expect(skill.ok).toBe(upstream.length === 0);
    }
  });

  it("agrees with Anthropic's quick_validate.py under the anthropic profile", () => {
    for (const { collection, check } of checks) {
      expect([check.dir, skillAt("anthropic", collection, check.dir).ok]).toEqual([check.dir, check.validators.anthropic_quick_validate.valid]);
    }
  });

  it("reads the same names, keys (in order), description lengths and line counts", () => {
    for (const { collection, check } of checks) {
      const skill = skillAt("spec", collection, check.dir);
      expect(skill.name).toBe(check.name);
      expect(skill.fields.map((f) => f.key)).toEqual(check.keys);
      expect(codePointLength(skill.frontmatter?.description as string)).toBe(check.descriptionChars);
      // CHECK-RESULTS counts split("\n"), one more than an editor when the file ends with a newline
      const text = skill.skillMd as string;
      expect(countLines(text) + (text.endsWith("\n") ? 1 : 0)).toBe(check.lines);
    }
  });

  it("counts tokens for every disclosure level, labelled approximate", () => {
    for (const skill of bundles.spec.skills) {
      expect(skill.tokens).toMatchObject({ approximate: true, tokenizer: "o200k_base" });
      expect(skill.tokens.catalog).toBeGreaterThan(0);
      expect(skill.tokens.body).toBe(countTokensReference(skill.body));
      expect(skill.tokens.resources.map((r) => r.path)).toEqual(skill.files.filter((f) => f.path !== "SKILL.md").map((f) => f.path));
      for (const r of skill.tokens.resources) {
        const file = skill.files.find((f) => f.path === r.path);
        expect(r.tokens).toBe(countTokensReference(new TextDecoder().decode(file?.bytes)));
      }
      expect(skill.tokens.total).toBe(skill.tokens.catalog + skill.tokens.body + skill.tokens.resources.reduce((n, r) => n + (r.tokens ?? 0), 0));
    }
  });

  it("imports each collection as published (a repository ZIP, missing binaries rebuilt from MANIFEST.tsv)", () => {
    const collections = [...new Set(checks.map((c) => c.collection))];
    for (const collection of collections) {
      const manifest = readFileSync(path.join(CORPUS, collection, "MANIFEST.tsv"), "utf8")
        .trim()
        .split("\n")
        .slice(1)
        .map((l) => l.split("\t"));
      const copiedSkills = new Set(checks.filter((c) => c.collection === collection).map((c) => c.check.dir));
      const tree: Zippable = {};
      let expectedFiles = 0;
      manifest.forEach(([file, size, copied], i) => {
        const parts = file.split("/");
        const skillIndex = parts.findIndex((p) => copiedSkills.has(p));
        if (skillIndex === -1) return;
        const local = parts.slice(skillIndex).join("/");
        const bytes = copied === "yes" ? new Uint8Array(readFileSync(path.join(CORPUS, collection, local))) : randomBytes(Number(size), i + 1);
        expect(bytes.length).toBe(Number(size));
        tree[`${collection}-main/${file}`] = [bytes, { level: copied === "yes" ? 6 : 0 }];
        expectedFiles++;
      });
      const bundle = readBundle({ kind: "zip", bytes: zipSync(tree) });
      if (collection === "openai-skills") {
        // published under skills/.curated, .experimental and .system: hidden folders are skipped
        expect(bundle.skills).toEqual([]);
        expect(bundle.skipped.map((s) => s.path).sort()).toEqual([
          "openai-skills-main/skills/.curated/",
          "openai-skills-main/skills/.experimental/",
          "openai-skills-main/skills/.system/",
        ]);
        expect(bundle.findings.map((f) => f.code)).toEqual(["skill-md-missing"]);
        expect(bundle.findings[0].message).toContain("hidden folders were skipped");
        continue;
      }
      expect(bundle.findings.filter((f) => f.severity === "error")).toEqual([]);
      expect(bundle.skills).toHaveLength(copiedSkills.size);
      expect(bundle.files).toHaveLength(expectedFiles);
      for (const skill of bundle.skills) expect(skill.root).toMatch(new RegExp(`^${collection}-main/skills/[^/]+$`));
    }
  });
});
