// What the editor page hands its client components: plain data, no behaviour.
import type { DraftBaseFile } from "@/lib/skills/draft/draft";
import type { Scope } from "@/lib/skills/permissions/permissions";

export type { DraftBaseFile };

/** One stored version's files with their text, as the editor starts from (or compares with). */
export interface EditorVersion {
  number: number;
  message: string;
  author: string | null;
  createdAt: Date;
  files: (DraftBaseFile & { tokens: number | null })[];
}

export interface EditorSkill {
  id: string;
  name: string;
  scope: Scope;
  team: string | null;
  /** The version the draft starts from: the current one, or with `request`, that request's latest proposal. */
  current: EditorVersion;
  /**
   * Set when the editor pushes a new revision to an open review request (`?request=`): saves send
   * `requestId` and `baseVersion: currentVersion` (the skill's current version, which the revision
   * is then based on; a save after it moved is refused as a conflict like any other).
   */
  request?: { id: string; title: string; revision: number; basedOn: number | null; currentVersion: number; outOfDate: boolean };
}

/** The editor's live preview of one Markdown file, and the links in it that point at no file of the draft. */
export type PreviewResult =
  | { ok: true; node: React.ReactNode; brokenLinks: { from: string; path: string; suggestion: string | null; image: boolean }[] }
  | { ok: false; message: string };
