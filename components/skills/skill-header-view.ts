import { formatRelative } from "@/lib/display";
import type { SkillDetail, SkillVersionDetail } from "@/lib/types/skills";

/**
 * What the skill page's header shows and nothing more. The header is a client component, so this is
 * what the page's payload carries for it instead of its rendered tree. The creation date is worded
 * here ("3 days ago"), so the browser's hydration renders the same text the server did.
 */
export interface SkillHeaderView {
  skill: {
    id: string;
    name: string;
    scope: SkillDetail["scope"];
    teamName: string | null;
    /** The current version's number. */
    version: number;
    versionCount: number;
    canAddVersion: boolean;
    shadowedBy: { id: string; reason: string } | null;
  };
  version: {
    name: string;
    number: number;
    description: string;
    labels: string[];
    invocation: SkillVersionDetail["invocation"];
    author: { name: string } | null;
    createdAt: string;
    createdLabel: string;
    fileCount: number;
    totalBytes: number;
    provenance: SkillVersionDetail["provenance"];
  };
}

export function skillHeaderView(skill: SkillDetail, version: SkillVersionDetail, now = new Date()): SkillHeaderView {
  return {
    skill: {
      id: skill.id,
      name: skill.name,
      scope: skill.scope,
      teamName: skill.team?.name ?? null,
      version: skill.version,
      versionCount: skill.versions.length,
      canAddVersion: skill.can.addVersion,
      shadowedBy: skill.shadowedBy ? { id: skill.shadowedBy.id, reason: skill.shadowedBy.reason } : null,
    },
    version: {
      name: version.name,
      number: version.number,
      description: version.description,
      labels: skill.versions.find((v) => v.number === version.number)?.labels ?? [],
      invocation: version.invocation,
      author: version.author ? { name: version.author.name } : null,
      createdAt: version.createdAt.toISOString(),
      createdLabel: formatRelative(version.createdAt, now),
      fileCount: version.fileCount,
      totalBytes: version.totalBytes,
      provenance: version.provenance,
    },
  };
}
