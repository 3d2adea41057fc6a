import type { DiffLine, FileContentDiff, FileDiff, SkillDiff } from "@/lib/skills/diff/diff";
import type { LineAnchor, ReviewRequestDetail, ReviewThread } from "@/lib/types/reviews";

// Where line comments go and where they show, as rules apart from the components: a line on the new
// side (added or unchanged) anchors to the proposed version, a removed line to the base version. A
// thread shows under its line when that line is on screen; otherwise (an earlier revision's line, a
// file not diffed line by line) the conversation lists it with its place.

export type ShownPair = Pick<ReviewRequestDetail["shown"], "from" | "to">;

export function anchorKey(anchor: LineAnchor): string {
  return `${anchor.version}\u0000${anchor.path}\u0000${anchor.line}`;
}

/**
 * A diff line's anchors: `comment` is where a new comment on it goes (null when it cannot take one);
 * `shows` every anchor whose threads render under it (an unchanged line is a line of both versions).
 */
export function lineAnchors(file: FileDiff, line: DiffLine, shown: ShownPair): { comment: LineAnchor | null; shows: LineAnchor[] } {
  const onNew = line.newLine !== null ? { version: shown.to, path: file.path, line: line.newLine } : null;
  const onOld = line.oldLine !== null && shown.from !== null ? { version: shown.from, path: file.before?.path ?? file.path, line: line.oldLine } : null;
  return { comment: onNew ?? onOld, shows: [onNew, onOld].filter((a): a is LineAnchor => a !== null) };
}

/** The text diffs a file shows line by line (a SKILL.md shows its frontmatter source and body apart). */
function shownTextDiffs(file: FileDiff): FileContentDiff[] {
  if (file.status === "unchanged" || file.status === "renamed") return [];
  if (file.skillMd) return [file.skillMd.yaml, file.skillMd.body];
  return file.content ? [file.content] : [];
}

/** Every anchor that has a line on screen in this diff (collapsed runs included: they open for a thread), with its file's path. */
export function visibleAnchorKeys(diff: SkillDiff, shown: ShownPair): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of diff.files) {
    for (const content of shownTextDiffs(file)) {
      if (content.kind !== "text") continue;
      for (const segment of content.segments) {
        for (const line of segment.lines) for (const anchor of lineAnchors(file, line, shown).shows) keys.set(anchorKey(anchor), file.path);
      }
    }
  }
  return keys;
}

export interface PlacedThreads {
  /** Threads shown under their line, by anchor key. */
  inline: Map<string, ReviewThread[]>;
  /** Paths of the files holding inline threads (they start open). */
  paths: Set<string>;
  /** Whole-request threads and line threads whose line is not on screen, for the conversation. */
  listed: ReviewThread[];
}

/** Sort threads into the diff (under their line) and the conversation. */
export function placeThreads(threads: readonly ReviewThread[], diff: SkillDiff, shown: ShownPair): PlacedThreads {
  const visible = visibleAnchorKeys(diff, shown);
  const inline = new Map<string, ReviewThread[]>();
  const paths = new Set<string>();
  const listed: ReviewThread[] = [];
  for (const thread of threads) {
    const key = thread.anchor && !thread.outdated ? anchorKey(thread.anchor) : null;
    const path = key ? visible.get(key) : undefined;
    if (!key || path === undefined) {
      listed.push(thread);
      continue;
    }
    inline.set(key, [...(inline.get(key) ?? []), thread]);
    paths.add(path);
  }
  return { inline, paths, listed };
}

/** "on v7, SKILL.md:12" */
export function anchorPlace(anchor: LineAnchor): string {
  return `on v${anchor.version}, ${anchor.path}:${anchor.line}`;
}

export type ConversationItem =
  | { kind: "thread"; at: Date; thread: ReviewThread }
  | { kind: "verdict"; at: Date; verdict: ReviewRequestDetail["verdicts"][number] }
  | { kind: "revision"; at: Date; revision: ReviewRequestDetail["revisions"][number] };

/**
 * The conversation in time order: the listed threads (by their first comment), the verdicts and
 * the revisions pushed after the first (the first is the request itself, shown in the header).
 */
export function conversationItems(detail: Pick<ReviewRequestDetail, "verdicts" | "revisions">, threads: readonly ReviewThread[]): ConversationItem[] {
  const items: ConversationItem[] = [
    ...threads.map((thread): ConversationItem => ({ kind: "thread", at: thread.comments[0]?.createdAt ?? new Date(0), thread })),
    ...detail.verdicts.map((verdict): ConversationItem => ({ kind: "verdict", at: verdict.createdAt, verdict })),
    ...detail.revisions.filter((r) => r.number > 1).map((revision): ConversationItem => ({ kind: "revision", at: revision.createdAt, revision })),
  ];
  // Stable: equal times keep the order above.
  return items.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** "Revision 2 (v7, based on v5)" */
export function revisionLabel(revision: { number: number; versionNumber: number; baseVersion: number | null }): string {
  return `Revision ${revision.number} (v${revision.versionNumber}${revision.baseVersion !== null ? `, based on v${revision.baseVersion}` : ""})`;
}

/** "1 of 2 approvals" */
export function approvalsText(approvals: number, required: number): string {
  return `${approvals} of ${required} ${required === 1 ? "approval" : "approvals"}`;
}
