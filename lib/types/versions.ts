import type { SkillDiff } from "@/lib/skills/diff/diff";
import type { Scope } from "@/lib/skills/permissions/permissions";
import type { VersionProvenance } from "./sources";

/** One row of a skill's history (lib/data/skills/versions.ts listSkillVersions). */
export interface VersionHistoryItem {
  number: number;
  author: { id: string; name: string } | null;
  message: string;
  createdAt: Date;
  totalBytes: number;
  fileCount: number;
  tokens: { catalog: number; body: number; resources: number; total: number };
  /** What it was built on, still kept: a proposal's base version, else the nearest older published one; null without one. */
  predecessor: number | null;
  /** Change in total tokens and bytes against `predecessor`; null without one. */
  tokenDelta: number | null;
  byteDelta: number | null;
  errorCount: number;
  warningCount: number;
  /** Highest security-scan severity, when the scan found something. */
  scanHighest: string | null;
  /** "none" | "needs_review" | "reviewed" | "override". */
  reviewStatus: string;
  /** How many profiles of people who may manage the skill pin this version (prune keeps it while any does). */
  pinnedBy: number;
  /** Release labels on this version ("latest" not among them: that is `current`); prune keeps it while any is. */
  labels: string[];
  current: boolean;
  /** Whether agents were ever offered it: false for a proposal (open, withdrawn, or superseded by a later revision). */
  published: boolean;
  /** The review request this version was proposed in, if any; "superseded" when a later revision of it replaced this one. */
  proposal: { requestId: string; state: "open" | "merged" | "withdrawn" | "superseded" } | null;
  /** Where a version synced from a source came from (its URL, commit and folder); null otherwise. */
  provenance: VersionProvenance | null;
}

export interface SkillHistory {
  skill: {
    id: string;
    name: string;
    scope: Scope;
    team: { id: string; name: string } | null;
    currentVersion: number;
    /** The source's URL when a source keeps the skill: restoring is refused until it is detached. */
    syncedFrom: string | null;
  };
  /** Newest first. */
  versions: VersionHistoryItem[];
  /** The labels one may point at a version here: stable, beta and the skill's own. */
  labelNames: string[];
  /** Labels whose moves the skill's team reviews. */
  reviewedLabels: string[];
  can: { addVersion: boolean; manage: boolean };
}

/** What the versions page shows (lib/data/skills/versions-page.ts). */
export interface SkillVersionsPage {
  history: SkillHistory;
  /** Per version number, its latest trigger-test result for its own description. */
  triggers: Record<number, { passed: number; tests: number }>;
}

export interface VersionRef {
  number: number;
  message: string;
  createdAt: Date;
  author: { id: string; name: string } | null;
}

export interface VersionComparison {
  skill: { id: string; name: string };
  from: VersionRef;
  to: VersionRef;
  diff: SkillDiff;
}
