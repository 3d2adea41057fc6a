"use client";
import { SaveIcon } from "lucide-react";
import { updateTeamAction } from "@/lib/actions/teams";
import { TEAM_DESCRIPTION_MAX } from "@/lib/skills/teams/team-inputs";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useFormAction } from "@/components/ui/use-form-action";
import { LoaderCircleIcon } from "lucide-react";
import { FieldError, fieldInvalid, FormFailure } from "@/components/ui/form-errors";

/** Rename the team and change its description (owners and admins). */
export function TeamSettingsForm({ team }: { team: { id: string; name: string; description: string } }) {
  const { formAction, pending, failure } = useFormAction(updateTeamAction, { refresh: true });
  const values = failure?.values;
  return (
    <form action={formAction} noValidate className="grid gap-4">
      <input type="hidden" name="teamId" value={team.id} />
      <FormFailure failure={failure} />
      <div className="grid gap-2">
        <Label htmlFor="settings-name">Name</Label>
        <Input
          id="settings-name"
          name="name"
          maxLength={48}
          defaultValue={values?.name ?? team.name}
          required
          aria-invalid={fieldInvalid(failure, "name")}
          aria-describedby="settings-name-error"
        />
        <FieldError id="settings-name-error" failure={failure} field="name" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="settings-description">Description</Label>
        <Textarea
          id="settings-description"
          name="description"
          rows={3}
          maxLength={TEAM_DESCRIPTION_MAX}
          defaultValue={values?.description ?? team.description}
          placeholder="What the team works on"
          aria-describedby="settings-description-error"
        />
        <FieldError id="settings-description-error" failure={failure} field="description" />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <SaveIcon aria-hidden />}
          Save changes
        </Button>
      </div>
    </form>
  );
}
