"use client";
import { useId, useRef, useState } from "react";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { ShownOnceSecret } from "@/components/ui/shown-once-secret";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { submitWithoutReset, useFormAction } from "@/components/ui/use-form-action";
import { createTeamWebhookAction, deleteTeamWebhookAction } from "@/lib/actions/notifications";

/** Add a webhook; its signing secret is shown once, right here. */
export function AddTeamWebhookForm({ teamId }: { teamId: string }) {
  const id = useId();
  const [secret, setSecret] = useState<string | null>(null);
  // Cleared after a success only: a refused URL stays in the field to be fixed.
  const form = useRef<HTMLFormElement>(null);
  const { formAction, pending, failure } = useFormAction(createTeamWebhookAction, {
    refresh: true,
    onSuccess: (result) => {
      setSecret(result.data.secret);
      form.current?.reset();
    },
  });
  return (
    <div className="grid gap-3">
      <form ref={form} onSubmit={(event) => submitWithoutReset(event, formAction)} className="grid gap-2">
        <input type="hidden" name="teamId" value={teamId} />
        <Label htmlFor={`${id}-url`}>Webhook URL</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-url`}
            name="url"
            type="url"
            required
            placeholder="https://hooks.slack.com/services/…"
            className="min-w-0 flex-1"
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? `${id}-error` : undefined}
          />
          <Button type="submit" disabled={pending}>
            <PlusIcon aria-hidden /> {pending ? "Adding…" : "Add webhook"}
          </Button>
        </div>
        {failure ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {failure.message}
          </p>
        ) : null}
      </form>
      {secret ? (
        <ShownOnceSecret
          id={`${id}-secret`}
          label="Signing secret"
          value={secret}
          warning="Copy the signing secret now: it is not shown again. The receiver checks each post's x-skillshelf-signature with it."
        />
      ) : null}
    </div>
  );
}

export function RemoveTeamWebhookButton({ teamId, webhookId, url }: { teamId: string; webhookId: string; url: string }) {
  const { formAction, pending } = useFormAction(deleteTeamWebhookAction, { refresh: true });
  return (
    <form action={formAction}>
      <input type="hidden" name="teamId" value={teamId} />
      <input type="hidden" name="webhookId" value={webhookId} />
      <Button type="submit" variant="ghost" size="sm" disabled={pending} aria-label={`Remove the webhook to ${url}`}>
        <Trash2Icon aria-hidden /> Remove
      </Button>
    </form>
  );
}
