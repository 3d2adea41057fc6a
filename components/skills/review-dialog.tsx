"use client";
import { useId, useState } from "react";
import { ShieldCheckIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { useFormAction } from "@/components/ui/use-form-action";
import { markReviewedAction } from "@/lib/actions/vetting";
import { MAX_REVIEW_NOTE, MIN_REVIEW_NOTE } from "@/lib/skills/vetting/policy";
import type { ScanFinding } from "@/lib/types/skills";
import { cn } from "@/lib/utils";
import { NoteField } from "./note-field";
import { ScanFindingList, severityCounts } from "./scan-findings";

export interface FlaggedSource {
  path: string;
  /** The file's text with invisible characters made visible; null when it is binary or too large to show. */
  text: string | null;
  truncated: boolean;
}

/**
 * "Mark reviewed": the reviewer sees every finding and the raw source of each flagged file (with
 * flagged lines marked and invisible characters shown) before writing the required note.
 */
export function ReviewDialog({
  skillId,
  skillName,
  version,
  findings,
  sources,
}: {
  skillId: string;
  skillName: string;
  version: number;
  findings: ScanFinding[];
  sources: FlaggedSource[];
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const {
    formAction: action,
    pending,
    failure,
  } = useFormAction(markReviewedAction, {
    refresh: true,
    onSuccess: () => {
      setOpen(false);
      setNote("");
    },
  });
  const error = failure?.message ?? null;
  const flaggedLines = (path: string) => new Set(findings.filter((f) => f.file === path && f.line !== null).map((f) => f.line!));

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <ShieldCheckIcon aria-hidden /> Mark reviewed…
        </Button>
      </DialogTrigger>
      <DialogContent className="flex max-h-[min(92vh,60rem)] flex-col gap-0 overflow-hidden p-0 sm:max-w-4xl">
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>
            Review {skillName} v{version}
          </DialogTitle>
          <DialogDescription>
            {severityCounts(findings) || "No findings"}. Read what each finding points at in the source below, then say what you checked. Your name and note are
            kept with this version and in the audit trail.
          </DialogDescription>
        </DialogHeader>
        <div className="grid min-h-0 flex-1 gap-6 overflow-y-auto px-6 py-5">
          <section aria-labelledby={`${ids}-findings`} className="grid gap-3">
            <h3 id={`${ids}-findings`} className="text-sm font-semibold">
              Findings
            </h3>
            <ScanFindingList findings={findings} headingLevel={4} idPrefix={`${ids}-f`} />
          </section>
          <section aria-labelledby={`${ids}-source`} className="grid gap-3">
            <h3 id={`${ids}-source`} className="text-sm font-semibold">
              Raw source of the flagged files
            </h3>
            {sources.map((source) => (
              <SourceBlock key={source.path} source={source} flagged={flaggedLines(source.path)} />
            ))}
          </section>
        </div>
        <form action={action} className="grid gap-3 border-t px-6 py-4">
          <input type="hidden" name="skillId" value={skillId} />
          <input type="hidden" name="version" value={version} />
          <NoteField
            id={`${ids}-note`}
            label="Review note (required)"
            value={note}
            onChange={setNote}
            min={MIN_REVIEW_NOTE}
            max={MAX_REVIEW_NOTE}
            rows={3}
            placeholder="What you checked, and why it is acceptable for this team to use"
            error={error}
          />
          <DialogFormFooter pending={pending} disabled={note.trim().length < MIN_REVIEW_NOTE} icon={<ShieldCheckIcon aria-hidden />}>
            Mark reviewed
          </DialogFormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SourceBlock({ source, flagged }: { source: FlaggedSource; flagged: Set<number> }) {
  if (source.text === null) {
    return (
      <div className="rounded-lg border px-3 py-2 text-sm">
        <p className="font-mono text-xs font-medium">{source.path}</p>
        <p className="text-muted-foreground">Not shown as text (binary or too large); download it from the Files tab to inspect it.</p>
      </div>
    );
  }
  const lines = source.text.split("\n");
  return (
    <figure className="grid gap-1">
      <figcaption className="font-mono text-xs font-medium">
        {source.path}
        {source.truncated ? <span className="font-sans font-normal text-muted-foreground"> (first part only)</span> : null}
      </figcaption>
      <pre
        tabIndex={0}
        aria-label={`Source of ${source.path}`}
        className="max-h-96 overflow-auto rounded-md border bg-muted/40 py-2 font-mono text-xs leading-relaxed outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
      >
        <code className="grid">
          {lines.map((line, index) => {
            const number = index + 1;
            const hit = flagged.has(number);
            return (
              <span
                key={index}
                data-flagged={hit || undefined}
                className={cn("grid grid-cols-[3.5rem_1fr] pr-3", hit && "bg-orange-500/15 dark:bg-orange-400/15")}
              >
                <span
                  aria-hidden
                  className={cn("pr-3 text-right text-muted-foreground select-none", hit && "font-semibold text-orange-800 dark:text-orange-200")}
                >
                  {number}
                </span>
                <span className="break-all whitespace-pre-wrap">{line || " "}</span>
              </span>
            );
          })}
        </code>
      </pre>
    </figure>
  );
}
