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

/** The review request the editor pushes a revision to (/skills/<id>/edit?request=<requestId>). */
export interface EditorRequest {
  id: string;
  title: string;
  /** The latest revision (the next push is revision + 1). */
  revision: number;
  /** The latest revision's proposed version, with its files: what the draft starts out holding. */
  proposed: EditorVersion;
  /** The skill's current version now; the request is out of date when it is not `EditorSkill.current`. */
  currentVersion: number;
}

export interface EditorSkill {
  id: string;
  name: string;
  scope: Scope;
  team: string | null;
  /**
   * The version the draft builds on: the current version, or with `request` the version the
   * latest revision was based on (older than the current one when the request is out of date).
   */
  current: EditorVersion;
  request?: EditorRequest;
  /** The number the next version will take (proposals take numbers too, so not always current + 1). */
  nextVersion: number;
  /** Set when the viewer's save becomes a review request: what it needs ("1 approval from its owners or admins"). */
  proposes: string | null;
}

/** The editor's live preview of one Markdown file, and the links in it that point at no file of the draft. */
export type PreviewResult =
  | { ok: true; node: React.ReactNode; brokenLinks: { from: string; path: string; suggestion: string | null; image: boolean }[] }
  | { ok: false; message: string };

/** The source a synced skill comes from: it is edited there, not in the editor. */
export interface EditorSource {
  sourceId: string;
  url: string;
  /** The skill's folder in the repository ("" for the top folder). */
  path: string;
}

/** Why the viewer cannot edit a skill they can read (lib/data/editor/editor.ts getEditRefusal). */
export interface EditRefusal {
  id: string;
  name: string;
  reason: string;
  /** Set for a skill synced from a source: edit it upstream, or detach it (`canDetach`) to edit it here. */
  source?: EditorSource;
  canDetach?: boolean;
}
