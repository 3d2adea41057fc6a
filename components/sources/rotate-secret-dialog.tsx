"use client";
import { useState } from "react";
import { KeyRoundIcon, RotateCwIcon } from "lucide-react";
import { FormFailure } from "@/components/ui/form-errors";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { useFormAction } from "@/components/ui/use-form-action";
import { useFormDialog } from "@/components/ui/use-form-dialog";
import { rotateWebhookSecretAction } from "@/lib/actions/sources";
import { WebhookSecret } from "./webhook-secret";

/** A new webhook secret for a source: the old one stops working at once, and the new one shows this once. */
export function RotateSecretDialog({ sourceId }: { sourceId: string }) {
  const [shown, setShown] = useState(false);
  const dialog = useFormDialog(() => setShown(false));
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <RotateCwIcon aria-hidden /> Rotate secret
        </Button>
      </DialogTrigger>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl"
        onInteractOutside={(event) => {
          if (shown) event.preventDefault();
        }}
      >
        <RotateForm key={dialog.session} sourceId={sourceId} onRotated={() => setShown(true)} onDone={dialog.close} />
      </DialogContent>
    </Dialog>
  );
}

function RotateForm({ sourceId, onRotated, onDone }: { sourceId: string; onRotated: () => void; onDone: () => void }) {
  const { state, formAction, pending, failure } = useFormAction(rotateWebhookSecretAction, { onSuccess: onRotated });
  if (state?.ok) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>New webhook secret</DialogTitle>
          <DialogDescription>
            Put it in the repository&apos;s webhook settings: deliveries signed with the old secret are refused from now on.
          </DialogDescription>
        </DialogHeader>
        <WebhookSecret idPrefix="rotated-webhook" url={state.data.webhookUrl} secret={state.data.webhookSecret} />
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            Done
          </Button>
        </DialogFooter>
      </>
    );
  }
  return (
    <form action={formAction} className="grid gap-4">
      <input type="hidden" name="sourceId" value={sourceId} />
      <DialogHeader>
        <DialogTitle>Rotate the webhook secret?</DialogTitle>
        <DialogDescription>
          The current secret stops working at once: pushes do not start a sync until the repository&apos;s webhook has the new one.
        </DialogDescription>
      </DialogHeader>
      <FormFailure failure={failure} />
      <DialogFormFooter pending={pending} icon={<KeyRoundIcon aria-hidden />}>
        Rotate secret
      </DialogFormFooter>
    </form>
  );
}
