// What every server action answers: one shape, so a form or dialog handles success and refusal
// the same way everywhere (components/ui/use-form-action.ts).

export type FieldErrors = Record<string, string[] | undefined>;

/** A data-layer refusal code, or INVALID_INPUT when the input did not pass the action's schema. */
export type ActionErrorCode = "NOT_FOUND" | "FORBIDDEN" | "CONFLICT" | "INVALID" | "REFERENCED" | "INVALID_INPUT";

export type ActionSuccess<T> = { ok: true; data: T; message?: string };

export type ActionFailure = {
  ok: false;
  code: ActionErrorCode;
  /** Says what is wrong and where, ready to show. */
  message: string;
  /** Per form field, for inputs that failed the schema. */
  fieldErrors?: FieldErrors;
  /** Facts of the refusal a dialog may offer a way out with (the profiles holding a skill, the version it moved to). */
  details?: Record<string, unknown>;
  /** The submitted form values, so a refused form can show what was typed. */
  values?: Record<string, string>;
};

export type ActionResult<T = null> = ActionSuccess<T> | ActionFailure;
