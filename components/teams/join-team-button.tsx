"use client";
import { LoaderCircleIcon, UsersIcon } from "lucide-react";
import { acceptInvitationAction } from "@/lib/actions/teams";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import { FormFailure } from "@/components/ui/form-errors";

/** Accepts the invite; the action opens the team's page on success. */
export function JoinTeamButton({ secret, teamName }: { secret: string; teamName: string }) {
  const { formAction, pending, failure } = useFormAction(acceptInvitationAction);
  return (
    <form action={formAction} className="grid gap-3">
      <input type="hidden" name="secret" value={secret} />
      <FormFailure failure={failure} />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <UsersIcon aria-hidden />}
        Join {teamName}
      </Button>
    </form>
  );
}
