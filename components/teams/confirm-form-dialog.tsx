"use client";
import { useState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/types/actions";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { useFormAction } from "@/components/ui/use-form-action";
import { FormFailure } from "./team-form-bits";

/** "Remove …?", "Leave …?", "Revoke …?": a question, the fields the action needs, a destructive button. */
export function ConfirmFormDialog<T>({
  trigger,
  title,
  description,
  action,
  fields,
  submit,
  onSuccess,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  action: (previous: ActionResult<T> | null, formData: FormData) => Promise<ActionResult<T>>;
  fields: Record<string, string>;
  submit: string;
  /** After success; the page is refreshed otherwise. */
  onSuccess?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const { formAction, pending, failure } = useFormAction(action, {
    refresh: !onSuccess,
    onSuccess: () => {
      setOpen(false);
      onSuccess?.();
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form action={formAction} className="grid gap-4">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <FormFailure failure={failure} />
          <DialogFormFooter pending={pending} variant="destructive">
            {submit}
          </DialogFormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
