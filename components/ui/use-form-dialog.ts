"use client";
import { useState } from "react";

/**
 * A dialog whose form starts over at each opening: key the form with `session`, so typed values,
 * a refusal or a shown-once secret are gone once the dialog closes. `onClose` resets more state.
 */
export function useFormDialog(onClose?: () => void) {
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setSession((n) => n + 1);
      onClose?.();
    }
  };
  return { open, session, onOpenChange, close: () => onOpenChange(false) };
}
