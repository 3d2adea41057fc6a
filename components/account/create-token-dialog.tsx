"use client";
import { KeyRoundIcon, LoaderCircleIcon, PlusIcon } from "lucide-react";
import { useFormAction } from "@/components/ui/use-form-action";
import { createTokenAction } from "@/lib/actions/tokens";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { DEFAULT_TOKEN_EXPIRY_DAYS, TOKEN_EXPIRY_DAYS } from "@/lib/auth/token-inputs";
import { formatExpiry } from "@/lib/display";
import { CredentialNameField } from "./credential-name-field";
import { ShownOnceDialog } from "@/components/ui/shown-once-dialog";
import { ShownOnceSecret } from "@/components/ui/shown-once-secret";

const SCOPES = [
  { value: "read", title: "Read", hint: "List, read and download skills: enough for install commands." },
  { value: "publish", title: "Publish", hint: "Read, upload skills and new versions, and use the playground: for CI." },
] as const;

const EXPIRIES = [...TOKEN_EXPIRY_DAYS.map((days) => ({ value: String(days), label: `${days} days` })), { value: "never", label: "No expiry" }];

export function CreateTokenDialog() {
  return (
    <ShownOnceDialog
      trigger={
        <Button>
          <PlusIcon aria-hidden /> New token
        </Button>
      }
    >
      {({ key, onCreated, onDone }) => <CreateTokenForm key={key} onCreated={onCreated} onDone={onDone} />}
    </ShownOnceDialog>
  );
}

function CreateTokenForm({ onCreated, onDone }: { onCreated: () => void; onDone: () => void }) {
  const { state, formAction, pending, failure } = useFormAction(createTokenAction, { onSuccess: onCreated });

  if (state?.ok) {
    const { token, secret } = state.data;
    return (
      <>
        <DialogHeader>
          <DialogTitle>Copy your new token</DialogTitle>
          <DialogDescription>
            “{token.name}” can {token.scope === "publish" ? "read and publish" : "read"} skills as you; it {formatExpiry(token.expiresAt)}.
          </DialogDescription>
        </DialogHeader>
        <ShownOnceSecret
          id="new-token-secret"
          label="Access token"
          value={secret}
          warning="This is the only time it is shown. Store it somewhere safe, such as your CI's secrets; if you lose it, revoke it and create another."
        >
          <p className="text-xs text-muted-foreground">
            Send it as <code className="font-mono">Authorization: Bearer …</code>; install commands read it from{" "}
            <code className="font-mono">$SKILLSHELF_TOKEN</code>.
          </p>
        </ShownOnceSecret>
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            Done
          </Button>
        </DialogFooter>
      </>
    );
  }

  const errors = failure?.fieldErrors ?? {};
  const values = failure?.values;
  return (
    <form action={formAction} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>New access token</DialogTitle>
        <DialogDescription>For scripts, CI and install commands. It acts as you, within the scope you choose.</DialogDescription>
      </DialogHeader>
      <CredentialNameField
        id="token-name"
        placeholder="CI publish"
        defaultValue={values?.name}
        error={errors.name?.[0]}
        refusal={failure && failure.code !== "INVALID_INPUT" ? failure.message : undefined}
      />
      <fieldset className="grid gap-2" aria-describedby={errors.scope ? "token-scope-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">Scope</legend>
        {SCOPES.map((scope) => (
          <label
            key={scope.value}
            className="flex cursor-pointer gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50"
          >
            <input type="radio" name="scope" value={scope.value} defaultChecked={(values?.scope ?? "read") === scope.value} className="mt-0.5 accent-primary" />
            <span className="grid gap-0.5">
              <span className="font-medium">{scope.title}</span>
              <span className="text-muted-foreground">{scope.hint}</span>
            </span>
          </label>
        ))}
        {errors.scope ? (
          <p id="token-scope-error" className="text-sm text-destructive">
            {errors.scope[0]}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="token-expiry">Expires after</Label>
        <Select
          id="token-expiry"
          name="expiresInDays"
          defaultValue={values?.expiresInDays ?? String(DEFAULT_TOKEN_EXPIRY_DAYS)}
          aria-invalid={!!errors.expiresInDays}
          aria-describedby={errors.expiresInDays ? "token-expiry-error" : undefined}
        >
          {EXPIRIES.map((expiry) => (
            <option key={expiry.value} value={expiry.value}>
              {expiry.label}
            </option>
          ))}
        </Select>
        {errors.expiresInDays ? (
          <p id="token-expiry-error" className="text-sm text-destructive">
            {errors.expiresInDays[0]}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <KeyRoundIcon aria-hidden />}
          Create token
        </Button>
      </DialogFooter>
    </form>
  );
}
