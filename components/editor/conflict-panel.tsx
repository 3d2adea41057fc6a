"use client";
import { useEffect, useMemo, useState } from "react";
import { GitMergeIcon, LoaderCircleIcon, TriangleAlertIcon } from "lucide-react";
import { SkillDiffView } from "@/components/skills/diff/skill-diff-view";
import { Button } from "@/components/ui/button";
import { formatRelative } from "@/lib/display";
import type { DiffInputFile } from "@/lib/skills/diff/diff";
import { diffSkillFiles } from "@/lib/skills/diff/skill-diff";
import { entryText, rebaseDraft, type Draft, type DraftBaseFile } from "@/lib/skills/draft/draft";
import { detectMediaType } from "@/lib/skills/format/media-type";
import type { EditorVersion } from "@/lib/types/editor";
import { base64ToBytes, sha256Hex } from "./bytes";

/** The draft's files as the diff model takes them (content hashes computed in the browser). */
async function draftDiffFiles(draft: Draft, base: ReadonlyMap<string, DraftBaseFile>): Promise<DiffInputFile[]> {
  const encoder = new TextEncoder();
  return Promise.all(
    draft.entries.map(async (entry): Promise<DiffInputFile> => {
      const source = entry.source;
      const stored = source.kind === "stored" && source.version === draft.baseVersion ? base.get(source.path) : undefined;
      if (stored) return { path: entry.path, size: stored.size, sha256: stored.sha256, mediaType: stored.mediaType, text: stored.text };
      const text = entryText(draft, entry, base);
      if (text !== null) {
        const bytes = encoder.encode(text);
        return { path: entry.path, size: bytes.length, sha256: await sha256Hex(bytes), mediaType: detectMediaType(bytes, entry.path, text), text };
      }
      if (source.kind === "bytes") {
        const bytes = base64ToBytes(source.base64);
        return { path: entry.path, size: bytes.length, sha256: await sha256Hex(bytes), mediaType: detectMediaType(bytes, entry.path, null), text: null };
      }
      // an unchanged binary of an older version: compared by where it came from
      return {
        path: entry.path,
        size: 0,
        sha256: `v${source.kind === "stored" ? `${source.version}:${source.path}` : entry.path}`,
        mediaType: "application/octet-stream",
        text: null,
      };
    }),
  );
}

/**
 * Shown when the skill moved past the draft's base: what their version changed against the
 * draft, and the way forward (rebase: their version becomes the base, every edit of the draft
 * is kept). Nothing here discards an edit.
 */
export function ConflictPanel({
  title,
  message,
  theirs,
  error,
  draft,
  base,
  onRebase,
}: {
  /** The heading, when the panel is not about a save that just met a newer version (a request opened out of date). */
  title?: string;
  message: string;
  theirs: EditorVersion | null;
  error: string | null;
  draft: Draft;
  base: ReadonlyMap<string, DraftBaseFile>;
  onRebase: () => void;
}) {
  // What saving after a rebase would change on top of their version: the review that matters.
  const rebased = useMemo(() => (theirs ? rebaseDraft(draft, [...base.values()], theirs.files, theirs.number) : null), [draft, base, theirs]);
  const theirBase = useMemo(() => (theirs ? new Map(theirs.files.map((f) => [f.path, f])) : null), [theirs]);
  const [mine, setMine] = useState<{ for: Draft; files: DiffInputFile[] } | null>(null);
  useEffect(() => {
    if (!rebased || !theirBase) return;
    let live = true;
    void draftDiffFiles(rebased, theirBase).then((files) => {
      if (live) setMine({ for: rebased, files });
    });
    return () => {
      live = false;
    };
  }, [rebased, theirBase]);
  const diff = useMemo(() => (theirs && mine && mine.for === rebased ? diffSkillFiles(theirs.files, mine.files) : null), [theirs, mine, rebased]);
  // Files their version changed against the one this draft started from.
  const theirChanges = useMemo(() => {
    if (!theirs) return [];
    const paths = new Set([...base.keys(), ...theirs.files.map((f) => f.path)]);
    const after = new Map(theirs.files.map((f) => [f.path, f]));
    return [...paths].filter((path) => base.get(path)?.sha256 !== after.get(path)?.sha256).sort();
  }, [base, theirs]);

  return (
    <section aria-labelledby="conflict-title" role="alert" className="grid gap-3 rounded-xl border border-amber-500/40 bg-amber-500/5 p-4">
      <div className="flex flex-wrap items-start gap-3">
        <TriangleAlertIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 id="conflict-title" className="font-semibold">
            {title ?? (theirs ? `Version ${theirs.number} was saved while you were editing` : "A newer version exists")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {message}
            {theirs && !title
              ? ` ${theirs.author ?? "Someone"} saved v${theirs.number} ${formatRelative(new Date(theirs.createdAt))}${theirs.message ? `: “${theirs.message}”` : ""}.`
              : null}
          </p>
          {theirs ? (
            <p className="text-sm text-muted-foreground" data-testid="their-changes">
              v{theirs.number} changed{" "}
              {theirChanges.length
                ? theirChanges.map((path, i) => (
                    <span key={path}>
                      {i ? ", " : ""}
                      <code className="font-mono text-xs text-foreground">{path}</code>
                    </span>
                  ))
                : "nothing your draft depends on"}
              .
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">
            Below is what your draft would change on top of v{theirs?.number ?? "…"}. Rebase to make v{theirs?.number ?? "…"} the base of your draft: every edit
            you made is kept, and where you both changed a file, your text wins.
          </p>
        </div>
        <Button type="button" onClick={onRebase} disabled={!theirs}>
          <GitMergeIcon aria-hidden /> Rebase onto v{theirs?.number ?? "…"}
        </Button>
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      {diff ? (
        <div className="max-h-[28rem] overflow-y-auto rounded-lg border bg-background">
          <SkillDiffView diff={diff} beforeLabel={`v${theirs!.number} (saved)`} afterLabel={`Your draft on v${theirs!.number}`} />
        </div>
      ) : !error ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircleIcon aria-hidden className="size-4 animate-spin" /> Loading the differences…
        </p>
      ) : null}
    </section>
  );
}
