import { createDraft, editText, findEntry, isDraftDirty, rebaseDraft, SKILL_MD, type Draft } from "@/lib/skills/draft/draft";
import { draftFromProposal } from "@/lib/skills/draft/proposal";
import type { EditorSkill, EditorVersion } from "@/lib/types/editor";

// The editor's draft as a reducer: which version it builds on, the draft itself, the open file,
// and the two ways an older draft comes back (restored at once, or offered when it was based on
// an older version). Pure; the hooks around it talk to storage and the server.

/** Someone saved a newer version: their version (once loaded) to rebase onto. */
export type Conflict = { message: string; currentVersion: number; theirs: EditorVersion | null; error: string | null };
/** A draft kept in this browser that starts from an older version than the skill's current one. */
export type StoredOffer = { draft: Draft; loading: boolean; error: string | null };

export interface EditorState {
  base: EditorVersion;
  draft: Draft;
  selected: string;
  /** Bumped when the draft is replaced wholesale, so the code editor starts over from its text. */
  editorKey: number;
  /** When the draft restored from this browser was last changed. */
  restoredAt: number | null;
  offer: StoredOffer | null;
  conflict: Conflict | null;
  /** Saved as a version: the page is leaving, nothing more is kept in this browser. */
  saved: boolean;
}

export type EditorAction =
  | { type: "select"; path: string }
  | { type: "edit"; path: string; text: string }
  /** A file operation's result (they throw on a refused path, so they run before dispatching). */
  | { type: "setDraft"; draft: Draft; select?: string }
  /** `start`: the draft to go back to (a request's proposal); a clean draft of the base otherwise. */
  | { type: "discardDraft"; start?: Draft }
  | { type: "offerLoading" }
  | { type: "offerFailed"; error: string }
  | { type: "offerRestored"; base: EditorVersion; current: EditorVersion }
  | { type: "offerDiscarded" }
  | { type: "conflict"; message: string; currentVersion: number }
  | { type: "theirsLoaded"; currentVersion: number; theirs: EditorVersion | null; error: string | null }
  | { type: "rebase" }
  | { type: "saved" };

/** What a request's out-of-date notice says (and the conflict panel under it). */
export function outOfDateMessage(request: { currentVersion: number }, baseVersion: number): string {
  return `The skill's current version is v${request.currentVersion}; your proposal was based on v${baseVersion}. Compare, bring your draft up to date, then push.`;
}

/** The draft an editor opens on: the base's files, or with a review request the proposal's changes on its base. */
export function startingDraft(skill: EditorSkill): Draft {
  return skill.request ? draftFromProposal(skill.id, skill.current, skill.request.proposed) : createDraft(skill.id, skill.current.number, skill.current.files);
}

/**
 * The editor as it opens: `stored` is the draft this browser kept for the skill (or for the
 * request's revision), if any. A request whose base is no longer the current version opens in
 * the conflict state: it must be brought up to date before it can be pushed.
 */
export function initialEditorState(skill: EditorSkill, initialFile: string | null, stored: Draft | null): EditorState {
  const current = skill.current;
  const request = skill.request;
  const outOfDate = request && request.currentVersion !== current.number;
  const draft = startingDraft(skill);
  const state: EditorState = {
    base: current,
    draft,
    selected: initialFile && findEntry(draft, initialFile) ? initialFile : SKILL_MD,
    editorKey: 0,
    restoredAt: null,
    offer: null,
    conflict: outOfDate ? { message: outOfDateMessage(request, current.number), currentVersion: request.currentVersion, theirs: null, error: null } : null,
    saved: false,
  };
  if (!stored) return state;
  // A request's kept draft comes back only on the same base; the request itself is the way back otherwise.
  if (request && stored.baseVersion !== current.number) return state;
  if (stored.baseVersion !== current.number) return { ...state, offer: { draft: stored, loading: false, error: null } };
  if (!isDraftDirty(stored, current.files)) return state;
  return { ...state, draft: stored, restoredAt: stored.updatedAt, selected: findEntry(stored, state.selected) ? state.selected : SKILL_MD };
}

/** A new draft (restored or rebased) may not hold the open file: fall back to SKILL.md. */
function replaced(state: EditorState, base: EditorVersion, draft: Draft): EditorState {
  return { ...state, base, draft, editorKey: state.editorKey + 1, selected: findEntry(draft, state.selected) ? state.selected : SKILL_MD };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "select":
      return { ...state, selected: action.path };
    case "edit":
      // A keystroke may arrive for a file just renamed or deleted: it has nowhere to go.
      return findEntry(state.draft, action.path) ? { ...state, draft: editText(state.draft, state.base.files, action.path, action.text) } : state;
    case "setDraft":
      return { ...state, draft: action.draft, selected: action.select ?? state.selected };
    case "discardDraft":
      return {
        ...state,
        draft:
          action.start && action.start.baseVersion === state.base.number ? action.start : createDraft(state.draft.skillId, state.base.number, state.base.files),
        restoredAt: null,
        editorKey: state.editorKey + 1,
        selected: SKILL_MD,
      };
    case "offerLoading":
      return state.offer ? { ...state, offer: { ...state.offer, loading: true, error: null } } : state;
    case "offerFailed":
      return state.offer ? { ...state, offer: { ...state.offer, loading: false, error: action.error } } : state;
    case "offerRestored": {
      if (!state.offer) return state;
      const { base, current } = action;
      const restored = replaced({ ...state, offer: null }, base, state.offer.draft);
      return {
        ...restored,
        conflict: {
          message: `Your draft was based on v${base.number}; the skill is now at v${current.number}.`,
          currentVersion: current.number,
          theirs: current,
          error: null,
        },
      };
    }
    case "offerDiscarded":
      return { ...state, offer: null };
    case "conflict":
      return { ...state, conflict: { message: action.message, currentVersion: action.currentVersion, theirs: null, error: null } };
    case "theirsLoaded": {
      // An answer for a conflict since replaced by a newer one is dropped.
      const { conflict } = state;
      if (!conflict || conflict.currentVersion !== action.currentVersion) return state;
      return { ...state, conflict: { ...conflict, theirs: action.theirs, error: action.error } };
    }
    case "rebase": {
      const theirs = state.conflict?.theirs;
      if (!theirs) return state;
      return { ...replaced(state, theirs, rebaseDraft(state.draft, state.base.files, theirs.files, theirs.number)), conflict: null };
    }
    case "saved":
      return { ...state, saved: true };
  }
}
