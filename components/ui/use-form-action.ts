"use client";
import { startTransition, useActionState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import type { ActionFailure, ActionResult, ActionSuccess } from "@/lib/types/actions";
import { toast } from "./toaster";

export interface FormActionHandlers<T> {
  /** After a success: close the dialog, clear the form. */
  onSuccess?: (result: ActionSuccess<T>) => void;
  /** Say a success's message in a toast (default); off where the form shows it in place. */
  toast?: boolean;
  /** Re-render the page's server components after a success, for writes the page shows. */
  refresh?: boolean;
}

/**
 * The submit → toast → close pattern of every form that posts to a server action: the action's
 * state, the form's action, whether it is pending, and the refusal to show (null while there is none).
 */
export function useFormAction<T>(
  serverAction: (previous: ActionResult<T> | null, formData: FormData) => Promise<ActionResult<T>>,
  handlers: FormActionHandlers<T> = {},
) {
  const router = useRouter();
  const [state, formAction, pending] = useActionState(async (previous: ActionResult<T> | null, formData: FormData) => {
    const next = await serverAction(previous, formData);
    if (next.ok) {
      if (next.message && handlers.toast !== false) toast.success(next.message);
      handlers.onSuccess?.(next);
      if (handlers.refresh) router.refresh();
    }
    return next;
  }, null);
  const failure: ActionFailure | null = state && !state.ok ? state : null;
  return { state, formAction, pending, failure };
}

/**
 * Submits a form to a useFormAction's action without React's reset after it (a `<form action>`
 * resets its fields once the action ends): for forms of controlled choices that must keep showing
 * what was chosen, and saved, until the page's refresh brings the stored value.
 */
export function submitWithoutReset(event: FormEvent<HTMLFormElement>, formAction: (formData: FormData) => void): void {
  event.preventDefault();
  const data = new FormData(event.currentTarget);
  startTransition(() => formAction(data));
}
