import type { FileDiff, SkillDiff } from "@/lib/skills/diff/diff";

/** A file with more changed lines than this starts folded, behind a button. */
export const LARGE_FILE_LINES = 400;
/** Once this many changed lines are open on the page, further files start folded. */
export const PAGE_LINE_BUDGET = 2000;

export function fileAnchor(baseId: string, path: string): string {
  return `${baseId}-${path.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/** Files open by default until the page budget is spent; big ones always start folded. */
export function openByDefault(files: Pick<FileDiff, "path" | "linesAdded" | "linesRemoved">[], budget = PAGE_LINE_BUDGET): Map<string, boolean> {
  const open = new Map<string, boolean>();
  for (const f of files) {
    const lines = f.linesAdded + f.linesRemoved;
    open.set(f.path, lines <= LARGE_FILE_LINES && lines <= budget);
    budget -= Math.min(lines, budget);
  }
  return open;
}

export function summaryText(stats: SkillDiff["stats"]): string {
  const parts: string[] = [];
  const n = (count: number, word: string) => `${count} ${word}`;
  const changedFiles = stats.filesChanged + stats.filesAdded + stats.filesRemoved + stats.filesRenamed;
  parts.push(`${changedFiles} ${changedFiles === 1 ? "file" : "files"} changed`);
  const detail: string[] = [];
  if (stats.filesAdded) detail.push(n(stats.filesAdded, "added"));
  if (stats.filesRemoved) detail.push(n(stats.filesRemoved, "removed"));
  if (stats.filesRenamed) detail.push(n(stats.filesRenamed, "moved"));
  return detail.length ? `${parts[0]} (${detail.join(", ")})` : parts[0];
}
