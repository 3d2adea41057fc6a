"use client";
import { useId, useRef } from "react";
import { PlusIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { submitWithoutReset, useFormAction } from "@/components/ui/use-form-action";
import { addTeamTagAction, removeTeamTagAction } from "@/lib/actions/skill-meta";
import { TAG_MAX_LENGTH } from "@/lib/skills/tags/tags";

/** Add a tag to the team's list; a refusal (too long, taken, malformed) shows under the field. */
export function AddTeamTagForm({ teamId }: { teamId: string }) {
  const id = useId();
  // Cleared after a success only: a refused tag stays in the field to be fixed.
  const form = useRef<HTMLFormElement>(null);
  const { formAction, pending, failure } = useFormAction(addTeamTagAction, { refresh: true, onSuccess: () => form.current?.reset() });
  return (
    <form ref={form} onSubmit={(event) => submitWithoutReset(event, formAction)} className="grid gap-2">
      <input type="hidden" name="teamId" value={teamId} />
      <Label htmlFor={`${id}-name`}>New tag</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${id}-name`}
          name="name"
          required
          placeholder="e.g. pdf, reports, on-call"
          className="min-w-0 flex-1 basis-48"
          aria-invalid={failure ? true : undefined}
          aria-describedby={`${id}-hint`}
        />
        <Button type="submit" disabled={pending}>
          <PlusIcon aria-hidden /> {pending ? "Adding…" : "Add tag"}
        </Button>
      </div>
      <p id={`${id}-hint`} className={failure ? "text-sm text-destructive" : "text-xs text-muted-foreground"} role={failure ? "alert" : undefined}>
        {failure ? failure.message : `Lowercase letters, digits, dots and dashes, at most ${TAG_MAX_LENGTH} characters.`}
      </p>
    </form>
  );
}

export function RemoveTeamTagButton({ teamId, name }: { teamId: string; name: string }) {
  const { formAction, pending } = useFormAction(removeTeamTagAction, { refresh: true });
  return (
    <form action={formAction} className="contents">
      <input type="hidden" name="teamId" value={teamId} />
      <input type="hidden" name="name" value={name} />
      <button
        type="submit"
        disabled={pending}
        aria-label={`Remove the tag ${name}`}
        title="Remove from the list and from the team's skills"
        className="-mr-1 rounded-full p-0.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50 disabled:opacity-50"
      >
        <XIcon aria-hidden className="size-3.5" />
      </button>
    </form>
  );
}
