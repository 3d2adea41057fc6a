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
  current: EditorVersion;
}

/** The editor's live preview of one Markdown file, and the links in it that point at no file of the draft. */
export type PreviewResult =
  | { ok: true; node: React.ReactNode; brokenLinks: { from: string; path: string; suggestion: string | null; image: boolean }[] }
  | { ok: false; message: string };
