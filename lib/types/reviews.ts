// Review requests as the data layer returns them (lib/data/reviews) and components render them.
import type { SkillDiff } from "@/lib/skills/diff/diff";
import type { Finding } from "@/lib/skills/format/findings";
import type { Scope } from "@/lib/skills/permissions/permissions";
import type { ApproverRule, MergeReadiness, ReviewPolicy } from "@/lib/skills/review-requests/policy";
import type { ReviewStatus, ScanFinding, ScanSeverity } from "./skills";

export type { ApproverRule, MergeReadiness, ReviewPolicy };

export type ReviewRequestState = "open" | "merged" | "withdrawn";
export type ReviewRequestKind = "version" | "move" | "label";
export type ReviewVerdict = "approve" | "changes";

type UserRef = { id: string; name: string };
type TeamRef = { id: string; name: string };

/** One row of the inbox and of a skill's "proposals" list. */
export interface ReviewRequestSummary {
  id: string;
  skill: { id: string; name: string; scope: Scope; team: TeamRef | null };
  kind: ReviewRequestKind;
  /** kind "move": where the skill goes once approved. */
  target: { scope: Scope; team: TeamRef | null } | null;
  title: string;
  state: ReviewRequestState;
  author: UserRef | null;
  createdAt: Date;
  updatedAt: Date;
  /** The latest revision (1..n) and its proposed version number (null for a move: it moves the current version). */
  revision: number;
  versionNumber: number | null;
  /** The current version the latest revision was based on. */
  baseVersion: number | null;
  /** The version it became when merged. */
  mergedVersion: number | null;
  approvals: number;
  requiredApprovals: number;
  approvers: ApproverRule;
  /** Someone's latest verdict on the latest revision asks for changes. */
  changesRequested: boolean;
  /** Open, but the skill's current version moved past the base: the author must rebase in the editor. */
  outOfDate: boolean;
  commentCount: number;
  unresolvedThreads: number;
  /** For the viewer: "me" when they may decide and have not on the latest revision; "author" when it is theirs. */
  waitingOn: "me" | "author" | null;
}

export interface ReviewInboxCounts {
  /** Open requests the viewer may decide on and has not (on the latest revision). */
  forMe: number;
  /** The viewer's own open requests. */
  mine: number;
  /** Of those, the ones a reviewer asked to change (on the latest revision): the author's next move. */
  changesRequested: number;
}

export type ReviewBox = "for-me" | "mine" | "all";

export interface ReviewListFilter {
  box: ReviewBox;
  state: ReviewRequestState | "all";
  skillId?: string;
  teamId?: string;
  page?: number;
  pageSize?: number;
}

export interface ReviewListPage {
  items: ReviewRequestSummary[];
  total: number;
  page: number;
  pageSize: number;
  counts: ReviewInboxCounts;
}

/** A comment's place: one line of one file of one version (the base or a revision's proposal). */
export interface LineAnchor {
  version: number;
  path: string;
  line: number;
}

export interface ReviewCommentItem {
  id: string;
  author: UserRef | null;
  body: string;
  createdAt: Date;
  /** The viewer wrote it and the request is open: they may edit or delete it. */
  canEdit: boolean;
}

/** A thread: a first comment (on the whole request, or anchored to a line) and its replies. */
export interface ReviewThread {
  id: string;
  anchor: LineAnchor | null;
  comments: ReviewCommentItem[];
  resolved: { at: Date; by: UserRef | null } | null;
  /** The anchor's version is not one of the revision shown (an earlier revision's line). */
  outdated: boolean;
}

export interface ReviewVerdictItem {
  id: string;
  reviewer: UserRef | null;
  verdict: ReviewVerdict;
  note: string;
  revision: number;
  dismissed: boolean;
  createdAt: Date;
}

export interface ReviewRevisionItem {
  number: number;
  versionNumber: number;
  baseVersion: number | null;
  message: string;
  author: UserRef | null;
  createdAt: Date;
  /** The version was pruned after the request closed. */
  pruned: boolean;
}

/** Tokens per disclosure level of one version. */
export interface LevelTokens {
  catalog: number;
  body: number;
  resources: number;
}

/** The review page: the request, the revision shown with its diff, checks and conversation. */
export interface ReviewRequestDetail extends ReviewRequestSummary {
  revisions: ReviewRevisionItem[];
  verdicts: ReviewVerdictItem[];
  threads: ReviewThread[];
  readiness: MergeReadiness;
  /** The revision on screen (the latest unless ?revision= asked for an earlier one). */
  shown: {
    revision: number;
    /** The left side of the diff: the revision's base version (null: no base, every file is new), or with `since` that revision's version. */
    from: number | null;
    /** ?since=N: the diff shows what changed from revision N to this one ("changes since your last review"); null: against the base. */
    since: number | null;
    /** The right side: the proposed version (for a move, the version being moved). */
    to: number;
    diff: SkillDiff;
    validation: { errorCount: number; warningCount: number; findings: Finding[] };
    scan: { highest: ScanSeverity | null; complete: boolean; findings: ScanFinding[]; reviewStatus: ReviewStatus };
    tokens: { before: LevelTokens | null; after: LevelTokens };
  };
  can: { decide: boolean; withdraw: boolean; revise: boolean; comment: boolean };
  /** The latest earlier revision the viewer gave a verdict on, when a newer one arrived since (null otherwise). */
  lastReviewedRevision: number | null;
  /** Said on the page when fewer people may approve than the request needs (it would wait forever); null otherwise. */
  noEligibleReviewer: string | null;
  /** The skill's owners who may approve it (not its author): asked first for the review. */
  askedFirst: { id: string; name: string }[];
  /** Why the viewer may not decide (shown instead of the buttons); null when they may or it is closed. */
  decideRefusal: string | null;
}

/** What a write that may be proposed did: published at once, or opened (or revised) a request. */
export interface ProposalOutcome {
  requestId: string;
  revision: number;
  /** The request's page. */
  url: string;
}

/** The team page's review settings. */
export interface TeamReviewSettings {
  teamId: string;
  policy: ReviewPolicy;
  canEdit: boolean;
}
