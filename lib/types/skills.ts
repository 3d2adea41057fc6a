// Shapes the data layer returns and components render: plain data, no behaviour.
import type { Finding } from "@/lib/skills/findings";
import type { Scope } from "@/lib/skills/permissions";
import type { TextSegment } from "@/lib/skills/search";

export type { TextSegment };

export interface SkillSummary {
  id: string;
  name: string;
  scope: Scope;
  team: { id: string; name: string } | null;
  owner: { id: string; name: string } | null;
  description: string;
  version: number;
  author: { id: string; name: string } | null;
  createdAt: Date;
  updatedAt: Date;
  catalogTokens: number;
  bodyTokens: number;
  resourceTokens: number;
  fileCount: number;
  totalBytes: number;
  warningCount: number;
  errorCount: number;
  archived: boolean;
  /** Set when a same-named skill in a higher-priority scope hides this one from agents. */
  shadowedBy: { id: string; name: string; scope: Scope; reason: string } | null;
}

/** Where a search matched one skill: its name and description with the terms marked, and an excerpt of the body when that matched. */
export interface SkillSearchMatch {
  name: TextSegment[];
  description: TextSegment[];
  body: TextSegment[] | null;
}

/** A row of the skill list; `match` is set when the list is a search. */
export interface SkillListItem extends SkillSummary {
  match: SkillSearchMatch | null;
}

/** One page of the skill list. */
export interface SkillListPage {
  items: SkillListItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** An author of at least one visible skill's current version, for the list's author filter. */
export interface SkillAuthor {
  id: string;
  name: string;
  skillCount: number;
}

export interface SkillFileInfo {
  path: string;
  size: number;
  mediaType: string;
  sha256: string;
  tokens: number | null;
}

export interface SkillVersionDetail {
  id: string;
  number: number;
  name: string;
  description: string;
  frontmatter: Record<string, unknown>;
  body: string;
  catalogTokens: number;
  bodyTokens: number;
  resourceTokens: number;
  totalBytes: number;
  fileCount: number;
  digest: string;
  findings: Finding[];
  author: { id: string; name: string } | null;
  message: string;
  createdAt: Date;
  files: SkillFileInfo[];
}

export interface VersionListItem {
  number: number;
  author: { id: string; name: string } | null;
  message: string;
  createdAt: Date;
  totalBytes: number;
  catalogTokens: number;
  bodyTokens: number;
  resourceTokens: number;
  warningCount: number;
  errorCount: number;
}

export interface SkillDetail extends SkillSummary {
  current: SkillVersionDetail;
  versions: VersionListItem[];
  can: { addVersion: boolean; manage: boolean };
}

