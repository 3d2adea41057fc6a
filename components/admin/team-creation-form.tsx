"use client";
import { setTeamCreationAction } from "@/lib/actions/admin";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import { LoaderCircleIcon } from "lucide-react";

const CHOICES = [
  { value: "anyone", title: "Anyone signed in", hint: "Every user may create a team and becomes its owner." },
  { value: "admins", title: "Instance admins only", hint: "Only instance admins create teams; they can then make others owners." },
] as const;

export function TeamCreationForm({ value }: { value: "anyone" | "admins" }) {
  const { formAction, pending, failure } = useFormAction(setTeamCreationAction);
  return (
    <form action={formAction} className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Who may create teams</legend>
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50"
          >
            <input type="radio" name="teamCreation" value={choice.value} defaultChecked={value === choice.value} className="mt-0.5 accent-primary" />
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
