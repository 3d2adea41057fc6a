"use client";
import { useId } from "react";
import { renameSelfAction } from "@/lib/actions/account";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useFormAction } from "@/components/ui/use-form-action";

/** The display name, edited in place: what teammates see beside one's skills and reviews. */
export function ProfileNameForm({ name }: { name: string }) {
  const id = useId();
  const { formAction, pending, failure } = useFormAction(renameSelfAction, { refresh: true });
  const error = failure?.fieldErrors?.name?.[0] ?? failure?.message;
  return (
    <form action={formAction} className="grid gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        Display name
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          name="name"
          defaultValue={failure?.values?.name ?? name}
          autoComplete="name"
          required
          maxLength={80}
          className="min-w-0 flex-1 basis-48"
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="outline" disabled={pending}>
          Save name
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
