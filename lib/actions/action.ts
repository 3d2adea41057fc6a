import "server-only";
import { z } from "zod";
import { DataError } from "@/lib/data/errors";
import { requireViewer, type Viewer } from "@/lib/data/core";
import type { ActionFailure, ActionResult, ActionSuccess } from "@/lib/types/actions";

// The one way a server action runs: the signed-in viewer (or a redirect to sign-in), the input
// parsed by its schema, the data layer called, a DataError turned into an ActionFailure. Anything
// else is a bug and propagates to the error boundary.

export type { ActionFailure, ActionResult, ActionSuccess };

export function success<T>(data: T, message?: string): ActionSuccess<T> {
  return message === undefined ? { ok: true, data } : { ok: true, data, message };
}

export function failure(message: string, extra: Omit<ActionFailure, "ok" | "message" | "code"> & { code?: ActionFailure["code"] } = {}): ActionFailure {
  return { ok: false, code: "INVALID", message, ...extra };
}

type Invalid = string | { message: string; details?: Record<string, unknown> };

interface ActionOptions<S extends z.ZodType> {
  /** The message (and facts) for input that fails the schema, given the input as read; the first issue's message otherwise. */
  invalid?: Invalid | ((error: z.ZodError<z.input<S>>, raw: unknown) => Invalid);
  /** A refusal that deserves more than its message (a conflict with a way out); undefined for the default. */
  refusal?: (error: DataError) => ActionFailure | undefined;
}

interface FormActionOptions<S extends z.ZodType> extends ActionOptions<S> {
  /** What of the form the schema reads; every field as a string otherwise. */
  fields?: (formData: FormData) => Record<string, unknown>;
  /** Send the submitted values back with a refusal, so the form can show them again. */
  echo?: boolean;
}

type Handler<S extends z.ZodType, T> = (input: z.output<S>, viewer: Viewer) => Promise<ActionResult<T>>;
/** A form's handler also gets the form, for what a schema does not parse (uploaded files). */
type FormHandler<S extends z.ZodType, T> = (input: z.output<S>, viewer: Viewer, formData: FormData) => Promise<ActionResult<T>>;

async function run<S extends z.ZodType, T>(
  schema: S,
  raw: unknown,
  handler: Handler<S, T>,
  options: ActionOptions<S>,
  values?: Record<string, string>,
): Promise<ActionResult<T>> {
  const viewer = await requireViewer();
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const error = parsed.error as z.ZodError<z.input<S>>;
    const said = typeof options.invalid === "function" ? options.invalid(error, raw) : (options.invalid ?? error.issues[0]?.message ?? "Check the form.");
    const { message, details } = typeof said === "string" ? { message: said, details: undefined } : said;
    return {
      ok: false,
      code: "INVALID_INPUT",
      message,
      fieldErrors: z.flattenError(error).fieldErrors as Record<string, string[] | undefined>,
      ...(details ? { details } : {}),
      ...(values ? { values } : {}),
    };
  }
  try {
    return await handler(parsed.data, viewer);
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    const special = options.refusal?.(error);
    if (special) return special;
    return { ok: false, code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}), ...(values ? { values } : {}) };
  }
}

/** An action called with one argument (a dialog's click, a panel's preview). */
export function action<S extends z.ZodType, T>(schema: S, handler: Handler<S, T>, options: ActionOptions<S> = {}) {
  return async (input: z.input<S>): Promise<ActionResult<T>> => run(schema, input, handler, options);
}

/** An action a <form> submits through useActionState (see components/ui/use-form-action.ts). */
export function formAction<S extends z.ZodType, T>(schema: S, handler: FormHandler<S, T>, options: FormActionOptions<S> = {}) {
  return async (_previous: ActionResult<T> | null, formData: FormData): Promise<ActionResult<T>> => {
    const values = Object.fromEntries([...formData.entries()].flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])));
    return run(
      schema,
      options.fields ? options.fields(formData) : values,
      (input, viewer) => handler(input, viewer, formData),
      options,
      options.echo ? values : undefined,
    );
  };
}
