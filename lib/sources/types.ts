import type { FileInput } from "@/lib/skills/archive/bundle";

// Reading a skill source (a Git repository or a server-side folder) into skill folders, outside the
// app: lib/sources imports nothing of lib/data, Next or Prisma (like lib/sandbox), so the sync, the
// CLI and the benchmark share it. The data layer turns each folder into a BundleSkill with
// readBundle({ kind: "files", files }) and imports it like an upload.

export type SourceSpec =
  | {
      kind: "git";
      /** https://, http://, ssh://, git@host:path (scp form) or file:// (instance admins only; the caller checks). */
      url: string;
      /** Branch, tag or full commit sha; null: the remote's default branch (HEAD). */
      ref: string | null;
      /** A folder inside the repository to look under ("skills"); null: the whole repository. */
      subdir: string | null;
      /** A deploy token or password for https (sent as an Authorization header through git's environment, never argv, never logged). */
      token: string | null;
    }
  | { kind: "folder"; path: string; subdir: string | null };

export interface FetchLimits {
  /** The whole fetch (git and reading), after which the git process group is killed. */
  timeoutMs: number;
  /** Bytes the fetched repository may take on disk (the pack) before the fetch is stopped. */
  maxFetchBytes: number;
  /** Total bytes of the skill folders' files, checked from the tree (sizes) before any blob is read. */
  maxBytes: number;
  /** Files across all skill folders, checked from the tree before reading. */
  maxFiles: number;
  /** Skill folders found; more is refused as a whole. */
  maxSkills: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  timeoutMs: 60_000,
  maxFetchBytes: 200 * 1024 * 1024,
  maxBytes: 100 * 1024 * 1024,
  maxFiles: 20_000,
  maxSkills: 1_000,
};

export interface FetchedSkillFolder {
  /** The folder holding SKILL.md, relative to the repository root with "/" separators ("" for the root itself). */
  path: string;
  /** Its files, paths relative to that folder (so "SKILL.md", "scripts/run.py"), with execute bits from the tree. */
  files: FileInput[];
}

export interface FetchedSource {
  /** The commit sha fetched; for a folder source "tree:" + sha256 over its files (changes exactly when they do). */
  revision: string;
  /** The commit's author ("Name <email>") and message, at most 2,000 characters; absent for a folder source. */
  commit?: { author: string; message: string };
  /** Every folder under `subdir` that holds a SKILL.md (a SKILL.md inside an already found skill folder is that skill's file), sorted by path. */
  folders: FetchedSkillFolder[];
  /** What was left out and why (a submodule, a symlink, a file over a limit...), for the sync report. */
  skipped: { path: string; reason: string }[];
}

export type SourceFetchErrorCode = "bad-url" | "timeout" | "too-large" | "unreachable" | "auth" | "ref-not-found" | "subdir-not-found" | "git-failed";

/** A fetch that failed, with a message for the user that never contains the token. */
export class SourceFetchError extends Error {
  constructor(
    readonly code: SourceFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "SourceFetchError";
  }
}
