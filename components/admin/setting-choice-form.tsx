"use client";
import { LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import type { ActionResult } from "@/lib/types/actions";

export interface SettingChoice<V extends string> {
  value: V;
  title: string;
  hint: string;
}

/** One instance setting as radio choices and a Save button, posted to its server action. */
export function SettingChoiceForm<V extends string, T>({
  action,
  name,
  legend,
  choices,
  value,
}: {
  action: (previous: ActionResult<T> | null, formData: FormData) => Promise<ActionResult<T>>;
  name: string;
  legend: string;
  choices: readonly SettingChoice<V>[];
  value: V;
}) {
  const { formAction, pending, failure } = useFormAction(action);
  return (
    <form action={formAction} aria-label={legend} className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{legend}</legend>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50"
          >
            <input type="radio" name={name} value={choice.value} defaultChecked={value === choice.value} className="mt-0.5 accent-primary" />
            <span className="grid gap-0.5">
              <span className="font-medium">{choice.title}</span>
              <span className="text-muted-foreground">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
          Save
        </Button>
      </div>
    </form>
  );
}
