"use client";
import { useRouter } from "next/navigation";
import { PlusIcon, UsersIcon } from "lucide-react";
import { createTeamAction } from "@/lib/actions/teams";
import { TEAM_DESCRIPTION_MAX } from "@/lib/skills/teams/team-inputs";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useFormAction } from "@/components/ui/use-form-action";
import { useFormDialog } from "@/components/ui/use-form-dialog";
import { FieldError, fieldInvalid, FormFailure } from "@/components/ui/form-errors";

/** "New team": name and description; the new team's page opens on success. */
export function NewTeamDialog({ label = "New team" }: { label?: string }) {
  const dialog = useFormDialog();
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden /> {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <NewTeamForm key={dialog.session} onCreated={dialog.close} />
      </DialogContent>
    </Dialog>
  );
}

function NewTeamForm({ onCreated }: { onCreated: () => void }) {
  const router = useRouter();
  const { formAction, pending, failure } = useFormAction(createTeamAction, {
    onSuccess: (result) => {
      onCreated();
      router.push(`/teams/${result.data.id}`);
    },
  });
  const values = failure?.values;
  return (
    <form action={formAction} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>New team</DialogTitle>
        <DialogDescription>You become its owner. Invite people with a link from the team&apos;s page.</DialogDescription>
      </DialogHeader>
      <FormFailure failure={failure} />
      <div className="grid gap-2">
        <Label htmlFor="team-name">Name</Label>
        <Input
          id="team-name"
          name="name"
          placeholder="Data Platform"
          maxLength={48}
          defaultValue={values?.name}
          required
          autoFocus
          aria-invalid={fieldInvalid(failure, "name")}
          aria-describedby="team-name-error"
        />
        <FieldError id="team-name-error" failure={failure} field="name" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="team-description">
          Description <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id="team-description"
          name="description"
          rows={3}
          maxLength={TEAM_DESCRIPTION_MAX}
          placeholder="What the team works on"
          defaultValue={values?.description}
          aria-describedby="team-description-error"
        />
        <FieldError id="team-description-error" failure={failure} field="description" />
      </div>
      <DialogFormFooter pending={pending} icon={<UsersIcon aria-hidden />}>
        Create team
      </DialogFormFooter>
    </form>
  );
}
