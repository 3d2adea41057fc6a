import { useCallback, useRef, useState } from "react";
import type { FileDiff, SkillDiff } from "@/lib/skills/diff/diff";

/** Loads whole files of the diff on screen (a server action's result); null when they are gone. */
export type LoadDiffFiles = (paths: string[]) => Promise<FileDiff[] | null>;

/** Deferred bodies are asked for a few at a time, starting with the one coming into view. */
const BATCH = 8;

export interface DeferredBodies {
  /** The file as sent, or whole once its body has loaded. */
  fileOf(file: FileDiff): FileDiff;
  /** A deferred body is wanted (its file is open and near the viewport). */
  need(path: string): void;
  state(path: string): "loading" | "failed" | "idle";
}

/**
 * The bodies a big diff's page left out (see lib/skills/diff/defer.ts), loaded as their files come
 * into view: the one wanted and the next deferred ones in page order, in one request.
 */
export function useDeferredBodies(diff: SkillDiff, load: LoadDiffFiles | undefined): DeferredBodies {
  const [loaded, setLoaded] = useState<ReadonlyMap<string, FileDiff>>(() => new Map());
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  // What is asked for already, read synchronously so two cards in one frame do not ask twice.
  const asked = useRef(new Set<string>());

  const need = useCallback(
    (path: string) => {
      if (!load || asked.current.has(path)) return;
      const deferred = diff.files.filter((f) => f.deferred && f.status !== "unchanged").map((f) => f.path);
      const from = Math.max(0, deferred.indexOf(path));
      const batch = [path, ...deferred.slice(from).filter((p) => p !== path && !asked.current.has(p))].slice(0, BATCH);
      for (const p of batch) asked.current.add(p);
      const without = (set: ReadonlySet<string>) => new Set([...set].filter((p) => !batch.includes(p)));
      setFailed(without);
      setPending((prev) => new Set([...prev, ...batch]));
      const settle = (files: FileDiff[] | null) => {
        const got = new Map((files ?? []).map((f) => [f.path, f]));
        const missing = batch.filter((p) => !got.has(p));
        // A failed file may be asked for again (its Retry button).
        for (const p of missing) asked.current.delete(p);
        setLoaded((prev) => new Map([...prev, ...got]));
        setFailed((prev) => new Set([...prev, ...missing]));
        setPending(without);
      };
      load(batch).then(settle, () => settle(null));
    },
    [diff, load],
  );

  return {
    fileOf: (file) => (file.deferred ? (loaded.get(file.path) ?? file) : file),
    need,
    state: (path) => (pending.has(path) ? "loading" : failed.has(path) ? "failed" : "idle"),
  };
}
