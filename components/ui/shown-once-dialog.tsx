"use client";
import { useState, type ReactNode } from "react";
import { Dialog, DialogContent, DialogTrigger } from "./dialog";

/**
 * A dialog whose form ends by showing a secret once (a token, a delivery link). Each opening
 * starts the form over (a new key), the secret leaves memory when the dialog closes, and while it
 * is shown a stray click outside does not throw it away.
 */
export function ShownOnceDialog({
  trigger,
  className,
  children,
}: {
  trigger: ReactNode;
  className?: string;
  children: (props: { key: number; onCreated: () => void; onDone: () => void }) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const [shown, setShown] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setSession((n) => n + 1);
          setShown(false);
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        className={className}
        onInteractOutside={(event) => {
          if (shown) event.preventDefault();
        }}
      >
        {children({ key: session, onCreated: () => setShown(true), onDone: () => setOpen(false) })}
      </DialogContent>
    </Dialog>
  );
}
