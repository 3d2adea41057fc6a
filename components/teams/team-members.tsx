"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { LogOutIcon, UserMinusIcon, UserPlusIcon } from "lucide-react";
import { addMemberAction, changeRoleAction, leaveTeamAction, removeMemberAction } from "@/lib/actions/teams";
import type { TeamMember, TeamRole } from "@/lib/types/teams";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { submitWithoutReset, useFormAction } from "@/components/ui/use-form-action";
import { useFormDialog } from "@/components/ui/use-form-dialog";
import { ConfirmFormDialog } from "@/components/ui/confirm-form-dialog";
import { leaveRefusal } from "@/lib/skills/teams/leave";
import { FieldError, fieldInvalid, FormFailure } from "@/components/ui/form-errors";
import { ROLE_LABEL } from "./team-roles";

interface MembersProps {
  teamId: string;
  teamName: string;
  viewerId: string;
  viewerRole: TeamRole;
  members: TeamMember[];
  /** Roles the viewer may give; empty for members. */
  grantRoles: TeamRole[];
}

/** Who may change `member`: owners anyone; admins anyone but owners; nobody themselves here (leaving is separate). */
function manages(viewerRole: TeamRole, member: TeamMember) {
  return viewerRole === "OWNER" || (viewerRole === "ADMIN" && member.role !== "OWNER");
}

export function TeamMembers({ teamId, teamName, viewerId, viewerRole, members, grantRoles }: MembersProps) {
  const cannotLeave = leaveRefusal(members, viewerId);
  return (
    <ul className="grid divide-y" aria-label={`Members of ${teamName}`}>
      {members.map((member) => {
        const self = member.userId === viewerId;
        const canChange = manages(viewerRole, member);
        return (
          <li key={member.userId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
            <div className="grid min-w-0">
              <span className="truncate text-sm font-medium">
                {member.name} {self ? <span className="font-normal text-muted-foreground">(you)</span> : null}
              </span>
              <span className="truncate text-xs text-muted-foreground">{member.email}</span>
            </div>
            <div className="flex items-center gap-2">
              {canChange ? (
                <RoleSelect teamId={teamId} member={member} roles={viewerRole === "OWNER" ? ["OWNER", "ADMIN", "MEMBER"] : grantRoles} />
              ) : (
                <Badge variant={member.role === "OWNER" ? "default" : "secondary"}>{ROLE_LABEL[member.role]}</Badge>
              )}
              {self && cannotLeave ? (
                // Said before, not refused after the confirmation.
                <Button variant="outline" size="sm" disabled aria-describedby="leave-refusal">
                  <LogOutIcon aria-hidden /> Leave
                </Button>
              ) : self ? (
                <LeaveDialog teamId={teamId} teamName={teamName} />
              ) : canChange ? (
                <RemoveDialog teamId={teamId} member={member} />
              ) : null}
            </div>
            {self && cannotLeave ? (
              <p id="leave-refusal" className="basis-full text-right text-xs text-muted-foreground">
                {cannotLeave}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function RoleSelect({ teamId, member, roles }: { teamId: string; member: TeamMember; roles: TeamRole[] }) {
  const { formAction, pending, failure } = useFormAction(changeRoleAction, { refresh: true });
  // Saved with a button, not on change: arrow keys on a closed select change its value a step at
  // a time on some platforms, and each step would be a role change of its own.
  const [chosen, setChosen] = useState<TeamRole>(member.role);
  // Back to the stored role once it changes or a change is refused (React's "adjust state when a prop changes").
  const [seen, setSeen] = useState({ role: member.role, failure });
  if (seen.role !== member.role || seen.failure !== failure) {
    setSeen({ role: member.role, failure });
    setChosen(member.role);
  }
  return (
    // Submitted by hand, not through the form's action: React resets a form after its action, and
    // a reset puts controlled fields (this form's choices) back on their first option while the
    // state still holds the chosen one, so the page showed one value and would save another.
    <form onSubmit={(event) => submitWithoutReset(event, formAction)} className="grid justify-items-end gap-1">
      <input type="hidden" name="teamId" value={teamId} />
      <input type="hidden" name="userId" value={member.userId} />
      <div className="flex items-center gap-2">
        <Label htmlFor={`role-${member.userId}`} className="sr-only">
          Role of {member.name}
        </Label>
        <Select id={`role-${member.userId}`} name="role" value={chosen} disabled={pending} onChange={(event) => setChosen(event.target.value as TeamRole)}>
          {(roles.includes(member.role) ? roles : [member.role, ...roles]).map((role) => (
            <option key={role} value={role}>
              {ROLE_LABEL[role]}
            </option>
          ))}
        </Select>
        {chosen !== member.role ? (
          <Button type="submit" size="sm" disabled={pending} aria-label={`Save the role of ${member.name}`}>
            Save
          </Button>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="max-w-64 text-right text-xs text-destructive">
          {failure.message}
        </p>
      ) : null}
    </form>
  );
}

function RemoveDialog({ teamId, member }: { teamId: string; member: TeamMember }) {
  return (
    <ConfirmFormDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Remove ${member.name}`} title={`Remove ${member.name}`}>
          <UserMinusIcon aria-hidden />
        </Button>
      }
      title={`Remove ${member.name}?`}
      description="They stop seeing the team's skills at once. Skills they added stay with the team."
      action={removeMemberAction}
      fields={{ teamId, userId: member.userId }}
      submit="Remove"
    />
  );
}

function LeaveDialog({ teamId, teamName }: { teamId: string; teamName: string }) {
  const router = useRouter();
  return (
    <ConfirmFormDialog
      trigger={
        <Button variant="outline" size="sm">
          <LogOutIcon aria-hidden /> Leave
        </Button>
      }
      title={`Leave ${teamName}?`}
      description="You stop seeing its skills at once. To come back you need a new invite."
      action={leaveTeamAction}
      fields={{ teamId }}
      submit="Leave team"
      onSuccess={() => router.push("/teams")}
    />
  );
}

/** Add someone who already has an account, by email. */
export function AddMemberDialog({ teamId, grantRoles }: { teamId: string; grantRoles: TeamRole[] }) {
  const dialog = useFormDialog();
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <UserPlusIcon aria-hidden /> Add member
        </Button>
      </DialogTrigger>
      <DialogContent>
        <AddMemberForm key={dialog.session} teamId={teamId} grantRoles={grantRoles} onDone={dialog.close} />
      </DialogContent>
    </Dialog>
  );
}

function AddMemberForm({ teamId, grantRoles, onDone }: { teamId: string; grantRoles: TeamRole[]; onDone: () => void }) {
  const { formAction, pending, failure } = useFormAction(addMemberAction, { refresh: true, onSuccess: onDone });
  const values = failure?.values;
  return (
    <form action={formAction} noValidate className="grid gap-4">
      <input type="hidden" name="teamId" value={teamId} />
      <DialogHeader>
        <DialogTitle>Add a member</DialogTitle>
        <DialogDescription>For someone who already has an account here. Anyone else: create an invite link.</DialogDescription>
      </DialogHeader>
      <FormFailure failure={failure} />
      <div className="grid gap-2">
        <Label htmlFor="member-email">Email</Label>
        <Input
          id="member-email"
          name="email"
          type="email"
          placeholder="grace@example.com"
          defaultValue={values?.email}
          autoFocus
          aria-invalid={fieldInvalid(failure, "email")}
          aria-describedby="member-email-error"
        />
        <FieldError id="member-email-error" failure={failure} field="email" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="member-role">Role</Label>
        <Select id="member-role" name="role" defaultValue={values?.role ?? "MEMBER"}>
          {grantRoles.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABEL[role]}
            </option>
          ))}
        </Select>
      </div>
      <DialogFormFooter pending={pending} icon={<UserPlusIcon aria-hidden />}>
        Add member
      </DialogFormFooter>
    </form>
  );
}
