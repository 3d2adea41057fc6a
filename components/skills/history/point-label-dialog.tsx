"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { LoaderCircleIcon, TagIcon, TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useFormAction } from "@/components/ui/use-form-action";
import { moveLabelAction } from "@/lib/actions/versions";

/**
 * "Point stable at v3" on a history row: a rollback or a promotion that writes no version. Where
 * the team reviews moves of the label, it becomes a review request.
 */
export function PointLabelDialog({
  skillId,
  version,
  labelNames,
  reviewed,
  labelled,
}: {
  skillId: string;
  version: number;
  labelNames: string[];
  reviewed: string[];
  /** Where each label points now. */
  labelled: Record<string, number>;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState(labelNames[0] ?? "stable");
  const { formAction, pending, failure } = useFormAction(moveLabelAction, {
    refresh: true,
    onSuccess: (result) => {
      setOpen(false);
      if (result.data.kind === "proposed") router.push(result.data.request.url);
    },
  });
  const now = labelled[label];
  const review = reviewed.includes(label);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" className="h-7 px-2 text-xs" aria-label={`Point a label at v${version}`}>
          <TagIcon aria-hidden className="size-3.5" /> Label
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form action={formAction} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              Point {label} at v{version}?
            </DialogTitle>
            <DialogDescription>
              Agents, tokens, delivery links and synced folders following {label} get v{version} at their next request or sync. No version is written: the
              skill&apos;s current version stays as it is.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={`label-${version}`}>Label</Label>
            <Select id={`label-${version}`} name="label" value={label} onChange={(event) => setLabel(event.target.value)} className="w-full">
              {labelNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                  {labelled[name] !== undefined ? ` (now v${labelled[name]})` : " (not set: follows latest)"}
                </option>
              ))}
            </Select>
            <p className="text-xs text-muted-foreground" data-testid="label-now">
              {now === undefined
                ? `${label} is not set yet, so its followers get the current version.`
                : now === version
                  ? `${label} already points at v${version}.`
                  : `${label} points at v${now} now.`}
            </p>
          </div>
          {review ? (
            <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm" data-testid="label-review-notice">
              This team reviews moves of {label}: the move is proposed for review and happens on approval.
            </p>
          ) : null}
          {failure ? (
            <div role="alert" className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm">
              <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
              <span>{failure.message}</span>
            </div>
          ) : null}
          <input type="hidden" name="skillId" value={skillId} />
          <input type="hidden" name="version" value={version} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || now === version}>
              {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <TagIcon aria-hidden />}
              {review ? ` Propose: ${label} → v${version}` : ` Point ${label} at v${version}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
