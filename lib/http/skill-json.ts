import type { SkillDetail, SkillSummary, SkillVersionDetail } from "@/lib/types/skills";
import { INSTALL_TARGETS, installCommand, type InstallTarget } from "@/lib/skills/archive/install";
import { skillLinks } from "./links";

// The HTTP API's view of skills: stable field names, scopes in the same lowercase words the
// requests use, absolute links, and no internal ids beyond the skill's own.

const scopeWord = (scope: string) => scope.toLowerCase() as "personal" | "team" | "public" | "builtin";

export function skillSummaryJson(skill: SkillSummary) {
  return {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    scope: scopeWord(skill.scope),
    team: skill.team,
    owner: skill.owner,
    version: skill.version,
    author: skill.author,
    createdAt: skill.createdAt,
    updatedAt: skill.updatedAt,
    archived: skill.archived,
    shadowedBy: skill.shadowedBy && { ...skill.shadowedBy, scope: scopeWord(skill.shadowedBy.scope) },
    tokens: { catalog: skill.catalogTokens, body: skill.bodyTokens, resources: skill.resourceTokens },
    fileCount: skill.fileCount,
    totalBytes: skill.totalBytes,
    warningCount: skill.warningCount,
    errorCount: skill.errorCount,
    links: skillLinks(skill.id),
  };
}

function versionJson(skillId: string, version: SkillVersionDetail) {
  return {
    number: version.number,
    name: version.name,
    description: version.description,
    frontmatter: version.frontmatter,
    digest: version.digest,
    message: version.message,
    author: version.author,
    createdAt: version.createdAt,
    tokens: { catalog: version.catalogTokens, body: version.bodyTokens, resources: version.resourceTokens },
    totalBytes: version.totalBytes,
    findings: version.findings,
    // Where a synced version came from (source URL, commit, folder); null for uploads and edits.
    provenance: version.provenance,
    files: version.files.map((f) => ({ path: f.path, size: f.size, mediaType: f.mediaType, sha256: f.sha256, tokens: f.tokens, executable: f.executable })),
    links: skillLinks(skillId, version.number),
  };
}

/**
 * A skill with the version asked for (the current one by default), every version's summary, and
 * install commands that read the token from $SKILLSHELF_TOKEN.
 */
export function skillDetailJson(skill: SkillDetail, version: SkillVersionDetail = skill.current) {
  const links = skillLinks(skill.id);
  return {
    ...skillSummaryJson(skill),
    versionDetail: versionJson(skill.id, version),
    versions: skill.versions.map((v) => ({
      number: v.number,
      message: v.message,
      author: v.author,
      createdAt: v.createdAt,
      totalBytes: v.totalBytes,
      tokens: { catalog: v.catalogTokens, body: v.bodyTokens, resources: v.resourceTokens },
      warningCount: v.warningCount,
      errorCount: v.errorCount,
      // A review request's version: readable and downloadable by number (?v=), never the current one.
      proposed: v.proposed,
      labels: v.labels,
    })),
    can: skill.can,
    install: Object.fromEntries(
      (Object.keys(INSTALL_TARGETS) as InstallTarget[]).map((target) => [target, installCommand({ name: skill.name, downloadUrl: links.download, target })]),
    ) as Record<InstallTarget, string>,
  };
}
