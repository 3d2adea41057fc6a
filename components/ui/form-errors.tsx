import type { ActionFailure } from "@/lib/types/actions";

// How a form says an action's refusal: above the form, or under the field it names.

/**
 * A refusal that is not about one field, said above the form. `fields`: the form's fields that
 * show their own refusal (FieldError), so one naming them is not said twice.
 */
export function FormFailure({ failure, fields = [] }: { failure: ActionFailure | null; fields?: string[] }) {
  if (!failure || (failure.code === "INVALID_INPUT" && failure.fieldErrors && Object.keys(failure.fieldErrors).length)) return null;
  if (typeof failure.details?.field === "string" && fields.includes(failure.details.field)) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {failure.message}
    </p>
  );
}

/** The first error of a field, with the id its input's aria-describedby points at. */
export function FieldError({ id, failure, field }: { id: string; failure: ActionFailure | null; field: string }) {
  const message = failure?.fieldErrors?.[field]?.[0] ?? (failure?.details?.field === field ? failure.message : undefined);
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

export function fieldInvalid(failure: ActionFailure | null, field: string): boolean {
  return !!failure?.fieldErrors?.[field] || failure?.details?.field === field;
}
