"use client";
import { useState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/types/actions";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "./dialog";
import { DialogFormFooter } from "./dialog-form-footer";
import { FormFailure } from "./form-errors";
import { useFormAction } from "./use-form-action";

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
