"use client";
import { useEffect, useId, useMemo, useReducer, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { UploadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toaster";
import type { UploadChoice, UploadCommitResult, UploadPreview } from "@/lib/types/uploads";
import { DoneStep } from "./upload/upload-done";
import { ErrorReport } from "./upload/upload-error";
import { UploadFooter } from "./upload/upload-footer";
import { destinationOptions, importSummary } from "./upload/upload-logic";
import { DestinationSelect, PickStep, SendingProgress } from "./upload/upload-pick";
import { PreviewStep } from "./upload/upload-review";
import { commitCheck, initialWizard, previewProblem, uploadWizard, wizardView } from "./upload/upload-wizard";
import { useUploadRequest } from "./upload/use-upload-request";

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
  const [state, dispatch] = useReducer(uploadWizard, defaultDestination, initialWizard);
  const view = useMemo(() => wizardView(state), [state]);
  const request = useUploadRequest(remoteUploads);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const { phase, error } = state;
  const sending = phase.name === "sending";

  useEffect(() => {
    if (state.focusTarget) document.getElementById(state.focusTarget.id)?.focus();
  }, [state.focusTarget]);

  // A new step's heading takes focus, so keyboard and screen reader users land on what changed.
  useEffect(() => {
    if (phase.name === "preview" || phase.name === "done") stepHeading.current?.focus();
  }, [phase.name]);

  const destinations = useMemo(() => destinationOptions(teams, isAdmin), [teams, isAdmin]);
  const destinationLabel = destinations.find((d) => d.key === state.destination)?.label ?? "Personal";

  function send<T>(what: "preview" | "commit", choices?: UploadChoice[]) {
    dispatch({ type: "sendStarted", what });
    return request.send<T>(what, state, choices, (progress) => dispatch({ type: "progress", what, progress }));
  }

  async function requestPreview() {
    const problem = previewProblem(state, view);
    if (problem) return dispatch({ type: "refused", error: problem });
    const answer = await send<UploadPreview>("preview");
    if (!answer?.ok) return dispatch({ type: "sendFailed", what: "preview", error: answer ? answer.error : null });
    dispatch({ type: "previewed", preview: answer.body });
  }

  async function commit() {
    const check = commitCheck(state, view, ids);
    if (!check.ok) return dispatch({ type: "refused", error: check.error, showErrors: check.showErrors, focus: check.focus });
    const answer = await send<UploadCommitResult>("commit", check.choices);
    if (!answer?.ok) return dispatch({ type: "sendFailed", what: "commit", error: answer ? answer.error : null });
    dispatch({ type: "committed", result: answer.body });
    const summary = importSummary(answer.body);
    if (summary.complete) toast.success(summary.toast);
    else toast.warning(summary.toast);
    router.refresh();
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      request.cancel();
      dispatch({ type: "closed" });
    }
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
            {phase.name === "done"
              ? "The import is done."
              : "Nothing is saved until you confirm: first you see every skill the upload holds and every problem found."}
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
                  mode={state.mode}
                  onModeChange={(mode) => dispatch({ type: "mode", mode })}
                  files={state.files}
                  folder={state.folder}
                  folderBytes={view.folderBytes}
                  text={state.text}
                  onAddFiles={(files) => dispatch({ type: "addFiles", files })}
                  onRemoveFile={(index) => dispatch({ type: "removeFile", index })}
                  onFolder={(folder) => dispatch({ type: "folder", folder })}
                  onRemoveFolder={() => dispatch({ type: "removeFolder" })}
                  onTextChange={(text) => dispatch({ type: "text", text })}
                  sending={sending}
                />
              ) : null}

              <DestinationSelect
                id={`${ids}-destination`}
                destinations={destinations}
                value={state.destination}
                disabled={sending}
                onChange={(destination) => dispatch({ type: "destination", destination })}
                note={view.selection?.preview.destinations.find((d) => d.key === state.destination)?.review ?? null}
              />

              {sending ? <SendingProgress what={phase.what} progress={phase.progress} /> : null}

              {error ? <ErrorReport error={error} /> : null}

              {view.selection && phase.name !== "pick" ? (
                <PreviewStep
                  idPrefix={ids}
                  headingRef={stepHeading}
                  selection={view.selection}
                  refusedSources={view.refusedSources}
                  importable={view.importable}
                  destinationLabel={destinationLabel}
                  showErrors={state.showErrors}
                  onSelectedChange={(key, value) => dispatch({ type: "chooseSkill", key, value })}
                  onUseFolderName={(key, use) => dispatch({ type: "useFolderName", key, use })}
                  onDecisionChange={(key, decision) => dispatch({ type: "decision", key, decision })}
                  blocked={view.blocked}
                  override={state.override}
                  onOverrideChange={(override) => dispatch({ type: "override", override })}
                />
              ) : null}
            </>
          )}
        </div>

        <UploadFooter
          idPrefix={ids}
          state={state}
          view={view}
          destinationLabel={destinationLabel}
          onPreview={requestPreview}
          onCommit={commit}
          onChangeUpload={() => dispatch({ type: "changeUpload" })}
          onUploadMore={() => dispatch({ type: "reset" })}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
