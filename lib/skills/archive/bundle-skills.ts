// The second half of reading a bundle: from the files read out of an upload to its skills. A
// folder holding SKILL.md is a skill root (unless it is inside another skill); each skill gets its
// files, the checks that need the whole skill (per-skill limits, duplicate names, SKILL.md
// validation) and its token counts. readBundleSteps (bundle.ts) calls it.
import { formatBytes, formatNumber } from "../../display";
import { renderCatalogEntryXml } from "../format/catalog";
import { hasErrors, type Finding, type Profile } from "../format/findings";
import type { BundleLimits } from "../format/limits";
import { isTextMediaType } from "../format/media-type";
import { basename, dirname, findSkillMd } from "../format/paths";
import { decodeSkillMd } from "../format/skill-md";
import { countTokens, countTokensWithin, tokenBudget, TOKENIZER, type TokenCounts } from "../format/tokens";
import { validateSkillMd } from "../format/validate";
import { parseTriggerTests, TRIGGER_TESTS_PATH } from "../format/trigger-tests";
import type { Steps } from "./steps";
import type { BundleFile, BundleInput, BundleSkill, ReadBundleOptions, SkippedEntry } from "./bundle";

export function* buildSkills(
  files: BundleFile[],
  texts: Map<string, string | null>,
  input: BundleInput,
  options: ReadBundleOptions,
  limits: BundleLimits,
  findings: Finding[],
  skipped: Map<string, SkippedEntry>,
): Steps<BundleSkill[]> {
  const profile = options.profile ?? "spec";
  // A folder holding SKILL.md is a skill, unless it sits inside another skill (then it is one of
  // that skill's resources, like a template).
  const candidates = [...new Set(files.filter((f) => isSkillMdName(basename(f.path))).map((f) => dirname(f.path)))];
  candidates.sort((a, b) => depth(a) - depth(b) || compareStrings(a, b));
  const roots: string[] = [];
  for (const dir of candidates) if (!roots.some((r) => isInside(dir, r))) roots.push(dir);

  if (roots.length === 0) {
    const hidden = [...skipped.values()].filter((s) => s.reason === "hidden folder").map((s) => s.path);
    const hint = hidden.length > 0 ? `; hidden folders were skipped: ${hidden.slice(0, 5).join(", ")}${hidden.length > 5 ? ", ..." : ""}` : "";
    findings.push({
      severity: "error",
      code: "skill-md-missing",
      message: `no SKILL.md found: a skill is a folder with a SKILL.md file (at the top, in one folder, or in each skill folder of a collection)${hint}`,
      path: "",
    });
  }

  // Files grouped by their skill in one pass (a collection has hundreds of roots and thousands of files).
  const byRoot = new Map<string, BundleFile[]>(roots.map((root) => [root, []]));
  for (const f of files) {
    // the nearest enclosing root, walking up the file's folders
    for (let dir = dirname(f.path); ; dir = dirname(dir)) {
      const list = byRoot.get(dir);
      if (list) {
        list.push(f);
        break;
      }
      if (dir === "") break;
    }
  }
  const owned = new Set<BundleFile>();
  const skills: BundleSkill[] = [];
  for (const root of roots) {
    // roots never nest, so each file belongs to one skill at most
    const skillFiles = byRoot.get(root)!.map((f) => {
      owned.add(f);
      return { ...f, path: root === "" ? f.path : f.path.slice(root.length + 1) };
    });
    const folderName = root === "" ? (input.kind === "skill-md" ? input.folderName : undefined) : basename(root);
    skills.push(yield* buildSkill(root, folderName, skillFiles, texts, profile, options, limits));
    yield;
  }
  for (const f of files) {
    if (owned.has(f)) continue;
    skipped.set(f.path, { path: f.path, reason: "outside any skill folder", entries: 1 });
  }

  const byName = new Map<string, BundleSkill[]>();
  for (const skill of skills) {
    if (!skill.name) continue;
    const list = byName.get(skill.name) ?? [];
    list.push(skill);
    byName.set(skill.name, list);
  }
  for (const [name, list] of byName) {
    if (list.length < 2) continue;
    findings.push({
      severity: "warning",
      code: "duplicate-skill-name",
      message: `${formatNumber(list.length)} skills are named "${name}" (${list.map((s) => s.root || "(top)").join(", ")}); a shelf keeps one skill per name`,
      path: list[0].root,
    });
  }
  return skills;
}

function* buildSkill(
  root: string,
  folderName: string | undefined,
  files: BundleFile[],
  texts: Map<string, string | null>,
  profile: Profile,
  options: ReadBundleOptions,
  limits: BundleLimits,
): Steps<BundleSkill> {
  const full = (path: string): string => (root === "" ? path : `${root}/${path}`);
  const skillMdPath = findSkillMd(files.map((f) => f.path));
  const skillMdFile = files.find((f) => f.path === skillMdPath);
  const findings: Finding[] = [];
  let validation: ReturnType<typeof validateSkillMd> | null = null;
  let skillMd: string | null = null;
  if (skillMdFile) {
    if (skillMdFile.path === "skill.md") {
      findings.push({
        severity: profile === "anthropic" ? "error" : "warning",
        code: "skill-md-lowercase",
        message: "the file is named skill.md; name it SKILL.md (Anthropic accepts only that spelling)",
        path: "skill.md",
      });
    }
    const decoded = decodeSkillMd(skillMdFile.bytes, skillMdFile.path);
    findings.push(...decoded.findings);
    if (decoded.text !== null) {
      validation = validateSkillMd(decoded.text, {
        profile,
        folderName,
        path: skillMdFile.path,
        files: files.map((f) => f.path),
        maxFrontmatterBytes: limits.maxFrontmatterBytes,
        maxAliasCount: limits.maxAliasCount,
        maxSkillMdBytes: limits.maxSkillMdBytes,
      });
      findings.push(...validation.findings);
      skillMd = decoded.text.startsWith("\uFEFF") ? decoded.text.slice(1) : decoded.text;
    }
  }

  // Per skill, so a collection of many skills is held to what each of them may be.
  if (files.length > limits.maxSkillFiles) {
    findings.push({
      severity: "error",
      code: "skill-too-many-files",
      message: `the skill has ${formatNumber(files.length)} files; the limit per skill is ${formatNumber(limits.maxSkillFiles)}`,
      path: "",
    });
  }
  const skillBytes = files.reduce((n, f) => n + f.size, 0);
  if (skillBytes > limits.maxSkillBytes) {
    findings.push({
      severity: "error",
      code: "skill-too-large",
      message: `the skill's files add up to ${formatBytes(skillBytes, "prose")}; the limit per skill is ${formatBytes(limits.maxSkillBytes, "prose")}`,
      path: "",
    });
  }

  // Trigger tests (evals/triggers.json) that cannot be read are reported here, where the editor and uploads show them.
  const triggerTests = texts.get(full(TRIGGER_TESTS_PATH));
  if (triggerTests !== undefined) {
    if (triggerTests === null) findings.push({ severity: "warning", code: "trigger-tests-invalid", message: "is not UTF-8 text", path: TRIGGER_TESTS_PATH });
    else findings.push(...parseTriggerTests(triggerTests).findings);
  }

  const name = validation?.name ?? null;
  const description = validation?.description ?? null;
  const catalog = name && description ? countTokens(renderCatalogEntryXml({ name, description })) : 0;
  const body = validation?.bodyTokens ?? 0;
  const resources: TokenCounts["resources"] = [];
  for (const f of files) {
    if (f === skillMdFile) continue;
    const text = texts.get(full(f.path)) ?? null;
    const counted = options.countResourceTokens !== false && text !== null && isTextMediaType(f.mediaType);
    resources.push({ path: f.path, tokens: counted ? countTokensWithin(text, options.tokenBudget ?? tokenBudget()) : null });
    if (counted) yield;
  }
  const total = catalog + body + resources.reduce((sum, r) => sum + (r.tokens ?? 0), 0);

  return {
    root,
    name,
    description,
    frontmatter: validation?.frontmatter ?? null,
    fields: validation?.fields ?? [],
    body: validation?.body ?? "",
    skillMd,
    files,
    findings,
    ok: skillMdFile !== undefined && !hasErrors(findings),
    tokens: { approximate: true, tokenizer: TOKENIZER, catalog, body, resources, total },
  };
}

function isSkillMdName(name: string): boolean {
  return findSkillMd([name]) !== null;
}

function isInside(dir: string, root: string): boolean {
  return root === "" || dir === root || dir.startsWith(`${root}/`);
}

function depth(dir: string): number {
  return dir === "" ? 0 : dir.split("/").length;
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
