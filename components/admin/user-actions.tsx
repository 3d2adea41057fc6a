"use client";
import { useState } from "react";
import { BanIcon, ShieldIcon, ShieldOffIcon, UserCheckIcon } from "lucide-react";
import { disableUserAction, enableUserAction, setUserRoleAction } from "@/lib/actions/admin";
import type { ActionResult } from "@/lib/types/actions";
import type { AdminUser } from "@/lib/types/admin";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { useFormAction } from "@/components/ui/use-form-action";

type Props = { user: AdminUser; self: boolean; lastAdmin: boolean };

/** One account's role and disable/re-enable buttons, each confirmed in a dialog. */
export function UserActions({ user, self, lastAdmin }: Props) {
  const admin = user.role === "ADMIN";
  const disabled = user.disabledAt !== null;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <ConfirmDialog
        action={setUserRoleAction}
        userId={user.id}
        fields={{ role: admin ? "USER" : "ADMIN" }}
        trigger={admin ? "Remove admin" : "Make admin"}
        icon={admin ? <ShieldOffIcon aria-hidden /> : <ShieldIcon aria-hidden />}
        label={`${admin ? "Remove admin role from" : "Make admin:"} ${user.name}`}
        title={admin ? `Remove ${user.name}'s admin role?` : `Make ${user.name} an instance admin?`}
        description={
          admin
            ? lastAdmin
              ? "This is the last active instance admin: make someone else an admin first."
              : "They keep their account, teams and skills, and lose the admin console and the public space."
            : "Instance admins manage every account, the audit trail, instance settings and the public skills."
        }
        confirm={admin ? "Remove admin role" : "Make admin"}
        destructive={admin}
        blocked={admin && lastAdmin}
      />
      {disabled ? (
        <ConfirmDialog
          action={enableUserAction}
          userId={user.id}
          trigger="Re-enable"
          icon={<UserCheckIcon aria-hidden />}
          label={`Re-enable ${user.name}`}
          title={`Re-enable ${user.name}?`}
          description="They can sign in again, and their access tokens work again."
          confirm="Re-enable account"
        />
      ) : (
        <ConfirmDialog
          action={disableUserAction}
          userId={user.id}
          trigger="Disable"
          icon={<BanIcon aria-hidden />}
          label={`Disable ${user.name}`}
          title={`Disable ${user.name}?`}
          description={
            self
              ? "You cannot disable your own account; another instance admin can."
              : "They are signed out everywhere at once, cannot sign in, and their access tokens stop working. Their skills and teams stay; re-enabling gives everything back."
          }
          confirm="Disable account"
          destructive
          blocked={self}
        />
      )}
    </div>
  );
}

function ConfirmDialog<T>(props: {
  action: (previous: ActionResult<T> | null, formData: FormData) => Promise<ActionResult<T>>;
  userId: string;
  fields?: Record<string, string>;
  trigger: string;
  icon: React.ReactNode;
  label: string;
  title: string;
  description: string;
  confirm: string;
  destructive?: boolean;
  /** The rules refuse this anyway; the description says why, and the button stays off. */
  blocked?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { formAction, pending, failure } = useFormAction(props.action, { onSuccess: () => setOpen(false) });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={props.label}>
          {props.icon}
          {props.trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form action={formAction} className="grid gap-4">
          <input type="hidden" name="userId" value={props.userId} />
          {Object.entries(props.fields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>{props.description}</DialogDescription>
          </DialogHeader>
          {failure ? (
            <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {failure.message}
            </p>
          ) : null}
          <DialogFormFooter pending={pending} disabled={props.blocked} variant={props.destructive ? "destructive" : "default"}>
            {props.confirm}
          </DialogFormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
