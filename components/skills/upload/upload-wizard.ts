import type { ApiErrorBody, UploadChoice, UploadCommitResult, UploadPreview } from "@/lib/types/uploads";
import type { PickedFolderFile } from "./collect-drop";
import {
  chosenSkills,
  commitChoices,
  defaultDecisions,
  defaultSelection,
  fieldErrors,
  isChoosable,
  refusedSources,
  scanGate,
  tooLargeMessage,
  type Decisions,
  type Flags,
  type SkillDecision,
  type Selection,
} from "./upload-logic";
import type { UploadProgress } from "./upload-request";

// The upload modal as a reducer over its phases: pick what to upload, send it, choose from the
// server's preview, send the commit, done. Everything here runs without a browser; the dialog
// only dispatches and performs the requests.

export type Mode = "files" | "paste";
export type UploadError = ApiErrorBody["error"];
export type Override = { enabled: boolean; reason: string };

export type Phase =
  | { name: "pick" }
  | { name: "sending"; what: "preview" | "commit"; progress: UploadProgress }
  | { name: "preview" }
  | { name: "done"; result: UploadCommitResult };

export interface WizardState {
  mode: Mode;
  files: File[];
  folder: PickedFolderFile[];
  text: string;
  destination: string;
  phase: Phase;
  preview: UploadPreview | null;
  selected: Flags;
  decisions: Decisions;
  folderNamed: Flags;
  /** Skills the user unticked: a new preview of the same upload leaves them out again. */
  leftOut: ReadonlySet<string>;
  override: Override;
  error: UploadError | null;
  /** The user tried to import: field errors show under their fields. */
  showErrors: boolean;
  /** Focused after the render that shows its error, so the alert above it does not push it out of view. */
  focusTarget: { id: string } | null;
}

export type WizardAction =
  | { type: "mode"; mode: Mode }
  | { type: "addFiles"; files: File[] }
  | { type: "removeFile"; index: number }
  | { type: "folder"; folder: PickedFolderFile[] }
  | { type: "removeFolder" }
  | { type: "text"; text: string }
  | { type: "destination"; destination: string }
  | { type: "refused"; error: UploadError; showErrors?: boolean; focus?: { id: string } | null }
  | { type: "sendStarted"; what: "preview" | "commit" }
  | { type: "progress"; what: "preview" | "commit"; progress: UploadProgress }
  /** The request failed (error) or was cancelled (null): back to the step it was sent from. */
  | { type: "sendFailed"; what: "preview" | "commit"; error: UploadError | null }
  | { type: "previewed"; preview: UploadPreview }
  | { type: "chooseSkill"; key: string; value: boolean }
  | { type: "useFolderName"; key: string; use: boolean }
  | { type: "decision"; key: string; decision: SkillDecision }
  | { type: "override"; override: Override }
  | { type: "changeUpload" }
  | { type: "committed"; result: UploadCommitResult }
  | { type: "closed" }
  | { type: "reset" };

export function initialWizard(destination: string): WizardState {
  return {
    mode: "files",
    files: [],
    folder: [],
    text: "",
    destination,
    phase: { name: "pick" },
    preview: null,
    selected: {},
    decisions: {},
    folderNamed: {},
    leftOut: new Set(),
    override: { enabled: false, reason: "" },
    error: null,
    showErrors: false,
    focusTarget: null,
  };
}

/** A preview describes exactly what was sent; after any change to the input it must be asked for again. */
function inputsChanged(state: WizardState): WizardState {
  return { ...state, preview: null, error: null, showErrors: false, phase: state.phase.name === "sending" ? state.phase : { name: "pick" } };
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

export function uploadWizard(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "mode":
      return inputsChanged({ ...state, mode: action.mode });
    case "addFiles": {
      if (!action.files.length) return state;
      const added = action.files.filter((f) => !state.files.some((c) => sameFile(c, f)));
      return inputsChanged({ ...state, files: [...state.files, ...added] });
    }
    case "removeFile":
      return inputsChanged({ ...state, files: state.files.filter((_, i) => i !== action.index) });
    case "folder":
      return action.folder.length ? inputsChanged({ ...state, folder: action.folder }) : state;
    case "removeFolder":
      return inputsChanged({ ...state, folder: [] });
    case "text": {
      const next = { ...state, text: action.text };
      return state.preview || state.error ? inputsChanged(next) : next;
    }
    case "destination":
      return { ...state, destination: action.destination, showErrors: false, error: null };
    case "refused":
      return { ...state, error: action.error, showErrors: action.showErrors || state.showErrors, focusTarget: action.focus ?? state.focusTarget };
    case "sendStarted":
      return { ...state, error: null, phase: { name: "sending", what: action.what, progress: { loaded: 0, total: 0, sent: false } } };
    case "progress":
      return { ...state, phase: { name: "sending", what: action.what, progress: action.progress } };
    case "sendFailed":
      return { ...state, error: action.error ?? state.error, phase: action.what === "preview" ? { name: "pick" } : { name: "preview" } };
    case "previewed": {
      const { preview } = action;
      // Previewing again keeps what the user left out and the folder names taken (same key).
      const folderNamed = Object.fromEntries(preview.skills.filter((s) => s.folderName && state.folderNamed[s.key]).map((s) => [s.key, true]));
      return {
        ...state,
        preview,
        folderNamed,
        selected: defaultSelection(preview, state.leftOut, folderNamed),
        decisions: defaultDecisions(preview, state.decisions),
        showErrors: false,
        focusTarget: null,
        phase: { name: "preview" },
      };
    }
    case "chooseSkill": {
      const { key, value } = action;
      const leftOut = new Set(state.leftOut);
      if (value) leftOut.delete(key);
      else leftOut.add(key);
      // unticking a skill that took its folder's name undoes the rename too
      const folderNamed = value ? state.folderNamed : { ...state.folderNamed, [key]: false };
      return { ...state, leftOut, folderNamed, selected: { ...state.selected, [key]: value } };
    }
    case "useFolderName": {
      const { key, use } = action;
      const leftOut = new Set(state.leftOut);
      if (use) leftOut.delete(key);
      return { ...state, leftOut, folderNamed: { ...state.folderNamed, [key]: use }, selected: { ...state.selected, [key]: use } };
    }
    case "decision":
      return { ...state, decisions: { ...state.decisions, [action.key]: action.decision } };
    case "override":
      return { ...state, override: action.override, error: state.error?.code === "blocked" ? null : state.error };
    case "changeUpload":
      return { ...state, preview: null, error: null, phase: { name: "pick" } };
    case "committed":
      return { ...state, phase: { name: "done", result: action.result } };
    case "closed":
      // What the user picked, typed and chose survives closing, except after a finished import.
      if (state.phase.name === "done") return uploadWizard(state, { type: "reset" });
      if (state.phase.name === "sending") return { ...state, phase: state.preview ? { name: "preview" } : { name: "pick" } };
      return state;
    case "reset":
      return { ...initialWizard(state.destination), mode: state.mode, focusTarget: state.focusTarget };
  }
}

/** What the dialog shows, derived once per state. */
export function wizardView(state: WizardState) {
  const { preview, files, folder } = state;
  const folderBytes = folder.reduce((n, f) => n + f.file.size, 0);
  const inputBytes = files.reduce((n, f) => n + f.size, 0) + folderBytes;
  const hasInput = state.mode === "files" ? files.length > 0 || folder.length > 0 : state.text.trim().length > 0;
  const refused = refusedSources(preview);
  const selection: Selection | null = preview
    ? { preview, destination: state.destination, selected: state.selected, folderNamed: state.folderNamed, decisions: state.decisions }
    : null;
  const chosen = selection ? chosenSkills(selection) : [];
  // a skill that took its folder's name counts as importable from then on
  const importable = preview?.skills.filter((s) => isChoosable(s, refused, state.folderNamed)).length ?? 0;
  const gate = scanGate(chosen, !!preview?.canOverrideScan, state.override);
  return { folderBytes, inputBytes, hasInput, refusedSources: refused, selection, chosen, importable, ...gate };
}

export type WizardView = ReturnType<typeof wizardView>;

/** Why the input cannot be sent for a preview yet; null when it can. */
export function previewProblem(state: WizardState, view: WizardView): UploadError | null {
  if (!view.hasInput)
    return { code: "empty", message: state.mode === "files" ? "Choose or drop a file or a folder first." : "Paste the text of a SKILL.md first." };
  const tooLarge = tooLargeMessage(state.files, view.folderBytes);
  return tooLarge ? { code: "too_large", message: tooLarge } : null;
}

/**
 * The commit's choices, or why Import cannot go ahead with the field to focus. `idPrefix` is the
 * dialog's id prefix, which the override fields' ids start with.
 */
export function commitCheck(
  state: WizardState,
  view: WizardView,
  idPrefix: string,
): { ok: true; choices: UploadChoice[] } | { ok: false; error: UploadError; showErrors?: boolean; focus?: { id: string } } {
  const { selection, chosen, blockedReason } = view;
  if (!selection || !chosen.length) return { ok: false, error: { code: "empty", message: "Choose at least one skill to import." } };
  if (blockedReason) {
    const focus = selection.preview.canOverrideScan
      ? { id: state.override.enabled ? `${idPrefix}-scan-override-reason` : `${idPrefix}-scan-override` }
      : undefined;
    return { ok: false, error: { code: "blocked", message: blockedReason }, showErrors: true, focus };
  }
  const invalid = chosen.find((s) => Object.keys(fieldErrors(s.key, selection)).length);
  if (invalid) {
    const errors = fieldErrors(invalid.key, selection);
    const base = `upload-skill-${invalid.key.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
    return {
      ok: false,
      error: { code: "invalid", message: "Some choices need your attention before importing." },
      showErrors: true,
      focus: { id: errors.message ? `${base}-message` : `${base}-name` },
    };
  }
  return { ok: true, choices: commitChoices(selection, view.overrideReason) };
}
