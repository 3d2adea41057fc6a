"use client";
import { useRef } from "react";
import { LoaderCircleIcon } from "lucide-react";
import { changePasswordAction } from "@/lib/actions/account";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useFormAction } from "@/components/ui/use-form-action";

/** Current password, new password; on success every other session is signed out (the server's rule). */
export function ChangePasswordForm() {
  const form = useRef<HTMLFormElement>(null);
  const { formAction, pending, failure } = useFormAction(changePasswordAction, { onSuccess: () => form.current?.reset(), refresh: true });
  const errors = failure?.fieldErrors ?? {};
  const general = failure && !errors.currentPassword && !errors.newPassword ? failure.message : null;
  return (
    <form ref={form} action={formAction} className="grid gap-4">
      {/* Lets a password manager pair the new password with the account. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      {general ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {general}
        </p>
      ) : null}
      <PasswordField name="currentPassword" label="Current password" autoComplete="current-password" error={errors.currentPassword?.[0]} />
      <PasswordField
        name="newPassword"
        label="New password"
        autoComplete="new-password"
        error={errors.newPassword?.[0]}
        hint="At least 8 characters, not a common password."
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircleIcon className="animate-spin" /> : null}
          Change password
        </Button>
      </div>
    </form>
  );
}

function PasswordField({ name, label, autoComplete, error, hint }: { name: string; label: string; autoComplete: string; error?: string; hint?: string }) {
  const described = error ? `${name}-error` : hint ? `${name}-hint` : undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={name}>{label}</Label>
      <Input id={name} name={name} type="password" autoComplete={autoComplete} required aria-invalid={!!error} aria-describedby={described} />
      {error ? (
        <p id={`${name}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
