"use client";
import { useState } from "react";
import { LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { DraftChange } from "@/lib/skills/draft/draft";
import type { Finding } from "@/lib/skills/format/findings";

export interface SaveRefusal {
  message: string;
  findings: Finding[];
  field?: "name" | "message";
}

const KIND_LABEL: Record<DraftChange["kind"], string> = { added: "added", modified: "changed", renamed: "renamed", deleted: "deleted" };

/** The version message and what will be saved; a refusal from the server shows here, the draft untouched. */
export function SaveDialog({
  open,
  onOpenChange,
  changes,
  nextVersion,
  saving,
  refusal,
  onSave,
  request = null,
  proposes = null,
  beforeSave = null,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  changes: DraftChange[];
  nextVersion: number;
  saving: boolean;
  refusal: SaveRefusal | null;
  onSave: (message: string) => void;
  /** Pushing a new revision of a review request instead of saving a version. */
  request?: { revision: number } | null;
  /** The save opens a review request: what the team's policy needs (see EditorSkill.proposes). */
  proposes?: string | null;
  /** Shown above the buttons: the description A/B when the description changed. */
  beforeSave?: React.ReactNode;
  /** Where focus goes back to on close (opened by Save… or Ctrl+S, not by a Radix trigger). */
  returnFocus?: React.RefObject<HTMLElement | null>;
}) {
  const [message, setMessage] = useState("");
  const [touched, setTouched] = useState(false);
  const empty = message.trim() === "";
  return (
    <Dialog open={open} onOpenChange={(next) => (saving ? null : onOpenChange(next))}>
      <DialogContent
        className={beforeSave ? "max-h-[90dvh] overflow-y-auto sm:max-w-3xl" : "sm:max-w-xl"}
        onCloseAutoFocus={(event) => {
          if (!returnFocus?.current) return;
          event.preventDefault();
          returnFocus.current.focus();
        }}
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (!empty && !saving) onSave(message.trim());
          }}
        >
          <DialogHeader>
            <DialogTitle>
              {request
                ? `Push revision ${request.revision + 1} to the review request`
                : proposes
                  ? `Propose version ${nextVersion} for review`
                  : `Save version ${nextVersion}`}
            </DialogTitle>
            <DialogDescription>
              {request
                ? "The request shows the new revision to its reviewers; approvals of earlier revisions are dismissed. Agents keep the current version until it is approved."
                : proposes
                  ? `Changes here need ${proposes}. Saving opens a review request; agents keep the current version until it is approved.`
                  : "Saving adds a new version; earlier versions stay as they are."}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="version-message">Message</Label>
            <Input
              id="version-message"
              value={message}
              maxLength={200}
              autoFocus
              placeholder="What changed, in a few words"
              aria-invalid={(touched && empty) || refusal?.field === "message" ? true : undefined}
              aria-describedby="version-message-hint"
              onChange={(event) => setMessage(event.target.value)}
            />
            <p id="version-message-hint" className="text-sm text-muted-foreground">
              {touched && empty ? (
                <span className="text-destructive">Describe the change in a short message.</span>
              ) : request ? (
                "Shown in the request's revisions and the version history."
              ) : (
                "Shown in the version history."
              )}
            </p>
          </div>
          <div className="grid gap-1.5">
            <p className="text-sm font-medium">
              {changes.length} {changes.length === 1 ? "change" : "changes"}
            </p>
            <ul className="max-h-36 overflow-y-auto rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs leading-6">
              {changes.map((change) => (
                <li key={`${change.kind}:${change.path}`} className="flex gap-2">
                  <span className="w-16 shrink-0 text-muted-foreground">{KIND_LABEL[change.kind]}</span>
                  <span className="min-w-0 truncate">{change.from ? `${change.from} → ${change.path}` : change.path}</span>
                </li>
              ))}
            </ul>
          </div>
          {refusal ? (
            <div role="alert" className="grid gap-1.5 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm">
              <p className="font-medium text-destructive">{refusal.message}</p>
              {refusal.findings.length ? (
                <ul className="list-disc pl-5 text-foreground">
                  {refusal.findings.map((finding, index) => (
                    <li key={index}>
                      {finding.path ? <span className="font-mono text-xs">{finding.path}: </span> : null}
                      {finding.message}
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="text-muted-foreground">Nothing was saved; your changes are still in the editor.</p>
            </div>
          ) : null}
          {beforeSave}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
              Keep editing
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
              {saving
                ? request
                  ? "Pushing…"
                  : "Saving…"
                : request
                  ? `Push revision ${request.revision + 1}`
                  : proposes
                    ? `Propose v${nextVersion}`
                    : `Save v${nextVersion}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
