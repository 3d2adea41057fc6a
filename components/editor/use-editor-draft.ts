import { useEffect, useMemo, useReducer, useState } from "react";
import { draftChanges, parseStoredDraft, type Draft } from "@/lib/skills/draft/draft";
import { sameEntries } from "@/lib/skills/draft/proposal";
import type { EditorSkill } from "@/lib/types/editor";
import { editorReducer, initialEditorState, startingDraft } from "./editor-state";
import { storageKey, type BaseFiles } from "./editor-files";
import { fetchEditorVersion } from "./editor-version";

/** Where this browser keeps the draft: per skill, or per request revision (a pushed revision starts afresh). */
export function editorDraftKey(skill: EditorSkill): string {
  return skill.request ? `${skill.id}~request~${skill.request.id}~r${skill.request.revision}` : skill.id;
}

function readStoredDraft(key: string, skillId: string): Draft | null {
  try {
    return parseStoredDraft(window.localStorage.getItem(storageKey(key)), skillId);
  } catch {
    // storage disabled: the editor still works, edits just do not survive a reload
    return null;
  }
}

export function forgetStoredDraft(key: string) {
  try {
    window.localStorage.removeItem(storageKey(key));
  } catch {}
}

/**
 * The draft and the version it builds on. This browser keeps a copy on every change (dropped when
 * it is saved or matches the version again), and the editor opens on it: restored at once when it
 * starts from the current version, offered back when it starts from an older one.
 */
export function useEditorDraft(skill: EditorSkill, initialFile: string | null) {
  // The editor renders only in the browser (see lazy-editor.tsx), so storage is there on first render.
  const key = editorDraftKey(skill);
  const [state, dispatch] = useReducer(editorReducer, null, () => initialEditorState(skill, initialFile, readStoredDraft(key, skill.id)));
  const [storageProblem, setStorageProblem] = useState<string | null>(null);
  const { base, draft, offer, saved } = state;

  const baseFiles: BaseFiles = useMemo(() => new Map(base.files.map((f) => [f.path, f])), [base]);
  const changes = useMemo(() => draftChanges(draft, base.files), [draft, base]);
  // With a request, the draft starts out holding the proposal: there is something to push once it differs from that.
  const start = useMemo(() => (skill.request ? startingDraft(skill) : null), [skill]);
  const dirty = start ? !sameEntries(draft, start) : changes.length > 0;

  useEffect(() => {
    // An offered draft stays as it was until restored or discarded; a saved one is gone.
    if (offer || saved) return;
    const timer = window.setTimeout(() => {
      try {
        if (dirty) window.localStorage.setItem(storageKey(key), JSON.stringify(draft));
        else window.localStorage.removeItem(storageKey(key));
        setStorageProblem(null);
      } catch {
        setStorageProblem("This browser could not keep a copy of your draft (uploads may be too large for its storage): save before you reload or leave.");
      }
    }, 250);
    return () => window.clearTimeout(timer);
  }, [draft, dirty, offer, saved, key]);

  // A request opened out of date starts in the conflict state: load the current version to compare and rebase onto.
  const initialConflict = skill.request && skill.request.currentVersion !== skill.current.number ? skill.request.currentVersion : null;
  useEffect(() => {
    if (initialConflict === null) return;
    let live = true;
    void fetchEditorVersion(skill.id, initialConflict, "The current version could not be loaded; check your connection.").then((loaded) => {
      if (live)
        dispatch({
          type: "theirsLoaded",
          currentVersion: initialConflict,
          theirs: loaded.ok ? loaded.version : null,
          error: loaded.ok ? null : loaded.message,
        });
    });
    return () => {
      live = false;
    };
  }, [initialConflict, skill.id]);

  const restoreOffer = async () => {
    if (!offer) return;
    dispatch({ type: "offerLoading" });
    const old = await fetchEditorVersion(skill.id, offer.draft.baseVersion, "The version could not be loaded; check your connection.");
    if (!old.ok) return dispatch({ type: "offerFailed", error: `${old.message} Your draft cannot be compared with it; discard it or try again.` });
    dispatch({ type: "offerRestored", base: old.version, current: skill.current });
  };

  const discardOffer = () => {
    forgetStoredDraft(key);
    dispatch({ type: "offerDiscarded" });
  };

  const discardDraft = () => dispatch({ type: "discardDraft", start: start ?? undefined });

  return { state, dispatch, key, baseFiles, changes, dirty, storageProblem, restoreOffer, discardOffer, discardDraft };
}
