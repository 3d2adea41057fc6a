"use client";
import { useId, useState } from "react";
import { FlagIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { useFormAction } from "@/components/ui/use-form-action";
import { reportFalsePositiveAction } from "@/lib/actions/vetting";
import { MAX_REPORT_NOTE, MIN_REPORT_NOTE } from "@/lib/skills/vetting/inputs";
import { findingLocation } from "@/lib/skills/vetting/policy";
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
  const {
    formAction: action,
    pending,
    failure,
  } = useFormAction(reportFalsePositiveAction, {
    onSuccess: () => {
      setOpen(false);
      setNote("");
    },
  });
  const error = failure?.message ?? null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-7 text-xs text-muted-foreground"
          aria-label={`Report ${finding.rule} at ${place} as a false positive`}
        >
          <FlagIcon aria-hidden /> Report a false positive
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Report a false positive</DialogTitle>
          <DialogDescription>
            <code className="font-mono text-xs">{finding.rule}</code> at <code className="font-mono text-xs">{place}</code>, version {version}. Say why this
            finding is wrong here; instance admins read the reports to review the skill and to tune the rules.
          </DialogDescription>
        </DialogHeader>
        <form action={action} className="grid gap-4">
          <input type="hidden" name="skillId" value={skillId} />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="rule" value={finding.rule} />
          <input type="hidden" name="file" value={finding.file} />
          <input type="hidden" name="line" value={finding.line ?? ""} />
          <NoteField
            id={`${ids}-note`}
            label="Why it is a false positive"
            value={note}
            onChange={setNote}
            min={MIN_REPORT_NOTE}
            max={MAX_REPORT_NOTE}
            rows={4}
            placeholder="e.g. the command is quoted as an example of an attack, the skill never runs it"
            error={error}
          />
          <DialogFormFooter pending={pending} disabled={note.trim().length < MIN_REPORT_NOTE} icon={<FlagIcon aria-hidden />}>
            Send report
          </DialogFormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
