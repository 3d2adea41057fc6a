"use client";
import { useState } from "react";
import { LoaderCircleIcon, SaveIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import { setTeamBoundToolsAction } from "@/lib/actions/teams";
import { FormFailure } from "@/components/ui/form-errors";

/** The owners' switch for the team's bound tools. The checkbox is the state until saved. */
export function BoundToolsForm({ teamId, allowed }: { teamId: string; allowed: boolean }) {
  const [allow, setAllow] = useState(allowed);
  const { formAction, pending, failure } = useFormAction(setTeamBoundToolsAction, { refresh: true });
  return (
    <form action={formAction} className="grid gap-4">
      <input type="hidden" name="teamId" value={teamId} />
      <FormFailure failure={failure} />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="allow"
          checked={allow}
          onChange={(event) => setAllow(event.target.checked)}
          className="mt-0.5 size-4 accent-primary"
          aria-describedby="bound-tools-hint"
        />
        <span className="grid gap-0.5">
          <span className="font-medium">Let this team&apos;s skills bind tools</span>
          <span id="bound-tools-hint" className="text-muted-foreground">
            A skill that declares tools offers them to the model once it is loaded in the playground, and the model can then run their scripts (each call still
            asks the user unless the skill&apos;s allowed-tools lists it). Versions that need security review never bind tools.
          </span>
        </span>
      </label>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending || allow === allowed}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <SaveIcon aria-hidden />}
          Save
        </Button>
      </div>
    </form>
  );
}
