"use client";
import { useFormStatus } from "react-dom";
import { KeyRoundIcon, LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** "Sign in with <provider>": a form posting to the SSO action, which redirects to the OpenID provider. */
export function SsoButton({ name, action, next, primary }: { name: string; action: (formData: FormData) => Promise<void>; next?: string; primary?: boolean }) {
  return (
    <form action={action}>
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <SubmitButton name={name} primary={primary} />
    </form>
  );
}

function SubmitButton({ name, primary }: { name: string; primary?: boolean }) {
  const { pending } = useFormStatus();
  return (
    // The main button when it is the only way in (SSO_ONLY), beside the password form's otherwise.
    <Button type="submit" variant={primary ? "default" : "outline"} size="lg" disabled={pending} className="w-full">
      {pending ? <LoaderCircleIcon className="animate-spin" /> : <KeyRoundIcon />}
      Sign in with {name}
    </Button>
  );
}

/** The rule between single sign-on and the password form. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** A message above the forms: an error that came back in the URL, or what the sign-up policy is. */
export function AuthNotice({ tone, children }: { tone: "error" | "info"; children: React.ReactNode }) {
  return tone === "error" ? (
    <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {children}
    </p>
  ) : (
    <p className="rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">{children}</p>
  );
}
