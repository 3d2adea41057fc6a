import { useState, useSyncExternalStore } from "react";
import type { DiffMode } from "./text-diff";

const MODE_KEY = "skillshelf.diff-mode";

const modeListeners = new Set<() => void>();

function subscribeMode(listener: () => void): () => void {
  modeListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    modeListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function storedMode(): DiffMode | null {
  try {
    const saved = window.localStorage.getItem(MODE_KEY);
    return saved === "unified" || saved === "split" ? saved : null;
  } catch {
    return null;
  }
}

/** The layout follows the user across diffs (kept in this browser); the server renders the default. */
export function useDiffMode(defaultMode: DiffMode): [DiffMode, (mode: DiffMode) => void] {
  const saved = useSyncExternalStore(subscribeMode, storedMode, () => null);
  const [chosen, setChosen] = useState<DiffMode | null>(null);
  return [
    chosen ?? saved ?? defaultMode,
    (next) => {
      setChosen(next);
      try {
        window.localStorage.setItem(MODE_KEY, next);
      } catch {
        // Private windows may refuse storage; the toggle still works for this page.
      }
      modeListeners.forEach((listener) => listener());
    },
  ];
}
