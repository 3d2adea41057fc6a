"use client";
import { useId, useState } from "react";
import { LoaderCircleIcon, ScissorsIcon, TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useFormAction } from "@/components/ui/use-form-action";
import { pruneVersionsAction } from "@/lib/actions/versions";
import { planPrune } from "@/lib/skills/versions/prune";

/** A row of the history as the prune preview needs it. */
export interface PruneCandidate {
  number: number;
  current: boolean;
  pinnedBy: number;
  /** Release labels on it: prune keeps it. */
  labels: string[];
}

/** Owners and admins: delete old versions, keeping the newest N. Shows what will go before it goes. */
export function PruneVersionsControl({ skillId, versions }: { skillId: string; versions: PruneCandidate[] }) {
  const id = useId();
  const [keep, setKeep] = useState(String(Math.min(10, versions.length)));
  const [open, setOpen] = useState(false);
  const { formAction, pending, failure } = useFormAction(pruneVersionsAction, { refresh: true, onSuccess: () => setOpen(false) });
  const keepNumber = Number(keep);
  const valid = Number.isInteger(keepNumber) && keepNumber >= 1;
  // The data layer's own rule, so what this promises is what the server deletes (it decides again).
  const { deleted: victims, spared } = planPrune(
    versions.map((v) => ({ number: v.number, current: v.current, pinned: v.pinnedBy > 0 || v.labels.length > 0 })),
    keepNumber,
  );

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border bg-card px-5 py-4 shadow-xs">
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        Prune old versions
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Delete older versions, keeping the newest ones. The current version and versions pinned by an agent profile are always kept; the audit trail records
        what was deleted.
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) setOpen(true);
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-keep`}>Keep the newest</Label>
          <Input
            id={`${id}-keep`}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={keep}
            onChange={(event) => setKeep(event.target.value)}
            className="w-28"
            aria-describedby={`${id}-hint`}
          />
        </div>
        <Button type="submit" variant="outline" disabled={!valid || victims.length === 0}>
          <ScissorsIcon aria-hidden /> Prune…
        </Button>
        <p id={`${id}-hint`} className="pb-2 text-sm text-muted-foreground" aria-live="polite">
          {!valid ? "Enter a whole number of at least 1." : victims.length ? `Would delete ${victims.map((n) => `v${n}`).join(", ")}.` : "Nothing to delete."}
        </p>
      </form>

      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              Delete {victims.length} {victims.length === 1 ? "version" : "versions"}?
            </DialogTitle>
            <DialogDescription>
              {victims.map((n) => `v${n}`).join(", ")} will be deleted for good; their content cannot be restored afterwards. The newest {keepNumber}{" "}
              {keepNumber === 1 ? "version stays" : "versions stay"}
              {spared.length ? `, and ${spared.map((n) => `v${n}`).join(", ")} ${spared.length === 1 ? "is" : "are"} kept (current or pinned)` : ""}.
            </DialogDescription>
          </DialogHeader>
          {failure ? (
            <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm">
              <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
              {failure.message}
            </p>
          ) : null}
          <form action={formAction}>
            <input type="hidden" name="skillId" value={skillId} />
            <input type="hidden" name="keep" value={keep} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={pending}>
                {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <ScissorsIcon aria-hidden />} Delete {victims.length}{" "}
                {victims.length === 1 ? "version" : "versions"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
