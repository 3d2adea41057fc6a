// What the editor page hands its client components: plain data, no behaviour.
import type { Finding } from "@/lib/skills/format/findings";
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
  current: EditorVersion;
}

export type SaveDraftResult =
  | { ok: true; skillId: string; version: number; name: string }
  /** Someone saved a newer version: nothing was written, the draft is intact. */
  | { ok: false; kind: "conflict"; message: string; currentVersion: number }
  /** The bundle the draft makes has errors (or the server refused it): nothing was written. */
  | { ok: false; kind: "invalid"; message: string; findings: Finding[]; field?: "name" | "message" }
  | { ok: false; kind: "error"; message: string };

/** The editor's live preview of one Markdown file, and the links in it that point at no file of the draft. */
export type PreviewResult =
  | { ok: true; node: React.ReactNode; brokenLinks: { from: string; path: string; suggestion: string | null; image: boolean }[] }
  | { ok: false; message: string };
