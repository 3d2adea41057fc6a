import { useEffect, useMemo, useReducer, useState } from "react";
import { draftChanges, parseStoredDraft, type Draft } from "@/lib/skills/draft/draft";
import type { EditorSkill } from "@/lib/types/editor";
import { editorReducer, initialEditorState } from "./editor-state";
import { storageKey, type BaseFiles } from "./editor-files";
import { fetchEditorVersion } from "./editor-version";

function readStoredDraft(skillId: string): Draft | null {
  try {
    return parseStoredDraft(window.localStorage.getItem(storageKey(skillId)), skillId);
  } catch {
    // storage disabled: the editor still works, edits just do not survive a reload
    return null;
  }
}

export function forgetStoredDraft(skillId: string) {
  try {
    window.localStorage.removeItem(storageKey(skillId));
  } catch {}
}

/**
 * The draft and the version it builds on. This browser keeps a copy on every change (dropped when
 * it is saved or matches the version again), and the editor opens on it: restored at once when it
 * starts from the current version, offered back when it starts from an older one.
 */
export function useEditorDraft(skill: EditorSkill, initialFile: string | null) {
  // The editor renders only in the browser (see lazy-editor.tsx), so storage is there on first render.
  const [state, dispatch] = useReducer(editorReducer, null, () => initialEditorState(skill, initialFile, readStoredDraft(skill.id)));
  const [storageProblem, setStorageProblem] = useState<string | null>(null);
  const { base, draft, offer, saved } = state;

  const baseFiles: BaseFiles = useMemo(() => new Map(base.files.map((f) => [f.path, f])), [base]);
  const changes = useMemo(() => draftChanges(draft, base.files), [draft, base]);
  const dirty = changes.length > 0;

  useEffect(() => {
    // An offered draft stays as it was until restored or discarded; a saved one is gone.
    if (offer || saved) return;
    const timer = window.setTimeout(() => {
      try {
        if (dirty) window.localStorage.setItem(storageKey(skill.id), JSON.stringify(draft));
        else window.localStorage.removeItem(storageKey(skill.id));
        setStorageProblem(null);
      } catch {
        setStorageProblem("This browser could not keep a copy of your draft (uploads may be too large for its storage): save before you reload or leave.");
      }
    }, 250);
    return () => window.clearTimeout(timer);
  }, [draft, dirty, offer, saved, skill.id]);

  const restoreOffer = async () => {
    if (!offer) return;
    dispatch({ type: "offerLoading" });
    const old = await fetchEditorVersion(skill.id, offer.draft.baseVersion, "The version could not be loaded; check your connection.");
    if (!old.ok) return dispatch({ type: "offerFailed", error: `${old.message} Your draft cannot be compared with it; discard it or try again.` });
    dispatch({ type: "offerRestored", base: old.version, current: skill.current });
  };

  const discardOffer = () => {
    forgetStoredDraft(skill.id);
    dispatch({ type: "offerDiscarded" });
  };

  return { state, dispatch, baseFiles, changes, dirty, storageProblem, restoreOffer, discardOffer };
}
