"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { LoaderCircleIcon, RotateCcwIcon, TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { useFormAction } from "@/components/ui/use-form-action";
import { restoreVersionAction } from "@/lib/actions/versions";

/** "Restore" on an old version: a confirmation, then a new version with that content. */
export function RestoreVersionDialog({ skillId, version, currentVersion }: { skillId: string; version: number; currentVersion: number }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const { formAction, pending, failure } = useFormAction(restoreVersionAction, {
    refresh: true,
    onSuccess: (result) => {
      setOpen(false);
      // Where the skill's changes need approval the restore is a proposal: its request is where it goes on.
      if (result.data.proposal) router.push(result.data.proposal.url);
    },
  });
  // Someone saved a newer version meanwhile: offer what changed instead of trying again blind.
  const movedTo = failure?.code === "CONFLICT" && typeof failure.details?.currentVersion === "number" ? failure.details.currentVersion : null;
  const base = encodeURIComponent(skillId);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="h-7 px-2 text-xs" aria-label={`Restore v${version}`}>
          <RotateCcwIcon aria-hidden className="size-3.5" /> Restore
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Restore v{version}?</DialogTitle>
          <DialogDescription>
            This adds a new version with exactly the files of v{version}, with the message “Restore v{version}”. Nothing is deleted: v{currentVersion} and every
            other version stay in the history. Where the skill&apos;s changes need approval, the restore is proposed for review instead.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          <Link
            href={`/skills/${base}/versions/compare?from=${currentVersion}&to=${version}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Review what changes (v{currentVersion} → v{version})
          </Link>
        </p>
        {failure ? (
          <div role="alert" className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm">
            <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
            <span>
              {failure.message}
              {movedTo !== null ? (
                <>
                  {" "}
                  <Link
                    href={`/skills/${base}/versions/compare?from=${currentVersion}&to=${movedTo}`}
                    className="font-medium underline underline-offset-2"
                    onClick={() => setOpen(false)}
                  >
                    See what changed in v{movedTo}
                  </Link>
                </>
              ) : null}
            </span>
          </div>
        ) : null}
        <form action={formAction}>
          <input type="hidden" name="skillId" value={skillId} />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="baseVersion" value={currentVersion} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            {movedTo !== null ? (
              <Button type="button" onClick={() => router.refresh()}>
                Reload the history
              </Button>
            ) : (
              <Button type="submit" disabled={pending}>
                {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <RotateCcwIcon aria-hidden />} Restore v{version}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
