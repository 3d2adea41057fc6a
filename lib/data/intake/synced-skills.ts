import type { EditorSource } from "@/lib/types/editor";

// A skill kept by a source is edited upstream: every way of adding a version by hand (the editor,
// an upload over it, a restore) is refused with this one explanation, because the next sync would
// replace what was written. Detaching it (lib/data/sources/sources.ts detachSkill) makes it a normal skill.

/** Why a skill synced from a source is not changed here: its source says what it holds. */
export function syncedSkillMessage(source: EditorSource): string {
  return `This skill is synced from ${source.url}${source.path ? ` (${source.path})` : ""}: edit it there and sync, or detach it from its source to edit it here.`;
}

export const sourceFields = { sourceId: true, sourcePath: true, source: { select: { url: true } } } as const;

export function sourceOf(skill: { sourceId: string | null; sourcePath: string | null; source: { url: string } | null }): EditorSource | null {
  return skill.sourceId && skill.source ? { sourceId: skill.sourceId, url: skill.source.url, path: skill.sourcePath ?? "" } : null;
}
