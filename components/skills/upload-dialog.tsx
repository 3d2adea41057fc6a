"use client";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { LoaderCircleIcon, UploadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toaster";
import { formatBytes } from "@/lib/format";
import type { UploadChoice, UploadCommitResult, UploadPreview } from "@/lib/types/uploads";
import type { PickedFolderFile } from "./upload/collect-drop";
import { isRemoteArchive, postRemoteUpload, uploadToUploadthing } from "./upload/remote-upload";
import { DoneStep } from "./upload/upload-done";
import { ErrorReport, type UploadError } from "./upload/upload-error";
import { chosenSkills, commitChoices, defaultDecisions, defaultSelection, destinationFields, destinationOptions, fieldErrors, importSummary, isChoosable, refusedSources as refusedSourcesOf, scanGate, tooLargeMessage, uploadForm, type Decisions, type Flags, type Selection } from "./upload/upload-logic";
import { DestinationSelect, PickStep, SendingProgress, type Mode } from "./upload/upload-pick";
import { postUpload, type UploadAnswer, type UploadProgress } from "./upload/upload-request";
import { PreviewStep } from "./upload/upload-review";

export interface UploadSkillsDialogProps {
  /** The viewer's teams: each is a destination. */
  teams: { id: string; name: string }[];
  /** Instance admins may also publish to the public space. */
  isAdmin: boolean;
  /** "personal", "public" or "team:<id>"; personal by default. */
  defaultDestination?: string;
  /** The button that opens the dialog; an "Upload skills" button by default. */
  children?: React.ReactNode;
  /**
   * The server has UPLOADTHING_TOKEN: a single archive or SKILL.md file goes to uploadthing and the
   * server fetches it by key (folders and pasted text still post directly).
   */
  remoteUploads?: boolean;
}

type Phase = { name: "pick" } | { name: "sending"; what: "preview" | "commit"; progress: UploadProgress } | { name: "preview" } | { name: "done"; result: UploadCommitResult };

/**
 * The upload modal: pick or drop archives, SKILL.md files, a folder, or paste SKILL.md; see the
 * server's preview (every skill, file, token cost and finding) before anything is stored; choose
 * the destination, which skills, and what to do about names already taken; import them, then see
 * which were stored and why any other was not.
 */
export function UploadSkillsDialog({ teams, isAdmin, defaultDestination = "personal", children, remoteUploads = false }: UploadSkillsDialogProps) {
  const router = useRouter();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>("files");
  const [files, setFiles] = useState<File[]>([]);
  const [folder, setFolder] = useState<PickedFolderFile[]>([]);
  const [text, setText] = useState("");
  const [destination, setDestination] = useState(defaultDestination);
  const [phase, setPhase] = useState<Phase>({ name: "pick" });
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [selected, setSelected] = useState<Record<string, boolean>>({});
  const [decisions, setDecisions] = useState<Decisions>({});
  const [folderNamed, setFolderNamed] = useState<Flags>({});
  const [override, setOverride] = useState({ enabled: false, reason: "" });
  const [error, setError] = useState<UploadError | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const leftOut = useRef(new Set<string>());
  // The uploadthing key of the file last uploaded there, so the commit does not upload it again.
  const remoteKey = useRef<{ file: File; key: string } | null>(null);
  // Focused after the render that shows its error, so the alert above it does not push it out of view.
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  const destinations = useMemo(() => destinationOptions(teams, isAdmin), [teams, isAdmin]);
  const destinationLabel = destinations.find((d) => d.key === destination)?.label ?? "Personal";

  // A new step's heading takes focus, so keyboard and screen reader users land on what changed.
  useEffect(() => {
    if (phase.name === "preview" || phase.name === "done") stepHeading.current?.focus();
  }, [phase.name]);

  const hasInput = mode === "files" ? files.length > 0 || folder.length > 0 : text.trim().length > 0;
  const inputBytes = files.reduce((n, f) => n + f.size, 0) + folder.reduce((n, f) => n + f.file.size, 0);

  function inputsChanged() {
    // A preview describes exactly what was sent; after any change it must be asked for again.
    setPreview(null);
    setError(null);
    setShowErrors(false);
    if (phase.name !== "sending") setPhase({ name: "pick" });
  }

  function addFiles(list: File[]) {
    if (!list.length) return;
    setFiles((current) => [...current, ...list.filter((f) => !current.some((c) => c.name === f.name && c.size === f.size && c.lastModified === f.lastModified))]);
    inputsChanged();
  }

  function setFolderFiles(list: PickedFolderFile[]) {
    if (!list.length) return;
    setFolder(list);
    inputsChanged();
  }

  const buildForm = (extra: Record<string, string> = {}) => uploadForm({ mode, files, folder, text, destination }, extra);

  // With uploadthing: one archive or SKILL.md file, not a folder or pasted text.
  const remoteFile = remoteUploads && mode === "files" && !folder.length && files.length === 1 && isRemoteArchive(files[0]) ? files[0] : null;

  async function send<T>(what: "preview" | "commit", choices?: UploadChoice[]) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const { signal } = controller;
    const onProgress = (progress: UploadProgress) => setPhase({ name: "sending", what, progress });
    setError(null);
    onProgress({ loaded: 0, total: 0, sent: false });
    try {
      if (!remoteFile) {
        const url = what === "preview" ? "/api/upload/preview" : "/api/upload/commit";
        return await postUpload<T>(url, buildForm(choices ? { choices: JSON.stringify(choices) } : {}), { signal, onProgress });
      }
      return await sendRemote<T>(remoteFile, what, choices, signal, onProgress);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === "AbortError") return null;
      throw cause;
    }
  }

  async function sendRemote<T>(file: File, what: "preview" | "commit", choices: UploadChoice[] | undefined, signal: AbortSignal, onProgress: (progress: UploadProgress) => void): Promise<UploadAnswer<T>> {
    let key = remoteKey.current?.file === file ? remoteKey.current.key : null;
    if (!key) {
      const uploaded = await uploadToUploadthing(file, { signal, onProgress });
      if (!uploaded.ok) return uploaded;
      remoteKey.current = { file, key: uploaded.key };
      key = uploaded.key;
    }
    onProgress({ loaded: 1, total: 1, sent: true });
    return postRemoteUpload<T>({ key, name: file.name, commit: what === "commit", ...destinationFields(destination), choices }, signal);
  }

  async function requestPreview() {
    if (!hasInput) {
      setError({ code: "empty", message: mode === "files" ? "Choose or drop a file or a folder first." : "Paste the text of a SKILL.md first." });
      return;
    }
    const tooLarge = tooLargeMessage(files, folder.reduce((n, f) => n + f.file.size, 0));
    if (tooLarge) {
      setError({ code: "too_large", message: tooLarge });
      return;
    }
    const answer = await send<UploadPreview>("preview");
    if (!answer) return setPhase({ name: "pick" });
    if (!answer.ok) {
      setError(answer.error);
      return setPhase({ name: "pick" });
    }
    const next = answer.body;
    // Previewing again keeps what the user left out and the folder names taken (same key).
    const keptNames = Object.fromEntries(next.skills.filter((s) => s.folderName && folderNamed[s.key]).map((s) => [s.key, true]));
    setPreview(next);
    setFolderNamed(keptNames);
    setSelected(defaultSelection(next, leftOut.current, keptNames));
    setDecisions((current) => defaultDecisions(next, current));
    setShowErrors(false);
    setFocusTarget(null);
    setPhase({ name: "preview" });
  }

  const refusedSources = useMemo(() => refusedSourcesOf(preview), [preview]);
  const selection: Selection | null = preview ? { preview, destination, selected, folderNamed, decisions } : null;
  const chosen = selection ? chosenSkills(selection) : [];
  const choosable = preview?.skills.filter((s) => isChoosable(s, refusedSources, folderNamed)).length ?? 0;
  const { blocked, overrideReason, blockedReason } = scanGate(chosen, !!preview?.canOverrideScan, override);

  async function commit() {
    if (!preview || !selection) return;
    if (!chosen.length) {
      setError({ code: "empty", message: "Choose at least one skill to import." });
      return;
    }
    if (blockedReason) {
      setShowErrors(true);
      setError({ code: "blocked", message: blockedReason });
      if (preview.canOverrideScan) setFocusTarget({ id: override.enabled ? `${ids}-scan-override-reason` : `${ids}-scan-override` });
      return;
    }
    const invalid = chosen.find((s) => Object.keys(fieldErrors(s.key, selection)).length);
    if (invalid) {
      setShowErrors(true);
      setError({ code: "invalid", message: "Some choices need your attention before importing." });
      const errors = fieldErrors(invalid.key, selection);
      const base = `upload-skill-${invalid.key.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
      setFocusTarget({ id: errors.message ? `${base}-message` : `${base}-name` });
      return;
    }
    const answer = await send<UploadCommitResult>("commit", commitChoices(selection, overrideReason));
    if (!answer) return setPhase({ name: "preview" });
    if (!answer.ok) {
      setError(answer.error);
      return setPhase({ name: "preview" });
    }
    setPhase({ name: "done", result: answer.body });
    const summary = importSummary(answer.body);
    if (summary.complete) toast.success(summary.toast);
    else toast.warning(summary.toast);
    router.refresh();
  }

  function reset() {
    setFiles([]);
    setFolder([]);
    setText("");
    setPreview(null);
    setSelected({});
    setOverride({ enabled: false, reason: "" });
    leftOut.current.clear();
    setDecisions({});
    setFolderNamed({});
    setError(null);
    setShowErrors(false);
    setPhase({ name: "pick" });
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      abort.current?.abort();
      // What the user picked, typed and chose survives closing, except after a finished import.
      if (phase.name === "done") reset();
      else if (phase.name === "sending") setPhase(preview ? { name: "preview" } : { name: "pick" });
    }
  }

  const sending = phase.name === "sending";

  function chooseSkill(key: string, value: boolean) {
    if (value) leftOut.current.delete(key);
    else leftOut.current.add(key);
    setSelected((current) => ({ ...current, [key]: value }));
    // unticking a skill that took its folder's name undoes the rename too
    if (!value) setFolderNamed((current) => ({ ...current, [key]: false }));
  }

  function takeFolderName(key: string, use: boolean) {
    setFolderNamed((current) => ({ ...current, [key]: use }));
    if (use) leftOut.current.delete(key);
    setSelected((current) => ({ ...current, [key]: use }));
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {children ?? (
          <Button>
            <UploadIcon aria-hidden /> Upload skills
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="flex max-h-[min(92vh,60rem)] flex-col gap-0 overflow-hidden p-0 sm:max-w-3xl" aria-describedby={`${ids}-description`}>
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>Upload skills</DialogTitle>
          <DialogDescription id={`${ids}-description`}>
            {phase.name === "done" ? "The import is done." : "Nothing is saved until you confirm: first you see every skill the upload holds and every problem found."}
          </DialogDescription>
        </DialogHeader>

        <div className="grid min-h-0 flex-1 gap-5 overflow-y-auto px-6 py-5">
          {phase.name === "done" ? (
            <DoneStep result={phase.result} headingRef={stepHeading} />
          ) : (
            <>
              {phase.name !== "preview" && !(sending && phase.what === "commit") ? (
                <PickStep
                  idPrefix={ids}
                  mode={mode}
                  onModeChange={(value) => {
                    setMode(value);
                    inputsChanged();
                  }}
                  files={files}
                  folder={folder}
                  text={text}
                  onAddFiles={addFiles}
                  onRemoveFile={(index) => {
                    setFiles((current) => current.filter((_, i) => i !== index));
                    inputsChanged();
                  }}
                  onFolder={setFolderFiles}
                  onRemoveFolder={() => {
                    setFolder([]);
                    inputsChanged();
                  }}
                  onTextChange={(value) => {
                    setText(value);
                    if (preview || error) inputsChanged();
                  }}
                  sending={sending}
                />
              ) : null}

              <DestinationSelect
                id={`${ids}-destination`}
                destinations={destinations}
                value={destination}
                disabled={sending}
                onChange={(value) => {
                  setDestination(value);
                  setShowErrors(false);
                  setError(null);
                }}
              />

              {sending ? <SendingProgress what={phase.what} progress={phase.progress} /> : null}

              {error ? <ErrorReport error={error} /> : null}

              {selection && phase.name !== "pick" ? (
                <PreviewStep
                  idPrefix={ids}
                  headingRef={stepHeading}
                  selection={selection}
                  refusedSources={refusedSources}
                  destinationLabel={destinationLabel}
                  showErrors={showErrors}
                  onSelectedChange={chooseSkill}
                  onUseFolderName={takeFolderName}
                  onDecisionChange={(key, decision) => setDecisions((current) => ({ ...current, [key]: decision }))}
                  blocked={blocked}
                  override={override}
                  onOverrideChange={(next) => {
                    setOverride(next);
                    if (error?.code === "blocked") setError(null);
                  }}
                />
              ) : null}
            </>
          )}
        </div>

        <div className="flex flex-col-reverse gap-2 border-t px-6 py-4 sm:flex-row sm:items-center sm:justify-end">
          {phase.name === "done" ? (
            <>
              <Button type="button" variant="outline" onClick={reset}>
                Upload more
              </Button>
              <Button type="button" onClick={() => onOpenChange(false)}>
                Done
              </Button>
            </>
          ) : preview && phase.name !== "pick" ? (
            <>
              <p className="mr-auto text-sm text-muted-foreground">
                {chosen.length} of {preview.skills.length} chosen → {destinationLabel}
              </p>
              <Button
                type="button"
                variant="outline"
                disabled={sending}
                onClick={() => {
                  setPreview(null);
                  setError(null);
                  setPhase({ name: "pick" });
                }}
              >
                Change upload
              </Button>
              {blockedReason && !preview.canOverrideScan ? (
                <p className="text-sm text-destructive sm:max-w-64" id={`${ids}-import-blocked`}>
                  Import blocked: {blocked.map((s) => s.name).join(", ")} {blocked.length === 1 ? "has" : "have"} a critical finding.
                </p>
              ) : null}
              <Button
                type="button"
                onClick={commit}
                disabled={sending || !choosable || (!!blockedReason && !preview.canOverrideScan)}
                aria-describedby={blockedReason && !preview.canOverrideScan ? `${ids}-import-blocked` : undefined}
              >
                {sending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
                {chosen.length > 1 ? `Import ${chosen.length} skills` : "Import skill"}
              </Button>
            </>
          ) : (
            <>
              {hasInput ? <p className="mr-auto text-sm text-muted-foreground">{mode === "files" ? formatBytes(inputBytes) : `${text.length} characters`}</p> : null}
              <Button type="button" onClick={requestPreview} disabled={sending || !hasInput}>
                {sending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
                Preview
              </Button>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
