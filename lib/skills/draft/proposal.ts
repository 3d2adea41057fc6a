import { DRAFT_FORMAT, type Draft, type DraftBaseFile, type DraftEntry } from "./draft";

// Editing a review request's proposal: the draft builds on the version the proposal was based on
// (the skill's current version then), and starts out holding the proposal's changes. So the
// editor lists everything the request proposes, saving pushes all of it as the next revision, and
// bringing it up to date with a newer current version keeps the proposal's changes, not only the
// ones typed since it was opened.

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * A draft on `baseVersion` whose files are the proposed version's: a file the proposal left
 * alone points at the base, a changed text file carries its text, and a changed binary (or a
 * text too large to edit) points at the proposed version's stored bytes.
 */
export function draftFromProposal(
  skillId: string,
  base: { number: number; files: readonly DraftBaseFile[] },
  proposed: { number: number; files: readonly DraftBaseFile[] },
  now = Date.now(),
): Draft {
  const baseFiles = new Map(base.files.map((file) => [file.path, file]));
  const entries = proposed.files.map((file): DraftEntry => {
    const before = baseFiles.get(file.path);
    const origin = before ? file.path : null;
    if (before && before.sha256 === file.sha256) return { path: file.path, origin, source: { kind: "stored", version: base.number, path: file.path } };
    if (file.text !== null) return { path: file.path, origin, source: { kind: "text", text: file.text } };
    return { path: file.path, origin, source: { kind: "stored", version: proposed.number, path: file.path } };
  });
  return { format: DRAFT_FORMAT, skillId, baseVersion: base.number, entries: entries.sort(byPath), updatedAt: now };
}

/** Whether a draft still holds exactly what the proposal did (nothing to push as a new revision). */
export function sameEntries(a: Draft, b: Draft): boolean {
  return a.baseVersion === b.baseVersion && JSON.stringify(a.entries) === JSON.stringify(b.entries);
}
