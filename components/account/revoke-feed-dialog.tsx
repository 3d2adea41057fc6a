"use client";
import { useState } from "react";
import { revokeFeedAction } from "@/lib/actions/feeds";
import type { FeedInfo } from "@/lib/types/feeds";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { useFormAction } from "@/components/ui/use-form-action";

export function RevokeFeedDialog({ feed }: { feed: FeedInfo }) {
  const [open, setOpen] = useState(false);
  const { formAction, pending, failure } = useFormAction(revokeFeedAction, { onSuccess: () => setOpen(false) });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Revoke ${feed.name}`}>
          Revoke
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form action={formAction} className="grid gap-4">
          <input type="hidden" name="feedId" value={feed.id} />
          <DialogHeader>
            <DialogTitle>Revoke “{feed.name}”?</DialogTitle>
            <DialogDescription>
              Every client that installs or updates from <code className="font-mono">{feed.prefix}…</code> is refused from now on; skills already installed stay
              where they are. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          {failure ? (
            <p role="alert" className="text-sm text-destructive">
              {failure.message}
            </p>
          ) : null}
          <DialogFormFooter pending={pending} variant="destructive">
            Revoke link
          </DialogFormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
