// The security scanner of uploaded skills: static, versioned rules over every file of a bundle.
// Pure and isomorphic (no node: modules, Next, React, Prisma or environment variables), so the upload preview can
// run it in the browser and the store on the server, with the same results.
//
//   scanFiles(files, { maxFileBytes }) -> ScanResult   (see ./types)
//   scanBundleSkill(skill)             -> ScanResult   (a skill as readBundle returns it)
//   scanBundleSkillSteps(skill)        -> the same as steps that yield between files (../archive/steps)
//   RULES, RULESET_VERSION, SCAN_COVERAGE, highestSeverity, makeVisible, decodeTags

import type { BundleSkill } from "../archive/bundle";
import type { Steps } from "../archive/steps";
import { finish, runScan, runScanSteps, type ScanOptions } from "./engine";
import { describeRule, type RuleDef } from "./rule";
import { credentialRules } from "./rules/credentials";
import { fileRules } from "./rules/files";
import { hiddenTextRules } from "./rules/hidden-text";
import { promptInjectionRules } from "./rules/prompt-injection";
import { remoteCodeRules } from "./rules/remote-code";
import { secretRules } from "./rules/secrets";
import { systemDamageRules } from "./rules/system-damage";
import type { ScanInputFile, ScanResult, ScanRule } from "./types";

export type * from "./types";
export { SEVERITY_ORDER } from "./types";
export { DEFAULT_MAX_SCAN_BYTES, highestSeverity, MAX_FINDINGS_PER_RULE_AND_FILE, type ScanOptions } from "./engine";
export { SCAN_COVERAGE, type ScanCoverage } from "./coverage";
export { decodeTagRun, decodeTags, makeVisible } from "./visible";

/**
 * Bump whenever a rule is added, removed or changes what it matches or its severity: stored
 * results with another version are due for a rescan.
 */
export const RULESET_VERSION = "2026.12.01-1";

const RULE_DEFS: readonly RuleDef[] = [
  ...hiddenTextRules,
  ...promptInjectionRules,
  ...remoteCodeRules,
  ...credentialRules,
  ...systemDamageRules,
  ...secretRules,
  ...fileRules,
];

/** Every rule, as reviewers see it: id, category, severity, the files it reads, the risk in plain words. */
export const RULES: readonly ScanRule[] = Object.freeze(RULE_DEFS.map(describeRule));

export function ruleById(id: string): ScanRule | undefined {
  return RULES.find((r) => r.id === id);
}

/** Scans files as given (paths as they should appear in findings). Never throws for a rule's failure: that file is listed in `skipped`. */
export function scanFiles(files: readonly ScanInputFile[], options?: ScanOptions): ScanResult {
  return runScan(files, RULE_DEFS, RULESET_VERSION, options);
}

/** Scans one skill of a bundle; paths in findings are relative to the skill's folder. */
export function scanBundleSkill(skill: Pick<BundleSkill, "files">, options?: ScanOptions): ScanResult {
  return finish(scanBundleSkillSteps(skill, options));
}

/** scanBundleSkill as steps that yield between files (see ../archive/steps). */
export function scanBundleSkillSteps(skill: Pick<BundleSkill, "files">, options?: ScanOptions): Steps<ScanResult> {
  return runScanSteps(
    skill.files.map((f) => ({ path: f.path, bytes: f.bytes, mediaType: f.mediaType })),
    RULE_DEFS,
    RULESET_VERSION,
    options,
  );
}
