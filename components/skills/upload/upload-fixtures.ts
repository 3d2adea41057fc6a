import type { UploadPreview, UploadPreviewSkill } from "@/lib/types/uploads";

// Preview data for the upload modal's unit tests: one valid skill by default, overridden per test.

export function skill(key: string, over: Partial<UploadPreviewSkill> = {}): UploadPreviewSkill {
  const name = over.name === undefined ? key.split(":")[1] : over.name;
  return {
    key,
    source: 0,
    root: key.split(":")[1],
    name,
    description: "Does things.",
    ok: true,
    errorCount: 0,
    warningCount: 0,
    findings: [],
    files: [{ path: "SKILL.md", size: 10, mediaType: "text/markdown", tokens: 5 }],
    totalBytes: 10,
    tokens: { catalog: 1, body: 5, resources: 0, total: 6, approximate: true, tokenizer: "o200k" },
    digest: `digest-${key}`,
    existing: {},
    scan: { ruleset: "r", complete: true, findings: [], skipped: [] } as unknown as UploadPreviewSkill["scan"],
    gate: "none",
    folderName: null,
    folderNameFindings: [],
    folderNameTakenIn: [],
    ...over,
  };
}

export function preview(skills: UploadPreviewSkill[], over: Partial<UploadPreview> = {}): UploadPreview {
  return {
    ok: skills.every((s) => s.ok),
    importable: skills.filter((s) => s.ok).length,
    sources: [{ index: 0, name: "up.zip", type: "file", kind: "zip", size: 100, findings: [], skipped: [], notASkill: null }],
    skills,
    destinations: [],
    destination: { key: "personal", scope: "personal", team: null, label: "Personal", canCreate: true, reason: null },
    canOverrideScan: false,
    limits: { maxUploadBytes: 1, maxTotalBytes: 1, maxFileBytes: 1, maxEntries: 1, maxSkillFiles: 1, maxSkillBytes: 1 },
    ...over,
  };
}

export const existing = (version: number, canAddVersion = true) => ({ skillId: "s1", version, canAddVersion, unchanged: false });
export const invalidName = { severity: "error" as const, code: "name-invalid" as never, message: "The name has capitals.", path: "SKILL.md", line: 2 };
