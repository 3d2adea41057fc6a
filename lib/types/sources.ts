import type { Scope } from "@/lib/skills/permissions/permissions";

// Skill sources as the pages and the API see them (lib/data/sources*.ts produces these). A
// source's credential and webhook secret never appear here: only whether one is set.

export type SourceKind = "git" | "folder";

/** A new source (lib/sources/inputs.ts checks it: sourceInput). */
export interface SourceInput {
  kind: SourceKind;
  /** The Git URL (no user or password in it: the token is `token`), or for a folder source the server folder's absolute path. */
  url: string;
  ref?: string | null;
  subdir?: string | null;
  destination: { scope: "PERSONAL" | "TEAM" | "PUBLIC"; teamId?: string | null };
  /** 15, 60, 360 or 1440; null or absent: on demand and by webhook only. */
  intervalMinutes?: number | null;
  /** A deploy token for https; stored encrypted, never shown again. */
  token?: string | null;
}

/** A change to a source's settings: undefined keeps a setting, null clears it. */
export interface SourcePatch {
  ref?: string | null;
  subdir?: string | null;
  intervalMinutes?: number | null;
  token?: string | null;
}
export type SyncTrigger = "create" | "manual" | "schedule" | "webhook";
export type SyncStatus = "running" | "ok" | "partial" | "failed";

export interface SyncRefusal {
  /** The skill folder in the repository ("skills/pdf"). */
  path: string;
  name: string | null;
  /** Why it was not imported: invalid (with the first errors), blocked by the scan, name taken by a skill not from this source... */
  message: string;
}

export interface SyncSummary {
  id: string;
  trigger: SyncTrigger;
  status: SyncStatus;
  /** The commit (or folder tree digest) synced; null when the fetch failed. */
  revision: string | null;
  startedAt: string;
  finishedAt: string | null;
  created: number;
  updated: number;
  unchanged: number;
  archived: number;
  /** Versions that went to review instead of being published (the team's policy). */
  proposed: number;
  refused: SyncRefusal[];
  /** What the fetch left out (a submodule, a link, a file over a limit), with why. */
  skipped: { path: string; reason: string }[];
  /** The fetch's or the sync's error, for a failed run. */
  error: string | null;
}

export interface SourceSummary {
  id: string;
  kind: SourceKind;
  /** Without any credential (userinfo is refused on create). For a folder source, the server path. */
  url: string;
  ref: string | null;
  subdir: string | null;
  scope: Exclude<Scope, "BUILTIN">;
  teamId: string | null;
  /** "Personal", "Team Platform", "Public". */
  place: string;
  /** Sync every n minutes; null: on demand and by webhook only. */
  intervalMinutes: number | null;
  hasCredential: boolean;
  /** Path of the webhook endpoint (the app's origin is added by the page). */
  webhookPath: string;
  lastSync: SyncSummary | null;
  nextSyncAt: string | null;
  skillCount: number;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
}

export interface SourceSkill {
  skillId: string;
  name: string;
  /** Folder in the repository. */
  path: string;
  version: number;
  archived: boolean;
}

export interface SourceDetail extends SourceSummary {
  /** Whether the viewer may change its ref, folder, token and webhook secret (who may publish there without review). */
  canSteer: boolean;
  skills: SourceSkill[];
  /** Newest first. */
  syncs: SyncSummary[];
}

/** Where a version came from, shown on the version and in the history. */
export interface VersionProvenance {
  sourceId: string | null;
  /** The source's URL at the time of the sync (kept when the source is deleted). */
  url: string;
  revision: string;
  path: string;
  /** The synced commit's author ("Name <email>") and message; null for a folder source or a version synced before they were kept. */
  commit: { author: string; message: string } | null;
}
