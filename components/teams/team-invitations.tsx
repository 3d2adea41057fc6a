"use client";
import { useState } from "react";
import { LinkIcon, PlusIcon } from "lucide-react";
import { createInvitationAction, revokeInvitationAction } from "@/lib/actions/teams";
import { DEFAULT_INVITE_EXPIRY_DAYS, INVITE_EXPIRY_DAYS } from "@/lib/skills/teams/team-inputs";
import type { InvitationInfo, InvitationState, TeamRole } from "@/lib/types/teams";
import { formatExpiry, formatRelative } from "@/lib/display";
import { ShownOnceSecret } from "@/components/ui/shown-once-secret";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useFormAction } from "@/components/ui/use-form-action";
import { useFormDialog } from "@/components/ui/use-form-dialog";
import { ConfirmFormDialog } from "@/components/ui/confirm-form-dialog";
import { FieldError, fieldInvalid, FormFailure } from "@/components/ui/form-errors";
import { ROLE_HINT, ROLE_LABEL } from "./team-roles";

const STATE_BADGE: Record<InvitationState, "success" | "secondary" | "warning" | "destructive"> = {
  active: "success",
  expired: "secondary",
  revoked: "destructive",
  "used up": "warning",
};

/** Create an invite link; the link is shown once, then only its details are. */
export function CreateInvitationDialog({ teamId, teamName, grantRoles }: { teamId: string; teamName: string; grantRoles: TeamRole[] }) {
  const [linkShown, setLinkShown] = useState(false);
  const dialog = useFormDialog(() => setLinkShown(false));
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">
          <PlusIcon aria-hidden /> New invite link
        </Button>
      </DialogTrigger>
      <DialogContent
        // A stray click outside must not throw away a link that cannot be shown again.
        onInteractOutside={(event) => {
          if (linkShown) event.preventDefault();
        }}
      >
        <CreateInvitationForm
          key={dialog.session}
          teamId={teamId}
          teamName={teamName}
          grantRoles={grantRoles}
          onCreated={() => setLinkShown(true)}
          onDone={dialog.close}
        />
      </DialogContent>
    </Dialog>
  );
}

function CreateInvitationForm({
  teamId,
  teamName,
  grantRoles,
  onCreated,
  onDone,
}: {
  teamId: string;
  teamName: string;
  grantRoles: TeamRole[];
  onCreated: () => void;
  onDone: () => void;
}) {
  const { state, formAction, pending, failure } = useFormAction(createInvitationAction, { onSuccess: onCreated, refresh: true });

  if (state?.ok) {
    const { invitation, path } = state.data;
    const link = new URL(path, window.location.origin).toString();
    return (
      <>
        <DialogHeader>
          <DialogTitle>Copy the invite link</DialogTitle>
          <DialogDescription>
            It lets {invitation.email ? invitation.email : "whoever has it"} join {teamName} as {ROLE_LABEL[invitation.role].toLowerCase()}
            {invitation.singleUse ? ", once," : ""} and {formatExpiry(invitation.expiresAt)}.
          </DialogDescription>
        </DialogHeader>
        <ShownOnceSecret
          id="new-invite-link"
          label="Invite link"
          value={link}
          warning="This is the only time the link is shown. Send it yourself (chat, email); if it goes astray, revoke it."
        />
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            Done
          </Button>
        </DialogFooter>
      </>
    );
  }

  const values = failure?.values;
  return (
    <form action={formAction} noValidate className="grid gap-4">
      <input type="hidden" name="teamId" value={teamId} />
      <DialogHeader>
        <DialogTitle>New invite link</DialogTitle>
        <DialogDescription>
          Anyone who opens the link can join {teamName}, or create an account and join. There is no email: you send the link.
        </DialogDescription>
      </DialogHeader>
      <FormFailure failure={failure} />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Role</legend>
        {grantRoles.map((role) => (
          <label
            key={role}
            className="flex cursor-pointer gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50"
          >
            <input type="radio" name="role" value={role} defaultChecked={(values?.role ?? "MEMBER") === role} className="mt-0.5 accent-primary" />
            <span className="grid gap-0.5">
              <span className="font-medium">{ROLE_LABEL[role]}</span>
              <span className="text-muted-foreground">{ROLE_HINT[role]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="invite-expiry">Expires after</Label>
        <Select id="invite-expiry" name="expiresInDays" defaultValue={values?.expiresInDays ?? String(DEFAULT_INVITE_EXPIRY_DAYS)}>
          {INVITE_EXPIRY_DAYS.map((days) => (
            <option key={days} value={days}>
              {days === 1 ? "1 day" : `${days} days`}
            </option>
          ))}
        </Select>
      </div>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" name="singleUse" defaultChecked={values ? values.singleUse === "on" : false} className="mt-0.5 size-4 accent-primary" />
        <span className="grid gap-0.5">
          <span className="font-medium">Single use</span>
          <span className="text-muted-foreground">The link stops working after one person joins.</span>
        </span>
      </label>
      <div className="grid gap-2">
        <Label htmlFor="invite-email">
          Only for this email <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id="invite-email"
          name="email"
          type="email"
          placeholder="new.colleague@example.com"
          defaultValue={values?.email}
          aria-invalid={fieldInvalid(failure, "email")}
          aria-describedby="invite-email-error"
        />
        <FieldError id="invite-email-error" failure={failure} field="email" />
      </div>
      <DialogFormFooter pending={pending} icon={<LinkIcon aria-hidden />}>
        Create link
      </DialogFormFooter>
    </form>
  );
}

function uses(invitation: InvitationInfo) {
  if (invitation.useCount === 0) return invitation.singleUse ? "single use, unused" : "unused";
  const count = `${invitation.useCount} ${invitation.useCount === 1 ? "use" : "uses"}`;
  return invitation.singleUse ? `single use, ${count}` : count;
}

/** The team's invite links with their state; active ones can be revoked. */
export function InvitationList({ teamId, invitations }: { teamId: string; invitations: InvitationInfo[] }) {
  if (!invitations.length) return <p className="text-sm text-muted-foreground">No invite links yet.</p>;
  return (
    <ul className="grid divide-y" aria-label="Invite links">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
          <div className="grid min-w-0 gap-1">
            <span className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{ROLE_LABEL[invitation.role]}</span>
              <Badge variant={STATE_BADGE[invitation.state]}>{invitation.state}</Badge>
              <span className="truncate text-muted-foreground">{invitation.email ?? "anyone with the link"}</span>
            </span>
            <span className="text-xs text-muted-foreground" suppressHydrationWarning>
              {uses(invitation)} · {invitation.state === "active" ? formatExpiry(invitation.expiresAt) : `created ${formatRelative(invitation.createdAt)}`}
              {invitation.createdByName ? ` · by ${invitation.createdByName}` : ""}
            </span>
          </div>
          {invitation.state === "active" ? <RevokeInvitationDialog teamId={teamId} invitation={invitation} /> : null}
        </li>
      ))}
    </ul>
  );
}

function RevokeInvitationDialog({ teamId, invitation }: { teamId: string; invitation: InvitationInfo }) {
  const what = `${ROLE_LABEL[invitation.role].toLowerCase()} link${invitation.email ? ` for ${invitation.email}` : ""}`;
  return (
    <ConfirmFormDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Revoke the ${what}`}>
          Revoke
        </Button>
      }
      title={`Revoke this ${what}?`}
      description="Whoever has it can no longer join with it. People who already joined stay in the team."
      action={revokeInvitationAction}
      fields={{ teamId, invitationId: invitation.id }}
      submit="Revoke link"
    />
  );
}
