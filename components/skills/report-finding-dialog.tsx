"use client";
import { useActionState, useId, useState } from "react";
import { FlagIcon, LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toaster";
import { reportFalsePositiveAction, type ReviewActionState } from "@/lib/actions/review";
import { MAX_REPORT_NOTE, MIN_REPORT_NOTE } from "@/lib/skills/review/inputs";
import { findingLocation } from "@/lib/skills/review/policy";
import type { ScanFinding } from "@/lib/skills/scan/types";
import { NoteField } from "./note-field";

/**
 * "Report a false positive" on one finding: a note for instance admins, who see open reports on
 * their account page. It changes no severity and unblocks nothing by itself.
 */
export function ReportFindingDialog({ skillId, version, finding }: { skillId: string; version: number; finding: Pick<ScanFinding, "rule" | "file" | "line"> }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const place = findingLocation(finding);
  const [state, action, pending] = useActionState(async (previous: ReviewActionState, formData: FormData) => {
    const next = await reportFalsePositiveAction(previous, formData);
    if (next?.ok) {
      toast.success(next.message);
      setOpen(false);
      setNote("");
    }
    return next;
  }, null);
  const error = state && !state.ok ? state.message : null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" className="h-7 text-xs text-muted-foreground" aria-label={`Report ${finding.rule} at ${place} as a false positive`}>
          <FlagIcon aria-hidden /> Report a false positive
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Report a false positive</DialogTitle>
          <DialogDescription>
            <code className="font-mono text-xs">{finding.rule}</code> at <code className="font-mono text-xs">{place}</code>, version {version}. Say why this finding is wrong here; instance admins read the reports to review the skill and to tune the rules.
          </DialogDescription>
        </DialogHeader>
        <form action={action} className="grid gap-4">
          <input type="hidden" name="skillId" value={skillId} />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="rule" value={finding.rule} />
          <input type="hidden" name="file" value={finding.file} />
          <input type="hidden" name="line" value={finding.line ?? ""} />
          <NoteField id={`${ids}-note`} label="Why it is a false positive" value={note} onChange={setNote} min={MIN_REPORT_NOTE} max={MAX_REPORT_NOTE} rows={4} placeholder="e.g. the command is quoted as an example of an attack, the skill never runs it" error={error} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending || note.trim().length < MIN_REPORT_NOTE}>
              {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <FlagIcon aria-hidden />}
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
