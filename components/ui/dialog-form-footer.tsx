"use client";
import type { ReactNode } from "react";
import { LoaderCircleIcon } from "lucide-react";
import { Button } from "./button";
import { DialogClose, DialogFooter } from "./dialog";

/** The footer of a dialog's form: Cancel closes it, the submit button spins while the action runs. */
export function DialogFormFooter({
  pending,
  disabled = false,
  icon,
  variant,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  /** Shown on the submit button when not pending. */
  icon?: ReactNode;
  variant?: "default" | "destructive";
  /** The submit button's label. */
  children: ReactNode;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" variant={variant} disabled={pending || disabled}>
        {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : (icon ?? null)}
        {children}
      </Button>
    </DialogFooter>
  );
}
