"use client";
import { LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/display";
import type { WizardState, WizardView } from "./upload-wizard";

export interface UploadFooterProps {
  idPrefix: string;
  state: WizardState;
  view: WizardView;
  destinationLabel: string;
  onPreview: () => void;
  onCommit: () => void;
  onChangeUpload: () => void;
  onUploadMore: () => void;
  onDone: () => void;
}

/** The dialog's buttons for the step it is on: Preview, then Import, then Upload more or Done. */
export function UploadFooter({ idPrefix, state, view, destinationLabel, onPreview, onCommit, onChangeUpload, onUploadMore, onDone }: UploadFooterProps) {
  const { phase, preview } = state;
  const sending = phase.name === "sending";
  return (
    <div className="flex flex-col-reverse gap-2 border-t px-6 py-4 sm:flex-row sm:items-center sm:justify-end">
      {phase.name === "done" ? (
        <>
          <Button type="button" variant="outline" onClick={onUploadMore}>
            Upload more
          </Button>
          <Button type="button" onClick={onDone}>
            Done
          </Button>
        </>
      ) : preview && phase.name !== "pick" ? (
        <CommitButtons
          idPrefix={idPrefix}
          view={view}
          skillCount={preview.skills.length}
          canOverrideScan={preview.canOverrideScan}
          sending={sending}
          destinationLabel={destinationLabel}
          onCommit={onCommit}
          onChangeUpload={onChangeUpload}
        />
      ) : (
        <>
          {view.hasInput ? (
            <p className="mr-auto text-sm text-muted-foreground">{state.mode === "files" ? formatBytes(view.inputBytes) : `${state.text.length} characters`}</p>
          ) : null}
          <Button type="button" onClick={onPreview} disabled={sending || !view.hasInput}>
            {sending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
            Preview
          </Button>
        </>
      )}
    </div>
  );
}

function CommitButtons({
  idPrefix,
  view,
  skillCount,
  canOverrideScan,
  sending,
  destinationLabel,
  onCommit,
  onChangeUpload,
}: {
  idPrefix: string;
  view: WizardView;
  skillCount: number;
  canOverrideScan: boolean;
  sending: boolean;
  destinationLabel: string;
  onCommit: () => void;
  onChangeUpload: () => void;
}) {
  const { chosen, blocked, blockedReason, importable } = view;
  const refusedOutright = !!blockedReason && !canOverrideScan;
  return (
    <>
      <p className="mr-auto text-sm text-muted-foreground">
        {chosen.length} of {skillCount} chosen → {destinationLabel}
      </p>
      <Button type="button" variant="outline" disabled={sending} onClick={onChangeUpload}>
        Change upload
      </Button>
      {refusedOutright ? (
        <p className="text-sm text-destructive sm:max-w-64" id={`${idPrefix}-import-blocked`}>
          Import blocked: {blocked.map((s) => s.name).join(", ")} {blocked.length === 1 ? "has" : "have"} a critical finding.
        </p>
      ) : null}
      <Button
        type="button"
        onClick={onCommit}
        disabled={sending || !importable || refusedOutright}
        aria-describedby={refusedOutright ? `${idPrefix}-import-blocked` : undefined}
      >
        {sending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
        {chosen.length > 1 ? `Import ${chosen.length} skills` : "Import skill"}
      </Button>
    </>
  );
}
