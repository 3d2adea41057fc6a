// Shapes the data layer returns and components render: plain data, no behaviour.
import type { ToolDeclaration } from "@/lib/skills/format/bound-tools";
import type { Finding } from "@/lib/skills/format/findings";
import type { Scope } from "@/lib/skills/permissions/permissions";
import type { TextSegment } from "@/lib/skills/list/search";
import type { ReviewStatus } from "@/lib/skills/vetting/policy";
import type { FindingContext, ScanFinding, ScanSeverity, ScanSkipped } from "@/lib/skills/scan/types";
import type { VersionProvenance } from "./sources";

export type { ReviewStatus, ScanFinding, ScanSeverity, ScanSkipped, TextSegment };

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
  /** Its tags, A to Z. */
  tags: string[];
  /** How many people starred it. */
  starCount: number;
  /** The current version's highest security finding; null when it has none (or was never scanned). */
  scanHighest: ScanSeverity | null;
  /** The current version's review state (see VersionScan). */
  reviewStatus: ReviewStatus;
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
  /** Loads per day over the last 30 days, oldest first (the card's sparkline); absent where not read. */
  loads30?: number[];
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
  /** Git-like mode: exported and installed as 755, else 644. */
  executable: boolean;
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
  /** The tools the version binds (well-formed declarations only), each with its definition's tokens. */
  tools: BoundToolInfo[];
  /** allowed-tools, normalised: tools the skill may call without asking. */
  allowedTools: string[];
  /** Claude Code's invocation keys: false when disable-model-invocation: true / user-invocable: false. */
  invocation: { modelInvocable: boolean; userInvocable: boolean };
  author: { id: string; name: string } | null;
  message: string;
  createdAt: Date;
  files: SkillFileInfo[];
  scan: VersionScan;
  /** Where a version synced from a source came from; null for an upload, edit or restore. */
  provenance: VersionProvenance | null;
}

export interface BoundToolInfo extends ToolDeclaration {
  /** Approximate tokens of the definition a model receives while the skill is loaded. */
  tokens: number;
}

/** A version's security scan and review decision. */
export interface VersionScan {
  /** The rule set that produced the findings; null when the version was never scanned. */
  ruleset: string | null;
  /** The ruleset differs from the scanner's current one: a rescan is due. */
  stale: boolean;
  findings: ScanFinding[];
  highest: ScanSeverity | null;
  /** false when a file was skipped (too large, binary, scanner error): "no findings" does not hold then. */
  complete: boolean;
  skipped: ScanSkipped[];
  review: {
    /** "needs_review": a high finding awaits a reviewer; "override": an admin let a critical finding through. */
    status: ReviewStatus;
    reviewer: { id: string; name: string } | null;
    at: Date | null;
    note: string | null;
  };
}

export interface VersionListItem {
  number: number;
  /** Release labels on it (stable, beta, a team's own; "latest" is the current one). */
  labels: string[];
  author: { id: string; name: string } | null;
  message: string;
  createdAt: Date;
  totalBytes: number;
  catalogTokens: number;
  bodyTokens: number;
  resourceTokens: number;
  warningCount: number;
  errorCount: number;
  /** Never published: a proposal (open, withdrawn or superseded review request) that agents are never offered. */
  proposed: boolean;
}

export interface SkillDetail extends SkillSummary {
  current: SkillVersionDetail;
  versions: VersionListItem[];
  /** review: may mark a version that needs review as reviewed. */
  can: { addVersion: boolean; manage: boolean; review: boolean };
  /** Set when the skill is archived: from its latest archive event (null fields when none was recorded). */
  archive: ArchiveNote | null;
}

/** When and by whom a skill was archived; `by` null for Skillshelf itself (a built-in no longer shipped). */
export interface ArchiveNote {
  at: Date | null;
  by: string | null;
  reason: string | null;
}

/** A version waiting for a security review the viewer may give (the account page's list). */
export interface AwaitingReview {
  skillId: string;
  skillName: string;
  scope: Scope;
  team: { id: string; name: string } | null;
  version: number;
  /** It is the version agents get now (an older one waiting matters less). */
  current: boolean;
  highest: ScanSeverity | null;
  findingCount: number;
  createdAt: Date;
  author: { id: string; name: string } | null;
}

/** An open "false positive" report as instance admins read it (lib/data/vetting/scan-reports.ts). */
export interface ScanReportItem {
  id: string;
  skillId: string;
  skillName: string;
  version: number;
  rule: string;
  file: string;
  line: number | null;
  /** The finding as stored with the version (null when a rescan no longer produces it there). */
  severity: ScanSeverity | null;
  excerpt: string | null;
  context: FindingContext | null;
  ruleset: string;
  note: string;
  reporter: { id: string; name: string };
  createdAt: Date;
}
