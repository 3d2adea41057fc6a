// The upload contract between the server (preview, commit, HTTP API) and the upload modal: plain
// JSON data. Dates do not occur; everything survives JSON.stringify unchanged.
import type { Finding } from "@/lib/skills/format/findings";
import type { BundleKind, SkippedEntry } from "@/lib/skills/archive/bundle";
import type { UploadChoice, UploadProblem } from "@/lib/skills/upload/plan";
import type { ScanFinding, ScanResult, ScanSeverity } from "@/lib/skills/scan/types";
import type { FileRoute } from "uploadthing/types";
import type { ProposalOutcome } from "./reviews";

export type { Finding, ScanFinding, ScanResult, ScanSeverity, SkippedEntry, UploadChoice, UploadProblem };

/** "personal", "public" or "team:<teamId>". */
export type DestinationKey = string;

export interface UploadDestination {
  key: DestinationKey;
  scope: "personal" | "team" | "public";
  team: { id: string; name: string } | null;
  /** "Personal", "Team Platform", "Public". */
  label: string;
  /** Whether the viewer may create new skills there. */
  canCreate: boolean;
  /** Why not, when canCreate is false. */
  reason: string | null;
  /** Set when what is stored there waits for approval first (a reviewed team, or the public space for a non-admin): what happens. */
  review?: string | null;
}

/** A skill of that name already in a destination. */
export interface ExistingInDestination {
  skillId: string;
  /** Its current version number. */
  version: number;
  /** Whether the viewer may save the upload as a new version of it. */
  canAddVersion: boolean;
  /** The upload is byte-for-byte its current version: saving would change nothing. */
  unchanged: boolean;
}

export interface UploadPreviewFile {
  /** Relative to the skill folder. */
  path: string;
  size: number;
  /** Detected from the content. */
  mediaType: string;
  /** Approximate tokens for text files (SKILL.md: its body); null for binaries. */
  tokens: number | null;
}

export interface UploadPreviewSkill {
  /** Identifies the skill in a commit's `choices`: "<source index>:<folder in the source>". */
  key: string;
  /** Index into `sources`. */
  source: number;
  /** Folder of the skill inside its source ("" at the top). */
  root: string;
  name: string | null;
  description: string | null;
  /** No errors: it can be imported (warnings do not block). */
  ok: boolean;
  errorCount: number;
  warningCount: number;
  /** Every finding, errors and warnings; paths are relative to the skill folder. */
  findings: Finding[];
  files: UploadPreviewFile[];
  totalBytes: number;
  tokens: { catalog: number; body: number; resources: number; total: number; approximate: boolean; tokenizer: string };
  /** What the store will record for it; pass it back in a choice to be sure the commit stores what was previewed. */
  digest: string;
  /** Per destination key: the same-named skill already there (absent keys: the name is free). */
  existing: Record<DestinationKey, ExistingInDestination>;
  /** The security scan of exactly these files (what the store will record). */
  scan: ScanResult;
  /**
   * What the scan means for the import: "blocked" (a critical finding: only an instance admin's
   * written override lets it through), "needs_review" (a high finding: stored, then reviewed), "none".
   */
  gate: "blocked" | "needs_review" | "none";
  /**
   * The folder's name, when SKILL.md's `name` is what makes the skill invalid and renaming it to
   * the folder's name (choice action "rename") makes it valid; null otherwise.
   */
  folderName: string | null;
  /** The findings the skill has once renamed to `folderName` (what the preview shows after the offer is taken). */
  folderNameFindings: Finding[];
  /** Destinations that already hold a skill named `folderName` (taking the offer there would clash). */
  folderNameTakenIn: DestinationKey[];
}

export interface UploadPreviewSource {
  index: number;
  /** File name, folder name, or "pasted SKILL.md". */
  name: string;
  type: "file" | "folder" | "text";
  kind: BundleKind | null;
  size: number;
  /** About the source as a whole and its entries: rejected entries are named in each message. */
  findings: Finding[];
  /** Entries left out on purpose, with the reason. */
  skipped: SkippedEntry[];
  /** When nothing in it is a skill, one sentence saying what it is instead. */
  notASkill: string | null;
}

export interface UploadPreview {
  /** At least one skill, no errors in any source, and every skill valid. */
  ok: boolean;
  /** Skills that could be imported (no errors, and no errors in their source). */
  importable: number;
  sources: UploadPreviewSource[];
  skills: UploadPreviewSkill[];
  /** Where the viewer may put skills, with whether each allows creating (public needs an admin). */
  destinations: UploadDestination[];
  /** The destination the request named (scope and team; personal by default). */
  destination: UploadDestination;
  /** The viewer is an instance admin: may import a skill with a critical finding by giving a written reason (`overrideReason`). */
  canOverrideScan: boolean;
  /** The request cap, then what one input (archive or folder) and one skill may hold. */
  limits: { maxUploadBytes: number; maxTotalBytes: number; maxFileBytes: number; maxEntries: number; maxSkillFiles: number; maxSkillBytes: number };
}

/** What a commit would do with one chosen skill (dry run) or did (commit). */
export interface UploadPlanItem {
  key: string;
  name: string;
  action: "create" | "version" | "unchanged";
  /** The existing skill for "version" and "unchanged". */
  skillId: string | null;
  /** The policy would propose it (a review request) rather than publish it: the team's review policy, or the public space for a non-admin. */
  proposed?: boolean;
}

/** The v1 API's dry run: the preview, plus what the real request would do or why it would be refused. */
export interface UploadDryRun extends UploadPreview {
  dryRun: true;
  plan: UploadPlanItem[];
  problems: UploadProblem[];
  /** The chosen skills a partial import would leave out (empty when the whole request would be refused). */
  refused: UploadRefusedSkill[];
  /** The status the same request without dryRun would answer (202 when every stored skill would be proposed for review). */
  wouldAnswer: number;
}

export interface UploadResultSkill {
  key: string;
  skillId: string;
  name: string;
  /** The version now current (for "unchanged": the existing current version); with `proposal`, the proposed version. */
  version: number;
  action: "created" | "version" | "unchanged";
  links: { page: string; api: string; download: string };
  /**
   * Set when the write was proposed rather than published (a review request was opened or revised):
   * agents keep the current version until it is approved.
   */
  proposal?: ProposalOutcome;
  /** With `proposal`: the review request, as the HTTP API links it (the web page and its API URL). */
  review?: ReviewLinks;
}

/** A review request's links in HTTP answers. */
export interface ReviewLinks {
  requestId: string;
  /** The web page, /reviews/<id>. */
  url: string;
  /** GET /api/v1/reviews/<id>. */
  api: string;
}

/** A chosen skill the commit did not store, and why; the others were stored all the same. */
export interface UploadRefusedSkill {
  key: string;
  /** As SKILL.md gives it (even when invalid); null when it has none. */
  name: string | null;
  /**
   * invalid (errors in the skill or its archive), blocked (a critical security finding without an
   * admin's override), forbidden, name-taken, duplicate-name, missing-target, changed (not what the
   * preview showed), conflict (someone else stored it meanwhile).
   */
  outcome: "invalid" | "blocked" | "forbidden" | "name-taken" | "duplicate-name" | "missing-target" | "changed" | "conflict";
  message: string;
  /** invalid: the skill's errors and warnings; blocked: the findings that block it. */
  findings?: (Finding | ScanFinding)[];
}

export interface UploadCommitResult {
  destination: UploadDestination;
  /** Every chosen skill that is now there: created, a new version, or already exactly there. */
  skills: UploadResultSkill[];
  /** Every chosen skill that was not stored (empty when all were, and always with `atomic`). */
  refused: UploadRefusedSkill[];
}

/** The body of every error answer of the upload and v1 routes. */
export interface ApiErrorBody {
  error: {
    /** bad_request, unauthorized, insufficient_scope, forbidden, not_found, conflict, too_large, unsupported_media_type, invalid. */
    code: string;
    message: string;
    /** Upload refusals: every reason, per skill. */
    problems?: UploadProblem[];
    /** Upload refusals: every finding of every source and chosen skill, with where it came from. */
    findings?: (Finding & { source: number | null; skill: string | null; key: string | null })[];
    [detail: string]: unknown;
  };
}

/**
 * uploadthing's one route, as the modal's client sees it: an archive in, no input, and no server
 * data (awaitServerData is off). lib/http/uploadthing-router.ts builds the route and is checked
 * against this type. The modal reads an error's message, never its shape.
 */
export type SkillArchiveRouter = { skillArchive: FileRoute<{ input: undefined; output: null; errorShape: unknown }> };
