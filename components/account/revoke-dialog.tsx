"use client";
import { useState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/types/actions";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { useFormAction } from "@/components/ui/use-form-action";

/** "Revoke …?" for a credential of the account page (a token, a delivery link): one hidden id, a confirm, the refusal if any. */
export function RevokeDialog({
  name,
  field,
  id,
  action,
  confirm,
  children,
}: {
  name: string;
  /** The form field the action reads the id from. */
  field: string;
  id: string;
  action: (previous: ActionResult<null> | null, formData: FormData) => Promise<ActionResult<null>>;
  confirm: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const { formAction, pending, failure } = useFormAction(action, { onSuccess: () => setOpen(false) });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Revoke ${name}`}>
          Revoke
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form action={formAction} className="grid gap-4">
          <input type="hidden" name={field} value={id} />
          <DialogHeader>
            <DialogTitle>Revoke “{name}”?</DialogTitle>
            <DialogDescription>{children}</DialogDescription>
          </DialogHeader>
          {failure ? (
            <p role="alert" className="text-sm text-destructive">
              {failure.message}
            </p>
          ) : null}
          <DialogFormFooter pending={pending} variant="destructive">
            {confirm}
          </DialogFormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
