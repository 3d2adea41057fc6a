import { z } from "zod";
import type { FileContentDiff, FileDiff, SkillDiff } from "./diff";

// A big diff's page sends every file's header but only the first files' bodies: the rest are
// marked `deferred` and the viewer loads them as they come into view. Sending and rendering every
// line of a 50-file proposal made its page a megabyte of HTML; the first screens are what a
// reviewer reads first. Files the caller must show at once (a line comment's file) always keep theirs.
// Unchanged files only show their path, so that is all of them that is sent.

/** Diff lines (shown or collapsed) sent with the page, a few screens; the bodies after them load on demand. */
export const INITIAL_BODY_LINES = 300;

function contentLines(content: FileContentDiff | null): number {
  if (!content) return 0;
  return content.kind === "text" ? content.segments.reduce((sum, segment) => sum + segment.lines.length, 0) : 1;
}

/** What a file's body costs to send: its diff lines (a SKILL.md's frontmatter source and body too). */
export function bodyLines(file: FileDiff): number {
  return contentLines(file.content) + (file.skillMd ? contentLines(file.skillMd.yaml) + contentLines(file.skillMd.body) : 0);
}

/**
 * The diff with the bodies past `lines` left out (in page order, so the page reads from the top):
 * once a file does not fit, the later ones are deferred too. Moved files have no body; unchanged
 * ones keep their path and status only (deferred, with no sides).
 */
export function deferBodies(diff: SkillDiff, options: { keep?: ReadonlySet<string>; lines?: number } = {}): SkillDiff {
  let budget = options.lines ?? INITIAL_BODY_LINES;
  let deferring = false;
  const files = diff.files.map((file): FileDiff => {
    if (file.status === "unchanged") return { ...file, before: null, after: null, deferred: true };
    if (file.status === "renamed" || (!file.content && !file.skillMd)) return file;
    const cost = bodyLines(file);
    if (options.keep?.has(file.path)) return file;
    if (!deferring && cost <= budget) {
      budget -= cost;
      return file;
    }
    deferring = true;
    return { ...file, content: null, skillMd: null, deferred: true };
  });
  return { ...diff, files };
}

/** What a page asks for at once when it loads deferred bodies (its batches are smaller). */
export const diffFilesPaths = z.array(z.string().min(1).max(1000)).min(1).max(50);
